public import Observation

/// The brain of a view that renders a load: it starts the first load when the view appears,
/// loads again when the view's source changes or is reset while on screen, runs pull-to-refresh
/// and the retry buttons, and owns the banner and the paging footer, all in tasks that no view
/// can cancel by going away.
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
///
/// ```swift
/// let controller = ContentController()
/// controller.appeared(state, actions: LoadActions(loader))  // onAppear of the container
/// await controller.refresh(LoadActions(loader))              // .refreshable
/// ```
@MainActor
@Observable
public final class ContentController {
  /// The run of the first load, pull-to-refresh and the retry buttons.
  public let loads: ActionController
  /// The failed reload's banner.
  public let banner: BannerController
  /// The paging footer.
  public let loadMore: LoadMoreController
  /// Whether the container is on screen.
  public private(set) var isVisible = false

  @ObservationIgnored private var state: ContentState?

  /// Creates a controller.
  ///
  /// - Parameters:
  ///   - bannerPolicy: How the banner behaves until a view says otherwise.
  ///   - clock: The clock of the banner's auto-hide.
  public init(
    bannerPolicy: BannerPolicy = .persistent, clock: some Clock<Duration> = ContinuousClock()
  ) {
    loads = ActionController()
    banner = BannerController(policy: bannerPolicy, clock: clock)
    loadMore = LoadMoreController()
  }

  /// The container appeared (`onAppear`): starts the first load when nothing was requested.
  ///
  /// Appearing again while a load runs joins it; appearing with something shown loads nothing.
  ///
  /// - Parameters:
  ///   - state: What the container shows.
  ///   - actions: The loads of its source.
  public func appeared(_ state: ContentState, actions: LoadActions) {
    isVisible = true
    adopt(state)
    if state.isIdle { loads.start(actions.load) }
  }

  /// The container disappeared (`onDisappear`). Nothing is cancelled: a load that runs lands,
  /// and shows when the view comes back.
  public func disappeared() {
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
  public func changed(to new: ContentState, actions: LoadActions) {
    let old = state
    adopt(new)
    guard isVisible, new.isIdle, let old else { return }
    let reset = !old.isIdle && !old.isFirstLoad
    if old.source != new.source || reset { loads.start(actions.load) }
  }

  /// Pull-to-refresh: reloads, or joins the load that runs, and returns when it ends.
  ///
  /// SwiftUI may cancel the refresh action's task when the view redraws; that ends only the
  /// waiting, and the reload lands.
  public func refresh(_ actions: LoadActions) async {
    await loads.perform(actions.reload)
  }

  /// The failure view's Retry: retries, or joins the load that runs, and returns when it ends.
  public func retry(_ actions: LoadActions) async {
    await loads.perform(actions.retry)
  }

  /// The banner's Retry and the empty state's Reload: reloads, or joins the load that runs, and
  /// returns when it ends.
  public func reload(_ actions: LoadActions) async {
    await loads.perform(actions.reload)
  }

  private func adopt(_ new: ContentState) {
    if let state, state.source != new.source {
      // The run awaited the old source; the new one starts afresh. The old source's own load
      // is the old loader's to finish or drop.
      loads.cancel()
    }
    state = new
    banner.update(isPresent: new.hasBanner, policy: new.bannerPolicy)
  }
}
