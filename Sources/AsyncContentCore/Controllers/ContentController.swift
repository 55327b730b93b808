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
/// - **What changes is announced** while the view is on screen: when the state's
///   ``ContentState/announcement`` snapshot changes, the controller decides the
///   ``Announcement`` and hands it to ``announce``, the hook the SwiftUI layer sets to post it
///   to VoiceOver.
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
  ///   speak(DefaultStrings(locale: locale).announcement(announcement))
  /// }
  /// ```
  @ObservationIgnored package var announce: (@MainActor (Announcement) -> Void)?

  @ObservationIgnored private var state: ContentState?
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
    adopt(state)
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
  /// idle from a phase that showed something loads again.
  ///
  /// - Parameters:
  ///   - new: What the container shows now.
  ///   - actions: The loads of its source.
  package func changed(to new: ContentState, actions: LoadActions) {
    let old = state
    adopt(new)
    guard isVisible, let old else { return }
    if old.source == new.source, let before = old.announcement, let after = new.announcement,
      let announcement = Announcement(from: before, to: after)
    {
      announce?(announcement)
    }
    guard new.isIdle else { return }
    let reset = !old.isIdle && !old.isFirstLoad
    if old.source != new.source || reset { loads.start(actions.load) }
  }

  /// Pull-to-refresh: reloads, or joins the load that runs, and returns when it ends.
  ///
  /// SwiftUI may cancel the refresh action's task when the view redraws; that ends only the
  /// waiting, and the reload lands.
  package func refresh(_ actions: LoadActions) async {
    await loads.perform(actions.reload)
  }

  /// The failure view's Retry: retries, or joins the load that runs, and returns when it ends.
  package func retry(_ actions: LoadActions) async {
    await loads.perform(actions.retry)
  }

  /// The banner's Retry and the empty state's Reload: reloads, or joins the load that runs, and
  /// returns when it ends.
  package func reload(_ actions: LoadActions) async {
    await loads.perform(actions.reload)
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
    }
    state = new
    banner.update(isPresent: new.hasBanner, policy: new.bannerPolicy)
    progress.update(kind: new.progressKind, timing: new.progressTiming)
  }
}
