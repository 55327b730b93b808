import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import Testing

/// A row of the paged tests.
struct FeedRow: Identifiable, Sendable, Equatable {
  let id: Int
  var name: String
}

/// A paged key of a region; its pages wait at the store's client, a `PagedGate`.
struct FeedKey: PagedLoaderKey, CustomStringConvertible {
  let region: String
  var maxPages: Int?

  init(_ region: String, maxPages: Int? = nil) {
    self.region = region
    self.maxPages = maxPages
  }

  func fetchPage(
    at cursor: Int?, using gate: PagedGate<FeedRow, Int>
  ) async throws -> Page<FeedRow, Int> {
    try await gate.fetch(cursor)
  }

  var description: String { "FeedKey(\(region))" }
}

/// The store serves paged lists by key as it serves values.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStorePagedKeyTests {
  private func feedRows(_ ids: ClosedRange<Int>) -> [FeedRow] {
    ids.map { FeedRow(id: $0, name: "row \($0)") }
  }

  /// A store observing `key`, with its first page of rows 1…3 landed and a next cursor.
  private func storeShowingFirstPage(
    _ key: FeedKey, gate: PagedGate<FeedRow, Int>, staleness: Staleness = .never
  ) async -> (LoaderStore, StoreSubscription<PagedLoader<FeedRow, Int>>) {
    let store = LoaderStore(clock: TestClock(), staleness: staleness, clients: gate)
    let subscription = store.observe(key)
    await yield { gate.pending == 1 }
    gate.succeed(feedRows(1...3), next: 4)
    await yield { subscription.loader.phase.kind == .loaded }
    return (store, subscription)
  }

  @Test func twoScreensOfAPagedKeyShareOneLoaderAndOneRequest() async {
    let gate = PagedGate<FeedRow, Int>()
    let store = LoaderStore(clock: TestClock(), clients: gate)
    let list = store.observe(FeedKey("EU"))
    let sidebar = store.observe(FeedKey("EU"))
    #expect(list.loader === sidebar.loader)
    #expect(store.pagedLoader(for: FeedKey("EU")) === list.loader)
    #expect(store.pagedLoader(for: FeedKey("AS")) !== list.loader)
    await yield { gate.pending == 1 }
    #expect(gate.calls == 1)
    gate.succeed(feedRows(1...2), next: nil)
    await yield { sidebar.loader.phase.kind == .loaded }
    #expect(store.items(for: FeedKey("EU"))?.map(\.id) == [1, 2])
    #expect(store.observerCount(for: FeedKey("EU")) == 2)
  }

  @Test func aKeysMaxPagesBoundsItsLoader() async {
    let gate = PagedGate<FeedRow, Int>()
    let key = FeedKey("EU", maxPages: 1)
    let (_, subscription) = await storeShowingFirstPage(key, gate: gate)
    let loader = subscription.loader
    loader.startLoadMore()
    await yield { gate.pending == 1 }
    gate.succeed(feedRows(4...6), next: nil)
    await yield { loader.phase.kind == .loaded }
    #expect(loader.items.map(\.id) == [4, 5, 6])  // the first page was dropped
    #expect(loader.hasPrevious == true)
  }

  @Test func aScreenThatComesBackShowsTheCachedPagesAndRevalidates() async {
    let gate = PagedGate<FeedRow, Int>()
    let key = FeedKey("EU")
    let (store, subscription) = await storeShowingFirstPage(
      key, gate: gate, staleness: .after(.zero))
    subscription.cancel()
    let again = store.observe(key)
    #expect(again.loader === subscription.loader)
    #expect(again.loader.phase.kind == .reloading)
    #expect(again.loader.items.map(\.id) == [1, 2, 3])
    await yield { gate.pending == 1 }
    #expect(gate.cursors == [nil, nil])  // the first page, again
    gate.succeed(feedRows(1...2), next: nil)
    await yield { again.loader.phase.kind == .loaded }
    #expect(again.loader.items.map(\.id) == [1, 2])
  }

  @Test func aNewObserverJoinsALoadMoreAndNeverSupersedesIt() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let key = FeedKey("EU")
      let (store, list) = await storeShowingFirstPage(key, gate: gate, staleness: .after(.zero))
      list.loader.startLoadMore()  // the reader scrolled to the footer
      await yield { gate.pending == 1 }
      #expect(list.loader.isStale)

      let sidebar = store.observe(key)  // a second screen appears
      await drain()
      #expect(gate.cursors == [nil, 4])  // no first page: the page in flight goes on
      #expect(gate.cancelledCalls == 0)
      #expect(sidebar.loader.phase.kind == .loadingMore)
      gate.succeed(feedRows(4...6), next: 7)
      await yield { list.loader.phase.kind == .loaded }
      #expect(list.loader.items.map(\.id) == Array(1...6))  // the reader stays where they are

      // Nothing runs now: the stale list revalidates on its next observer.
      let third = store.observe(key)
      #expect(third.loader.phase.kind == .reloading)
      await yield { gate.pending == 1 }
      #expect(gate.cursors == [nil, 4, nil])
      gate.succeed(feedRows(1...3), next: 4)
      await yield { list.loader.phase.kind == .loaded }
    }
  }

  @Test func aNewObserverJoinsAPreviousPageAndNeverSupersedesIt() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let key = FeedKey("EU")
      let store = LoaderStore(clock: TestClock(), staleness: .after(.zero), clients: gate)
      let list = store.observe(key)
      await yield { gate.pending == 1 }
      gate.succeed(feedRows(10...12), next: 13, previous: 7)  // a list that opens in the middle
      await yield { list.loader.phase.kind == .loaded }
      list.loader.startLoadPrevious()  // the reader scrolled to the header
      await yield { gate.pending == 1 }
      #expect(list.loader.isStale)

      let sidebar = store.observe(key)  // a second screen appears
      await drain()
      #expect(gate.cursors == [nil, 7])
      #expect(gate.cancelledCalls == 0)
      #expect(sidebar.loader.phase.kind == .loadingPrevious)
      gate.succeed(feedRows(7...9), next: 10, previous: 4)
      await yield { list.loader.phase.kind == .loaded }
      #expect(list.loader.items.map(\.id) == Array(7...12))
    }
  }

  @Test func invalidatingAPagedKeySupersedesTheRunningPage() async {
    let gate = PagedGate<FeedRow, Int>()
    let key = FeedKey("EU")
    let (store, subscription) = await storeShowingFirstPage(key, gate: gate)
    let loader = subscription.loader
    loader.startLoadMore()
    await yield { gate.pending == 1 }
    store.invalidate(key)
    #expect(loader.phase.kind == .reloading)
    await yield { gate.pending == 1 && gate.calls == 3 }
    #expect(gate.cancelledCalls == 1)  // the next page, asked for before the invalidation
    gate.succeed(feedRows(1...3).map { FeedRow(id: $0.id, name: "fresh \($0.id)") }, next: nil)
    await yield { loader.phase.kind == .loaded }
    #expect(loader.items.map(\.name) == ["fresh 1", "fresh 2", "fresh 3"])
    #expect(loader.hasMore == false)
  }

  @Test func anUnobservedPagedKeyIsMarkedStaleAndReloadsOnItsNextObserver() async {
    let gate = PagedGate<FeedRow, Int>()
    let key = FeedKey("EU")
    let (store, subscription) = await storeShowingFirstPage(key, gate: gate)
    subscription.cancel()
    store.invalidate(FeedKey.self) { $0.region == "EU" }
    await drainMainActor()
    #expect(gate.calls == 1)
    #expect(subscription.loader.isStale)
    let again = store.observe(key)
    #expect(again.loader.phase.kind == .reloading)
    await yield { gate.pending == 1 }
    #expect(gate.calls == 2)
  }

  @Test func anEditOfThePagesKeepsTheCursorsAndCancelsTheRunningPage() async {
    let gate = PagedGate<FeedRow, Int>()
    let key = FeedKey("EU")
    let (store, subscription) = await storeShowingFirstPage(key, gate: gate)
    let loader = subscription.loader
    loader.startLoadMore()
    await yield { gate.pending == 1 }
    let changed = store.updateItems(for: key) { $0[id: 2]?.name = "renamed" }
    #expect(changed)
    #expect(loader.phase.kind == .loaded)
    #expect(loader.items.map(\.name) == ["row 1", "renamed", "row 3"])
    await yield { gate.cancelledCalls == 1 }
    #expect(loader.hasMore)  // the cursor stays: the next page loads after the edit
    loader.startLoadMore()
    await yield { gate.pending == 1 }
    #expect(gate.cursors.last == 4)
  }

  @Test func updatingThePagesOfAKeyWithoutItemsChangesNothing() {
    let gate = PagedGate<FeedRow, Int>()
    let store = LoaderStore(clock: TestClock(), clients: gate)
    let changed = store.updateItems(for: FeedKey("EU")) { $0.removeAll() }
    #expect(!changed)
    #expect(store.count == 0)
  }

  @Test func aFailedMutationRollsBackItsEditOfThePages() async {
    let gate = PagedGate<FeedRow, Int>()
    let key = FeedKey("EU")
    let (store, subscription) = await storeShowingFirstPage(key, gate: gate)
    let request = Gate<Int>()
    let rename = Mutation<String, Int>(
      optimistic: { store, name in store.updateItems(for: key) { $0[id: 1]?.name = name } }
    ) { _ in try await request.call() }
    rename.start("Österreich", in: store)
    #expect(subscription.loader.items.first?.name == "Österreich")
    await yield { request.pending == 1 }
    request.fail(TestError(1))
    await yield { rename.phase.error != nil }
    #expect(subscription.loader.items.first?.name == "row 1")
    #expect(subscription.loader.phase.kind == .loaded)
    #expect(subscription.loader.hasMore)
  }

  @Test func evictingAPagedKeyCancelsItsPage() async {
    let gate = PagedGate<FeedRow, Int>()
    let clock = TestClock()
    let store = LoaderStore(clock: clock, gcAfter: .seconds(10), clients: gate)
    let subscription = store.observe(FeedKey("EU"))
    await yield { gate.pending == 1 }
    subscription.cancel()
    await clock.advanceAndDrain(by: .seconds(10))
    #expect(store.count == 0)
    await yield { gate.cancelledCalls == 1 }
    #expect(subscription.loader.phase.kind == .idle)
  }
}
