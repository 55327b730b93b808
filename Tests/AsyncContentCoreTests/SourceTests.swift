import AsyncContentCore
import AsyncContentTestSupport
import ConcurrencyExtras
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// Makes a new `AsyncThrowingStream` for every subscription and records when each one ends.
@MainActor
final class StreamFactory {
  private(set) var continuations: [AsyncThrowingStream<Int, any Error>.Continuation] = []
  private let ended = LockIsolated<Set<Int>>([])

  var count: Int { continuations.count }
  /// The streams whose iteration ended (`onTermination` ran).
  var terminated: Set<Int> { ended.value }

  func make() -> AsyncThrowingStream<Int, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    let index = continuations.count
    continuation.onTermination = { [ended] _ in
      ended.withValue { _ = $0.insert(index) }
    }
    continuations.append(continuation)
    return stream
  }
}

/// A sequence whose elements come from a gate, so that an element can arrive late, after its
/// iteration was cancelled. `nil` ends it.
struct GateSequence: AsyncSequence, Sendable {
  typealias Element = Int
  let gate: Gate<Int?>

  struct AsyncIterator: AsyncIteratorProtocol {
    let gate: Gate<Int?>
    func next() async throws -> Int? {
      try await gate.call()
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(gate: gate)
  }
}

/// A publisher that makes a new subject for every subscription and counts subscriptions and
/// cancellations. The loader subscribes on the main actor, where the tests run.
final class SubjectFactory {
  private(set) var subjects: [PassthroughSubject<Int, TestError>] = []
  private(set) var subscriptions = 0
  private(set) var cancellations = 0

  var publisher: AnyPublisher<Int, TestError> {
    Deferred { [weak self] in
      let subject = PassthroughSubject<Int, TestError>()
      self?.subjects.append(subject)
      return subject
    }
    .handleEvents(
      receiveSubscription: { [weak self] _ in self?.subscriptions += 1 },
      receiveCancel: { [weak self] in self?.cancellations += 1 }
    )
    .eraseToAnyPublisher()
  }
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SourceTests {
  // MARK: AsyncSequence

  @Test func eachElementLandsAndTheTriggerReturnsAtTheFirst() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let returned = LockIsolated(false)
    let load = Task {
      await loader.load()
      returned.setValue(true)
    }
    await yield { streams.count == 1 }
    #expect(loader.phase.kind == .loading)
    await drain()
    #expect(!returned.value)

    streams.continuations[0].yield(1)
    await load.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value == 1)
    #expect(loader.isActive)  // the sequence goes on

    streams.continuations[0].yield(2)
    await yield { loader.phase.value == 2 }
    streams.continuations[0].yield(3)
    await yield { loader.phase.value == 3 }
    #expect(loader.phase.kind == .loaded)
    #expect(streams.terminated.isEmpty)
    #expect(streams.count == 1)
  }

