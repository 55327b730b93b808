import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// What the inspector (`LoaderStoreInspector`) lists and does, and the app-wide store the
/// SwiftUI views use by default.
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

  @Test func aSnapshotListsEveryEntryWithWhatTheInspectorShows() async {
    let clock = TestClock()
    let gate = Gate<Int>()
    let failing = Gate<Int>()
    let store = LoaderStore(clock: clock, staleAfter: .seconds(30))
    let shown = await observeLoaded(1, for: NumberKey(1, gate: gate), in: store)
    let broken = store.observe(NumberKey(2, gate: failing))
    await yield { failing.pending == 1 }
    failing.fail(TestError(2))
    await yield { broken.loader.phase.kind == .failed }
    broken.cancel()
    _ = store.loader(for: NameKey(id: 3))
    await clock.advance(by: .seconds(40))

    let rows = store.snapshot()
    #expect(rows.map(\.id) == ["NameKey(id: 3)", "NumberKey(1)", "NumberKey(2)"])
    let name = rows[0]
    #expect(name.kind == .idle && name.age == nil && name.observers == 0 && !name.isStale)
    let one = rows[1]
    #expect(one.kind == .loaded)
    #expect(one.age == .seconds(40))
    #expect(one.isStale)  // older than staleAfter: its next observer reloads it
    #expect(one.observers == 1)
    #expect(one.failureCount == 0)
    let two = rows[2]
    #expect(two.kind == .failed && two.observers == 0 && two.failureCount == 1)
    shown.cancel()
  }

  @Test func aSnapshotRendersAgainWhenAnEntryChanges() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let subscription = store.observe(NumberKey(1, gate: gate))
    await yield { gate.pending == 1 }
    let renders = LockIsolated(0)
    func render() {
      withObservationTracking {
        _ = store.snapshot()
      } onChange: {
        renders.withValue { $0 += 1 }
      }
    }
    render()
    gate.succeed(1)  // a phase changes
    await yield { renders.value == 1 }
    render()
    subscription.cancel()  // an observer leaves
    #expect(renders.value == 2)
    render()
    _ = store.loader(for: NumberKey(2, gate: gate))  // an entry comes
    #expect(renders.value == 3)
  }

  @Test func invalidatingARowReloadsItsObservedEntry() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleAfter: nil)
    let subscription = await observeLoaded(1, for: NumberKey(1, gate: gate), in: store)

    let row = store.snapshot()[0]
    store.invalidate(row.key)  // the row's Invalidate: an `any StoreKey` opens
    #expect(subscription.loader.phase.isKind(.reloading, value: 1))
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await yield { subscription.loader.phase.kind == .loaded }
    #expect(subscription.loader.phase.value == 2)
    subscription.cancel()
  }

  @Test func resettingARowShowsItsFirstLoadAgain() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let subscription = await observeLoaded(1, for: NumberKey(1, gate: gate), in: store)
    let other = Gate<Int>()
    let unobserved = store.loader(for: NumberKey(2, gate: other))
    unobserved.startLoad()
    await yield { other.pending == 1 }

    for row in store.snapshot() { store.reset(row.key) }  // the rows' Reset
    #expect(subscription.loader.phase.kind == .loading)  // observed: a first load again
    #expect(subscription.loader.phase.value == nil)
    #expect(unobserved.phase.kind == .idle)  // unobserved: forgotten, not loaded again
    await yield { other.cancelledCalls == 1 }
    await yield { gate.pending == 1 }
    gate.succeed(3)
    await yield { subscription.loader.phase.kind == .loaded }
    #expect(subscription.loader.phase.value == 3)
    subscription.cancel()
  }
}
