import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Foundation
import Observation
import Testing

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct AsyncLoaderTests {
  @Test func firstLoadGoesThroughLoadingToLoaded() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader { try await gate.call() }
    #expect(loader.phase.kind == .idle)

    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    #expect(loader.phase.kind == .loading)

    gate.succeed(1)
    await load.cancellableValue
    #expect(loader.phase.value == 1)
    #expect(loader.phase.kind == .loaded)
    #expect(loader.loadedAt != nil)
  }

  @Test func simultaneousTriggersJoinOneOperationAndAllResume() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader { try await gate.call() }
    let resumed = LockIsolated(0)
    var callers: [Task<Void, Never>] = []
    for index in 0..<30 {
      callers.append(
        Task {
          switch index % 3 {
          case 0: await loader.load()
          case 1: await loader.reload()
          default: await loader.retry()
          }
          resumed.withValue { $0 += 1 }
        })
    }
    await yield { gate.pending == 1 }
    await drain()
    #expect(gate.calls == 1)
    #expect(resumed.value == 0)

    gate.succeed(7)
    for caller in callers { await caller.cancellableValue }
    #expect(resumed.value == 30)
    #expect(gate.calls == 1)
    #expect(loader.phase.value == 7)
  }

  @Test func loadDoesNothingWhenTheValueIsCurrent() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(phase: .loaded(1)) { try await gate.call() }
    await loader.load()
    #expect(gate.calls == 0)
    #expect(loader.phase.kind == .loaded)
  }

  @Test func loadRetriesAFailedPhase() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(phase: .failed(TestError(1))) { try await gate.call() }
    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    #expect(loader.phase.kind == .retrying)
    #expect(loader.phase.error as? TestError == TestError(1))
    gate.succeed(2)
    await load.cancellableValue
    #expect(loader.phase.value == 2)
  }

  @Test func reloadKeepsTheValueVisibleAndReplacesIt() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(phase: .loaded(1)) { try await gate.call() }
    let reload = Task { await loader.reload() }
    await yield { gate.pending == 1 }
    #expect(loader.phase.kind == .reloading)
    #expect(loader.phase.value == 1)
    gate.succeed(2)
    await reload.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value == 2)
  }

  @Test func aFailedReloadKeepsTheValue() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(phase: .loaded(1)) { try await gate.call() }
    let reload = Task { await loader.reload() }
    await yield { gate.pending == 1 }
    gate.fail(TestError(5))
    await reload.cancellableValue
    #expect(loader.phase.kind == .reloadFailed)
    #expect(loader.phase.value == 1)
    #expect(loader.phase.error as? TestError == TestError(5))
    #expect(loader.failureCount == 1)
  }

  @Test func aFailedReloadIsNotCurrentSoLoadFetchesAgain() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(phase: .loaded(1)) { try await gate.call() }  // never stale by age
    let reload = Task { await loader.reload() }
    await yield { gate.pending == 1 }
    gate.fail(TestError(5))
    await reload.cancellableValue
    #expect(loader.isStale)  // a failure is not current, whatever the value's age
    #expect(loader.needsLoad)
    loader.dismissError()  // the banner's Dismiss hides the error; the value is still not current
    #expect(loader.phase.kind == .loaded)
    #expect(loader.isStale)

    let load = Task { await loader.load() }  // the screen appears again
    await yield { gate.pending == 1 }
    #expect(loader.phase.isKind(.reloading, value: 1))
    gate.succeed(2)
    await load.cancellableValue
    #expect(!loader.isStale)  // a landed value is current again
    await loader.load()
    #expect(gate.calls == 2)
  }

  @Test func cancellingTheAwaitingTaskDoesNotCancelTheLoad() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(phase: .loaded(1)) { try await gate.call() }
    let refresh = Task { await loader.reload() }
    await yield { gate.pending == 1 }

    refresh.cancel()  // SwiftUI cancels .refreshable's task
    await refresh.cancellableValue
    await drain()
    #expect(gate.cancelledCalls == 0)
    #expect(loader.phase.kind == .reloading)

    gate.succeed(2)
    await yield { loader.phase.kind == .loaded }
    #expect(loader.phase.value == 2)
  }

  @Test(arguments: [PhaseKind.idle, .loaded, .failed])
  func cancelReturnsToThePhaseTheLoadStartedFrom(start: PhaseKind) async {
    let initial: LoadPhase<Int, any Error> =
      switch start {
      case .loaded: .loaded(1)
      case .failed: .failed(TestError(1))
      default: .idle
      }
    let gate = Gate<Int>()
    let loader = AsyncLoader(phase: initial) { try await gate.call() }
    let reload = Task { await loader.reload() }
    await yield { gate.pending == 1 }
    #expect(loader.phase.isLoading)

    loader.cancel()
    await reload.cancellableValue  // the waiting caller resumes
    #expect(loader.phase.kind == start)
    await yield { gate.cancelledCalls == 1 }
    await drain()
    #expect(loader.phase.kind == start)
    #expect(!loader.isActive)
  }

  @Test func cancelResumesCallersEvenIfTheOperationIgnoresCancellation() async {
    let gate = Gate<Int>(honorsCancellation: false)
    let loader = AsyncLoader { try await gate.call() }
    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    loader.cancel()
    await load.cancellableValue
    #expect(loader.phase.kind == .idle)

    gate.succeed(9)  // the cancelled operation finishes late: its result is stale
    await drain()
    #expect(loader.phase.kind == .idle)
  }

  @Test(arguments: [
    CancellationError() as any Error, URLError(.cancelled),
    NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled),
  ])
  func cancellationThrownByTheOperationIsNeverAFailure(error: any Error) async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(phase: .loaded(1)) { try await gate.call() }
    let reload = Task { await loader.reload() }
    await yield { gate.pending == 1 }
    gate.fail(error)
    await reload.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value == 1)
    #expect(loader.failureCount == 0)
  }

  @Test func latestWinsDropsTheResultOfTheSupersededLoad() async {
    let gate = Gate<Int>(honorsCancellation: false)
    let loader = AsyncLoader(overlap: .latestWins) { try await gate.call() }
    let first = Task { await loader.reload() }
    await yield { gate.pending == 1 }
    let second = Task { await loader.reload() }
    await yield { gate.pending == 2 }
    #expect(gate.calls == 2)

    gate.succeed(2, at: 1)  // the newer load answers first
    await second.cancellableValue
    #expect(loader.phase.value == 2)
    gate.succeed(1, at: 0)  // the superseded one answers late
    await first.cancellableValue
    await drain()
    #expect(loader.phase.value == 2)
  }

  @Test func loadJoinsEvenUnderLatestWins() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(overlap: .latestWins) { try await gate.call() }
    let first = Task { await loader.load() }
    await yield { gate.pending == 1 }
    let appearAgain = Task { await loader.load() }  // `.task` runs again on appear
    await drain()
    #expect(gate.calls == 1)
    gate.succeed(1)
    await first.cancellableValue
    await appearAgain.cancellableValue
    #expect(loader.phase.value == 1)
    #expect(gate.calls == 1)
  }

  @Test func resetDropsTheRunningLoadAndForgetsTheValue() async {
    let gate = Gate<Int>(honorsCancellation: false)
    let loader = AsyncLoader(phase: .loaded(1)) { try await gate.call() }
    let reload = Task { await loader.reload() }
    await yield { gate.pending == 1 }
    loader.reset()
    await reload.cancellableValue
    #expect(loader.phase.kind == .idle)
    #expect(loader.loadedAt == nil)
    gate.succeed(3)
    await drain()
    #expect(loader.phase.kind == .idle)
  }

  @Test func startLoadAndStartReloadDoNotWait() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader { try await gate.call() }
    loader.startLoad()
    #expect(loader.phase.kind == .loading)
    loader.startReload()  // joins
    await yield { gate.pending == 1 }
    gate.succeed(1)
    await yield { loader.phase.kind == .loaded }
    loader.startLoad()  // current: nothing to do
    #expect(loader.phase.kind == .loaded)
    loader.startReload()
    #expect(loader.phase.kind == .reloading)
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await yield { loader.phase.kind == .loaded }
    #expect(gate.calls == 2)
  }

  @Test func anInitialPhaseIsShownAsIs() {
    let loader = AsyncLoader<Int>(phase: .reloadFailed(3, TestError(2))) { 0 }
    #expect(loader.phase.value == 3)
    #expect(loader.phase.error as? TestError == TestError(2))
  }

  // MARK: Subclassing (the AsyncModel of Ralf Ebert's "AsyncView")

  final class CountriesModel: AsyncLoader<[String]> {
    let names: [String]
    init(names: [String]) {
      self.names = names
      super.init()
    }
    override func makeOperation() -> Operation { { [names] in names } }
  }

  final class ForgetfulModel: AsyncLoader<Int> {
    init() { super.init() }
  }

  @Test func aSubclassOverridingTheOperationLoads() async {
    let model = CountriesModel(names: ["Austria", "Chile"])
    await model.load()
    #expect(model.phase.value == ["Austria", "Chile"])
  }

  @Test func aSubclassWithoutAnOperationFailsWithATypedErrorInARelease() async {
    let model = ForgetfulModel()
    await WiringCheck.$stop.withValue(nil) { await model.load() }
    let error = try? #require(model.phase.error as? AsyncLoaderError)
    #expect(error == .missingOperation(loader: "ForgetfulModel"))
    #expect(error?.description.contains("override makeOperation()") == true)
  }

  @Test func aLoaderWithoutAnOperationStopsADebugBuildNamingItsTypeAndTheFix() async {
    let messages = LockIsolated<[String]>([])
    let model = ForgetfulModel()
    await WiringCheck.$stop.withValue({ message in messages.withValue { $0.append(message) } }) {
      await model.load()
    }
    #expect(messages.value.count == 1)
    let message = messages.value.first ?? ""
    #expect(message.contains("ForgetfulModel has no operation"))
    #expect(message.contains("AsyncLoader { try await"))
    #expect(message.contains("override `makeOperation()`"))
    #expect(model.phase.error as? AsyncLoaderError == .missingOperation(loader: "ForgetfulModel"))
  }

  // MARK: Retry and staleness on an injected clock

  @Test func retriesWithExponentialBackoffOnTheInjectedClock() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let loader = AsyncLoader(
        clock: clock,
        retry: .exponentialBackoff(
          maxAttempts: 3, initialDelay: .seconds(1), multiplier: 2, jitter: 0)
      ) { try await gate.call() }
      let load = Task { await loader.load() }
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await yield { loader.failureCount == 1 }
      #expect(loader.phase.kind == .loading)  // no failure shows between attempts

      await clock.advance(by: .milliseconds(999))
      #expect(gate.calls == 1)
      await clock.advance(by: .milliseconds(1))
      await yield { gate.pending == 1 }
      #expect(gate.calls == 2)
      gate.fail(TestError(2))
      await yield { loader.failureCount == 2 }

      await clock.advance(by: .milliseconds(1_999))
      #expect(gate.calls == 2)
      await clock.advance(by: .milliseconds(1))
      await yield { gate.pending == 1 }
      gate.succeed(42)
      await load.cancellableValue
      #expect(loader.phase.value == 42)
      #expect(loader.failureCount == 0)
      #expect(gate.calls == 3)
    }
  }

  @Test func theLastAttemptsFailureShowsAfterMaxAttempts() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let loader = AsyncLoader(
        clock: clock,
        retry: .exponentialBackoff(maxAttempts: 2, initialDelay: .seconds(1), jitter: 0)
      ) { try await gate.call() }
      let load = Task { await loader.load() }
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await yield { loader.failureCount == 1 }
      await clock.advance(by: .seconds(1))
      await yield { gate.pending == 1 }
      gate.fail(TestError(2))
      await load.cancellableValue
      #expect(loader.phase.kind == .failed)
      #expect(loader.phase.error as? TestError == TestError(2))
      #expect(loader.failureCount == 2)
      #expect(gate.calls == 2)
    }
  }

  /// A load follows the retry policy of when it started: a policy set while it runs applies to
  /// the next load, in both directions.
  @Test func aLoadFollowsTheRetryPolicyOfWhenItStarted() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let loader = AsyncLoader(clock: clock) { try await gate.call() }
      let first = Task { await loader.load() }
      await yield { gate.pending == 1 }
      loader.retryPolicy = .exponentialBackoff(maxAttempts: 2, initialDelay: .seconds(1), jitter: 0)
      gate.fail(TestError(1))
      await first.cancellableValue
      #expect(loader.phase.kind == .failed)  // the policy of none, not the new one
      #expect(gate.calls == 1)

      let second = Task { await loader.retry() }
      await yield { gate.pending == 1 }
      loader.retryPolicy = .never
      gate.fail(TestError(2))
      await yield { loader.failureCount == 2 }
      #expect(loader.phase.kind == .retrying)  // waits to try again, as its policy says
      await clock.advance(by: .seconds(1))
      await yield { gate.pending == 1 }
      gate.succeed(7)
      await second.cancellableValue
      #expect(loader.phase.value == 7)
      #expect(gate.calls == 3)
    }
  }

  @Test func decodingErrorsAndHTTP4xxAreNotRetriedByDefault() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader(retry: .exponentialBackoff(maxAttempts: 5, initialDelay: .zero)) {
      try await gate.call()
    }
    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    gate.fail(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad")))
    await load.cancellableValue
    #expect(loader.phase.kind == .failed)
    #expect(gate.calls == 1)

    #expect(!RetryPolicy.isRetryable(HTTPLoadError.status(code: 404, url: nil, bodyExcerpt: "")))
    #expect(RetryPolicy.isRetryable(HTTPLoadError.status(code: 503, url: nil, bodyExcerpt: "")))
    #expect(RetryPolicy.isRetryable(HTTPLoadError.timeout(url: nil)))
    #expect(!RetryPolicy.isRetryable(CancellationError()))
    #expect(RetryPolicy.isRetryable(TestError()))
  }

  @Test func backoffIsCappedAndJitteredWithTheInjectedRandomness() {
    let policy = RetryPolicy(
      maxAttempts: 10, initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(5),
      jitter: 0.5, random: { 0.5 })
    #expect(policy.delay(afterFailedAttempts: 1, error: TestError()) == .milliseconds(750))
    #expect(policy.delay(afterFailedAttempts: 2, error: TestError()) == .milliseconds(1_500))
    #expect(policy.delay(afterFailedAttempts: 4, error: TestError()) == .milliseconds(3_750))
    #expect(policy.delay(afterFailedAttempts: 9, error: TestError()) == .milliseconds(3_750))
    #expect(policy.delay(afterFailedAttempts: 10, error: TestError()) == nil)
    #expect(RetryPolicy.never.delay(afterFailedAttempts: 1, error: TestError()) == nil)
  }

  @Test func stalenessIsNeverByDefaultOnALoader() async {
    let clock = TestClock()
    let loader = AsyncLoader(phase: .loaded(1), clock: clock) { 2 }
    #expect(loader.staleness == .never)
    await clock.advance(by: .seconds(86_400))
    #expect(!loader.isStale)

    loader.staleness = .after(.seconds(60))
    #expect(loader.staleness == .after(.seconds(60)))
    #expect(loader.isStale)  // a day old: the new staleness applies at once

    loader.staleness = .never
    #expect(loader.staleness == .never)
    #expect(!loader.isStale)
    #expect(!loader.needsLoad)
  }

  @Test func loadRefetchesAStaleValue() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let loader = AsyncLoader(clock: clock, staleness: .after(.seconds(60))) {
        try await gate.call()
      }
      let first = Task { await loader.load() }
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await first.cancellableValue
      #expect(loader.loadedAt == LoaderClock.Instant(offset: .zero))

      await clock.advance(by: .seconds(59))
      #expect(!loader.isStale)
      await loader.load()
      #expect(gate.calls == 1)

      await clock.advance(by: .seconds(1))
      #expect(loader.isStale)
      let second = Task { await loader.load() }
      await yield { gate.pending == 1 }
      #expect(loader.phase.kind == .reloading)
      gate.succeed(2)
      await second.cancellableValue
      #expect(loader.phase.value == 2)
      #expect(loader.loadedAt == LoaderClock.Instant(offset: .seconds(60)))
      #expect(!loader.isStale)
    }
  }

  @Test func cancelDuringABackoffWaitStopsRetrying() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let loader = AsyncLoader(
        clock: clock,
        retry: .exponentialBackoff(maxAttempts: 3, initialDelay: .seconds(1), jitter: 0)
      ) { try await gate.call() }
      let load = Task { await loader.load() }
      await yield { gate.pending == 1 }
      gate.fail(TestError())
      await yield { loader.failureCount == 1 }
      loader.cancel()
      await load.cancellableValue
      await clock.advance(by: .seconds(10))
      await drain()
      #expect(gate.calls == 1)
      #expect(loader.phase.kind == .idle)
    }
  }

  // MARK: Observation precision

  @Test func eachVisiblePhaseChangeNotifiesOnceAndJoinedTriggersNotAtAll() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader { try await gate.call() }
    let observer = PhaseRecorder(loader)

    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    await drain()
    #expect(observer.notifications == 1)  // idle → loading

    let joinedLoad = Task { await loader.load() }
    let joinedReload = Task { await loader.reload() }
    await drain()
    loader.startLoad()
    loader.startReload()
    await drain()
    #expect(observer.notifications == 1)  // joining sends nothing

    gate.succeed(1)
    await load.cancellableValue
    await joinedLoad.cancellableValue
    await joinedReload.cancellableValue
    await drain()
    #expect(observer.notifications == 2)  // loading → loaded

    await loader.load()  // current: a no-op
    loader.cancel()  // nothing runs: a no-op
    await drain()
    #expect(observer.notifications == 2)

    let reload = Task { await loader.reload() }
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await reload.cancellableValue
    await drain()
    #expect(observer.notifications == 4)  // loaded → reloading → loaded
  }

  // MARK: Memory

  @Test func releasingTheLoaderCancelsItsWorkAndLeavesNothingAlive() async {
    let gate = Gate<Int>()
    weak var weakLoader: AsyncLoader<Int>?
    weak var weakCore: LoaderCore?
    do {
      let loader = AsyncLoader { try await gate.call() }
      weakLoader = loader
      weakCore = loader.core
      loader.startLoad()
      await yield { gate.pending == 1 }
    }
    #expect(weakLoader == nil)
    #expect(weakCore == nil)  // only the loader holds its core, whose deinit cancels the task
    await yield { gate.cancelledCalls == 1 }
    #expect(gate.pending == 0)
  }

  @Test func anIdleLoaderIsReleasedAtOnce() {
    weak var weakLoader: AsyncLoader<Int>?
    do {
      let loader = AsyncLoader { 1 }
      weakLoader = loader
    }
    #expect(weakLoader == nil)
  }
}
