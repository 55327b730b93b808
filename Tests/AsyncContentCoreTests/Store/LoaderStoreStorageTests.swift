import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// How the store keeps its entries small and its lookups cheap (a table per key type, settings
/// its loaders share, a registrar made on first use) without changing what a loader does.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreStorageTests {
  @Test func lookupsThatAlternateKeyTypesFindTheirOwnEntries() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let numbers = (0..<3).map { store.loader(for: NumberKey($0, gate: gate)) }
    let names = (0..<3).map { store.loader(for: NameKey(id: $0)) }
    #expect(store.count == 6)
    for round in 0..<2 {
      for id in 0..<3 {
        #expect(store.loader(for: NumberKey(id, gate: gate)) === numbers[id], "round \(round)")
        #expect(store.loader(for: NameKey(id: id)) === names[id], "round \(round)")
      }
    }
    #expect(store.cachedLoader(for: NameKey(id: 3)) == nil)
    #expect(store.count == 6)
  }

  @Test func aLoaderThatChangesItsSettingsLeavesTheOthersAlone() {
    let store = LoaderStore(clock: TestClock(), retry: .exponentialBackoff(maxAttempts: 3))
    let first = store.loader(for: NameKey(id: 1))
    let second = store.loader(for: NameKey(id: 2))
    first.retryPolicy = .never
    first.progressTiming = .immediate
    #expect(first.retryPolicy.maxAttempts == 1)
    #expect(first.progressTiming == .immediate)
    #expect(second.retryPolicy.maxAttempts == 3)
    #expect(second.progressTiming == nil)
    #expect(store.loader(for: NameKey(id: 3)).retryPolicy.maxAttempts == 3)
  }

  @Test func aPhaseFirstReadAfterItChangedStillNotifiesTheNextChange() async {
    let store = LoaderStore(clock: TestClock())
    let loader = store.loader(for: NameKey(id: 1))
    await loader.load()  // changes the phase twice before anything reads it
    let changes = LockIsolated(0)
    withObservationTracking {
      _ = loader.phase
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    #expect(loader.phase.value == "name 1")
    loader.startReload()
    #expect(changes.value == 1)
    await loader.load()
    #expect(loader.phase.value == "name 1")
  }
}
