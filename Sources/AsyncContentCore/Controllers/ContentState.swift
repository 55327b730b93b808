/// What a view that renders a load shows, as far as its ``ContentController`` needs to know:
/// which source it renders, whether nothing was requested yet, whether a first load runs,
/// whether a failed reload's banner is up, the progress timing to apply, and what an
/// announcement would say about it.
///
/// A view computes it from its presentation on every render and forwards it to the controller
/// when it appears and when it changes (`onChange(of:)`), so the controller decides with what
/// the screen shows.
///
/// ```swift
/// let state = ContentState(source: ObjectIdentifier(loader), presentation: presentation)
/// ```
package struct ContentState: Hashable, Sendable {
  /// The identity of the source the view renders (a loader), or `nil` for a phase driven by
  /// hand. A new identity is a new source: it loads when it is idle.
  package var source: ObjectIdentifier?
  /// Whether nothing was requested yet.
  package var isIdle: Bool
  /// Whether a first load runs: blocking progress or a placeholder is on screen.
  package var isFirstLoad: Bool
  /// Whether a failed reload's banner is up.
  package var hasBanner: Bool
  /// How the banner behaves.
  package var bannerPolicy: BannerPolicy
  /// The delay and minimum display of a first load's progress: the source's own
  /// (``LoaderBase/progressTiming``), else the app's.
  package var progressTiming: ProgressTiming
  /// What an announcement would say about the phase on screen; `nil` makes none.
  package var announcement: Announcement.Snapshot?

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - source: The identity of the source, `nil` for a phase driven by hand.
  ///   - isIdle: Whether nothing was requested yet.
  ///   - isFirstLoad: Whether a first load runs.
  ///   - hasBanner: Whether a failed reload's banner is up.
  ///   - bannerPolicy: How the banner behaves.
  ///   - progressTiming: The delay and minimum display of a first load's progress.
  ///   - announcement: What an announcement would say about the phase; `nil` makes none.
  package init(
    source: ObjectIdentifier? = nil, isIdle: Bool, isFirstLoad: Bool = false,
    hasBanner: Bool = false, bannerPolicy: BannerPolicy = .persistent,
    progressTiming: ProgressTiming = .default, announcement: Announcement.Snapshot? = nil
  ) {
    self.source = source
    self.isIdle = isIdle
    self.isFirstLoad = isFirstLoad
    self.hasBanner = hasBanner
    self.bannerPolicy = bannerPolicy
    self.progressTiming = progressTiming
    self.announcement = announcement
  }

  /// The kind the anti-flicker rules see: idle, a first load, or something on screen.
  package var progressKind: PhaseKind {
    isIdle ? .idle : isFirstLoad ? .loading : .loaded
  }

  /// The state of a view that renders a phase of kind `kind`.
  ///
  /// ```swift
  /// ContentState(source: ObjectIdentifier(loader), kind: loader.phase.kind, hasBanner: banner != nil)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The identity of the source, `nil` for a phase driven by hand.
  ///   - kind: The kind of the phase on screen.
  ///   - hasBanner: Whether the presentation has a failed reload's banner.
  ///   - bannerPolicy: How the banner behaves.
  ///   - progressTiming: The delay and minimum display of a first load's progress.
  ///   - announcement: What an announcement would say about the phase; `nil` makes none.
  package init(
    source: ObjectIdentifier?, kind: PhaseKind, hasBanner: Bool,
    bannerPolicy: BannerPolicy = .persistent, progressTiming: ProgressTiming = .default,
    announcement: Announcement.Snapshot? = nil
  ) {
    self.init(
      source: source, isIdle: kind == .idle, isFirstLoad: kind == .loading, hasBanner: hasBanner,
      bannerPolicy: bannerPolicy, progressTiming: progressTiming, announcement: announcement)
  }

  /// The state of a view that shows `presentation`, for a phase whose kind is not known.
  ///
  /// A presentation does not tell an idle phase shown with a placeholder from a first load:
  /// both show the placeholder. Such a view counts as loading, so prefer
  /// ``init(source:kind:hasBanner:bannerPolicy:progressTiming:announcement:)`` when the phase is at hand.
  ///
  /// - Parameters:
  ///   - source: The identity of the source, `nil` for a phase driven by hand.
  ///   - presentation: What the view shows.
  ///   - bannerPolicy: How the banner behaves.
  ///   - progressTiming: The delay and minimum display of a first load's progress.
  package init<Value, Failure>(
    source: ObjectIdentifier?, presentation: Presentation<Value, Failure>,
    bannerPolicy: BannerPolicy = .persistent, progressTiming: ProgressTiming = .default
  ) {
    let isIdle: Bool
    if case .idle = presentation.body { isIdle = true } else { isIdle = false }
    self.init(
      source: source, isIdle: isIdle,
      isFirstLoad: presentation.showsBlockingProgress || presentation.isPlaceholder,
      hasBanner: presentation.banner != nil, bannerPolicy: bannerPolicy,
      progressTiming: progressTiming)
  }
}
