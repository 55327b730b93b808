import AsyncContentCore
import AsyncContentTestSupport
import Testing

/// The header of a list that pages backwards: its `LoadMoreController(edge: .start)`, the
/// spinner that waits while the other end loads, and the row a renderer keeps in place when
/// earlier rows arrive.
@MainActor
@Suite("Paging header", .timeLimit(.minutes(1)))
struct HeaderControllerTests {
  typealias Loader = PagedLoader<LifecycleRow, Int>

  /// A chat opened at its newest page (rows 10 and 11), with earlier pages at cursors 8, 6, …
  /// (the first request).
  func openedChat(_ pages: PagedGate<LifecycleRow, Int>) async -> Loader {
    let loader = Loader { try await pages.fetch($0) }
    let first = Task { await loader.load() }
    await eventually { pages.pending == 1 }
    pages.succeed([LifecycleRow(id: 10), LifecycleRow(id: 11)], next: 12, previous: 8)
    await first.value
    return loader
  }

  func state(_ loader: Loader) -> PagingState {
    PagingState(
      kind: loader.phase.kind, hasMore: loader.hasMore, hasPrevious: loader.hasPrevious ?? false)
  }

  @Test func theHeaderLoadsThePreviousPageOncePerPageAndAFailedOneOnlyFromItsButton() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = await openedChat(pages)
    #expect(loader.hasPrevious == true)

    let header = LoadMoreController(edge: .start)
    #expect(header.edge == .start)
    let loadPrevious: @Sendable () async -> Void = { await loader.loadPrevious() }
    header.footerAppeared(state(loader), generation: 0, loadMore: loadPrevious)
    header.footerAppeared(state(loader), generation: 0, loadMore: loadPrevious)  // joined
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [nil, 8])
    pages.succeed([LifecycleRow(id: 8), LifecycleRow(id: 9)], next: 10, previous: 6)
    await eventually { !header.isLoadingMore }
    #expect(loader.items.map(\.id) == [8, 9, 10, 11])
    // The page ended, but the header is renewed only once its rows are in place.
    #expect(header.generation == 0)
    header.footerAppeared(state(loader), generation: 0, loadMore: loadPrevious)
    await drainMainActor()
    #expect(pages.calls == 2)

    // The rows are in place and the renewed spinner is on screen: the next earlier page loads,
    // and fails.
    await header.rowsPlaced()
    #expect(header.generation == 1)
    header.footerAppeared(state(loader), generation: 1, loadMore: loadPrevious)
    await eventually { pages.pending == 1 }
    pages.fail(TestError(1))
    await eventually { !header.isLoadingMore }
    #expect(loader.phase.kind == .loadPreviousFailed)
    // The error replaced the spinner: appearing again loads nothing; its button does.
    await header.rowsPlaced()
    header.footerAppeared(state(loader), generation: header.generation, loadMore: loadPrevious)
    await drainMainActor()
    #expect(pages.calls == 3)
    let retry = Task { await header.retry(loadMore: loadPrevious) }
    await eventually { pages.pending == 1 }
    #expect(pages.cursors.last == 6)
    pages.succeed([LifecycleRow(id: 6), LifecycleRow(id: 7)], next: 8, previous: nil)
    await retry.value
    #expect(loader.hasPrevious == false)
    // At the start of the list nothing more loads.
    await header.rowsPlaced()
    header.footerAppeared(state(loader), generation: header.generation, loadMore: loadPrevious)
    await drainMainActor()
    #expect(pages.calls == 4)
  }

  @Test func aSpinnerThatAppearedWhileTheOtherEndLoadedLoadsItsPageOnceThatLands() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = await openedChat(pages)

    let footer = LoadMoreController()
    let header = LoadMoreController(edge: .start)
    let loadMore: @Sendable () async -> Void = { await loader.loadMore() }
    let loadPrevious: @Sendable () async -> Void = { await loader.loadPrevious() }
    footer.footerAppeared(state(loader), generation: 0, loadMore: loadMore)
    await eventually { pages.pending == 1 }
    let loadingMore = state(loader)
    // The header shows while the next page loads: one page at a time, so nothing starts.
    header.footerAppeared(loadingMore, generation: 0, loadMore: loadPrevious)
    await drainMainActor()
    #expect(pages.cursors == [nil, 12])
    pages.succeed([LifecycleRow(id: 12)], next: nil)
    await eventually { !footer.isLoadingMore }
    // The list settled while the header stayed on screen: the header is renewed, and the new
    // spinner, on screen after the layout, loads its page.
    header.stateChanged(from: loadingMore, to: state(loader))
    #expect(header.generation == 1)
    header.footerAppeared(state(loader), generation: 1, loadMore: loadPrevious)
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [nil, 12, 8])
    // The footer, whose own page that was, is not renewed by the change: its page renewed it.
    let footerGeneration = footer.generation
    footer.stateChanged(from: loadingMore, to: state(loader))
    #expect(footer.generation == footerGeneration)
    await drainMainActor()
    #expect(pages.calls == 3)
    pages.succeed([LifecycleRow(id: 8), LifecycleRow(id: 9)], next: 10, previous: nil)
    await eventually { !header.isLoadingMore }
    // A change that leaves the list unable to load more renews nothing.
    header.footerDisappeared(generation: 1)
    #expect(!header.isFooterVisible)
    header.stateChanged(from: state(loader), to: state(loader))
    #expect(header.generation == 1)
  }

  @Test func theAnchorNamesTheReadersRowWhenEarlierRowsLand() {
    var anchor = PrependAnchor<Int>()
    var rows = [10, 11, 12, 13, 14, 15]
    func position(_ id: Int) -> Int? { rows.firstIndex(of: id) }
    // The reader sees rows 10 to 13, then scrolls on while the previous page loads.
    for id in 10...13 { anchor.rowAppeared(id) }
    #expect(anchor.readersRow(position: position) == 10)
    #expect(
      anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 10, position: position)
        == nil)
    #expect(anchor.firstIDAtStart == 10)
    anchor.rowDisappeared(10)
    anchor.rowDisappeared(11)
    anchor.rowAppeared(14)
    // The page lands before row 10: the reader's row is 12, the topmost on screen.
    rows = [8, 9] + rows
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .loaded, firstID: 8, position: position)
        == 12)
    #expect(anchor.firstIDAtStart == nil)

    // A failure, a cancel (back to loaded with the same first row) and a reload keep nothing.
    _ = anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 8, position: position)
    #expect(
      anchor.phaseChanged(
        from: .loadingPrevious, to: .loadPreviousFailed, firstID: 8, position: position) == nil)
    _ = anchor.phaseChanged(
      from: .loadPreviousFailed, to: .loadingPrevious, firstID: 8, position: position)
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .loaded, firstID: 8, position: position)
        == nil)
    _ = anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 8, position: position)
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .reloading, firstID: 8, position: position)
        == nil)
    #expect(
      anchor.phaseChanged(from: .reloading, to: .loaded, firstID: 1, position: position) == nil)
    // Rows on screen that the list no longer holds (a window dropped them) are not the
    // reader's: the topmost row it holds is.
    _ = anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 8, position: position)
    rows = [6, 7, 8, 9, 13, 14, 15]
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .loaded, firstID: 6, position: position)
        == 13)
    // No row on screen that the list holds: nothing to keep.
    _ = anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 6, position: position)
    rows = [4, 5, 6]
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .loaded, firstID: 4, position: position)
        == nil)
    // A load-more changes nothing above the reader.
    #expect(
      anchor.phaseChanged(from: .loadingMore, to: .loaded, firstID: 4, position: position) == nil)
  }
}