  @Test func anErrorBeforeAnyElementGivesFailed() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let load = Task { await loader.load() }
    await yield { streams.count == 1 }
    streams.continuations[0].finish(throwing: TestError(1))
    await load.cancellableValue
    #expect(loader.phase.kind == .failed)
    #expect(loader.phase.error as? TestError == TestError(1))
    #expect(!loader.isActive)
  }

  @Test func anErrorAfterAnElementGivesReloadFailedWithTheValue() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let load = Task { await loader.load() }
    await yield { streams.count == 1 }
    streams.continuations[0].yield(4)
    await load.cancellableValue
    streams.continuations[0].finish(throwing: TestError(2))
    await yield { loader.phase.kind == .reloadFailed }
    #expect(loader.phase.value == 4)
    #expect(loader.phase.error as? TestError == TestError(2))
    #expect(!loader.isActive)
  }

  @Test func aSequenceThatEndsBeforeAnyElementReturnsToIdle() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let load = Task { await loader.load() }
    await yield { streams.count == 1 }
    streams.continuations[0].finish()
    await load.cancellableValue
    #expect(loader.phase.kind == .idle)
    #expect(loader.phase.error == nil)
    #expect(!loader.isActive)
  }

  @Test func aSequenceThatEndsAfterElementsKeepsTheLastValue() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let load = Task { await loader.load() }
    await yield { streams.count == 1 }
    streams.continuations[0].yield(1)
    await load.cancellableValue
    streams.continuations[0].finish()
    await yield { !loader.isActive }
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value == 1)
  }

  @Test func cancelStopsTheIteration() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let load = Task { await loader.load() }
    await yield { streams.count == 1 }
    streams.continuations[0].yield(1)
    await load.cancellableValue

    loader.cancel()
    await yield { streams.terminated.contains(0) }
    #expect(!loader.isActive)
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value == 1)
    streams.continuations[0].yield(2)
    await drain()
    #expect(loader.phase.value == 1)
  }

  @Test func cancelBeforeTheFirstElementReturnsToIdleAndResumesTheCaller() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let load = Task { await loader.load() }
    await yield { streams.count == 1 }
    loader.cancel()
    await load.cancellableValue
    #expect(loader.phase.kind == .idle)
    await yield { streams.terminated.contains(0) }
    #expect(loader.phase.error == nil)  // the cancellation is not a failure
  }

  @Test func resetStopsTheIterationAndForgetsTheValue() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let load = Task { await loader.load() }
    await yield { streams.count == 1 }
    streams.continuations[0].yield(1)
    await load.cancellableValue

    loader.reset()
    #expect(loader.phase.kind == .idle)
    #expect(loader.loadedAt == nil)
    await yield { streams.terminated.contains(0) }
    streams.continuations[0].yield(2)
    await drain()
    #expect(loader.phase.kind == .idle)
  }

  @Test func releasingTheLoaderStopsTheIteration() async {
    let streams = StreamFactory()
    weak var weakLoader: AsyncLoader<Int>?
    do {
      let loader = AsyncLoader(sequence: { streams.make() })
      weakLoader = loader
      loader.startLoad()
      await yield { streams.count == 1 }
      streams.continuations[0].yield(1)
      await yield { loader.phase.value == 1 }
    }
    #expect(weakLoader == nil)
    await yield { streams.terminated.contains(0) }
  }

  @Test func reloadStartsANewSequenceAndStopsTheOld() async {
    let streams = StreamFactory()
    let loader = AsyncLoader(sequence: { streams.make() })
    let load = Task { await loader.load() }
    await yield { streams.count == 1 }
    streams.continuations[0].yield(1)
    await load.cancellableValue

    let reload = Task { await loader.reload() }
    await yield { streams.count == 2 }
    #expect(loader.phase.kind == .reloading)
    await yield { streams.terminated.contains(0) }
    streams.continuations[0].yield(99)  // the old stream is over: nothing lands
    await drain()
    #expect(loader.phase.value == 1)

    streams.continuations[1].yield(2)
    await reload.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value == 2)
  }

  @Test func anElementOfTheOldSequenceThatArrivesLateNeverLands() async {
    let gate = Gate<Int?>(honorsCancellation: false)
    let loader = AsyncLoader(sequence: { GateSequence(gate: gate) })
    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    gate.succeed(1)
    await load.cancellableValue
    await yield { gate.pending == 1 }  // the first iteration waits for its next element

    let reload = Task { await loader.reload() }
    await yield { gate.pending == 2 }  // the new iteration waits too
    #expect(loader.phase.kind == .reloading)

    gate.succeed(99, at: 0)  // the old iteration's element arrives late
    await drain()
    #expect(loader.phase.kind == .reloading)
    #expect(loader.phase.value == 1)
    #expect(gate.calls == 3)  // and the old iteration stopped asking for more

    gate.succeed(2)
    await reload.cancellableValue
    #expect(loader.phase.value == 2)
    await yield { gate.pending == 1 }
    gate.succeed(nil)  // the sequence ends
    await yield { !loader.isActive }
    #expect(loader.phase.value == 2)
  }

  // MARK: Publisher

  @Test func publisherValuesKeepUpdatingThePhaseAfterTheFirst() async {
    let factory = SubjectFactory()
    let loader = AsyncLoader(publisher: factory.publisher)
    let returned = LockIsolated(false)
    let load = Task {
      await loader.load()
      returned.setValue(true)
    }
    await yield { factory.subscriptions == 1 }
    #expect(loader.phase.kind == .loading)
    await drain()
    #expect(!returned.value)

    factory.subjects[0].send(1)
    await load.cancellableValue
    #expect(loader.phase.value == 1)
    #expect(loader.isActive)
    factory.subjects[0].send(2)
    await yield { loader.phase.value == 2 }
    factory.subjects[0].send(3)
    await yield { loader.phase.value == 3 }
    #expect(loader.phase.kind == .loaded)
    #expect(factory.subscriptions == 1)
  }

  @Test func aFailureCompletionGivesFailedThenReloadFailed() async {
    let factory = SubjectFactory()
    let loader = AsyncLoader(publisher: factory.publisher)
    let load = Task { await loader.load() }
    await yield { factory.subscriptions == 1 }
    factory.subjects[0].send(completion: .failure(TestError(1)))
    await load.cancellableValue
    #expect(loader.phase.kind == .failed)
    #expect(loader.phase.error as? TestError == TestError(1))
    #expect(!loader.isActive)

    let retry = Task { await loader.retry() }
    await yield { factory.subscriptions == 2 }
    #expect(loader.phase.kind == .retrying)
    factory.subjects[1].send(5)
    await retry.cancellableValue
    #expect(loader.phase.value == 5)
    factory.subjects[1].send(completion: .failure(TestError(2)))
    await yield { loader.phase.kind == .reloadFailed }
    #expect(loader.phase.value == 5)
    #expect(loader.phase.error as? TestError == TestError(2))
  }

  @Test func aPublisherThatFinishesBeforeAValueReturnsToIdle() async {
    let factory = SubjectFactory()
    let loader = AsyncLoader(publisher: factory.publisher)
    let load = Task { await loader.load() }
    await yield { factory.subscriptions == 1 }
    factory.subjects[0].send(completion: .finished)
    await load.cancellableValue
    #expect(loader.phase.kind == .idle)
    #expect(!loader.isActive)
  }

  @Test func reloadSubscribesAnewAndIgnoresTheOldSubscription() async {
    let factory = SubjectFactory()
    let loader = AsyncLoader(publisher: factory.publisher)
    let load = Task { await loader.load() }
    await yield { factory.subscriptions == 1 }
    factory.subjects[0].send(1)
    await load.cancellableValue

    let reload = Task { await loader.reload() }
    await yield { factory.subscriptions == 2 }
    await yield { factory.cancellations == 1 }  // the old subscription is cancelled
    #expect(loader.phase.kind == .reloading)
    factory.subjects[0].send(99)  // the old subject: nothing lands
    await drain()
    #expect(loader.phase.value == 1)
    #expect(loader.phase.kind == .reloading)

    factory.subjects[1].send(2)
    await reload.cancellableValue
    #expect(loader.phase.value == 2)
    factory.subjects[0].send(98)
    await drain()
    #expect(loader.phase.value == 2)
  }

  @Test func cancelStopsTheSubscription() async {
    let factory = SubjectFactory()
    let loader = AsyncLoader(publisher: factory.publisher)
    let load = Task { await loader.load() }
    await yield { factory.subscriptions == 1 }
    factory.subjects[0].send(1)
    await load.cancellableValue

    loader.cancel()
    await yield { factory.cancellations == 1 }
    #expect(!loader.isActive)
    factory.subjects[0].send(7)
    await drain()
    #expect(loader.phase.value == 1)
    #expect(loader.phase.kind == .loaded)
  }

  @Test func releasingThePublisherLoaderCancelsTheSubscription() async {
    let factory = SubjectFactory()
    weak var weakLoader: AsyncLoader<Int>?
    do {
      let loader = AsyncLoader(publisher: factory.publisher)
      weakLoader = loader
      loader.startLoad()
      await yield { factory.subscriptions == 1 }
    }
    #expect(weakLoader == nil)
    await yield { factory.cancellations == 1 }
  }
}
