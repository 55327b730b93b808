import Observation

/// The brain of a view that renders a load: first load, reloads on a new or reset source,
/// pull-to-refresh, retry, banner, paging ends, calm progress and announcements, all in tasks
/// that no view can cancel by going away. The view forwards events and renders state.
@MainActor
@Observable
package final class ContentController {
  /// The run of the first load, pull-to-refresh and the retry buttons.
  package let loads: ActionController
  /// The failed reload's banner.
  package let banner: BannerController
  /// The paging footer.
  package let loadMore: LoadMoreController
  /// The paging header of a list that pages backwards.
  package let loadPrevious: LoadMoreController
  /// The calm timing of a first load's progress.
  package let progress: ProgressController
  /// Whether the container is on screen.
  package private(set) var isVisible = false
  /// Receives every announcement the controller decides while the view is on screen; the
  /// SwiftUI layer posts each to VoiceOver.
  @ObservationIgnored package var announce: (@MainActor (Announcement) -> Void)?

  @ObservationIgnored private var state: ContentState?
  /// What the person waits for.
  @ObservationIgnored private var attention = Attention()
  /// For each paging end, the ``LoadMoreController/completedPages`` at which its running page
  /// was told to ``attention``.
  @ObservationIgnored private var pagesTold: [Attention.Part: Int] = [:]
  /// The reader's row in a paged list, kept in place when earlier rows land.
  @ObservationIgnored package private(set) var anchor = PrependAnchor<AnyHashable>()
  /// The scroll back to the reader's row and the header's renewal, after the update.
  @ObservationIgnored private var placement: Task<Void, Never>?

  /// The controller of one end of a paged list.
  package func pager(_ edge: PagingEdge) -> LoadMoreController {
    switch edge {
    case .end: loadMore
    case .start: loadPrevious
    }
  }

  /// Creates a controller; `clock` times the banner's auto-hide and the progress timing.
  package init(
    bannerPolicy: BannerPolicy = .persistent, progressTiming: ProgressTiming = .default,
    clock: some Clock<Duration> = ContinuousClock(),
    announce: (@MainActor (Announcement) -> Void)? = nil
  ) {
    let clock = LoaderClock(clock)
    loads = ActionController()
    banner = BannerController(policy: bannerPolicy, clock: clock)
    loadMore = LoadMoreController()
    loadPrevious = LoadMoreController(edge: .start)
    progress = ProgressController(timing: progressTiming, clock: clock)
    self.announce = announce
  }

  /// What the view shows of its source's phase under the anti-flicker rules.
  package func display(for state: ContentState) -> ProgressDisplay {
    progress.display(for: state.progressKind, timing: state.progressTiming)
  }

  /// The container appeared: starts the first load when nothing was requested.
  package func appeared(_ state: ContentState, actions: LoadActions) {
    isVisible = true
    let old = self.state
    adopt(state)
    // What changed while the view was away settled without the person: it says nothing now.
    if let old { follow(from: old, to: state, announces: false) }
    if state.isIdle { loads.start(actions.load) }
  }

  /// The container disappeared. Nothing is cancelled: a running load lands.
  package func disappeared() {
    isVisible = false
  }

  /// What the container shows changed: a new idle source loads, and so does a source reset to
  /// idle from a phase that showed something, while on screen.
  package func changed(to new: ContentState, actions: LoadActions) {
    let old = state
    adopt(new)
    guard let old else { return }
    follow(from: old, to: new, announces: isVisible)
    guard isVisible, new.isIdle else { return }
    let reset = !old.isIdle && !old.isFirstLoad
    if old.source != new.source || reset { loads.start(actions.load) }
  }

  /// Pull-to-refresh: reloads, or joins the running load, and returns when it ends.
  package func refresh(_ actions: LoadActions) async {
    await personStarts(actions.reload)
  }

  /// The failure view's and the banner's Retry: retries, or joins the running load.
  package func retry(_ actions: LoadActions) async {
    await personStarts(actions.retry)
  }

  /// The empty state's Reload: reloads, or joins the running load.
  package func reload(_ actions: LoadActions) async {
    await personStarts(actions.reload)
  }

  /// Runs (or joins) a load the person started with a gesture, and tells ``attention``.
  private func personStarts(_ action: @escaping @Sendable () async -> Void) async {
    attention.personStarted(.content, endedRuns: loads.completedRuns)
    await loads.perform(action)
  }

  /// Tells ``attention`` about a change and hands what the person hears to ``announce``.
  private func follow(from old: ContentState, to new: ContentState, announces: Bool) {
    guard let after = new.announcement else { return }
    guard old.source == new.source, let before = old.announcement else {
      // Another source (``adopt(_:)`` forgot the old one's): one that keeps the previous value
      // while its own loads is what the person chose, and its value is awaited.
      if old.source != new.source, after.kind == .reloading { attention.awaitFirstValue() }
      return
    }
    tellRunningPages()
    let announcement = attention.announcement(from: before, to: after) { part in
      endedRuns(of: part)
    }
    if announces, let announcement { announce?(announcement) }
  }

  /// Tells ``attention`` about each page that runs at a paging end and was not told yet.
  private func tellRunningPages() {
    for part in Attention.Part.allCases {
      guard let edge = part.edge else { continue }
      let pages = pager(edge)
      guard pages.isLoadingMore, pagesTold[part] != pages.completedPages else { continue }
      pagesTold[part] = pages.completedPages
      attention.personStarted(part, endedRuns: pages.completedPages)
    }
  }

  /// How many runs of the runner of `part` have ended.
  private func endedRuns(of part: Attention.Part) -> Int {
    guard let edge = part.edge else { return loads.completedRuns }
    return pager(edge).completedPages
  }

  /// A row of a paged list appeared: the controller follows the rows to know the reader's row.
  package func rowAppeared(_ id: AnyHashable) {
    anchor.rowAppeared(id)
  }

  /// A row of a paged list disappeared.
  package func rowDisappeared(_ id: AnyHashable) {
    anchor.rowDisappeared(id)
  }

  /// A paged list's phase changed, in the update that inserts the rows. When a previous page
  /// ends, after the update it scrolls back to the reader's row and renews the header spinner.
  package func pagedPhaseChanged(
    from old: PhaseKind, to new: PhaseKind, firstID: AnyHashable?,
    position: (AnyHashable) -> Int?, scroll: @escaping @MainActor (AnyHashable) -> Void
  ) {
    let row = anchor.phaseChanged(from: old, to: new, firstID: firstID, position: position)
    guard old == .loadingPrevious, new != .loadingPrevious else { return }
    placement?.cancel()
    let header = loadPrevious
    // The list applies the insertion when the update returns; this task runs after it.
    placement = Task { @MainActor in
      guard !Task.isCancelled else { return }
      if let row { scroll(row) }
      await header.rowsPlaced()
    }
  }

  private func adopt(_ new: ContentState) {
    if let state, state.source != new.source {
      // The run awaited the old source; the new one starts afresh. The old source's own load
      // is the old loader's to finish or drop, and nothing it showed is held.
      loads.cancel()
      progress.reset()
      attention.reset()
      pagesTold = [:]
    }
    state = new
    banner.update(isPresent: new.hasBanner, policy: new.bannerPolicy)
    progress.update(kind: new.progressKind, timing: new.progressTiming)
  }
}
