public import Observation

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
/// - ``retry(loadMore:)``: the footer's retry button. A failed page shows an error, not the
///   spinner, so only this button loads it again.
///
/// ```swift
/// ProgressView()
///   .onAppear { pager.footerAppeared(state, loadMore: loadMore) }
///   .onDisappear { pager.footerDisappeared() }
///   .onChange(of: pager.completedPages) { pager.pageLanded(state, loadMore: loadMore) }
/// ```
@MainActor
@Observable
public final class LoadMoreController {
  /// Whether the footer spinner is on screen.
  public private(set) var isFooterVisible = false
  /// How many load-mores have ended: the footer observes it to see a page land while it stays
  /// on screen.
  public var completedPages: Int { run.completedRuns }
  /// Whether a load-more runs.
  public var isLoadingMore: Bool { run.isPerforming }

  @ObservationIgnored private let run = ActionController()
  @ObservationIgnored private var continuedAfter = 0

  /// Creates a controller.
  public init() {}

  /// The footer spinner appeared: loads the next page when `state` allows and none runs.
  ///
  /// - Parameters:
  ///   - state: What the list shows now.
  ///   - loadMore: Loads the next page.
  public func footerAppeared(
    _ state: PagingState, loadMore: @escaping @Sendable () async -> Void
  ) {
    isFooterVisible = true
    trigger(state, loadMore)
  }

  /// The footer spinner disappeared (scrolled away, or replaced by an error or the end).
  public func footerDisappeared() {
    isFooterVisible = false
  }

  /// A load-more ended while the footer spinner stayed on screen: loads the page after it,
  /// once per page that ended, when `state` still allows.
  ///
  /// - Parameters:
  ///   - state: What the list shows after the page.
  ///   - loadMore: Loads the next page.
  public func pageLanded(
    _ state: PagingState, loadMore: @escaping @Sendable () async -> Void
  ) {
    guard isFooterVisible, completedPages != continuedAfter else { return }
    continuedAfter = completedPages
    trigger(state, loadMore)
  }

  /// The footer's retry button: loads the failed page again (or joins a load-more that runs)
  /// and returns when it ends.
  ///
  /// - Parameter loadMore: Loads the next page.
  public func retry(loadMore: @escaping @Sendable () async -> Void) async {
    await run.perform(loadMore)
  }

  private func trigger(_ state: PagingState, _ loadMore: @escaping @Sendable () async -> Void) {
    guard state.canLoadMore, !run.isPerforming else { return }
    continuedAfter = completedPages
    run.start(loadMore)
  }
}
