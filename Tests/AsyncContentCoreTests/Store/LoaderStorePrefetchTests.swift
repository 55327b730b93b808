import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// `prefetch(_:)` warms a key without waiting, joining a running load; `ensureValue(for:)`
/// returns the cached value or the one a load brings.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStorePrefetchTests {
  // MARK: prefetch(_:)

  @Test func aPrefetchThenAnObserveSendsOneRequest() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      store.prefetch(key)
      #expect(store.observerCount(for: key) == 0)
      await yield { gate.pending == 1 }

      let subscription = store.observe(key)  // the screen opens while the prefetch runs
      #expect(subscription.loader.phase.kind == .loading)
      await drain()
      #expect(gate.calls == 1)
      gate.succeed(5)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(subscription.loader.phase.value == 5)
      #expect(gate.calls == 1)
    }
  }

  @Test func aPrefetchedFreshValueShowsAtOnceWithoutARequest() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .after(.seconds(60)))
      let key = NumberKey(1, gate: gate)
      store.prefetch(key)
      await yield { gate.pending == 1 }
      gate.succeed(5)
      await yield { store.value(for: key) == 5 }

      let subscription = store.observe(key)
      #expect(subscription.loader.phase.isKind(.loaded, value: 5))
      await drain()
      #expect(gate.calls == 1)
    }
  }

  @Test func aPrefetchJoinsARunningLoad() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }

      store.prefetch(key)
      store.prefetch(key)
      await drain()
      #expect(gate.calls == 1)
      #expect(gate.cancelledCalls == 0)
      gate.succeed(5)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(subscription.loader.phase.value == 5)
    }
  }

  @Test func aPrefetchDuringAnInvalidatedReloadDoesNotSupersedeIt() async {
    await withMainSerialExecutor {
      // The reload runs because of an invalidation: the value is marked stale, and a prefetch
      // that superseded stale loads would start a second request.
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let key = NumberKey(1, gate: gate)
      let subscription = await observeLoaded(1, for: key, in: store)
      store.invalidate(key)
      await yield { gate.pending == 1 }

      store.prefetch(key)
      await drain()
      #expect(gate.calls == 2)
      #expect(gate.cancelledCalls == 0)
      gate.succeed(2)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(subscription.loader.phase.value == 2)
    }
  }

  @Test func aFreshValueIsNotRefetchedAndAStaleOneIs() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, staleness: .after(.seconds(60)))
      let key = NumberKey(1, gate: gate)
      store.prefetch(key)
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await yield { store.value(for: key) == 1 }

      await clock.advanceAndDrain(by: .seconds(59))
      store.prefetch(key)
      await drain()
      #expect(gate.calls == 1)  // fresh: nothing to do

      await clock.advanceAndDrain(by: .seconds(1))
      store.prefetch(key)
      let loader = store.loader(for: key)
      #expect(loader.phase.isKind(.reloading, value: 1))  // stale: revalidated, value kept
      await yield { gate.pending == 1 }
      gate.succeed(2)
      await yield { loader.phase.kind == .loaded }
      #expect(loader.phase.value == 2)
      #expect(gate.calls == 2)
    }
  }

  @Test func aKeysOwnStalenessDecides() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      // The store revalidates everything; the key is never stale by age.
      let store = LoaderStore(clock: TestClock(), staleness: .after(.zero))
      let key = NumberKey(1, gate: gate, staleness: .never)
      store.prefetch(key)
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await yield { store.value(for: key) == 1 }
      store.prefetch(key)
      await drain()
      #expect(gate.calls == 1)
    }
  }

  @Test func aFailedEntryIsPrefetchedAgain() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let key = NumberKey(1, gate: gate)
      store.prefetch(key)
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      let loader = store.loader(for: key)
      await yield { loader.phase.kind == .failed }

      store.prefetch(key)
      #expect(loader.phase.kind == .retrying)
      await yield { gate.pending == 1 }
      gate.succeed(2)
      await yield { loader.phase.kind == .loaded }
      #expect(gate.calls == 2)
    }
  }

  @Test func anUnobservedPrefetchedEntryIsCollectedAfterGcAfter() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, staleness: .never, gcAfter: .seconds(10))
      let key = NumberKey(1, gate: gate)
      store.prefetch(key)
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await yield { store.value(for: key) == 1 }

      await clock.advanceAndDrain(by: .milliseconds(9_999))
      #expect(store.value(for: key) == 1)
      await clock.advanceAndDrain(by: .milliseconds(1))
      #expect(store.cachedLoader(for: key) == nil)
      #expect(store.count == 0)
    }
  }

  @Test func aPrefetchStartsTheTimeOfAnUnobservedEntryAnew() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, staleness: .never, gcAfter: .seconds(10))
      let key = NumberKey(1, gate: gate)
      store.prefetch(key)
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await clock.advanceAndDrain(by: .seconds(6))

      store.prefetch(key)  // the row appeared again: ten seconds from now
      await clock.advanceAndDrain(by: .seconds(9))
      #expect(store.value(for: key) == 1)
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(store.cachedLoader(for: key) == nil)
      #expect(gate.calls == 1)
    }
  }

  @Test func anObservedPrefetchedEntryIsKept() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, staleness: .never, gcAfter: .seconds(10))
      let key = NumberKey(1, gate: gate)
      store.prefetch(key)
      let subscription = store.observe(key)
      store.prefetch(key)  // a prefetch of an observed entry plans no collection
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await clock.advanceAndDrain(by: .seconds(60))
      #expect(store.cachedLoader(for: key) === subscription.loader)

      subscription.cancel()
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(store.cachedLoader(for: key) == nil)
    }
  }

  @Test func aPrefetchCountsAsAUse() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never, maxEntries: 2)
      let (first, second, third) = (
        NumberKey(1, gate: gate), NumberKey(2, gate: gate), NumberKey(3, gate: gate)
      )
      store.prefetch(first)
      store.prefetch(second)
      store.prefetch(first)  // the second is now the least recently used
      store.prefetch(third)
      #expect(store.cachedLoader(for: first) != nil)
      #expect(store.cachedLoader(for: second) == nil)
      #expect(store.cachedLoader(for: third) != nil)
      await drain()
      #expect(gate.cancelledCalls == 1)  // the evicted entry's load was cancelled
    }
  }

  @Test func aPagedPrefetchLoadsTheFirstPageOnly() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never, clients: gate)
      let key = FeedKey("EU")
      store.prefetch(key)
      await yield { gate.pending == 1 }
      gate.succeed(feedRows(1...3), next: 4)
      await yield { store.items(for: key) != nil }
      await drain()
      #expect(gate.cursors == [nil])
      #expect(store.items(for: key)?.map(\.id) == [1, 2, 3])

      let subscription = store.observe(key)
      #expect(subscription.loader.phase.kind == .loaded)
      #expect(subscription.loader.hasMore)
      await drain()
      #expect(gate.calls == 1)
    }
  }

  @Test func aPagedPrefetchJoinsARunningLoadMoreOfAStaleList() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .after(.zero), clients: gate)
      let key = FeedKey("EU")
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }
      gate.succeed(feedRows(1...3), next: 4)
      await yield { subscription.loader.phase.kind == .loaded }
      subscription.loader.startLoadMore()
      await yield { gate.pending == 1 }

      store.prefetch(key)  // the list is stale, but its next page loads: joined
      await drain()
      #expect(subscription.loader.phase.kind == .loadingMore)
      #expect(gate.cancelledCalls == 0)
      gate.succeed(feedRows(4...5), next: nil)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(subscription.loader.items.map(\.id) == [1, 2, 3, 4, 5])
      #expect(gate.cursors == [nil, 4])
    }
  }

  // MARK: ensureValue(for:)

  @Test func ensureValueReturnsTheCachedValueWithoutARequest() async throws {
    try await withMainSerialExecutor { () async throws in
      let gate = Gate<Int>()
      // `.after(.zero)`: the cached value is stale, and still returned as it is.
      let store = LoaderStore(clock: TestClock(), staleness: .after(.zero))
      let key = NumberKey(1, gate: gate)
      let subscription = await observeLoaded(1, for: key, in: store)
      subscription.cancel()
      #expect(subscription.loader.isStale)

      #expect(try await store.ensureValue(for: key) == 1)
      await drain()
      #expect(gate.calls == 1)  // no request, in the background either
      #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    }
  }

  @Test func ensureValueLoadsWhenTheValueIsMissing() async throws {
    try await withMainSerialExecutor { () async throws in
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let value = Task { try await store.ensureValue(for: key) }
      await yield { gate.pending == 1 }
      #expect(store.observerCount(for: key) == 0)
      gate.succeed(7)
      #expect(try await value.value == 7)
      #expect(store.value(for: key) == 7)
      #expect(gate.calls == 1)
    }
  }

  @Test func ensureValueThrowsTheLoadsError() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let value = Task { try await store.ensureValue(for: key) }
      await yield { gate.pending == 1 }
      gate.fail(TestError(3))
      await #expect(throws: TestError(3)) { try await value.value }
      #expect(store.loader(for: key).phase.kind == .failed)
    }
  }

  @Test func ensureValueThrowsTheErrorAfterTheKeysRetries() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(
        clock: clock,
        retry: .exponentialBackoff(maxAttempts: 2, initialDelay: .seconds(1), jitter: 0))
      let key = NumberKey(1, gate: gate)
      let value = Task { try await store.ensureValue(for: key) }
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await drain()
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(gate.pending == 1)  // the retry: the caller still waits
      gate.fail(TestError(2))
      await #expect(throws: TestError(2)) { try await value.value }
    }
  }

  @Test func ensureValueJoinsARunningLoad() async throws {
    try await withMainSerialExecutor { () async throws in
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let subscription = store.observe(key)
      await yield { gate.pending == 1 }

      let first = Task { try await store.ensureValue(for: key) }
      let second = Task { try await store.ensureValue(for: key) }
      await drain()
      #expect(gate.calls == 1)
      gate.succeed(4)
      #expect(try await first.value == 4)
      #expect(try await second.value == 4)
      #expect(subscription.loader.phase.isKind(.loaded, value: 4))
    }
  }

  @Test func cancellingTheCallerThrowsAndTheSharedLoadGoesOn() async throws {
    try await withMainSerialExecutor { () async throws in
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let leaving = Task { try await store.ensureValue(for: key) }
      let staying = Task { try await store.ensureValue(for: key) }
      await yield { gate.pending == 1 }

      leaving.cancel()
      await #expect(throws: CancellationError.self) { try await leaving.value }
      #expect(gate.cancelledCalls == 0)
      #expect(store.loader(for: key).phase.kind == .loading)

      gate.succeed(9)
      #expect(try await staying.value == 9)
      #expect(store.value(for: key) == 9)
    }
  }

  @Test func aCancelledLoadThrowsCancellationNotTheEarlierError() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      store.prefetch(key)
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      let loader = store.loader(for: key)
      await yield { loader.phase.kind == .failed }

      let value = Task { try await store.ensureValue(for: key) }
      await yield { gate.pending == 1 }
      store.cancel(key)  // the phase goes back to failed with the earlier error
      await #expect(throws: CancellationError.self) { try await value.value }
      #expect(loader.phase.error as? TestError == TestError(1))
    }
  }

  @Test func ensureValueWaitsForAnInvalidationsLoad() async throws {
    try await withMainSerialExecutor { () async throws in
      let gate = Gate<Int>(honorsCancellation: false)
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let value = Task { try await store.ensureValue(for: key) }
      await yield { gate.pending == 1 }

      store.invalidate(key)  // supersedes the load the call waits for
      await yield { gate.pending == 2 }
      gate.succeed(1, at: 0)  // the superseded response: dropped
      await drain()
      gate.succeed(2)
      #expect(try await value.value == 2)
    }
  }

  @Test func aLoadThatStartsBeforeTheCallResumesIsJoined() async throws {
    try await withMainSerialExecutor { () async throws in
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = NumberKey(1, gate: gate)
      let value = Task { try await store.ensureValue(for: key) }
      await yield { gate.pending == 1 }

      store.cancel(key)
      let subscription = store.observe(key)  // a screen opens in the same turn: a new load
      await yield { gate.pending == 1 }
      #expect(gate.calls == 2)
      gate.succeed(8)
      #expect(try await value.value == 8)
      #expect(subscription.loader.phase.isKind(.loaded, value: 8))
    }
  }

  // MARK: Helpers

  private func feedRows(_ ids: ClosedRange<Int>) -> [FeedRow] {
    ids.map { FeedRow(id: $0, name: "row \($0)") }
  }
}
