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

  /// Every kind of edit, over a first load and over a reload: the running load goes, at once.
  /// Its caller resumes without waiting for the response, no load runs any more, and the
  /// response, when it arrives, changes nothing; a load asked for after the edit lands.
  @Test(arguments: [
    (StoreEdit.setValue, false), (.setValue, true), (.updateValue, true), (.optimistic, false),
    (.optimistic, true),
  ])
  func anEditLeavesNoLoadRunning(edit: StoreEdit, overAValue: Bool) async {
    let gate = Gate<Int>(honorsCancellation: false)
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: gate)
    let subscription = store.observe(key)
    await yield { gate.pending == 1 }
    if overAValue {
      gate.succeed(1)
      await yield { subscription.loader.phase.kind == .loaded }
      subscription.loader.startReload()
      await yield { gate.pending == 1 }
    }
    let resumed = LockIsolated(false)
    let caller = Task {
      await subscription.loader.load()
      resumed.setValue(true)
    }
    await drain()
    #expect(!resumed.value)  // the caller joined the running load

    let mutationGate = Gate<Int>()
    let mutation = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) }
    ) { _ in try await mutationGate.call() }
    switch edit {
    case .setValue: store.setValue(5, for: key)
    case .updateValue: #expect(store.updateValue(for: key) { $0 += 4 })
    case .optimistic: mutation.start(5, in: store)
    }
    #expect(subscription.loader.phase.isKind(.loaded, value: 5))
    #expect(!subscription.loader.isLoadRunning)
    await yield { resumed.value }  // the joined caller resumes without the response
    if resumed.value { await caller.value }

    gate.succeed(2)  // the response asked for before the edit arrives late
    await drain()
    #expect(subscription.loader.phase.isKind(.loaded, value: 5))

    subscription.loader.startReload()  // a load asked for after the edit lands
    await yield { gate.pending == 1 }
    gate.succeed(3)
    await yield { subscription.loader.phase.kind == .loaded }
    #expect(subscription.loader.phase.value == 3)
    mutation.cancel()
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

/// How a test edits a key's value: a plain write, a change in place, or a mutation's optimistic
/// update.
enum StoreEdit: String, Sendable {
  case setValue, updateValue, optimistic
}
