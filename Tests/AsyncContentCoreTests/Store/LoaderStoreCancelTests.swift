import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// `cancel(_:)`, `cancel(_:where:)`, `cancel(where:)` and `cancelAll()` cancel the matching
/// running loads: each phase returns to where its load started, and no cancellation shows as an
/// error.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreCancelTests {
  // MARK: Value keys

  @Test func aCancelledFirstLoadGoesBackToIdleAndItsCallersResume() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let subscription = store.observe(key)
      let load = Task { await subscription.loader.load() }
      await yield { gate.pending == 1 }

      store.cancel(key)
      #expect(subscription.loader.phase.kind == .idle)
      await load.value  // the caller resumed
      await drain()
      #expect(gate.cancelledCalls == 1)
      #expect(subscription.loader.phase.kind == .idle)
      #expect(store.observerCount(for: key) == 1)  // the entry and its observer stay
    }
  }

  @Test func aCancelledReloadGoesBackToTheValueItShowed() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let key = NumberKey(1, gate: gate)
      let subscription = await observeLoaded(1, for: key, in: store)
      store.invalidate(key)
      await yield { gate.pending == 1 }

      store.cancel(key)
      #expect(subscription.loader.phase.isKind(.loaded, value: 1))
      await drain()
      #expect(gate.cancelledCalls == 1)
      #expect(subscription.loader.phase.isKind(.loaded, value: 1))
      #expect(subscription.loader.isStale)  // the invalidation still stands
    }
  }

  @Test func aCancelledRetryGoesBackToTheFailure() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await yield { subscription.loader.phase.kind == .failed }
      subscription.loader.startReload()
      await yield { gate.pending == 1 }

      store.cancel(key)
      #expect(subscription.loader.phase.kind == .failed)
      #expect(subscription.loader.phase.error as? TestError == TestError(1))
    }
  }

  @Test func aResponseThatArrivesAfterTheCancelNeverLands() async {
    await withMainSerialExecutor {
      // The operation ignores cancellation and answers later, with an error and with a value.
      let gate = Gate<Int>(honorsCancellation: false)
      let store = LoaderStore(clock: TestClock())
      let failing = NumberKey(1, gate: gate)
      let succeeding = NumberKey(2, gate: gate)
      let first = store.observe(failing)
      let second = store.observe(succeeding)
      await yield { gate.pending == 2 }

      store.cancel(failing)
      store.cancel(succeeding)
      gate.fail(TestError(1))
      gate.succeed(2)
      await drain()
      #expect(first.loader.phase.kind == .idle)  // never shown as an error
      #expect(first.loader.failureCount == 0)
      #expect(second.loader.phase.kind == .idle)
    }
  }

  @Test func theNextObserverLoadsAgain() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let first = store.observe(key)
      await yield { gate.pending == 1 }
      store.cancel(key)
      first.cancel()

      let again = store.observe(key)
      #expect(again.loader.phase.kind == .loading)
      await yield { gate.pending == 1 }
      gate.succeed(3)
      await yield { again.loader.phase.kind == .loaded }
      #expect(gate.calls == 2)
    }
  }

  @Test func cancellingAKeyThatDoesNotLoadChangesNothing() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let key = NumberKey(1, gate: gate)
      let subscription = await observeLoaded(1, for: key, in: store)
      let recorder = PhaseRecorder(subscription.loader)

      store.cancel(key)
      store.cancel(NumberKey(2, gate: gate))  // no entry
      await drain()
      #expect(recorder.notifications == 0)
      #expect(subscription.loader.phase.isKind(.loaded, value: 1))
      #expect(store.count == 1)
    }
  }

  // MARK: Paged keys

  @Test func aCancelledLoadMoreGoesBackToTheList() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never, clients: gate)
      let key = FeedKey("EU")
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }
      gate.succeed(feedRows(1...3), next: 4)
      await yield { subscription.loader.phase.kind == .loaded }
      subscription.loader.startLoadMore()
      await yield { gate.pending == 1 }

      store.cancel(key)
      #expect(subscription.loader.phase.kind == .loaded)
      #expect(subscription.loader.items.map(\.id) == [1, 2, 3])
      #expect(subscription.loader.hasMore)  // the next page can still load
      await drain()
      #expect(gate.cancelledCalls == 1)
    }
  }

  @Test func aCancelledFirstPageGoesBackToIdle() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), clients: gate)
      let key = FeedKey("EU")
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }

      store.cancel(key)
      #expect(subscription.loader.phase.kind == .idle)
      await drain()
      #expect(gate.cancelledCalls == 1)
    }
  }

  @Test func aCancelledPagedReloadGoesBackToTheList() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never, clients: gate)
      let key = FeedKey("EU")
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }
      gate.succeed(feedRows(1...3), next: 4)
      await yield { subscription.loader.phase.kind == .loaded }
      store.invalidate(key)
      await yield { gate.pending == 1 }

      store.cancel(key)
      #expect(subscription.loader.phase.kind == .loaded)
      #expect(subscription.loader.items.map(\.id) == [1, 2, 3])
    }
  }

  // MARK: Predicates

  @Test func aTypedPredicateCancelsTheKeysItSelects() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let subscriptions = (0..<3).map { store.observe(NumberKey($0, gate: gate)) }
      await yield { gate.pending == 3 }

      store.cancel(NumberKey.self) { $0.id >= 1 }
      #expect(subscriptions.map(\.loader.phase.kind) == [.loading, .idle, .idle])
      await drain()
      #expect(gate.pending == 1)
      gate.succeed(0)
      await yield { subscriptions[0].loader.phase.kind == .loaded }
    }
  }

  @Test func anUntypedPredicateSeesEveryKeyType() async {
    await withMainSerialExecutor {
      let numbers = Gate<Int>()
      let pages = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), clients: pages)
      let number = store.observe(NumberKey(1, gate: numbers))
      let europe = store.observe(FeedKey("EU"))
      let asia = store.observe(FeedKey("AS"))
      await yield { numbers.pending == 1 && pages.pending == 2 }

      store.cancel { ($0 as? FeedKey)?.region == "EU" || $0 is NumberKey }
      #expect(number.loader.phase.kind == .idle)
      #expect(europe.loader.phase.kind == .idle)
      #expect(asia.loader.phase.kind == .loading)
    }
  }

  @Test func cancelAllCancelsEveryLoadOfBothKinds() async {
    await withMainSerialExecutor {
      let numbers = Gate<Int>()
      let pages = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never, clients: pages)
      let loaded = await observeLoaded(7, for: NumberKey(7, gate: numbers), in: store)
      let loading = store.observe(NumberKey(1, gate: numbers))
      let unobserved = store.loader(for: NumberKey(2, gate: numbers))
      unobserved.startLoad()
      let feed = store.observe(FeedKey("EU"))
      await yield { numbers.pending == 2 && pages.pending == 1 }

      store.cancelAll()
      #expect(loaded.loader.phase.isKind(.loaded, value: 7))
      #expect(loading.loader.phase.kind == .idle)
      #expect(unobserved.phase.kind == .idle)
      #expect(feed.loader.phase.kind == .idle)
      await drain()
      #expect(numbers.cancelledCalls == 2)
      #expect(pages.cancelledCalls == 1)
    }
  }

  // MARK: Helpers

  private func feedRows(_ ids: ClosedRange<Int>) -> [FeedRow] {
    ids.map { FeedRow(id: $0, name: "row \($0)") }
  }
}
