import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// A key of the removal tests whose `isEnabled` is a field.
private struct SwitchedKey: LoaderKey {
  let id: Int
  let gate: Gate<Int>
  var isEnabled: Bool

  func fetch(using _: Void) async throws -> Int { try await gate.call() }

  static func == (lhs: SwitchedKey, rhs: SwitchedKey) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// `remove(_:)`, `remove(where:)` and `removeAll()` (TanStack Query's `removeQueries` and
/// `clear`), `loadingCount(where:)` (`isFetching`), and the eviction of unobserved entries on a
/// memory warning.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreRemoveTests {
  // MARK: remove

  @Test func removingAnUnobservedKeyEvictsItAndCancelsItsLoad() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let subscription = await observeLoaded(1, for: key, in: store)
      subscription.cancel()
      store.invalidate(key)  // unobserved, so only marked stale
      store.prefetch(key)  // a load runs
      await yield { gate.pending == 1 }
      let before = store.cachedLoader(for: key)

      store.remove(key)
      #expect(store.cachedLoader(for: key) == nil)
      #expect(store.value(for: key) == nil)
      #expect(store.count == 0)
      await drain()
      #expect(gate.cancelledCalls == 1)
      #expect(before?.isActive == false)  // its load was cancelled
      // The key starts from nothing: a new entry, which loads anew.
      #expect(store.loader(for: key) !== before)
    }
  }

  @Test func removingAnObservedKeyForgetsItsValueAndLoadsAgainFromNothing() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let key = NumberKey(1, gate: gate)
      let subscription = await observeLoaded(1, for: key, in: store)

      store.remove(key)
      // The observed entry stays, with its loader, and shows a first load: no old value.
      #expect(store.cachedLoader(for: key) === subscription.loader)
      #expect(subscription.loader.phase.isKind(.loading))
      #expect(store.value(for: key) == nil)
      await yield { gate.pending == 1 }
      gate.succeed(2)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(subscription.loader.phase.isKind(.loaded, value: 2))
      #expect(gate.calls == 2)
    }
  }

  @Test func removingAnObservedDisabledKeyForgetsItsValueAndLoadsNothing() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = SwitchedKey(id: 1, gate: gate, isEnabled: false)
      let subscription = store.observe(key)
      store.setValue(5, for: key)

      store.remove(key)
      await drain()
      #expect(subscription.loader.phase.isKind(.idle))
      #expect(gate.calls == 0)
    }
  }

  @Test func removeWhereAndRemoveAllSelectTheirKeys() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    for id in 1...3 { store.setValue(id, for: NumberKey(id, gate: gate)) }
    store.setValue("kept", for: NameKey(id: 1))

    store.remove { ($0 as? NumberKey)?.id ?? 0 >= 2 }
    #expect(store.value(for: NumberKey(1, gate: gate)) == 1)
    #expect(store.value(for: NumberKey(2, gate: gate)) == nil)
    #expect(store.value(for: NumberKey(3, gate: gate)) == nil)
    #expect(store.value(for: NameKey(id: 1)) == "kept")
    #expect(store.count == 2)

    store.removeAll()
    #expect(store.count == 0)
    #expect(gate.calls == 0)
  }

  // MARK: loadingCount

  @Test func theLoadingCountCountsTheSelectedLoadsAndIsObserved() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      #expect(store.loadingCount() == 0)
      let changes = LockIsolated(0)
      withObservationTracking {
        _ = store.loadingCount()
      } onChange: {
        changes.withValue { $0 += 1 }
      }

      let first = store.observe(NumberKey(1, gate: gate))
      let second = store.observe(NumberKey(2, gate: gate))
      await yield { gate.pending == 2 }
      #expect(changes.value == 1)  // an entry came
      #expect(store.loadingCount() == 2)
      #expect(store.loadingCount { ($0 as? NumberKey)?.id == 2 } == 1)
      #expect(store.loadingCount { $0 is NameKey } == 0)

      let landed = LockIsolated(0)
      withObservationTracking {
        _ = store.loadingCount()
      } onChange: {
        landed.withValue { $0 += 1 }
      }
      gate.succeed(1)
      await yield { first.loader.phase.kind == .loaded }
      #expect(landed.value == 1)  // a load ended: a view of the count renders again
      #expect(store.loadingCount() == 1)
      second.cancel()
      first.cancel()
    }
  }

  // MARK: Memory pressure

  @Test func aMemoryWarningEvictsTheUnobservedEntriesAndCancelsTheirLoads() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let observed = NumberKey(1, gate: gate)
      let subscription = await observeLoaded(1, for: observed, in: store)
      let loading = NumberKey(2, gate: gate)
      store.prefetch(loading)  // unobserved, loading
      let cached = NumberKey(3, gate: gate)
      store.setValue(3, for: cached)  // unobserved, with a value
      await yield { gate.pending == 1 }
      let countChanges = LockIsolated(0)
      withObservationTracking {
        _ = store.count
      } onChange: {
        countChanges.withValue { $0 += 1 }
      }

      #expect(store.evictUnobserved() == 2)
      #expect(store.count == 1)
      #expect(countChanges.value == 1)
      #expect(store.cachedLoader(for: observed) === subscription.loader)
      #expect(subscription.loader.phase.isKind(.loaded, value: 1))
      #expect(store.cachedLoader(for: loading) == nil)
      #expect(store.cachedLoader(for: cached) == nil)
      await drain()
      #expect(gate.cancelledCalls == 1)
      #expect(gate.pending == 0)
    }
  }

  @Test func aMemoryWarningKeepsAnObservedLoadRunning() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }

      #expect(store.evictUnobserved() == 0)
      gate.succeed(7)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(subscription.loader.phase.isKind(.loaded, value: 7))
      #expect(gate.cancelledCalls == 0)
      // Once its observer leaves, the next warning takes it.
      subscription.cancel()
      #expect(store.evictUnobserved() == 1)
      #expect(store.count == 0)
    }
  }
}
