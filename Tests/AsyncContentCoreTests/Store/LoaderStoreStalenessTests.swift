import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// Stale-while-revalidate: an observer that appears shows the cached value at once and reloads
/// it in the background when it is stale.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreStalenessTests {
  /// Observes `key`, lands `value`, and stops observing: the entry is cached.
  private func cache(_ value: Int, for key: NumberKey, in store: LoaderStore) async {
    let subscription = store.observe(key)
    await yield { key.gate.pending == 1 }
    key.gate.succeed(value)
    await yield { subscription.loader.phase.kind == .loaded }
    subscription.cancel()
  }

  @Test func anObserverOfAFreshValueShowsItWithoutReloading() async {
    let clock = TestClock()
    let gate = Gate<Int>()
    let store = LoaderStore(clock: clock, staleness: .after(.seconds(60)))
    let key = NumberKey(1, gate: gate)
    await cache(1, for: key, in: store)
    await clock.advance(by: .seconds(59))

    let subscription = store.observe(key)
    await drain()
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    #expect(gate.calls == 1)
  }

  @Test func anObserverOfAStaleValueShowsItWhileItReloads() async {
    let clock = TestClock()
    let gate = Gate<Int>()
    let store = LoaderStore(clock: clock, staleness: .after(.seconds(60)))
    let key = NumberKey(1, gate: gate)
    await cache(1, for: key, in: store)
    await clock.advance(by: .seconds(60))

    let subscription = store.observe(key)
    #expect(subscription.loader.phase.isKind(.reloading, value: 1))  // never a blank spinner
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await yield { subscription.loader.phase.kind == .loaded }
    #expect(subscription.loader.phase.isKind(.loaded, value: 2))
    #expect(gate.calls == 2)
  }

  @Test func aKeysStalenessOverridesTheStores() async {
    let clock = TestClock()
    let gate = Gate<Int>()
    let store = LoaderStore(clock: clock, staleness: .after(.seconds(60)))
    let key = NumberKey(1, gate: gate, staleness: .after(.seconds(5)))
    await cache(1, for: key, in: store)
    await clock.advance(by: .seconds(5))

    let subscription = store.observe(key)
    #expect(subscription.loader.phase.isKind(.reloading, value: 1))
    #expect(subscription.loader.staleness == .after(.seconds(5)))
  }

  @Test func aKeyThatIsNeverStaleStaysFreshWhateverTheStoreSays() async {
    let clock = TestClock()
    let gate = Gate<Int>()
    let store = LoaderStore(clock: clock, gcAfter: .seconds(7_200))  // revalidates every observer
    let key = NumberKey(1, gate: gate, staleness: .never)
    await cache(1, for: key, in: store)
    await clock.advance(by: .seconds(3_600))

    let subscription = store.observe(key)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))  // no revalidation
    #expect(subscription.loader.staleness == .never)
    #expect(gate.pending == 0)
    store.invalidate(key)  // only an invalidation makes it stale
    await yield { gate.pending == 1 }
    #expect(subscription.loader.phase.isKind(.reloading, value: 1))
    gate.succeed(2)
    await yield { subscription.loader.phase.isKind(.loaded, value: 2) }
    subscription.cancel()
  }

  @Test func aKeyThatLeavesItToTheStoreUsesTheStores() async {
    let clock = TestClock()
    let gate = Gate<Int>()
    let store = LoaderStore(clock: clock, staleness: .never, gcAfter: .seconds(7_200))
    let key = NumberKey(1, gate: gate)  // staleness nil: the store's
    await cache(1, for: key, in: store)
    await clock.advance(by: .seconds(3_600))
    let subscription = store.observe(key)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    #expect(subscription.loader.staleness == .never)
    subscription.cancel()
  }

  @Test func byDefaultEveryNewObserverRevalidates() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    #expect(store.staleness == .after(.zero))
    let key = NumberKey(1, gate: gate)
    await cache(1, for: key, in: store)

    let subscription = store.observe(key)
    #expect(subscription.loader.phase.isKind(.reloading, value: 1))
    await yield { gate.pending == 1 }
    #expect(gate.calls == 2)
  }

  @Test func withoutStaleAfterAValueNeverGoesStale() async {
    let clock = TestClock()
    let gate = Gate<Int>()
    let store = LoaderStore(clock: clock, staleness: .never, gcAfter: .seconds(7_200))
    let key = NumberKey(1, gate: gate)
    await cache(1, for: key, in: store)
    await clock.advance(by: .seconds(3_600))

    let subscription = store.observe(key)
    await drain()
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    #expect(gate.calls == 1)
  }

  @Test func anObserverOfAFailedEntryRetries() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    let first = store.observe(key)
    await yield { gate.pending == 1 }
    gate.fail(TestError(1))
    await yield { first.loader.phase.kind == .failed }
    first.cancel()

    let second = store.observe(key)
    #expect(second.loader.phase.kind == .retrying)
    await yield { gate.pending == 1 }
    #expect(gate.calls == 2)
  }
}
