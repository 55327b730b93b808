import Observation

/// Loads the next page of a list when its footer spinner shows: at most once per page, never
/// during a reload, and a failed page only from its retry button.
///
/// The footer forwards its events; the controller runs the load-more in a task it owns, so a
/// footer that scrolls away or is swapped for an error never cancels the page it asked for.
/// - ``footerAppeared(_:loadMore:)``: the spinner came on screen. The next page loads when the
///   list can load more and no load-more runs (a load-more that runs is joined).
/// - ``pageLanded(_:loadMore:)``: the spinner saw a load-more end while it stayed on screen
///   (the footer observes ``LoadMoreController/completedPages``). A page that leaves the spinner
///   on screen loads the next one, whether or not it added items: a page that only updated
///   existing items must not leave the spinner stuck.
/// - ``footerDisappeared()``: the spinner scrolled away; nothing more loads until it returns.
/// - ``stateChanged(_:loadMore:)``: the list's phase changed while the spinner stayed on
///   screen. A list that pages both ways loads one page at a time, so a spinner that appeared
///   while the other end loaded loads its page when that one lands.
/// - ``retry(loadMore:)``: the footer's retry button. A failed page shows an error, not the
///   spinner, so only this button loads it again.
///
/// A list that pages backwards has a second controller for its header, made with
/// `LoadMoreController(edge: .start)` and given `loadPrevious()`: the same rules, at the start.
///
/// ```swift
/// ProgressView()
///   .onAppear { pager.footerAppeared(state, loadMore: loadMore) }
///   .onDisappear { pager.footerDisappeared() }
///   .onChange(of: pager.completedPages) { pager.pageLanded(state, loadMore: loadMore) }
/// ```
@MainActor
@Observable
package final class LoadMoreController {
  /// Whether the footer spinner is on screen.
  package private(set) var isFooterVisible = false
  /// How many load-mores have ended: the footer observes it to see a page land while it stays
  /// on screen.
  package var completedPages: Int { run.completedRuns }
  /// Whether a load-more runs.
  package var isLoadingMore: Bool { run.isPerforming }

  /// The end of the list whose spinner the controller watches.
  package let edge: PagingEdge

  @ObservationIgnored private let run = ActionController()
  @ObservationIgnored private var continuedAfter = 0

  /// Creates a controller.
  ///
  /// - Parameter edge: The end of the list it loads: ``PagingEdge/end`` (the footer, the
  ///   default) or ``PagingEdge/start`` (the header of a list that pages backwards).
  package init(edge: PagingEdge = .end) {
    self.edge = edge
  }

  /// The footer spinner appeared: loads the next page when `state` allows and none runs.
  ///
  /// - Parameters:
  ///   - state: What the list shows now.
  ///   - loadMore: Loads the next page.
  package func footerAppeared(
    _ state: PagingState, loadMore: @escaping @Sendable () async -> Void
  ) {
    isFooterVisible = true
    trigger(state, loadMore)
  }

  /// The footer spinner disappeared (scrolled away, or replaced by an error or the end).
  package func footerDisappeared() {
    isFooterVisible = false
  }

  /// A load-more ended while the footer spinner stayed on screen: loads the page after it,
  /// once per page that ended, when `state` still allows.
  ///
  /// - Parameters:
  ///   - state: What the list shows after the page.
  ///   - loadMore: Loads the next page.
  package func pageLanded(
    _ state: PagingState, loadMore: @escaping @Sendable () async -> Void
  ) {
    guard isFooterVisible, completedPages != continuedAfter else { return }
    continuedAfter = completedPages
    trigger(state, loadMore)
  }

  /// The list's phase changed while the spinner stayed on screen: loads the page when `state`
  /// now allows it and none runs. A spinner that appeared while the list's other end loaded
  /// (one page loads at a time) loads its page this way once that one lands.
  ///
  /// - Parameters:
  ///   - state: What the list shows now.
  ///   - loadMore: Loads the page.
  package func stateChanged(
    _ state: PagingState, loadMore: @escaping @Sendable () async -> Void
  ) {
    guard isFooterVisible else { return }
    trigger(state, loadMore)
  }

  /// The footer's retry button: loads the failed page again (or joins a load-more that runs)
  /// and returns when it ends.
  ///
  /// - Parameter loadMore: Loads the next page.
  package func retry(loadMore: @escaping @Sendable () async -> Void) async {
    await run.perform(loadMore)
  }

  private func trigger(_ state: PagingState, _ loadMore: @escaping @Sendable () async -> Void) {
    guard state.canLoad(at: edge), !run.isPerforming else { return }
    continuedAfter = completedPages
    run.start(loadMore)
  }
}
