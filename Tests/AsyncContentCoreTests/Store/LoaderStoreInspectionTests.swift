import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// What the inspector reads and does: the entries with their phase, age, observers and
/// failures; invalidate and reset.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreInspectionTests {
  @Test func theAppWideStoreIsOneInstance() async {
    let store = LoaderStore.shared
    #expect(LoaderStore.shared === store)
    // Nonisolated, as an environment default needs: read off the main actor, it is the same.
    let elsewhere = await Task.detached { ObjectIdentifier(LoaderStore.shared) }.value
    #expect(elsewhere == ObjectIdentifier(store))
  }

  @Test func theSnapshotListsEveryEntryOrderedByKey() async {
    let gate = Gate<Int>()
    let clock = TestClock()
    let store = LoaderStore(clock: clock, staleness: .after(.seconds(30)))
    let shown = store.observe(NumberKey(2, gate: gate))
    _ = store.loader(for: NumberKey(1, gate: gate))
    await yield { gate.pending == 1 }
    gate.succeed(20)
    await yield { shown.loader.phase.kind == .loaded }
    await clock.advanceAndDrain(by: .seconds(45))
    let entries = store.snapshot()
    #expect(entries.map(\.id) == ["NumberKey(1)", "NumberKey(2)"])
    #expect(entries.map(\.kind) == [.idle, .loaded])
    #expect(entries.map(\.observers) == [0, 1])
    #expect(entries[0].age == nil)
    #expect(entries[1].age == .seconds(45))
    #expect(entries[1].isStale)
    #expect(entries.map(\.failureCount) == [0, 0])
  }

  @Test func theSnapshotCountsFailures() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let shown = store.observe(NumberKey(1, gate: gate))
    await yield { gate.pending == 1 }
    gate.fail(TestError(1))
    await yield { shown.loader.phase.kind == .failed }
    #expect(store.snapshot().first?.failureCount == 1)
    #expect(store.snapshot().first?.kind == .failed)
  }

  @Test func theSnapshotIsObservedThroughPhasesAndObservers() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let first = store.observe(NumberKey(1, gate: gate))
    let changes = LockIsolated(0)
    func track() {
      withObservationTracking {
        _ = store.snapshot()
      } onChange: {
        changes.withValue { $0 += 1 }
      }
    }
    track()
    let second = store.observe(NumberKey(1, gate: gate))  // an observer comes
    #expect(changes.value == 1)
    track()
    await yield { gate.pending == 1 }
    gate.succeed(10)  // the phase changes
    await yield { changes.value == 2 }
    track()
    _ = store.loader(for: NumberKey(2, gate: gate))  // an entry comes
    #expect(changes.value == 3)
    first.cancel()
    second.cancel()
  }

  @Test func invalidatingAnEntryFromItsSnapshotReloadsIt() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let shown = store.observe(NumberKey(1, gate: gate))
    await yield { gate.pending == 1 }
    gate.succeed(10)
    await yield { shown.loader.phase.kind == .loaded }
    let key = store.snapshot()[0].key  // an `any StoreKey`
    store.invalidate(key)
    #expect(shown.loader.phase.kind == .reloading)
    await yield { gate.pending == 1 }
    #expect(gate.calls == 2)
  }

  @Test func resettingAnObservedEntryShowsItsFirstLoadAgain() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let shown = store.observe(NumberKey(1, gate: gate))
    await yield { gate.pending == 1 }
    gate.fail(TestError(1))
    await yield { shown.loader.phase.kind == .failed }
    store.reset(store.snapshot()[0].key)
    #expect(shown.loader.phase.kind == .loading)
    #expect(shown.loader.failureCount == 0)
    await yield { gate.pending == 1 }
    gate.succeed(10)
    await yield { shown.loader.phase.kind == .loaded }
  }

  @Test func resettingAnUnobservedEntryLeavesItIdle() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let shown = store.observe(NumberKey(1, gate: gate))
    await yield { gate.pending == 1 }
    gate.succeed(10)
    await yield { shown.loader.phase.kind == .loaded }
    shown.cancel()
    store.reset(NumberKey(1, gate: gate))
    #expect(shown.loader.phase.kind == .idle)
    await drainMainActor()
    #expect(gate.calls == 1)
    store.reset(NumberKey(9, gate: gate))  // no entry: nothing happens
    #expect(store.count == 1)
  }
}
