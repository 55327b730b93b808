import Observation

/// Loads the next page of a list when its footer spinner appears: at most one page per
/// appearance, never during a reload, and a failed page only from its retry button.
///
/// The footer forwards its events; the controller runs the load-more in a task it owns, so a
/// footer that scrolls away or is swapped for an error never cancels the page it asked for.
///
/// **Only an appearance loads, and the spinner is renewed after the rows were laid out.** A
/// page lands in an update, and the list lays its rows out after that update: a spinner that
/// loaded again while the page landed would still count as on screen, though the new rows are
/// about to push it away, and would fetch a second page at once. So nothing loads on a landing.
/// Instead the spinner takes ``generation`` as its identity (`.id(_:)`), and the generation
/// changes when the list can load at this end again: SwiftUI then replaces the spinner with a
/// new one, which a `List` displays, and so calls `onAppear` for, only when the spinner is still
/// on screen after the new rows were laid out. A page that filled the screen pushes the new
/// spinner off screen, and nothing loads until the reader scrolls to it; a short page, or one
/// that only updated rows already loaded, leaves it on screen, and it loads the next page.
///
/// - ``footerAppeared(_:generation:loadMore:)``: the spinner of `generation` came on screen. The
///   next page loads when the list can load more and no load-more runs (a load-more that runs
///   is joined); an old spinner's late appearance does nothing.
/// - ``footerDisappeared(generation:)``: the spinner left the screen (scrolled away, or replaced
///   by an error, the end, or a spinner of a new generation).
/// - ``stateChanged(from:to:)``: the list's phase changed while the spinner was on screen. When
///   the list can load at this end again, after the other end's page (a list that pages both
///   ways loads one page at a time), a reload or a failure, the spinner is renewed.
/// - ``retry(loadMore:)``: the footer's retry button. A failed page shows an error, not the
///   spinner, so only this button loads it again.
///
/// At the end of the list (``PagingEdge/end``), a load-more that ends renews the spinner. A list
/// that pages backwards has a second controller for its header, made with
/// `LoadMoreController(edge: .start)` and given `loadPrevious()`: the same rules, except that
/// earlier rows land above the reader, and the list scrolls back to the reader's row after the
/// update (``ContentController/pagedPhaseChanged(from:to:firstID:position:scroll:)``). A header
/// renewed at the landing would be displayed at the top before that scroll and load again, so
/// the header is renewed by ``rowsPlaced()``, once the scroll was requested.
///
/// ```swift
/// ProgressView()
///   .onAppear { pager.footerAppeared(state, generation: generation, loadMore: loadMore) }
///   .onDisappear { pager.footerDisappeared(generation: generation) }
///   .onChange(of: state) { old, new in pager.stateChanged(from: old, to: new) }
///   .id(generation)  // let generation = pager.generation
/// ```
@MainActor
@Observable
package final class LoadMoreController {
  /// Whether the footer spinner is on screen.
  package var isFooterVisible: Bool { visibleGeneration != nil }
  /// Whether a load-more runs.
  package var isLoadingMore: Bool { run.isPerforming }
  /// How many load-mores ended, landed or not: what ``ContentController`` counts to tell the
  /// pages the person scrolled to from the ones they already heard about.
  package var completedPages: Int { run.completedRuns }
  /// The identity of the spinner: a new one each time the list can load at this end again and
  /// its rows are in place. See the type's discussion.
  package var generation: Int {
    switch edge {
    case .end: run.completedRuns + renewals
    case .start: placedPages + renewals
    }
  }

  /// The end of the list whose spinner the controller watches.
  package let edge: PagingEdge

  @ObservationIgnored private let run = ActionController()
  /// The generation of the spinner on screen; `nil` when none is.
  private var visibleGeneration: Int?
  /// The generation whose appearance on screen has had its page (started or joined): a repeated
  /// `onAppear` without a disappearance in between loads nothing more.
  @ObservationIgnored private var servedGeneration: Int?
  /// How many times the spinner was renewed for another reason than its own page.
  private var renewals = 0
  /// How many pages of the header had their rows put in place (``rowsPlaced()``).
  private var placedPages = 0

  /// Creates a controller.
  ///
  /// - Parameter edge: The end of the list it loads: ``PagingEdge/end`` (the footer, the
  ///   default) or ``PagingEdge/start`` (the header of a list that pages backwards).
  package init(edge: PagingEdge = .end) {
    self.edge = edge
  }

  /// The footer spinner of `generation` appeared: loads the next page when `state` allows and
  /// none runs; a load-more that runs is joined, and serves this appearance. Each appearance
  /// costs at most one page: an `onAppear` repeated without a disappearance, and a spinner of
  /// an older generation (replaced since), load nothing.
  ///
  /// - Parameters:
  ///   - state: What the list shows now.
  ///   - generation: The ``generation`` the spinner was rendered with (its identity).
  ///   - loadMore: Loads the next page.
  package func footerAppeared(
    _ state: PagingState, generation: Int, loadMore: @escaping @Sendable () async -> Void
  ) {
    guard generation == self.generation else { return }
    if visibleGeneration == generation, servedGeneration == generation { return }
    visibleGeneration = generation
    if run.isPerforming {
      servedGeneration = generation
      return
    }
    guard state.canLoad(at: edge) else { return }
    servedGeneration = generation
    run.start(loadMore)
  }

  /// The footer spinner of `generation` disappeared (scrolled away, replaced by an error or
  /// the end, or by the spinner of a new generation). Its next appearance is a new one.
  ///
  /// - Parameter generation: The ``generation`` the spinner was rendered with.
  package func footerDisappeared(generation: Int) {
    guard visibleGeneration == generation else { return }
    visibleGeneration = nil
    servedGeneration = nil
  }

  /// The list's phase changed while the spinner was on screen: when the list can load at this
  /// end again for another reason than this end's own page (that one renews the spinner when it
  /// ends), the spinner is renewed, and loads if it is still on screen after the layout.
  ///
  /// - Parameters:
  ///   - old: What the list showed.
  ///   - new: What the list shows now.
  package func stateChanged(from old: PagingState, to new: PagingState) {
    guard new.canLoad(at: edge), !old.canLoad(at: edge), old.kind != loadingKind else { return }
    renewals += 1
  }

  /// The earlier rows of the header's page are in place: the list scrolled back to the
  /// reader's row (or had nothing to scroll). Once the page's load ends, the header spinner is
  /// renewed, so a header still on screen (a list too short to scroll) loads the page before.
  /// Only the header (``PagingEdge/start``) waits for this; the footer is renewed when its
  /// page ends.
  package func rowsPlaced() async {
    guard edge == .start else { return }
    await run.waitUntilIdle()
    guard !Task.isCancelled else { return }
    placedPages += 1
  }

  /// The footer's retry button: loads the failed page again (or joins a load-more that runs)
  /// and returns when it ends.
  ///
  /// - Parameter loadMore: Loads the next page.
  package func retry(loadMore: @escaping @Sendable () async -> Void) async {
    await run.perform(loadMore)
  }

  /// The kind of phase of this end's own page.
  private var loadingKind: PhaseKind {
    switch edge {
    case .end: .loadingMore
    case .start: .loadingPrevious
    }
  }
}
