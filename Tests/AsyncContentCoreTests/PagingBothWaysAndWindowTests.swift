import AsyncContentCore
import AsyncContentTestSupport
import ConcurrencyExtras
import Testing

/// `PagedLoader` paging backwards (`loadPrevious()`, a chat or a feed opened in the middle) and
/// keeping at most `maxPages` pages, with the cursors to load again what a window dropped.
///
/// Cursors here are the id of a page's first row; a page holds ten rows, so the page at cursor
/// 30 holds 30..<40, the page before it is at 20 and the one after at 40.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PagingBothWaysAndWindowTests {
  typealias Loader = PagedLoader<PagedRow, Int>

  /// The page at `cursor`: ten rows, with the cursors of its neighbours inside `0..<limit`.
  static func page(
    at cursor: Int, limit: Int = 100
  ) -> (rows: [PagedRow], next: Int?, previous: Int?) {
    (
      rows(cursor..<cursor + 10), cursor + 10 < limit ? cursor + 10 : nil,
      cursor > 0 ? cursor - 10 : nil
    )
  }

  /// Answers the waiting request at `index` (the oldest by default) with the page at `cursor`.
  static func answer(_ pages: RowGate, at cursor: Int, request index: Int = 0) {
    let page = page(at: cursor)
    pages.succeed(page.rows, next: page.next, previous: page.previous, at: index)
  }

  /// A loader whose first page, opened at `start` (the first request carries no cursor), has
  /// landed.
  func openedLoader(_ pages: RowGate, at start: Int, maxPages: Int? = nil) async -> Loader {
    let loader = Loader(maxPages: maxPages) { try await pages.fetch($0) }
    let load = Task { await loader.load() }
    await yield { pages.pending == 1 }
    Self.answer(pages, at: start)
    await load.cancellableValue
    return loader
  }

  func ids(_ loader: Loader) -> [Int] { loader.items.map(\.id) }

  /// The header a list paged backwards shows.
  func header(_ loader: Loader) -> String {
    switch loader.phase.presentation(hasMore: loader.hasMore, hasPrevious: loader.hasPrevious)
      .header
    {
    case .none: "none"
    case .loading: "loading"
    case .failed(let error): "failed(\(error))"
    case .endOfList: "startOfList"
    }
  }

  /// Runs `step` and answers the request it makes with the page at the cursor it asked for;
  /// the first page (no cursor) is the page at `firstPage`.
  func turn(
    _ pages: RowGate, firstPage: Int = 0, _ step: @escaping @MainActor () async -> Void
  ) async {
    let task = Task { await step() }
    await yield { pages.pending == 1 }
    Self.answer(pages, at: pages.cursors.last.flatMap { $0 } ?? firstPage)
    await task.cancellableValue
  }

  @Test func aPreviousPageGoesBeforeTheItemsAndTheHeaderShowsItsStates() async {
    let pages = RowGate()
    let loader = await openedLoader(pages, at: 50)
    #expect(ids(loader) == Array(50..<60))
    #expect(loader.hasPrevious == true)
    #expect(loader.previousCursor == 40)
    #expect(header(loader) == "loading")

    let previous = Task { await loader.loadPrevious() }
    await yield { pages.pending == 1 }
    #expect(loader.phase.kind == .loadingPrevious)
    #expect(ids(loader) == Array(50..<60))
    #expect(pages.cursors == [nil, 40])
    // One page at a time: the next page waits for the previous one.
    await loader.loadMore()
    #expect(pages.calls == 2)
    Self.answer(pages, at: 40)
    await previous.cancellableValue
    #expect(ids(loader) == Array(40..<60))
    #expect(loader.phase.kind == .loaded)
    #expect(loader.previousCursor == 30)

    // A failure keeps every item and shows in the header; retry() loads that page again.
    let failing = Task { await loader.loadPrevious() }
    await yield { pages.pending == 1 }
    pages.fail(TestError(1))
    await failing.cancellableValue
    #expect(loader.phase.kind == .loadPreviousFailed)
    #expect(ids(loader) == Array(40..<60))
    #expect(header(loader) == "failed(TestError(1))")
    await turn(pages) { await loader.retry() }
    #expect(pages.cursors.last == 30)
    #expect(ids(loader) == Array(30..<60))
  }

  @Test func theStartOfTheListEndsThePreviousPagesAndAOneWayListHasNoHeader() async {
    let pages = RowGate()
    let loader = await openedLoader(pages, at: 10)
    await turn(pages) { await loader.loadPrevious() }
    #expect(ids(loader) == Array(0..<20))
    #expect(loader.hasPrevious == false)
    #expect(loader.previousCursor == nil)
    #expect(header(loader) == "startOfList")
    await loader.loadPrevious()
    #expect(pages.calls == 2, "nothing is fetched before the start of the list")

    // A list whose first page names no previous page pages one way only: no header.
    let forward = RowGate()
    let feed = await openedLoader(forward, at: 0)
    #expect(feed.hasPrevious == nil)
    #expect(header(feed) == "none")
    await feed.loadPrevious()
    #expect(forward.calls == 1)
  }

  @Test func aReloadSupersedesThePreviousPageAndStartsAfresh() async {
    let pages = RowGate(honorsCancellation: false)
    let loader = await openedLoader(pages, at: 50)
    let previous = Task { await loader.loadPrevious() }
    await yield { pages.pending == 1 }
    let reload = Task { await loader.reload() }
    await yield { pages.pending == 2 }
    #expect(pages.cursors == [nil, 40, nil])
    #expect(loader.phase.kind == .reloading)
    #expect(ids(loader) == Array(50..<60))
    Self.answer(pages, at: 70, request: 1)  // the reload lands
    await reload.cancellableValue
    await previous.cancellableValue
    #expect(ids(loader) == Array(70..<80))
    // The superseded previous page answers late and is dropped.
    Self.answer(pages, at: 40)
    await drain()
    #expect(ids(loader) == Array(70..<80))
    #expect(loader.phase.kind == .loaded)
    #expect(loader.previousCursor == 60)
    #expect(loader.nextCursor == 80)
  }

  @Test func cancellingThePreviousPageReturnsToLoaded() async {
    let pages = RowGate()
    let loader = await openedLoader(pages, at: 50)
    loader.startLoadPrevious()
    await yield { pages.pending == 1 }
    loader.cancel()
    #expect(loader.phase.kind == .loaded)
    #expect(loader.lastLoadWasCancelled)
    #expect(ids(loader) == Array(50..<60))
  }

  @Test func aWindowKeepsMaxPagesAndTheCursorsToLoadThemAgain() async {
    let pages = RowGate()
    let loader = await openedLoader(pages, at: 0, maxPages: 2)
    #expect(loader.hasPrevious == nil)
    await turn(pages) { await loader.loadMore() }
    #expect(ids(loader) == Array(0..<20))
    // A third page drops the first; the list now pages backwards to load it again.
    await turn(pages) { await loader.loadMore() }
    #expect(ids(loader) == Array(10..<30))
    #expect(loader.hasPrevious == true)
    #expect(loader.nextCursor == 30)
    // The dropped page was the first page: its cursor is the first page's, `nil`.
    #expect(loader.previousCursor == nil)
    await turn(pages) { await loader.loadMore() }
    #expect(ids(loader) == Array(20..<40))
    #expect(loader.previousCursor == 10)

    // Back up: each previous page drops the last one and keeps its cursor for loadMore().
    await turn(pages) { await loader.loadPrevious() }
    #expect(pages.cursors.last == 10)
    #expect(ids(loader) == Array(10..<30))
    #expect(loader.nextCursor == 30)
    // The page before names its own previous cursor, which wins over the one kept.
    await turn(pages) { await loader.loadPrevious() }
    #expect(pages.cursors.last == 0)
    #expect(ids(loader) == Array(0..<20))
    #expect(loader.hasPrevious == false)
    #expect(loader.nextCursor == 20)
    await turn(pages) { await loader.loadMore() }
    #expect(pages.cursors.last == 20)
    #expect(ids(loader) == Array(10..<30))
  }

  @Test func aWindowDropsThePageThatStartedTheListWhenItPagesBackwards() async {
    // A chat: the first request brings the newest page; older pages come before it.
    let pages = RowGate()
    let loader = await openedLoader(pages, at: 90, maxPages: 2)
    await turn(pages) { await loader.loadPrevious() }
    await turn(pages) { await loader.loadPrevious() }
    #expect(ids(loader) == Array(70..<90))
    #expect(loader.hasMore)
    #expect(loader.nextCursor == nil, "the next page is the first page, whose cursor is nil")
    await turn(pages, firstPage: 90) { await loader.loadMore() }
    #expect(pages.cursors.last == .some(nil))
    #expect(ids(loader) == Array(80..<100))
    #expect(!loader.hasMore)
  }

  @Test func aWindowCountsOnlyTheItemsAPageAdded() async {
    // The server shifted: the second page repeats two rows of the first, which update in place.
    let pages = RowGate()
    let loader = Loader(maxPages: 2) { try await pages.fetch($0) }
    let load = Task { await loader.load() }
    await yield { pages.pending == 1 }
    pages.succeed(rows(0..<10), next: 10)
    await load.cancellableValue
    let second = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    pages.succeed(rows(8..<18, payload: 1), next: 18)
    await second.cancellableValue
    #expect(ids(loader) == Array(0..<18))
    let third = Task { await loader.loadMore() }
    await yield { pages.pending == 1 }
    pages.succeed(rows(18..<28), next: 28)
    await third.cancellableValue
    // The first page added ten rows and goes; the second added eight and stays.
    #expect(ids(loader) == Array(10..<28))
    #expect(loader.previousCursor == nil)
    #expect(loader.hasPrevious == true)
  }

  /// The server shifted: every page after the first repeats three rows of the page next to it
  /// that is loaded (a previous page the first rows after it, a next page the last rows before
  /// it), which update in place. A full window drops, at either end, only the rows the page
  /// there added.
  @Test func aWindowCountsOnlyTheItemsAPageAddedAtEitherEnd() async {
    let pages = RowGate()
    let loader = await openedLoader(pages, at: 50, maxPages: 2)
    /// Loads the previous page, at 40, which repeats 50..<53.
    func loadPrevious() async {
      let previous = Task { await loader.loadPrevious() }
      await yield { pages.pending == 1 }
      #expect(pages.cursors.last == 40)
      pages.succeed(rows(40..<53, payload: pages.calls), next: 50, previous: 30)
      await previous.cancellableValue
    }
    /// Loads the next page, at 60, which repeats 57..<60.
    func loadMore() async {
      let next = Task { await loader.loadMore() }
      await yield { pages.pending == 1 }
      #expect(pages.cursors.last == 60)
      pages.succeed(rows(57..<70, payload: pages.calls), next: 70, previous: 50)
      await next.cancellableValue
    }
    func payloads() -> [Int] { loader.items.map(\.payload) }

    await loadPrevious()
    #expect(ids(loader) == Array(40..<60))
    #expect(payloads() == Array(repeating: 2, count: 13) + Array(repeating: 0, count: 7))
    // The next page drops the previous one, which added ten rows: the first page stays whole.
    await loadMore()
    #expect(ids(loader) == Array(50..<70))
    #expect(
      payloads() == [2, 2, 2] + Array(repeating: 0, count: 4) + Array(repeating: 3, count: 13))
    #expect(loader.previousCursor == 40)

    // Going back drops the page at 60, which added ten rows, and keeps its cursor.
    await loadPrevious()
    #expect(ids(loader) == Array(40..<60))
    #expect(loader.nextCursor == 60)
    #expect(loader.previousCursor == 30)
    await loadMore()
    #expect(ids(loader) == Array(50..<70))
  }

  /// A previous page superseded by a refresh or a reset answers late, with a page or an error,
  /// while the new first page loads or after it landed and a new previous page loads: it
  /// changes nothing, and the pages asked for since land.
  @Test(arguments: PreviousPageSuperseded.allCases, LateAnswer.allCases)
  func aSupersededPreviousPageNeverLands(
    superseded: PreviousPageSuperseded, late: LateAnswer
  ) async {
    let pages = RowGate(honorsCancellation: false)
    let loader = await openedLoader(pages, at: 50)
    loader.startLoadPrevious()
    await yield { pages.pending == 1 }
    #expect(pages.cursors == [nil, 40])
    switch superseded {
    case .byARefresh: loader.startReload()
    case .byAReset:
      loader.reset()
      loader.startLoad()
    }
    await yield { pages.pending == 2 }
    let phaseOfTheFirstPage = loader.phase.kind
    #expect(phaseOfTheFirstPage == (superseded == .byARefresh ? .reloading : .loading))

    /// The superseded previous page, the oldest request, answers.
    func answerLate() async {
      if late.succeeds {
        Self.answer(pages, at: 40, request: 0)
      } else {
        pages.fail(TestError(2), at: 0)
      }
      await drain()
    }

    if !late.duringANewPreviousPage {
      await answerLate()
      #expect(loader.phase.kind == phaseOfTheFirstPage)
      #expect(loader.isLoadRunning)
      #expect(ids(loader) == (superseded == .byARefresh ? Array(50..<60) : []))
    }
    Self.answer(pages, at: 70, request: late.duringANewPreviousPage ? 1 : 0)
    await yield { loader.phase.kind == .loaded }
    #expect(ids(loader) == Array(70..<80))

    loader.startLoadPrevious()
    await yield { pages.cursors.count == 4 }
    #expect(pages.cursors.last == 60)
    if late.duringANewPreviousPage {
      await answerLate()
      #expect(loader.phase.kind == .loadingPrevious)
      #expect(ids(loader) == Array(70..<80))
    }
    Self.answer(pages, at: 60, request: 0)
    await yield { loader.phase.kind == .loaded }
    #expect(ids(loader) == Array(60..<80))
    #expect(loader.previousCursor == 50)
  }

  @Test func resetForgetsBothEndsAndTheWindow() async {
    let pages = RowGate()
    let loader = await openedLoader(pages, at: 50, maxPages: 1)
    await turn(pages) { await loader.loadMore() }
    #expect(ids(loader) == Array(60..<70))
    loader.reset()
    #expect(loader.hasPrevious == nil)
    #expect(loader.previousCursor == nil)
    #expect(!loader.hasMore)
    await turn(pages) { await loader.load() }
    #expect(pages.cursors.last == .some(nil))
  }

  @Test func theOffsetLoaderNamesThePageBeforeSoAWindowCanGoBack() async {
    let fetched = LockIsolated<[Int]>([])
    let loader = PagedLoader<PagedRow, Int>.offset(pageSize: 10, maxPages: 1) { offset, limit in
      fetched.withValue { $0.append(offset) }
      return rows(offset..<offset + limit)
    }
    await loader.load()
    await loader.loadMore()
    await loader.loadMore()
    #expect(loader.items.map(\.id) == Array(20..<30))
    #expect(loader.hasPrevious == true)
    await loader.loadPrevious()
    #expect(loader.items.map(\.id) == Array(10..<20))
    await loader.loadPrevious()
    #expect(loader.items.map(\.id) == Array(0..<10))
    #expect(loader.hasPrevious == false)
    #expect(fetched.value == [0, 10, 20, 10, 0])
  }
}

/// What supersedes a previous page whose answer comes late: a refresh, or a reset and a new first
/// load.
enum PreviousPageSuperseded: String, CaseIterable, Sendable {
  case byARefresh, byAReset
}

/// When a superseded page answers, and how.
enum LateAnswer: String, CaseIterable, Sendable {
  case pageWhileTheFirstPageLoads, errorWhileTheFirstPageLoads
  case pageWhileANewPreviousPageLoads, errorWhileANewPreviousPageLoads

  var succeeds: Bool {
    self == .pageWhileTheFirstPageLoads || self == .pageWhileANewPreviousPageLoads
  }

  var duringANewPreviousPage: Bool {
    self == .pageWhileANewPreviousPageLoads || self == .errorWhileANewPreviousPageLoads
  }
}
