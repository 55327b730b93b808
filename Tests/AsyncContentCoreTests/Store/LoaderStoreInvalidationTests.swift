import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// Invalidation reloads observed or loading entries, superseding a running load, and marks the
/// others stale.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreInvalidationTests {
  @Test func anObservedKeyReloadsWithItsValueVisible() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    let subscription = await observeLoaded(1, for: key, in: store)

    store.invalidate(key)
    #expect(subscription.loader.phase.isKind(.reloading, value: 1))
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await yield { subscription.loader.phase.kind == .loaded }
    #expect(subscription.loader.phase.value == 2)
    #expect(!subscription.loader.isStale)
  }

  @Test func anInvalidationSupersedesTheRunningLoad() async {
    let gate = Gate<Int>(honorsCancellation: false)
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    let subscription = await observeLoaded(1, for: key, in: store)
    let refresh = Task { await subscription.loader.reload() }
    await yield { gate.pending == 1 }

    store.invalidate(key)  // a mutation changed the data while the reload ran
    await yield { gate.pending == 2 }
    gate.succeed(10, at: 0)  // the response from before the invalidation
    await drain()
    #expect(subscription.loader.phase.isKind(.reloading, value: 1))

    gate.succeed(20)
    await refresh.cancellableValue  // the refresh waited for the load that replaced its own
    #expect(subscription.loader.phase.isKind(.loaded, value: 20))
  }

  @Test func aLoadingUnobservedKeyIsSupersededToo() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    let loader = store.loader(for: key)
    loader.startLoad()
    await yield { gate.pending == 1 }

    store.invalidate(key)
    await yield { gate.calls == 2 && gate.pending == 1 }
    #expect(gate.cancelledCalls == 1)
    gate.succeed(2)
    await yield { loader.phase.kind == .loaded }
    #expect(loader.phase.value == 2)
  }

  @Test func anUnobservedKeyIsMarkedStaleAndItsNextObserverReloads() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)  // never stale by age
    let key = NumberKey(1, gate: gate)
    let subscription = await observeLoaded(1, for: key, in: store)
    subscription.cancel()

    store.invalidate(key)
    await drain()
    #expect(gate.calls == 1)  // nobody shows it: no request
    #expect(subscription.loader.isStale)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))

    let again = store.observe(key)
    #expect(again.loader.phase.isKind(.reloading, value: 1))
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await yield { again.loader.phase.kind == .loaded }
    #expect(!again.loader.isStale)
  }

  @Test func aStaleMarkMakesTheLoadersOwnLoadFetch() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    let subscription = await observeLoaded(1, for: key, in: store)
    subscription.cancel()
    store.invalidate(key)

    let load = Task { await store.loader(for: key).load() }  // `.task` of a view
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await load.cancellableValue
    #expect(store.value(for: key) == 2)
  }

  @Test func aTypedPredicateInvalidatesTheKeysItSelects() async {
    let gates = (0..<3).map { _ in Gate<Int>() }
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    var subscriptions: [StoreSubscription<AsyncLoader<Int>>] = []
    for id in 0..<3 {
      subscriptions.append(await observeLoaded(id, for: NumberKey(id, gate: gates[id]), in: store))
    }
    let name = store.loader(for: NameKey(id: 1))
    await name.load()

    store.invalidate(NumberKey.self) { $0.id >= 1 }
    await yield { gates[1].pending == 1 && gates[2].pending == 1 }
    await drain()
    #expect(gates[0].calls == 1)
    #expect(!name.isStale)
    #expect(subscriptions.map(\.loader.phase.kind) == [.loaded, .reloading, .reloading])
  }

  @Test func anUntypedPredicateSeesEveryKeyType() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let number = await observeLoaded(1, for: NumberKey(1, gate: gate), in: store)
    let name = store.loader(for: NameKey(id: 1))
    await name.load()

    store.invalidate { $0 is NameKey }
    #expect(name.isStale)
    #expect(!number.loader.isStale)
    #expect(number.loader.phase.kind == .loaded)
  }

  @Test func invalidateAllReloadsEveryObservedKey() async {
    let gates = (0..<3).map { _ in Gate<Int>() }
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    for id in 0..<3 {
      _ = await observeLoaded(id, for: NumberKey(id, gate: gates[id]), in: store)
    }
    store.invalidateAll()
    await yield { gates.allSatisfy { $0.pending == 1 } }
    #expect(gates.map(\.calls) == [2, 2, 2])
  }

  @Test func invalidatingAnUnknownKeyDoesNothing() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    store.invalidate(NumberKey(1, gate: gate))
    #expect(store.count == 0)
    #expect(gate.calls == 0)
  }
}
