import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import Testing

/// A key that polls every `interval` (ten seconds by default); `id` names it, and its fetch
/// waits at `gate`. Equal ids are equal keys.
private func pollingKey(
  _ id: Int, gate: Gate<Int>, every interval: Duration? = .seconds(10), isEnabled: Bool = true
) -> NumberKey {
  NumberKey(id, gate: gate, refetchInterval: interval, isEnabled: isEnabled)
}

/// A paged key that polls every ten seconds; its pages wait at the store's client.
private struct PollingFeedKey: PagedLoaderKey {
  let region: String
  var refetchInterval: Duration? { .seconds(10) }

  func fetchPage(
    at cursor: Int?, using gate: PagedGate<FeedRow, Int>
  ) async throws -> Page<FeedRow, Int> {
    try await gate.fetch(cursor)
  }
}

/// Polling (`StoreKey.refetchInterval`): an observed, enabled key reloads at each multiple of
/// its interval on the store's clock while the app is not in the background, joining a load
/// that runs; keys of one interval share one wake-up.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStorePollingTests {
  /// A store that never calls a value stale, so that only polls reload.
  private func makeStore(_ clock: TestClock<Duration>) -> LoaderStore {
    LoaderStore(clock: clock, staleness: .never)
  }

  @Test func anObservedKeyReloadsAtEachInterval() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      let subscription = await observeLoaded(1, for: pollingKey(1, gate: gate), in: store)

      await clock.advanceAndDrain(by: .milliseconds(9_999))
      #expect(gate.calls == 1)
      await clock.advanceAndDrain(by: .milliseconds(1))
      #expect(gate.calls == 2)
      // A fresh value reloads too, with the value on screen.
      #expect(subscription.loader.phase.isKind(.reloading, value: 1))
      gate.succeed(2)
      await drain()
      #expect(subscription.loader.phase.isKind(.loaded, value: 2))

      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 3)
      gate.succeed(3)
      await drain()
      #expect(subscription.loader.phase.value == 3)
      #expect(store.pollingWakeUps == 2)
      subscription.cancel()
    }
  }

  @Test func aKeyWithoutAnIntervalNeverPolls() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      let subscription = await observeLoaded(
        1, for: pollingKey(1, gate: gate, every: nil), in: store)
      await clock.advanceAndDrain(by: .seconds(60))
      #expect(gate.calls == 1)
      #expect(store.pollingWakeUps == 0)
      subscription.cancel()
    }
  }

  @Test func aKeyNobodyObservesDoesNotPoll() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      let key = pollingKey(1, gate: gate)
      let loader = store.loader(for: key)
      loader.startLoad()
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await drain()
      store.prefetch(pollingKey(2, gate: gate))  // warmed, not observed
      await yield { gate.pending == 1 }
      gate.succeed(2)
      await drain()

      await clock.advanceAndDrain(by: .seconds(30))
      #expect(gate.calls == 2)
      #expect(store.pollingWakeUps == 0)
    }
  }

  @Test func pollingStopsWhenTheLastObserverLeavesAndResumesWithTheNext() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      let key = pollingKey(1, gate: gate)
      let first = await observeLoaded(1, for: key, in: store)
      let second = store.observe(key)

      first.cancel()  // another observer remains: it still polls
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 2)
      gate.succeed(2)
      await drain()

      second.cancel()
      await clock.advanceAndDrain(by: .seconds(30))
      #expect(gate.calls == 2)
      #expect(store.pollingWakeUps == 1)  // nothing polls: no wake-up either

      let back = store.observe(key)  // t = 40 s; the value (t = 10 s) is never stale here
      await drain()
      #expect(gate.calls == 2)
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 3)
      #expect(back.loader.phase.isKind(.reloading, value: 2))
      gate.succeed(3)
      await drain()
      back.cancel()
    }
  }

  @Test func aPollJoinsARunningLoadAndNeverSupersedesIt() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      let key = pollingKey(1, gate: gate)
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }

      // The first load still runs at the tick: joined, one request.
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 1)
      #expect(gate.cancelledCalls == 0)
      gate.succeed(1)
      await drain()
      #expect(subscription.loader.phase.isKind(.loaded, value: 1))

      // A reload app code started runs at the next tick: joined too.
      await clock.advanceAndDrain(by: .seconds(6))
      subscription.loader.startReload()
      await yield { gate.pending == 1 }
      await clock.advanceAndDrain(by: .seconds(4))
      #expect(gate.calls == 2)
      #expect(gate.cancelledCalls == 0)
      gate.succeed(2)
      await drain()
      #expect(subscription.loader.phase.isKind(.loaded, value: 2))
      subscription.cancel()
    }
  }

  @Test func aValueThatLandedLessThanHalfAnIntervalBeforeATickWaitsForTheNext() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      await clock.advanceAndDrain(by: .seconds(6))
      let subscription = await observeLoaded(1, for: pollingKey(1, gate: gate), in: store)

      await clock.advanceAndDrain(by: .seconds(4))  // t = 10 s: it landed 4 s ago
      #expect(gate.calls == 1)
      await clock.advanceAndDrain(by: .seconds(10))  // t = 20 s
      #expect(gate.calls == 2)
      gate.succeed(2)
      await drain()
      subscription.cancel()
    }
  }

  @Test func aDisabledKeyDoesNotPoll() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      let key = pollingKey(1, gate: gate, isEnabled: false)
      let subscription = store.observe(key)
      subscription.loader.startLoad()  // app code may load a disabled key
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await drain()

      await clock.advanceAndDrain(by: .seconds(30))
      #expect(gate.calls == 1)
      #expect(subscription.loader.phase.isKind(.loaded, value: 1))
      subscription.cancel()
    }
  }

  @Test func pollingPausesWhileTheAppIsInTheBackground() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      store.sceneChanged(from: nil, to: .active)
      let subscription = await observeLoaded(1, for: pollingKey(1, gate: gate), in: store)

      store.sceneChanged(from: .active, to: .inactive)  // Control Center: still polls
      #expect(!store.isPollingPaused)
      store.sceneChanged(from: .inactive, to: .background)
      #expect(store.isPollingPaused)
      await clock.advanceAndDrain(by: .seconds(35))
      #expect(gate.calls == 1)
      #expect(store.pollingWakeUps == 0)

      // Back at t = 35 s: the missed ticks are not made up; the next one, at 40 s, polls.
      store.sceneChanged(from: .background, to: .active)
      await drain()
      #expect(gate.calls == 1)
      await clock.advanceAndDrain(by: .seconds(5))
      #expect(gate.calls == 2)
      #expect(store.pollingWakeUps == 1)
      gate.succeed(2)
      await drain()
      subscription.cancel()
    }
  }

  @Test func pollingGoesOnWhileOneSceneIsInFront() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      var left = SceneReport()
      var right = SceneReport()
      left.report(.active, to: store)
      right.report(.active, to: store)
      right.report(.active, to: store)  // reported again: counts once
      let subscription = await observeLoaded(1, for: pollingKey(1, gate: gate), in: store)

      left.report(.background, to: store)
      #expect(!store.isPollingPaused)
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 2)
      gate.succeed(2)
      await drain()

      right.report(.background, to: store)
      #expect(store.isPollingPaused)
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 2)

      // The scene in the background goes away: the one left is in front.
      right.report(.active, to: store)
      left.sceneWentAway()
      right.report(.background, to: store)
      #expect(store.isPollingPaused)
      right.sceneWentAway()  // no scene reports: nothing says the app is in the background
      #expect(!store.isPollingPaused)

      // A scene that moves to another store leaves the first one.
      let other = makeStore(clock)
      left.report(.background, to: store)
      #expect(store.isPollingPaused)
      left.report(.background, to: other)
      #expect(!store.isPollingPaused)
      #expect(other.isPollingPaused)
      subscription.cancel()
    }
  }

  @Test func keysOfDifferentIntervalsPollAtTheirOwnTicksAndShareTheCommonOnes() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let fast = Gate<Int>()
      let slow = Gate<Int>()
      let store = makeStore(clock)
      let a = await observeLoaded(1, for: pollingKey(1, gate: fast, every: .seconds(10)), in: store)
      let b = await observeLoaded(1, for: pollingKey(2, gate: slow, every: .seconds(15)), in: store)

      var expected: [(seconds: Int, fast: Int, slow: Int)] = []
      for second in 1...30 {
        await clock.advanceAndDrain(by: .seconds(1))
        if fast.pending > 0 { fast.succeed(second) }
        if slow.pending > 0 { slow.succeed(second) }
        await drain()
        expected.append((second, fast.calls, slow.calls))
      }
      let fastPolls = expected.filter { $0.fast > 1 }.map(\.seconds).first
      let slowPolls = expected.filter { $0.slow > 1 }.map(\.seconds).first
      #expect(fastPolls == 10)
      #expect(slowPolls == 15)
      #expect(fast.calls == 4)  // at 10, 20 and 30 s
      #expect(slow.calls == 3)  // at 15 and 30 s
      #expect(store.pollingWakeUps == 4)  // 10, 15, 20, and 30 s for both
      a.cancel()
      b.cancel()
    }
  }

  @Test func aFailedPollKeepsTheValueAndPollingGoesOn() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      let subscription = await observeLoaded(1, for: pollingKey(1, gate: gate), in: store)

      await clock.advanceAndDrain(by: .seconds(10))
      gate.fail(TestError(1))
      await drain()
      #expect(subscription.loader.phase.isKind(.reloadFailed, value: 1))

      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 3)
      gate.succeed(2)
      await drain()
      #expect(subscription.loader.phase.isKind(.loaded, value: 2))
      subscription.cancel()
    }
  }

  @Test func aPagedKeyPollsFromItsFirstPageWhenNoPageLoads() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: clock, staleness: .never, clients: gate)
      let subscription = store.observe(PollingFeedKey(region: "EU"))
      await yield { gate.pending == 1 }
      gate.succeed([FeedRow(id: 1, name: "one")], next: 2)
      await yield { subscription.loader.phase.kind == .loaded }

      // A next page loads at the tick: the poll joins it, and the reader keeps the page.
      await clock.advanceAndDrain(by: .seconds(5))
      subscription.loader.startLoadMore()
      await yield { gate.pending == 1 }
      await clock.advanceAndDrain(by: .seconds(5))
      #expect(gate.cursors == [nil, 2])
      #expect(gate.cancelledCalls == 0)
      gate.succeed([FeedRow(id: 2, name: "two")], next: nil)
      await drain()
      #expect(subscription.loader.items.map(\.id) == [1, 2])

      // No page loads at the next tick: the list reloads from its first page.
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.cursors == [nil, 2, nil])
      #expect(subscription.loader.phase.kind == .reloading)
      gate.succeed([FeedRow(id: 1, name: "uno")], next: 2)
      await drain()
      #expect(subscription.loader.items.map(\.name) == ["uno"])
      subscription.cancel()
    }
  }

  @Test func aThousandKeysOfOneIntervalWakeTheStoreOncePerInterval() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = makeStore(clock)
      // Observed at different instants, within the first half of the interval.
      var subscriptions: [StoreSubscription<AsyncLoader<Int>>] = []
      for batch in 0..<5 {
        for id in (batch * 200)..<((batch + 1) * 200) {
          subscriptions.append(store.observe(pollingKey(id, gate: gate)))
        }
        await yield { gate.pending == 200 }
        for _ in 0..<200 { gate.succeed(batch) }
        await drain()
        await clock.advanceAndDrain(by: .seconds(1))
      }
      #expect(subscriptions.allSatisfy { $0.loader.phase.kind == .loaded })
      #expect(store.pollingWakeUps == 0)

      for interval in 1...3 {
        await clock.advanceAndDrain(by: .seconds(interval == 1 ? 5 : 10))  // to 10, 20, 30 s
        #expect(gate.pending == 1_000)
        #expect(store.pollingWakeUps == interval)
        for _ in 0..<1_000 { gate.succeed(interval) }
        await drain()
      }
      #expect(gate.calls == 4_000)
      #expect(subscriptions.allSatisfy { $0.loader.phase.value == 3 })
      for subscription in subscriptions { subscription.cancel() }
    }
  }
}
