import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PagedLoaderTests {
  typealias Loader = PagedLoader<PagedRow, Int>

  /// A loader over `pages` whose first page (ids `0..<count`, next cursor `next`) has landed.
  func loadedLoader(
    _ pages: RowGate, count: Int = 3, next: Int? = 3
  ) async -> Loader {
    let loader = Loader { try await pages.fetch($0) }
    let load = Task { await loader.load() }
    await yield { pages.pending == 1 }
    pages.succeed(rows(0..<count), next: next)
    await load.cancellableValue
    return loader
  }

  func ids(_ loader: Loader) -> [Int] {
    loader.items.map(\.id)
  }

  func footer(_ loader: Loader) -> String {
    switch loader.phase.presentation(hasMore: loader.hasMore).footer {
    case .none: "none"
    case .loading: "loading"
    case .failed(let error): "failed(\(error))"
    case .endOfList: "endOfList"
    }
  }

  // MARK: First page and load-more

  @Test func theFirstPageLoadsWithHasMore() async {
    let pages = RowGate()
    let loader = Loader { try await pages.fetch($0) }
    #expect(loader.phase.kind == .idle)
    #expect(!loader.hasMore)

    let load = Task { await loader.load() }
    await yield { pages.pending == 1 }
    #expect(loader.phase.kind == .loading)
    #expect(pages.cursors == [nil])

    pages.succeed(rows(0..<3), next: 3)
    await load.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(ids(loader) == [0, 1, 2])
    #expect(loader.nextCursor == 3)
    #expect(loader.hasMore)
    #expect(loader.loadedAt != nil)
    #expect(footer(loader) == "loading")
  }

  @Test func loadMoreAppendsTheNextPageInOrder() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)

    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    #expect(loader.phase.kind == .loadingMore)
    #expect(ids(loader) == [0, 1, 2])  // the items stay visible
    #expect(pages.cursors == [nil, 3])

    pages.succeed(rows(3..<6), next: 6)
    await more.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(ids(loader) == [0, 1, 2, 3, 4, 5])
    #expect(loader.nextCursor == 6)

    let third = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    #expect(pages.cursors == [nil, 3, 6])
    pages.succeed(rows(6..<8), next: nil)
    await third.cancellableValue
    #expect(ids(loader) == Array(0..<8))
    #expect(!loader.hasMore)
  }

  @Test func concurrentLoadMoreCallsJoinOneRequest() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    let resumed = LockIsolated(0)
    var callers: [Task<Void, Never>] = []
    for _ in 0..<20 {
      callers.append(
        Task {
          await loader.loadMore()
          resumed.withValue { $0 += 1 }
        })
    }
    await yield { pages.pending == 1 }
    loader.startLoadMore()
    await drain()
    #expect(pages.calls == 2)  // the first page and one load-more
    #expect(resumed.value == 0)  // every caller waits for the shared request

    pages.succeed(rows(3..<5), next: 5)
    for caller in callers { await caller.cancellableValue }
    #expect(resumed.value == 20)
    #expect(pages.calls == 2)
    #expect(ids(loader) == [0, 1, 2, 3, 4])
  }

  @Test func loadMoreAtTheEndMakesNoRequestAndTheFooterShowsTheEnd() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages, next: nil)
    #expect(!loader.hasMore)
    #expect(loader.nextCursor == nil)
    #expect(footer(loader) == "endOfList")

    // The footer appears again and again: nothing is fetched, nothing changes.
    for _ in 0..<5 {
      await loader.loadMore()
      loader.startLoadMore()
    }
    await drain()
    #expect(pages.calls == 1)
    #expect(loader.phase.kind == .loaded)
    #expect(footer(loader) == "endOfList")
  }

  @Test func loadMoreDoesNothingBeforeTheFirstPageOrDuringAReload() async {
    let pages = RowGate()
    let loader = Loader { try await pages.fetch($0) }
    await loader.loadMore()  // idle: nothing to page from
    #expect(pages.calls == 0)
    #expect(loader.phase.kind == .idle)

    let load = Task { await loader.load() }
    await yield { pages.pending == 1 }
    await loader.loadMore()  // the first page runs
    #expect(pages.calls == 1)
    pages.succeed(rows(0..<2), next: 2)
    await load.cancellableValue

    let reload = Task { await loader.reload() }
    await yield { pages.pending == 1 }
    await loader.loadMore()  // a reload runs: it replaces the list anyway
    #expect(pages.calls == 2)
    #expect(loader.phase.kind == .reloading)
    pages.succeed(rows(0..<2), next: 2)
    await reload.cancellableValue
  }

  @Test func theFooterFollowsThePhase() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    #expect(footer(loader) == "loading")  // more exists

    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    #expect(footer(loader) == "loading")
    pages.fail(TestError(4))
    await more.cancellableValue
    #expect(footer(loader) == "failed(TestError(4))")

    let reload = Task { await loader.reload() }
    await yield { pages.pending == 1 }
    #expect(loader.phase.kind == .reloading)
    #expect(footer(loader) == "none")  // it returns when the reload lands
    #expect(loader.phase.presentation(hasMore: loader.hasMore).isRefreshing)
    pages.succeed([], next: nil)
    await reload.cancellableValue
    #expect(footer(loader) == "none")  // an empty list shows the empty state instead
    #expect(loader.phase.presentation(hasMore: loader.hasMore).isEmpty)
  }

  // MARK: Failures keep the items

  @Test func aFailedLoadMoreKeepsEveryItemAndLoadMoreRetries() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)

    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    pages.fail(TestError(7))
    await more.cancellableValue
    #expect(loader.phase.kind == .loadMoreFailed)
    #expect(ids(loader) == [0, 1, 2])
    #expect(loader.phase.error as? TestError == TestError(7))
    #expect(loader.nextCursor == 3)
    #expect(loader.failureCount == 1)

    let again = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    #expect(loader.phase.kind == .loadingMore)
    #expect(pages.cursors == [nil, 3, 3])
    pages.succeed(rows(3..<5), next: nil)
    await again.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(ids(loader) == [0, 1, 2, 3, 4])
    #expect(loader.failureCount == 0)
  }

  @Test func retryAfterAFailedLoadMoreLoadsTheNextPage() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    pages.fail(TestError(1))
    await more.cancellableValue

    let retry = Task { await loader.retry() }
    await yield { pages.pending == 1 }
    #expect(pages.cursors == [nil, 3, 3])  // the next page, not the first
    #expect(loader.phase.kind == .loadingMore)
    pages.succeed(rows(3..<4), next: nil)
    await retry.cancellableValue
    #expect(ids(loader) == [0, 1, 2, 3])
  }

  @Test func aFailedFirstPageShowsFailedAndRetryLoadsTheFirstPage() async {
    let pages = RowGate()
    let loader = Loader { try await pages.fetch($0) }
    let load = Task { await loader.load() }
    await yield { pages.pending == 1 }
    pages.fail(TestError(2))
    await load.cancellableValue
    #expect(loader.phase.kind == .failed)
    #expect(loader.items.isEmpty)

    let retry = Task { await loader.retry() }
    await yield { pages.pending == 1 }
    #expect(loader.phase.kind == .retrying)
    #expect(pages.cursors == [nil, nil])
    pages.succeed(rows(0..<1), next: nil)
    await retry.cancellableValue
    #expect(loader.phase.kind == .loaded)
  }

  // MARK: Reload

  @Test func reloadStartsFromTheFirstPageKeepsTheItemsAndDropsALateLoadMore() async {
    let pages = RowGate(honorsCancellation: false)
    let loader = await loadedLoader(pages)

    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    let reload = Task { await loader.reload() }
    await yield { pages.pending == 2 }
    #expect(pages.cursors == [nil, 3, nil])
    #expect(loader.phase.kind == .reloading)
    #expect(ids(loader) == [0, 1, 2])  // the old items stay visible

    pages.succeed(rows(10..<12, payload: 1), next: 12, at: 1)  // the reload lands
    await reload.cancellableValue
    await more.cancellableValue  // the load-more's caller resumes with the reload
    #expect(loader.phase.kind == .loaded)
    #expect(ids(loader) == [10, 11])
    #expect(loader.nextCursor == 12)

    pages.succeed(rows(3..<6, payload: 2), next: 6)  // the superseded load-more answers late
    await drain()
    #expect(ids(loader) == [10, 11])
    #expect(!loader.items.contains { $0.payload == 2 })
    #expect(loader.nextCursor == 12)
    #expect(loader.phase.kind == .loaded)
  }

  @Test func reloadCancelsTheRunningLoadMoreRequest() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    loader.startLoadMore()
    await yield { pages.pending == 1 }
    loader.startReload()
    await yield { pages.cancelledCalls == 1 }
    await yield { pages.pending == 1 }
    #expect(pages.cursors == [nil, 3, nil])
    #expect(loader.phase.kind == .reloading)
    pages.succeed(rows(0..<2), next: nil)
    await yield { loader.phase.kind == .loaded }
    #expect(ids(loader) == [0, 1])
  }

  @Test func reloadJoinsARunningReload() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    let first = Task { await loader.reload() }
    await yield { pages.pending == 1 }
    let second = Task { await loader.reload() }
    let load = Task { await loader.load() }
    await drain()
    #expect(pages.calls == 2)
    pages.succeed(rows(5..<6), next: nil)
    await first.cancellableValue
    await second.cancellableValue
    await load.cancellableValue
    #expect(ids(loader) == [5])
    #expect(pages.calls == 2)
  }

  @Test func aFailedReloadKeepsTheItemsAndCursorAndLoadMoreGoesOn() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    let reload = Task { await loader.reload() }
    await yield { pages.pending == 1 }
    pages.fail(TestError(3))
    await reload.cancellableValue
    #expect(loader.phase.kind == .reloadFailed)
    #expect(ids(loader) == [0, 1, 2])
    #expect(loader.nextCursor == 3)
    #expect(loader.phase.presentation(hasMore: loader.hasMore).banner as? TestError == TestError(3))

    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    #expect(pages.cursors == [nil, nil, 3])  // from the old cursor
    pages.succeed(rows(3..<5), next: nil)
    await more.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(ids(loader) == [0, 1, 2, 3, 4])
  }

  @Test func aFailedReloadIsNotCurrentUntilAFirstPageLands() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)  // never stale by age
    let reload = Task { await loader.reload() }
    await yield { pages.pending == 1 }
    pages.fail(TestError(3))
    await reload.cancellableValue
    #expect(loader.isStale)  // a failure is not current

    // A page at the end says nothing about the first page: the list stays stale.
    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    pages.succeed(rows(3..<5), next: 5)
    await more.cancellableValue
    #expect(loader.phase.kind == .loaded)
    #expect(loader.isStale)

    let load = Task { await loader.load() }  // the screen appears again
    await yield { pages.pending == 1 }
    #expect(pages.cursors == [nil, nil, 3, nil])
    #expect(loader.phase.kind == .reloading)
    pages.succeed(rows(0..<3, payload: 1), next: 3)
    await load.cancellableValue
    #expect(!loader.isStale)

    // A failed page is no failed reload: the list stays current.
    let failedMore = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    pages.fail(TestError(4))
    await failedMore.cancellableValue
    #expect(loader.phase.kind == .loadMoreFailed)
    #expect(!loader.isStale)
    await loader.load()
    #expect(pages.calls == 5)
  }

  // MARK: Unique items

  @Test func anItemThatALaterPageRepeatsIsUpdatedInPlace() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    // The server shifted: item 2 comes again, with a new payload.
    pages.succeed([PagedRow(id: 2, payload: 9)] + rows(3..<5), next: 5)
    await more.cancellableValue
    #expect(ids(loader) == [0, 1, 2, 3, 4])
    #expect(loader.items.count == 5)
    #expect(loader.items[2] == PagedRow(id: 2, payload: 9))
    #expect(loader.items[id: 2]?.payload == 9)
  }

  @Test func aFirstPageWithARepeatedIDKeepsTheLaterItem() async {
    let pages = RowGate()
    let loader = Loader { try await pages.fetch($0) }
    let load = Task { await loader.load() }
    await yield { pages.pending == 1 }
    pages.succeed(rows(0..<2) + [PagedRow(id: 0, payload: 5)], next: nil)
    await load.cancellableValue
    #expect(ids(loader) == [0, 1])
    #expect(loader.items[id: 0]?.payload == 5)
  }

  // MARK: Cursor conveniences

  @Test func offsetPagingComputesTheCursorAndAShortPageEndsTheList() async {
    let gate = Gate<[PagedRow]>()
    let requests = LockIsolated<[[Int]]>([])
    let loader = Loader.offset(pageSize: 2) { offset, limit in
      requests.withValue { $0.append([offset, limit]) }
      return try await gate.call()
    }
    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    gate.succeed(rows(0..<2))
    await load.cancellableValue
    #expect(loader.nextCursor == 2)
    #expect(loader.hasMore)

    let more = Task { await loader.loadMore() }
    await yield { gate.pending == 1 }
    gate.succeed(rows(2..<3))  // shorter than the page size: the end
    await more.cancellableValue
    #expect(requests.value == [[0, 2], [2, 2]])
    #expect(loader.nextCursor == nil)
    #expect(ids(loader) == [0, 1, 2])
    await loader.loadMore()
    #expect(gate.calls == 2)
    #expect(footer(loader) == "endOfList")
  }

  @Test func offsetPagingEndsWithAnEmptyPageAfterAFullOne() async {
    let gate = Gate<[PagedRow]>()
    let loader = Loader.offset(pageSize: 2) { _, _ in try await gate.call() }
    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    gate.succeed(rows(0..<2))
    await load.cancellableValue
    let more = Task { await loader.loadMore() }
    await yield { gate.pending == 1 }
    gate.succeed([])
    await more.cancellableValue
    #expect(loader.nextCursor == nil)
    #expect(ids(loader) == [0, 1])
    #expect(footer(loader) == "endOfList")
  }

  @Test func afterLastIDPagingUsesTheLastItemsID() async {
    let gate = Gate<[PagedRow]>()
    let requests = LockIsolated<[String]>([])
    let loader = Loader.afterLastID(pageSize: 2) { lastID, limit in
      requests.withValue { $0.append("\(lastID.map(String.init) ?? "nil")/\(limit)") }
      return try await gate.call()
    }
    let load = Task { await loader.load() }
    await yield { gate.pending == 1 }
    gate.succeed(rows([10, 20]))
    await load.cancellableValue
    #expect(loader.nextCursor == 20)

    let more = Task { await loader.loadMore() }
    await yield { gate.pending == 1 }
    gate.succeed(rows([30]))
    await more.cancellableValue
    #expect(requests.value == ["nil/2", "20/2"])
    #expect(loader.nextCursor == nil)
    #expect(ids(loader) == [10, 20, 30])
    await loader.loadMore()
    #expect(gate.calls == 2)
  }

  // MARK: Cancel and reset

  @Test func cancelDuringLoadMoreReturnsToLoadedWithTheItems() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    loader.cancel()
    await more.cancellableValue  // the waiting caller resumes
    #expect(loader.phase.kind == .loaded)
    #expect(ids(loader) == [0, 1, 2])
    #expect(loader.nextCursor == 3)
    await yield { pages.cancelledCalls == 1 }
    #expect(loader.phase.error == nil)  // the cancellation is not a failure
  }

  @Test func resetForgetsTheItemsAndTheCursorAndDropsALatePage() async {
    let pages = RowGate(honorsCancellation: false)
    let loader = await loadedLoader(pages)
    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    loader.reset()
    await more.cancellableValue
    #expect(loader.phase.kind == .idle)
    #expect(loader.nextCursor == nil)
    #expect(loader.items.isEmpty)
    #expect(!loader.hasMore)
    #expect(loader.loadedAt == nil)

    pages.succeed(rows(3..<5), next: 5)  // late
    await drain()
    #expect(loader.phase.kind == .idle)
    #expect(loader.nextCursor == nil)
    await loader.loadMore()
    #expect(pages.calls == 2)
  }

  @Test func cancellingTheAwaitingTaskDoesNotCancelTheLoadMore() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages)
    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    more.cancel()  // SwiftUI cancels the footer's task
    await more.cancellableValue
    await drain()
    #expect(pages.cancelledCalls == 0)
    #expect(loader.phase.kind == .loadingMore)
    pages.succeed(rows(3..<4), next: nil)
    await yield { loader.phase.kind == .loaded }
    #expect(ids(loader) == [0, 1, 2, 3])
  }

  // MARK: Staleness

  @Test func loadReloadsAStaleList() async {
    let clock = TestClock()
    let pages = RowGate()
    let loader = Loader(clock: clock, staleness: .after(.seconds(60))) { try await pages.fetch($0) }
    let first = Task { await loader.load() }
    await yield { pages.pending == 1 }
    pages.succeed(rows(0..<2), next: 2)
    await first.cancellableValue
    #expect(loader.loadedAt == LoaderClock.Instant(offset: .zero))

    await clock.advance(by: .seconds(59))
    #expect(!loader.isStale)
    await loader.load()
    #expect(pages.calls == 1)

    await clock.advance(by: .seconds(1))
    #expect(loader.isStale)
    let second = Task { await loader.load() }
    await yield { pages.pending == 1 }
    #expect(loader.phase.kind == .reloading)
    #expect(pages.cursors == [nil, nil])
    pages.succeed(rows(5..<6), next: nil)
    await second.cancellableValue
    #expect(ids(loader) == [5])
    #expect(loader.loadedAt == LoaderClock.Instant(offset: .seconds(60)))
    #expect(!loader.isStale)
  }

  // MARK: Observation precision

  @Test func eachVisibleChangeNotifiesOnceAndJoinedLoadMoreNotAtAll() async {
    let pages = RowGate()
    let loader = Loader { try await pages.fetch($0) }
    let observer = PhaseRecorder(loader)

    let load = Task { await loader.load() }
    await yield { pages.pending == 1 }
    await drain()
    #expect(observer.notifications == 1)  // idle → loading
    pages.succeed(rows(0..<2), next: 2)
    await load.cancellableValue
    await drain()
    #expect(observer.notifications == 2)  // loading → loaded

    let more = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    await drain()
    #expect(observer.notifications == 3)  // loaded → loadingMore

    let joined = Task { await loader.loadMore() }
    loader.startLoadMore()
    await loader.load()  // a list is current: nothing to do
    await drain()
    #expect(observer.notifications == 3)  // joining sends nothing

    pages.succeed(rows(2..<3), next: nil)
    await more.cancellableValue
    await joined.cancellableValue
    await drain()
    #expect(observer.notifications == 4)  // loadingMore → loaded

    await loader.loadMore()  // the end: a no-op
    loader.startLoadMore()
    loader.cancel()  // nothing runs: a no-op
    await drain()
    #expect(observer.notifications == 4)
    #expect(pages.calls == 2)
  }

  // MARK: Memory

  @Test func releasingTheLoaderWithAPageInFlightCancelsTheRequest() async {
    let pages = RowGate()
    weak var weakLoader: Loader?
    weak var weakCore: LoaderCore?
    do {
      let loader = await loadedLoader(pages)
      weakLoader = loader
      weakCore = loader.core
      loader.startLoadMore()
      await yield { pages.pending == 1 }
    }
    #expect(weakLoader == nil)
    #expect(weakCore == nil)
    await yield { pages.cancelledCalls == 1 }
    #expect(pages.pending == 0)
  }

  /// Appending a page mutates the stored items in place: the elements' buffer moves only when it
  /// grows, never once per page, as it would if a second reference forced a copy on write.
  @Test func appendingPagesDoesNotCopyTheStoredItems() async {
    let pages = RowGate()
    let loader = await loadedLoader(pages, count: 1, next: 1)
    var moves = 0
    var address = loader.items.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let pageCount = 300
    for page in 1...pageCount {
      loader.startLoadMore()
      await yield { pages.pending == 1 }
      pages.succeed(rows(page..<(page + 1)), next: page + 1)
      await yield { loader.phase.kind == .loaded }
      let next = loader.items.elements.withUnsafeBufferPointer {
        UInt(bitPattern: $0.baseAddress)
      }
      if next != address { moves += 1 }
      address = next
    }
    #expect(loader.items.count == pageCount + 1)
    // Geometric growth reallocates about log2(300) ≈ 9 times; a copy per page would move 300.
    #expect(moves <= 20, "the items moved \(moves) times in \(pageCount) pages")

    // The measure sees copies: with a second reference held, every append moves the buffer.
    var control: IdentifiedItems<PagedRow> = [PagedRow(id: 0)]
    var controlMoves = 0
    for id in 1...pageCount {
      let held = control
      let before = held.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      control.updateOrAppend(PagedRow(id: id))
      let after = control.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      if after != before { controlMoves += 1 }
      #expect(held.count == id)
    }
    #expect(controlMoves == pageCount)
  }

  @Test func aCustomMergeDecidesHowAPageJoinsTheItems() async {
    let pages = [
      [PagedRow(id: 1, payload: 1), PagedRow(id: 2, payload: 1)],
      [PagedRow(id: 2, payload: 2), PagedRow(id: 3, payload: 2)],
    ]
    let loader = PagedLoader<PagedRow, Int>(
      merge: { items, page in
        for row in page { items.append(row) }  // keeps the first copy
      }
    ) { cursor in
      let index = cursor ?? 0
      return Page(items: pages[index], nextCursor: index + 1 < pages.count ? index + 1 : nil)
    }
    await loader.load()
    await loader.loadMore()
    #expect(loader.items.map(\.id) == [1, 2, 3])
    #expect(loader.items[id: 2]?.payload == 1)
    #expect(!loader.hasMore)
  }
}
