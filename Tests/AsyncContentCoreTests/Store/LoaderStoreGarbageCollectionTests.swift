import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// Entries without observers are evicted after `gcAfter` on the injected clock, and beyond
/// `maxEntries` least recently used first; observed entries never are.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreGarbageCollectionTests {
  @Test func anEntryIsEvictedGcAfterItsLastObserverLeft() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, gcAfter: .seconds(10))
      let key = NumberKey(1, gate: gate)
      let first = store.observe(key)
      let second = store.observe(key)
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await clock.advanceAndDrain(by: .seconds(100))
      #expect(store.cachedLoader(for: key) === first.loader)  // observed: kept

      first.cancel()
      await clock.advanceAndDrain(by: .seconds(100))
      #expect(store.cachedLoader(for: key) === first.loader)  // still observed by the second

      second.cancel()
      await clock.advanceAndDrain(by: .milliseconds(9_999))
      #expect(store.cachedLoader(for: key) === first.loader)
      await clock.advanceAndDrain(by: .milliseconds(1))
      #expect(store.cachedLoader(for: key) == nil)
      #expect(store.count == 0)
    }
  }

  @Test func anObserverThatComesBackKeepsTheEntry() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, gcAfter: .seconds(10))
      let key = NumberKey(1, gate: gate)
      let loader = store.loader(for: key)
      store.observe(key).cancel()
      await clock.advanceAndDrain(by: .seconds(5))

      let back = store.observe(key)
      await clock.advanceAndDrain(by: .seconds(20))
      #expect(store.cachedLoader(for: key) === loader)

      back.cancel()  // the time counts from here
      await clock.advanceAndDrain(by: .seconds(9))
      #expect(store.cachedLoader(for: key) === loader)
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(store.cachedLoader(for: key) == nil)
    }
  }

  @Test func aKeysGcAfterOverridesTheStores() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, gcAfter: .seconds(10))
      let short = NumberKey(1, gate: gate, gcAfter: .seconds(2))
      let long = NumberKey(2, gate: gate)
      store.observe(long).cancel()
      store.observe(short).cancel()
      await clock.advanceAndDrain(by: .seconds(2))
      #expect(store.cachedLoader(for: short) == nil)
      #expect(store.cachedLoader(for: long) != nil)
      await clock.advanceAndDrain(by: .seconds(8))
      #expect(store.count == 0)
    }
  }

  @Test func anEntryNobodyObservedIsCollectedToo() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, gcAfter: .seconds(10))
      let key = NumberKey(1, gate: gate)
      let loader = store.loader(for: key)
      await clock.advanceAndDrain(by: .seconds(9))
      #expect(store.loader(for: key) === loader)  // a use is not an observation
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(store.count == 0)
    }
  }

  @Test func evictionCancelsTheRunningLoad() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, gcAfter: .seconds(10))
      let key = NumberKey(1, gate: gate)
      let subscription = store.observe(key)
      let load = Task { await subscription.loader.load() }
      await yield { gate.pending == 1 }
      subscription.cancel()
      await clock.advanceAndDrain(by: .seconds(9))
      #expect(gate.cancelledCalls == 0)  // the load goes on without observers

      await clock.advanceAndDrain(by: .seconds(1))
      #expect(store.count == 0)
      #expect(gate.cancelledCalls == 1)
      await load.cancellableValue  // its caller resumes
      #expect(subscription.loader.phase.kind == .idle)
    }
  }

  @Test func anObservedEntryIsNeverCollected() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, gcAfter: .seconds(1))
      let key = NumberKey(1, gate: gate)
      let subscription = store.observe(key)
      for _ in 0..<10 { await clock.advanceAndDrain(by: .seconds(60), yields: 20) }
      #expect(store.cachedLoader(for: key) === subscription.loader)
      #expect(gate.cancelledCalls == 0)
    }
  }

  @Test func beyondMaxEntriesTheLeastRecentlyUsedEntryGoesFirst() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), maxEntries: 2)
    let one = store.loader(for: NumberKey(1, gate: gate))
    _ = store.loader(for: NumberKey(2, gate: gate))
    #expect(store.loader(for: NumberKey(1, gate: gate)) === one)  // 1 is used again: 2 is older

    _ = store.loader(for: NumberKey(3, gate: gate))
    #expect(store.count == 2)
    #expect(store.cachedLoader(for: NumberKey(2, gate: gate)) == nil)
    #expect(store.cachedLoader(for: NumberKey(1, gate: gate)) === one)
    #expect(store.cachedLoader(for: NumberKey(3, gate: gate)) != nil)
  }

  /// A screen that goes away used its key last: its entry outlives one that was only looked up
  /// while the screen still showed its key.
  @Test func theLastObserverLeavingCountsAsAUse() {
    let gate = Gate<Int>(honorsCancellation: false)
    let store = LoaderStore(clock: TestClock(), maxEntries: 2)
    let a = NumberKey(1, gate: gate)
    let b = NumberKey(2, gate: gate)
    let c = NumberKey(3, gate: gate)
    let screen = store.observe(b)
    _ = store.loader(for: a)  // used after b was first observed
    screen.cancel()  // b's last observer leaves: b is used after a
    _ = store.loader(for: c)  // one entry too many: the least recently used goes

    #expect(store.count == 2)
    #expect(store.cachedLoader(for: b) === screen.loader)
    #expect(store.cachedLoader(for: a) == nil)
    #expect(store.cachedLoader(for: c) != nil)
  }

  @Test func theLimitNeverEvictsAnObservedEntry() async {
    let gate = Gate<Int>(honorsCancellation: false)
    let store = LoaderStore(clock: TestClock(), maxEntries: 1)
    let one = store.observe(NumberKey(1, gate: gate))
    let two = store.observe(NumberKey(2, gate: gate))
    _ = store.loader(for: NumberKey(3, gate: gate))  // the newest entry is kept, over the limit
    #expect(store.count == 3)
    #expect(store.cachedLoader(for: NumberKey(1, gate: gate)) === one.loader)
    #expect(store.cachedLoader(for: NumberKey(2, gate: gate)) === two.loader)

    // An observer leaves: the unobserved entries go, least recently used first, down to the
    // observed one.
    two.cancel()
    #expect(store.count == 1)
    #expect(store.cachedLoader(for: NumberKey(1, gate: gate)) === one.loader)
    #expect(two.loader.phase.kind == .idle)  // its load was cancelled
  }
}
