import Observation

/// The brain of a view that renders a load: it starts the first load when the view appears,
/// loads again when the view's source changes or is reset while on screen, runs pull-to-refresh
/// and the retry buttons, owns the banner, the paging footer and the calm timing of a first
/// load's progress, and announces what changed, all in tasks that no view can cancel by going
/// away.
///
/// The view forwards events and renders state. Its stable container (the view that stays while
/// phases change) calls ``appeared(_:actions:)``, ``disappeared()`` and
/// ``changed(to:actions:)``; its refresh control awaits ``refresh(_:)``; its buttons await
/// ``retry(_:)`` and ``reload(_:)``. No branch of the view (the idle view, a failure view, a
/// footer) starts work.
///
/// The rules, each tested on Linux through `ViewLifecycle`:
/// - **The first load starts from the container**, when it appears and nothing was requested. A
///   branch that the load replaces (the idle view) never owns it, so a branch swap cannot cancel
///   it and restart it in a loop.
/// - **Appearing again does not fetch again**: a view that appears with a value loads nothing.
/// - **A new source loads**: when the view renders another loader (its identity changed) and
///   that loader is idle, it loads.
/// - **A reset while the view is on screen loads again**: a source that goes back to idle from a
///   phase that showed something (a value or an error) loads at once, so a visible screen never
///   stays blank. A first load that was cancelled and went back to idle does not restart: the
///   cancel was someone's decision; the view loads when it appears next.
/// - **Triggers join one run**: pull-to-refresh during the first load, or a retry tapped twice,
///   run the action once. Cancelling a waiting caller stops only its waiting.
/// - **A first load is calm**: its ``progress`` controller applies the state's
///   ``ContentState/progressTiming`` on the controller's clock, and the view renders
///   ``display(for:)``: no progress for a load that lands within the delay, and progress that
///   stays for its minimum once it shows.
/// - **The reader's row stays when earlier rows land**: a paged list forwards its rows'
///   appearances (``rowAppeared(_:)``, ``rowDisappeared(_:)``) and its phase changes
///   (``pagedPhaseChanged(from:to:firstID:position:scroll:)``); when a previous page lands, the
///   controller scrolls back to the row the reader was on once the update that inserts the rows
///   is done, then renews the header spinner (``LoadMoreController/rowsPlaced()``).
/// - **What the person waits for is announced**, and nothing else, while the view is on screen:
///   when the state's ``ContentState/announcement`` snapshot changes, the controller's
///   ``Attention`` decides the ``Announcement`` the person hears (a first load, and the loads
///   they started here: a pull, a tap on a retry button, a scroll to a paging end) and hands it
///   to ``announce``, the hook the SwiftUI layer sets to post it to VoiceOver. Background work
///   (a revalidation, a refetch event, an invalidation, a load that app code or another screen
///   starts) says nothing.
///
/// ```swift
/// let controller = ContentController()
/// controller.appeared(state, actions: LoadActions(loader))  // onAppear of the container
/// await controller.refresh(LoadActions(loader))              // .refreshable
/// ```
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
  /// Receives every announcement the controller decides, while the view is on screen; the
  /// SwiftUI layer posts each to VoiceOver. `nil` announces nothing.
  ///
  /// ```swift
  /// controller.announce = { announcement in
  ///   speak(DefaultStrings.current.announcement(announcement))
  /// }
  /// ```
  @ObservationIgnored package var announce: (@MainActor (Announcement) -> Void)?

  @ObservationIgnored private var state: ContentState?
  /// What the person waits for: the loads they started here, and the first value of a source
  /// they chose.
  @ObservationIgnored private var attention = Attention()
  /// For each paging end, the ``LoadMoreController/completedPages`` at which the page that
  /// runs there was told to ``attention``: every page runs because the person scrolled to the
  /// end or tapped its retry button.
  @ObservationIgnored private var pagesTold: [Attention.Part: Int] = [:]
  /// The reader's row in a paged list, kept in place when earlier rows land.
  @ObservationIgnored package private(set) var anchor = PrependAnchor<AnyHashable>()
  /// The scroll back to the reader's row and the header's renewal, after the update.
  @ObservationIgnored private var placement: Task<Void, Never>?

  /// The controller of one end of a paged list: ``loadMore`` at ``PagingEdge/end``,
  /// ``loadPrevious`` at ``PagingEdge/start``.
  ///
  /// - Parameter edge: The end of the list.
  /// - Returns: Its controller.
  package func pager(_ edge: PagingEdge) -> LoadMoreController {
    switch edge {
    case .end: loadMore
    case .start: loadPrevious
    }
  }

  /// Creates a controller.
  ///
  /// - Parameters:
  ///   - bannerPolicy: How the banner behaves until a view says otherwise.
  ///   - progressTiming: The delay and minimum display of a first load's progress until a
  ///     state says otherwise.
  ///   - clock: The clock of the banner's auto-hide and of the progress timing: the source
  ///     loader's clock, or a `TestClock` in tests.
  ///   - announce: Receives the announcements; see ``announce``.
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

  /// What the view shows of its source's phase under the anti-flicker rules, for `state` as
  /// the view renders it now; see ``ProgressController/display(for:timing:)``.
  ///
  /// ```swift
  /// let presentation = loader.phase.presentation(progress: controller.display(for: state))
  /// ```
  ///
  /// - Parameter state: What the view shows now.
  /// - Returns: What to show.
  package func display(for state: ContentState) -> ProgressDisplay {
    progress.display(for: state.progressKind, timing: state.progressTiming)
  }

  /// The container appeared (`onAppear`): starts the first load when nothing was requested.
  ///
  /// Appearing again while a load runs joins it; appearing with something shown loads nothing.
  ///
  /// - Parameters:
  ///   - state: What the container shows.
  ///   - actions: The loads of its source.
  package func appeared(_ state: ContentState, actions: LoadActions) {
    isVisible = true
    let old = self.state
    adopt(state)
    // What changed while the view was away settled without the person: it says nothing now.
    if let old { follow(from: old, to: state, announces: false) }
    if state.isIdle { loads.start(actions.load) }
  }

  /// The container disappeared (`onDisappear`). Nothing is cancelled: a load that runs lands,
  /// and shows when the view comes back.
  package func disappeared() {
    isVisible = false
  }

  /// What the container shows changed (`onChange(of:)`): a new source, a phase, a banner.
  ///
  /// While the container is on screen, a new source that is idle loads, and a source reset to
  /// idle from a phase that showed something loads again; and what the person waits for is
  /// announced (see ``Attention``).
  ///
  /// - Parameters:
  ///   - new: What the container shows now.
  ///   - actions: The loads of its source.
  package func changed(to new: ContentState, actions: LoadActions) {
    let old = state
    adopt(new)
    guard let old else { return }
    follow(from: old, to: new, announces: isVisible)
    guard isVisible, new.isIdle else { return }
    let reset = !old.isIdle && !old.isFirstLoad
    if old.source != new.source || reset { loads.start(actions.load) }
  }

  /// Pull-to-refresh: reloads, or joins the load that runs, and returns when it ends. The
  /// person waits for it: its start and its outcome are announced.
  ///
  /// SwiftUI may cancel the refresh action's task when the view redraws; that ends only the
  /// waiting, and the reload lands.
  package func refresh(_ actions: LoadActions) async {
    await personStarts(actions.reload)
  }

  /// The failure view's Retry and the banner's Retry: retries, or joins the load that runs,
  /// and returns when it ends.
  /// The person waits for it: its start and its outcome are announced.
  package func retry(_ actions: LoadActions) async {
    await personStarts(actions.retry)
  }

  /// The empty state's Reload: reloads, or joins the load that runs, and
  /// returns when it ends. The person waits for it: its start and its outcome are announced.
  package func reload(_ actions: LoadActions) async {
    await personStarts(actions.reload)
  }

  /// Runs (or joins) a load the person started with a gesture, and tells ``attention``.
  private func personStarts(_ action: @escaping @Sendable () async -> Void) async {
    attention.personStarted(.content, endedRuns: loads.completedRuns)
    await loads.perform(action)
  }

  /// Tells ``attention`` about a change of what the container shows, and hands what the person
  /// hears to ``announce`` when `announces`.
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

  /// A row of a paged list appeared (`onAppear`): the controller follows the rows on screen to
  /// know the reader's row.
  ///
  /// - Parameter id: The row's id.
  package func rowAppeared(_ id: AnyHashable) {
    anchor.rowAppeared(id)
  }

  /// A row of a paged list disappeared (`onDisappear`).
  ///
  /// - Parameter id: The row's id.
  package func rowDisappeared(_ id: AnyHashable) {
    anchor.rowDisappeared(id)
  }

  /// A paged list's phase changed (`onChange` of its kind, in the update that inserts the
  /// rows). When a previous page ends, the controller defers to after the update, when the
  /// list has applied the insertion: it calls `scroll` with the reader's row (the topmost row
  /// on screen before the insertion) when the page put rows above the first row, then tells
  /// the header that the rows are in place, which renews its spinner.
  ///
  /// ```swift
  /// .onChange(of: phase.kind) { old, new in
  ///   controller.pagedPhaseChanged(
  ///     from: old, to: new, firstID: items.first.map { AnyHashable($0.id) },
  ///     position: { id in position(of: id) }, scroll: { proxy.scrollTo($0, anchor: .top) })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - old: The kind of the phase before.
  ///   - new: The kind of the phase now.
  ///   - firstID: The id of the list's first row now.
  ///   - position: The position of a row in the list now; `nil` for a row it no longer holds.
  ///   - scroll: Scrolls the list to a row, its top edge at the top; called after the update.
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
