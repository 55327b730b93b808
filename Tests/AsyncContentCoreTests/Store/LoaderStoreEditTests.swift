import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// Edits of cached values: every view of the key sees them, and they win over a load that was
/// asked for before them.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreEditTests {
  @Test func anEditShowsInEveryViewOfTheKey() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    let list = store.observe(key)
    let detail = store.observe(key)
    await yield { gate.pending == 1 }
    gate.succeed(1)
    await yield { list.loader.phase.kind == .loaded }

    store.setValue(5, for: key)
    #expect(list.loader.phase.isKind(.loaded, value: 5))
    #expect(detail.loader.phase.isKind(.loaded, value: 5))
    #expect(store.value(for: key) == 5)
  }

  @Test func anEditCreatesTheEntry() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    store.setValue(3, for: key)
    #expect(store.count == 1)
    #expect(store.loader(for: key).phase.isKind(.loaded, value: 3))
    #expect(store.loader(for: key).loadedAt != nil)
  }

  @Test func anEditCancelsTheLoadAskedForBeforeIt() async {
    let gate = Gate<Int>(honorsCancellation: false)
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    let subscription = store.observe(key)
    let load = Task { await subscription.loader.load() }
    await yield { gate.pending == 1 }

    store.setValue(5, for: key)
    await load.cancellableValue  // the caller of the cancelled load resumes
    gate.succeed(1)  // the old response arrives late
    await drain()
    #expect(subscription.loader.phase.isKind(.loaded, value: 5))
  }

  @Test func updateValueChangesOnlyAValueThatExists() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    #expect(!store.updateValue(for: key) { $0 += 1 })
    #expect(store.count == 0)
    store.setValue(1, for: key)
    #expect(store.updateValue(for: key) { $0 += 1 })
    #expect(store.value(for: key) == 2)
  }
}
