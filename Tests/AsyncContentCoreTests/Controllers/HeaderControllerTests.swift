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
    header.footerAppeared(state(loader), loadMore: loadPrevious)
    header.footerAppeared(state(loader), loadMore: loadPrevious)  // joined
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [nil, 8])
    pages.succeed([LifecycleRow(id: 8), LifecycleRow(id: 9)], next: 10, previous: 6)
    await eventually { !header.isLoadingMore }
    #expect(loader.items.map(\.id) == [8, 9, 10, 11])

    // The spinner stays on screen: the next earlier page loads, and fails.
    header.pageLanded(state(loader), loadMore: loadPrevious)
    await eventually { pages.pending == 1 }
    pages.fail(TestError(1))
    await eventually { !header.isLoadingMore }
    #expect(loader.phase.kind == .loadPreviousFailed)
    // The error replaced the spinner: appearing again loads nothing; its button does.
    header.footerAppeared(state(loader), loadMore: loadPrevious)
    header.stateChanged(state(loader), loadMore: loadPrevious)
    await drainMainActor()
    #expect(pages.calls == 3)
    let retry = Task { await header.retry(loadMore: loadPrevious) }
    await eventually { pages.pending == 1 }
    #expect(pages.cursors.last == 6)
    pages.succeed([LifecycleRow(id: 6), LifecycleRow(id: 7)], next: 8, previous: nil)
    await retry.value
    #expect(loader.hasPrevious == false)
    // At the start of the list nothing more loads.
    header.footerAppeared(state(loader), loadMore: loadPrevious)
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
    footer.footerAppeared(state(loader), loadMore: loadMore)
    await eventually { pages.pending == 1 }
    // The header shows while the next page loads: one page at a time, so nothing starts.
    header.footerAppeared(state(loader), loadMore: loadPrevious)
    await drainMainActor()
    #expect(pages.cursors == [nil, 12])
    pages.succeed([LifecycleRow(id: 12)], next: nil)
    await eventually { !footer.isLoadingMore }
    // The list settled while the header stayed on screen: its page loads now.
    header.stateChanged(state(loader), loadMore: loadPrevious)
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [nil, 12, 8])
    // The footer at the end of the list does nothing on the same change.
    footer.stateChanged(state(loader), loadMore: loadMore)
    await drainMainActor()
    #expect(pages.calls == 3)
    pages.succeed([LifecycleRow(id: 8), LifecycleRow(id: 9)], next: 10, previous: nil)
    await eventually { !header.isLoadingMore }
    // A spinner that scrolled away does not load on a change.
    header.footerDisappeared()
    header.stateChanged(state(loader), loadMore: loadPrevious)
    await drainMainActor()
    #expect(pages.calls == 3)
  }

  @Test func theAnchorKeepsTheFirstRowWhenEarlierRowsLand() {
    var anchor = PrependAnchor<Int>()
    let rows: Set<Int> = [8, 9, 10, 11]
    // The previous page starts while row 10 is first, and lands before it.
    #expect(
      anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 10) { _ in true } == nil)
    #expect(anchor.keptID == 10)
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .loaded, firstID: 8) { rows.contains($0) }
        == 10)
    #expect(anchor.keptID == nil)
    // A failure, a cancel (back to loaded with the same first row) and a reload keep nothing.
    _ = anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 8) { _ in true }
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .loadPreviousFailed, firstID: 8) { _ in true }
        == nil)
    _ = anchor.phaseChanged(from: .loadPreviousFailed, to: .loadingPrevious, firstID: 8) { _ in true
    }
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .loaded, firstID: 8) { _ in true } == nil)
    _ = anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 8) { _ in true }
    #expect(
      anchor.phaseChanged(from: .loadingPrevious, to: .reloading, firstID: 8) { _ in true } == nil)
    #expect(anchor.phaseChanged(from: .reloading, to: .loaded, firstID: 1) { _ in true } == nil)
    // A window that dropped the kept row has nothing to keep.
    _ = anchor.phaseChanged(from: .loaded, to: .loadingPrevious, firstID: 8) { _ in true }
    #expect(anchor.phaseChanged(from: .loadingPrevious, to: .loaded, firstID: 6) { $0 == 6 } == nil)
    // A load-more changes nothing above the reader.
    #expect(anchor.phaseChanged(from: .loadingMore, to: .loaded, firstID: 6) { _ in true } == nil)
  }
}
