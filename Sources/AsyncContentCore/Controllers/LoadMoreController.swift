import Observation

/// Loads the next page when the footer spinner appears: one page per appearance, never during
/// a reload, a failed page only from its retry; the page runs in a task the controller owns.
/// The spinner's identity is ``generation``, renewed once the new rows were laid out.
@MainActor
@Observable
package final class LoadMoreController {
  /// Whether the footer spinner is on screen.
  package var isFooterVisible: Bool { visibleGeneration != nil }
  /// Whether a load-more runs.
  package var isLoadingMore: Bool { run.isPerforming }
  /// How many load-mores ended, landed or not.
  package var completedPages: Int { run.completedRuns }
  /// The identity of the spinner: a new one each time the list can load at this end again and
  /// its rows are in place.
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
  /// The generation whose appearance has had its page (started or joined).
  @ObservationIgnored private var servedGeneration: Int?
  /// How many times the spinner was renewed for another reason than its own page.
  private var renewals = 0
  /// How many pages of the header had their rows put in place (``rowsPlaced()``).
  private var placedPages = 0

  /// Creates a controller of the footer (``PagingEdge/end``) or of the header of a list that
  /// pages backwards (``PagingEdge/start``).
  package init(edge: PagingEdge = .end) {
    self.edge = edge
  }

  /// The footer spinner of `generation` appeared: loads the next page when `state` allows and
  /// none runs, or joins the one that runs. At most one page per appearance.
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

  /// The footer spinner of `generation` disappeared; its next appearance is a new one.
  package func footerDisappeared(generation: Int) {
    guard visibleGeneration == generation else { return }
    visibleGeneration = nil
    servedGeneration = nil
  }

  /// The list's phase changed: when the list can load at this end again for another reason
  /// than this end's own page, the spinner is renewed.
  package func stateChanged(from old: PagingState, to new: PagingState) {
    guard new.canLoad(at: edge), !old.canLoad(at: edge), old.kind != loadingKind else { return }
    renewals += 1
  }

  /// The header's earlier rows are in place (the list scrolled back to the reader's row): once
  /// the page's load ends, the header spinner is renewed. Only the header waits for this.
  package func rowsPlaced() async {
    guard edge == .start else { return }
    await run.waitUntilIdle()
    guard !Task.isCancelled else { return }
    placedPages += 1
  }

  /// The footer's retry button: loads the failed page again (or joins a load-more that runs)
  /// and returns when it ends.
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
