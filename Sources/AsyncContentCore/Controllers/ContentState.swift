/// What a view that renders a load shows, as far as its ``ContentController`` needs to know;
/// the view computes it on every render and forwards it when it appears and when it changes.
package struct ContentState: Hashable, Sendable {
  /// The identity of the source the view renders (a loader), or `nil` for a phase driven by
  /// hand. A new identity is a new source: it loads when it is idle.
  package var source: ObjectIdentifier?
  /// The kind the anti-flicker rules see: idle, a first load, or something on screen.
  package private(set) var progressKind: PhaseKind
  /// Whether a failed reload's banner is up.
  package var hasBanner: Bool
  /// How the banner behaves.
  package var bannerPolicy: BannerPolicy
  /// The delay and minimum display of a first load's progress: the source's own, else the
  /// app's.
  package var progressTiming: ProgressTiming
  /// What an announcement would say about the phase on screen; `nil` makes none.
  package var announcement: Announcement.Snapshot?

  /// Whether nothing was requested yet.
  package var isIdle: Bool { progressKind == .idle }
  /// Whether a first load runs: blocking progress or a placeholder is on screen.
  package var isFirstLoad: Bool { progressKind == .loading }

  /// The state of a view that renders a phase of kind `kind`.
  package init(
    source: ObjectIdentifier?, kind: PhaseKind, hasBanner: Bool,
    bannerPolicy: BannerPolicy = .persistent, progressTiming: ProgressTiming = .default,
    announcement: Announcement.Snapshot? = nil
  ) {
    self.source = source
    self.progressKind = kind == .idle || kind == .loading ? kind : .loaded
    self.hasBanner = hasBanner
    self.bannerPolicy = bannerPolicy
    self.progressTiming = progressTiming
    self.announcement = announcement
  }

  /// The state of a view that shows `presentation`, for a phase whose kind is not known; an
  /// idle phase shown with a placeholder counts as a first load.
  package init<Value, Failure>(
    source: ObjectIdentifier?, presentation: Presentation<Value, Failure>,
    bannerPolicy: BannerPolicy = .persistent, progressTiming: ProgressTiming = .default
  ) {
    let kind: PhaseKind
    if case .idle = presentation.body {
      kind = .idle
    } else if presentation.showsBlockingProgress || presentation.isPlaceholder {
      kind = .loading
    } else {
      kind = .loaded
    }
    self.init(
      source: source, kind: kind, hasBanner: presentation.banner != nil,
      bannerPolicy: bannerPolicy, progressTiming: progressTiming)
  }
}
