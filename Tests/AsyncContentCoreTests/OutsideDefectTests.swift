import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Dispatch
import Foundation
import Observation
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// The defects of issue 30 that were found from outside, and the behaviours no test pinned down:
// each test here failed on the code before its fix (or with the bug it guards against planted).

// MARK: - A publisher that delivers off the main thread

/// `AsyncLoader(publisher:)` with a publisher that delivers on another thread, as URLSession's
/// publishers do: the values and the completion land on the main actor, and nothing traps.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PublisherOffTheMainThreadTests {
  @Test func valuesAndAFailureSentFromAnotherThreadLand() async {
    let subject = PassthroughSubject<Int, TestError>()
    let subscribed = LockIsolated(false)
    let publisher = subject.handleEvents(receiveSubscription: { _ in subscribed.setValue(true) })
    let loader = AsyncLoader(publisher: publisher)
    let load = Task { await loader.load() }
    await yield { subscribed.value }
    // UncheckedSendable: a subject's `send` may be called from any thread (Combine's and
    // OpenCombine's subjects lock their state), which is what this test does.
    let sender = UncheckedSendable(subject)
    let wasMainThread = LockIsolated<[Bool]>([])
    /// Sends from a thread of a global queue, never the main one.
    func send(_ body: @escaping @Sendable (PassthroughSubject<Int, TestError>) -> Void) {
      DispatchQueue.global().async {
        wasMainThread.withValue { $0.append(Thread.isMainThread) }
        body(sender.value)
      }
    }

    send { $0.send(1) }
    await load.value  // the load returns when the first value lands
    #expect(loader.phase.isKind(.loaded, value: 1))
    send { $0.send(2) }
    await waitUntil { loader.phase.value == 2 }
    send { $0.send(completion: .failure(TestError(3))) }
    await waitUntil { loader.phase.kind == .reloadFailed }
    #expect(loader.phase.value == 2)
    #expect(loader.phase.error as? TestError == TestError(3))
    #expect(wasMainThread.value == [false, false, false])
  }
}

// MARK: - watchOS and the network

/// `NetworkStatus.updates()` on watchOS, where an ordinary app's path monitor stays unsatisfied
/// (Apple's TN3135): it reports online and pauses nothing; elsewhere it follows the monitor.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct NetworkStatusSourceTests {
  @Test func watchOSIsAlwaysOnlineAndTheOtherPlatformsFollowThePathMonitor() {
    #expect(NetworkStatusSource(platform: .watchOS) == .alwaysOnline)
    #expect(NetworkStatusSource(platform: .other) == .pathMonitor)
    #expect(NetworkStatusSource.current == .pathMonitor)  // these tests run on Linux
  }

  @Test func theAlwaysOnlineSourceReportsOnlineOnceAndEnds() async {
    var statuses: [NetworkStatus] = []
    for await status in NetworkStatusSource.alwaysOnlineUpdates() { statuses.append(status) }
    #expect(statuses == [.online])
  }

  @Test func aStoreThatFollowsTheAlwaysOnlineSourceNeverPausesALoad() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.followNetwork(NetworkStatusSource.alwaysOnlineUpdates())
      let subscription = store.observe(NumberKey(1, gate: gate))
      await yield { gate.pending == 1 }
      #expect(!subscription.loader.isWaitingForNetwork)
      #expect(store.networkStatus == .online)
      gate.succeed(1)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(store.networkStatus == .online)  // the sequence ended; the status stays
    }
  }
}

// MARK: - Resetting a disabled key

/// `reset(_:)` of an observed, disabled key forgets its value and loads nothing, as
/// `remove(_:)` does: a disabled key loads only through the app's own `load()` or `reload()`.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ResetDisabledKeyTests {
  @Test func resettingAnObservedDisabledKeyForgetsItsValueAndLoadsNothing() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate, isEnabled: false)
      let subscription = store.observe(key)
      store.setValue(5, for: key)

      store.reset(key)
      #expect(!subscription.loader.isActive)
      await drain()
      #expect(subscription.loader.phase.isKind(.idle))
      #expect(store.value(for: key) == nil)
      #expect(gate.calls == 0)

      // The app's own load still loads it.
      subscription.loader.startLoad()
      await yield { gate.pending == 1 }
      gate.succeed(6)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(store.value(for: key) == 6)
    }
  }
}

// MARK: - The mutation button offline

