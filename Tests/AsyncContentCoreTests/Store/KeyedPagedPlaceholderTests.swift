import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import Testing

/// A paged key that may not load yet: enabled once its region is known.
private struct RegionRowsKey: PagedLoaderKey {
  var id: Int?

  var isEnabled: Bool { id != nil }

  func fetchPage(at cursor: Int?, using pages: [Int: RowGate]) async throws -> Page<PagedRow, Int> {
    guard let id, let gate = pages[id] else { throw TestError(0) }
    return try await gate.fetch(cursor)
  }
}

/// `PagedScreen` with `keepsPreviousValue`, driven as `PagingList(key:keepsPreviousValue:)`
/// drives it: the previous key's rows stay while the new key's first page loads, no footer and
/// no end of the list show under them, the footer loads no page from them, and the new key's
/// first page replaces them.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct KeyedPagedPlaceholderTests {
  /// A list with `keepsPreviousValue` that shows rows 0, 1, 2 of key 1, with a page after them.
  private func listShowingEurope(
    _ europe: RowGate, _ asia: RowGate
  ) async -> (LoaderStore, PagedScreen<RowsKey>) {
    let store = LoaderStore(clock: TestClock(), clients: [1: europe, 2: asia])
    let feed = PagedScreen<RowsKey>(store: store, keepsPreviousValue: true)
    feed.select(RowsKey(id: 1))
    await yield { europe.pending == 1 }
    europe.succeed(rows(0..<3), next: 3)
    await yield { feed.phase.kind == .loaded }
    return (store, feed)
  }

  /// The list's paging state, as `PagingList` computes it for its footer.
  private func state(_ feed: PagedScreen<RowsKey>) -> PagingState {
    PagingState(kind: feed.phase.kind, hasMore: feed.hasMore)
  }

  @Test func theNextKeyShowsThePreviousRowsUntilItsFirstPageReplacesThem() async {
    let europe = RowGate()
    let asia = RowGate()
    let (_, feed) = await listShowingEurope(europe, asia)

    feed.select(RowsKey(id: 2))
    #expect(feed.isPlaceholder)
    #expect(feed.phase.kind == .reloading)  // the previous rows, as a reload shows them
    #expect(feed.phase.value?.map(\.id) == [0, 1, 2])
    #expect(!feed.hasMore)
    let footer = feed.phase.presentation(hasMore: feed.hasMore).footer
    guard case .none = footer else {
      Issue.record("the placeholder rows show a footer: \(footer)")
      return
    }

    // The footer's spinner cannot load the previous key's next page from the placeholder rows.
    let footerController = LoadMoreController()
    #expect(!state(feed).canLoadMore)
    footerController.footerAppeared(
      state(feed), generation: footerController.generation, loadMore: { await feed.loadMore() })
    await feed.loadMore()
    await yield { asia.pending == 1 }
    await drain()
    #expect(europe.cursors == [nil])  // no page 3 of the previous key
    #expect(asia.cursors == [nil])  // only the new key's first page

    asia.succeed(rows(10..<12), next: nil)
    await yield { feed.loader?.phase.kind == .loaded }
    #expect(!feed.isPlaceholder)
    #expect(feed.phase.value?.map(\.id) == [10, 11])
    guard case .endOfList = feed.phase.presentation(hasMore: feed.hasMore).footer else {
      Issue.record("the new key's own end of the list does not show")
      return
    }
    feed.stop()
  }

  @Test func aFailedFirstPageShowsTheFailureWithoutThePreviousRows() async {
    let europe = RowGate()
    let asia = RowGate()
    let (_, feed) = await listShowingEurope(europe, asia)

    feed.select(RowsKey(id: 2))
    await yield { asia.pending == 1 }
    asia.fail(TestError(2))
    await yield { feed.loader?.phase.kind == .failed }
    #expect(feed.phase.kind == .failed)
    #expect(feed.phase.value == nil)
    #expect(!feed.isPlaceholder)
    feed.stop()
  }

  @Test func aKeyWithCachedPagesShowsThemAtOnce() async {
    let europe = RowGate()
    let asia = RowGate()
    let (_, feed) = await listShowingEurope(europe, asia)
    feed.select(RowsKey(id: 2))
    await yield { asia.pending == 1 }
    asia.succeed(rows(10..<12), next: nil)
    await yield { feed.loader?.phase.kind == .loaded }

    feed.select(RowsKey(id: 1))  // back to the first key: its own cached rows, revalidating
    #expect(!feed.isPlaceholder)
    #expect(feed.phase.value?.map(\.id) == [0, 1, 2])
    await yield { europe.pending == 1 }
    europe.succeed(rows(0..<3), next: 3)
    await yield { feed.loader?.phase.kind == .loaded }
    feed.stop()
  }

  @Test func aDisabledPagedKeyShowsIdleAndLoadsNothing() async {
    let europe = RowGate()
    let store = LoaderStore(clock: TestClock(), clients: [1: europe])
    let feed = PagedScreen<RegionRowsKey>(store: store, keepsPreviousValue: true)
    feed.select(RegionRowsKey(id: 1))
    await yield { europe.pending == 1 }
    europe.succeed(rows(0..<3), next: 3)
    await yield { feed.phase.kind == .loaded }

    feed.select(RegionRowsKey(id: nil))  // no region: no placeholder, no request
    #expect(feed.phase.kind == .idle)
    #expect(!feed.isPlaceholder)
    await feed.actions.load()
    await feed.loadMore()
    store.refetch(after: .becameActive)
    store.invalidateAll()
    await drain()
    #expect(europe.calls == 1)
    #expect(feed.phase.kind == .idle)
    feed.stop()
  }
}