/// What a `MutationButton` shows: a run paused offline leaves the button enabled, further taps
/// queue in order, and the button says that its edits wait to be sent.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct MutationButtonStateTests {
  @Test func anOfflineTapLeavesTheButtonEnabledAndFurtherTapsQueueInOrder() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let gate = Gate<Int>()
      let sent = LockIsolated<[Int]>([])
      let mutation = Mutation<Int, Int> { input in
        sent.withValue { $0.append(input) }
        return try await gate.call()
      }
      #expect(mutation.buttonState == .ready)
      #expect(mutation.buttonState.isEnabled)

      store.networkChanged(to: .offline)
      mutation.start(1, in: store)  // the tap
      #expect(mutation.buttonState == .waitingForNetwork)
      #expect(mutation.buttonState.isEnabled)
      #expect(!mutation.buttonState.showsProgress)
      mutation.start(2, in: store)  // two more taps: they queue behind it
      mutation.start(3, in: store)
      await drain()
      #expect(mutation.buttonState == .waitingForNetwork)
      #expect(gate.calls == 0)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(mutation.buttonState == .sending)  // a request is out: one tap at a time
      #expect(!mutation.buttonState.isEnabled)
      #expect(mutation.buttonState.showsProgress)
      for answer in [10, 20] {
        gate.succeed(answer)
        await yield { gate.pending == 1 }
      }
      gate.succeed(30)
      await yield { mutation.buttonState == .ready }
      #expect(sent.value == [1, 2, 3])
      #expect(mutation.phase.output == 30)
    }
  }

  @Test func theButtonStateIsObserved() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let gate = Gate<Int>()
      let mutation = Mutation<Int, Int> { _ in try await gate.call() }
      store.networkChanged(to: .offline)
      mutation.start(1, in: store)
      let changed = LockIsolated(false)
      withObservationTracking {
        _ = mutation.buttonState
      } onChange: {
        changed.setValue(true)
      }
      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(changed.value)
      gate.succeed(1)
      await yield { mutation.buttonState == .ready }
    }
  }

  @Test func theCaptionIsInEveryLanguage() {
    let expected = [
      "en": "Will be sent when online",
      "de": "Wird gesendet, sobald eine Verbindung besteht",
      "ja": "オンラインになったら送信します",
      "zh-Hans": "联网后将发送",
    ]
    for (language, text) in expected {
      #expect(DefaultStrings(language: language).willBeSentWhenOnline == text)
    }
  }
}

// MARK: - Waiting for the network at once

/// A load that starts while the store knows the network to be down shows that it waits in the
/// call that started it, not a turn of the main actor later: no frame shows a bare spinner.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct WaitingForNetworkAtOnceTests {
  @Test func aLoadThatStartsOfflineWaitsAtOnce() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.networkChanged(to: .offline)
      let subscription = store.observe(NumberKey(1, gate: gate))
      // No suspension since the load started.
      #expect(subscription.loader.phase.kind == .loading)
      #expect(subscription.loader.isWaitingForNetwork)
      #expect(store.snapshot().map(\.isWaitingForNetwork) == [true])
      await drain()
      #expect(subscription.loader.isWaitingForNetwork)
      #expect(gate.calls == 0)
      subscription.cancel()
    }
  }

  @Test func anInvalidationWhileOfflineWaitsAtOnce() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let key = NumberKey(1, gate: gate)
      let subscription = await observeLoaded(1, for: key, in: store)
      store.networkChanged(to: .offline)
      #expect(!subscription.loader.isWaitingForNetwork)

      store.invalidate(key)
      // No suspension since the reload started.
      #expect(subscription.loader.phase.isKind(.reloading, value: 1))
      #expect(subscription.loader.isWaitingForNetwork)
      await drain()
      #expect(subscription.loader.isWaitingForNetwork)
      #expect(gate.calls == 1)
      subscription.cancel()
    }
  }
}

// MARK: - Polling well before a tick

/// The other side of polling's "too close to a tick" rule: a value that landed more than half
/// an interval before a tick is polled at that tick.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PollingWellBeforeATickTests {
  @Test func aValueThatLandedSixSecondsBeforeATenSecondTickIsPolledAtIt() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, staleness: .never)
      await clock.advanceAndDrain(by: .seconds(4))
      let key = NumberKey(1, gate: gate, refetchInterval: .seconds(10))
      let subscription = await observeLoaded(1, for: key, in: store)  // lands at t = 4 s

      await clock.advanceAndDrain(by: .milliseconds(5_999))  // just before the tick
      #expect(gate.calls == 1)
      await clock.advanceAndDrain(by: .milliseconds(1))  // t = 10 s: it landed 6 s ago
      #expect(gate.calls == 2)
      #expect(subscription.loader.phase.isKind(.reloading, value: 1))
      gate.succeed(2)
      await drain()
      #expect(subscription.loader.phase.isKind(.loaded, value: 2))
      subscription.cancel()
    }
  }
}
