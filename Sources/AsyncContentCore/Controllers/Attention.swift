/// What a person waits for on one screen, and so what VoiceOver tells them: only what they
/// started or wait for, never the work that runs in the background.
///
/// A screen's ``ContentController`` keeps one. The controller knows who started a load, because
/// the view forwards the person's gestures to it: a pull (``ContentController/refresh(_:)``), a
/// tap (``ContentController/retry(_:)``, ``ContentController/reload(_:)``), a scroll to the
/// paging footer or header (its ``LoadMoreController``s). It tells the attention with
/// ``personStarted(_:endedRuns:)``, and asks it, for each change of what the screen shows,
/// which ``Announcement`` the person hears (``announcement(from:to:endedRuns:)``).
///
/// The rules:
/// - **A first load is awaited**: a change from a phase that showed nothing yet (idle, or the
///   first load) is announced, whoever started the load: the person is looking at a spinner or
///   a placeholder.
/// - **What the person started is awaited**: a refresh they pulled, a retry or a reload they
///   tapped, a page they scrolled to or retried. Its start is announced (``Announcement/loading``,
///   ``Announcement/loadingMore``, ``Announcement/loadingEarlier``), and so is its outcome.
/// - **A source the person chose is awaited**: when the screen shows another key or identity
///   while keeping the previous value (``awaitFirstValue()``), the new value's landing is
///   announced.
/// - **A wait for the network is said where the load is awaited**: when a load the person
///   waits for (a first load, or one they started) begins to wait for the network, they hear
///   ``Announcement/waitingForNetwork`` (instead of its start's "Loading…"), once; when it
///   resumes, nothing, and its outcome as above. A background load that waits says nothing.
/// - **Everything else is background work, and says nothing**: a revalidation when a screen
///   comes back or another observer joins, a refetch on activation or when the network returns,
///   an invalidation, a `load()` or `reload()` that app code calls, another screen refreshing the
///   same key, a page that another screen loads.
/// - **Waiting ends with the outcome.** What the person started is forgotten at the change that
///   settles it, or, when the run ended without a change the screen saw (a refresh that landed
///   the same kind of phase), at the next change of that part of the screen, which is then
///   someone else's and says nothing.
///
/// ```swift
/// var attention = Attention()
/// attention.personStarted(.content, endedRuns: 0)  // the person pulled to refresh
/// let before = Announcement.Snapshot(kind: .reloading, count: 2)
/// let after = Announcement.Snapshot(kind: .loaded, count: 3)
/// attention.announcement(from: before, to: after) { _ in 1 }  // .loaded(count: 3)
/// attention.announcement(from: after, to: before) { _ in 1 }  // nil: a revalidation
/// ```
package struct Attention: Hashable, Sendable {
  /// The part of a screen a load fills.
  package enum Part: Hashable, Sendable, CaseIterable {
    /// What the screen shows: its first load, a refresh, a retry, a reload.
    case content
    /// The end of a paged list: the next page.
    case end
    /// The start of a list that pages backwards: the previous page.
    case start

    /// The end of a paged list this part is, or `nil` for the content.
    package var edge: PagingEdge? {
      switch self {
      case .content: nil
      case .end: .end
      case .start: .start
      }
    }
  }

  /// What a person waits for in one part of the screen.
  private enum Wait: Hashable, Sendable {
    /// A run they started: `endedBefore` runs of the part's runner had ended when it started,
    /// so it has ended once more have.
    case run(endedBefore: Int)
    /// The first value of a source they chose, until it settles.
    case firstValue
  }

  private var waits: [Part: Wait] = [:]

  /// Creates an attention that waits for nothing.
  package init() {}

  /// Whether the person waits for something in `part`.
  ///
  /// - Parameter part: The part of the screen.
  /// - Returns: Whether a load they started there, or a source they chose, has not settled.
  package func isWaiting(for part: Part) -> Bool { waits[part] != nil }

  /// The person started a load of `part` (or a run that joins one), run by a runner of which
  /// `endedRuns` runs have ended so far: the load's start and its outcome are theirs.
  ///
  /// Telling it again about the same run changes nothing.
  ///
  /// - Parameters:
  ///   - part: The part of the screen the load fills.
  ///   - endedRuns: How many runs of the runner that runs it have ended: the
  ///     ``ActionController/completedRuns`` of the content's runs, the
  ///     ``LoadMoreController/completedPages`` of a paging end.
  package mutating func personStarted(_ part: Part, endedRuns: Int) {
    waits[part] = .run(endedBefore: endedRuns)
  }

  /// The screen shows a source the person chose (another key or identity) while it keeps the
  /// previous value: the new source's first value is theirs.
  package mutating func awaitFirstValue() {
    waits[.content] = .firstValue
  }

  /// Forgets everything: the screen shows another source, and nothing anyone started for the
  /// previous one is awaited any more.
  package mutating func reset() {
    waits = [:]
  }

  /// The announcement the person hears for a change of what the screen shows, or `nil` for
  /// none; forgets what the change settles.
  ///
  /// Call it for every change of one source, in order, whether or not the screen is on screen
  /// (a screen that is not posts nothing, but what settled there is no longer awaited).
  ///
  /// - Parameters:
  ///   - old: What the screen showed.
  ///   - new: What it shows now.
  ///   - endedRuns: How many runs of a part's runner have ended now.
  /// - Returns: The announcement, or `nil` when the change deserves none or is background work.
  package mutating func announcement(
    from old: Announcement.Snapshot, to new: Announcement.Snapshot,
    endedRuns: (Part) -> Int
  ) -> Announcement? {
    let change = kindChange(from: old, to: new, endedRuns: endedRuns)
    guard new.startsWaitingForNetwork(after: old) else { return change }
    // The load waits for the network: said where the person waits for it, in place of its
    // start's progress.
    let part = Self.part(from: old.kind, to: new.kind)
    guard new.kind == .loading || waits[part] != nil else { return nil }
    return .waitingForNetwork
  }

  /// ``announcement(from:to:endedRuns:)`` for a change of the phase's kind, without a wait for
  /// the network.
  private mutating func kindChange(
    from old: Announcement.Snapshot, to new: Announcement.Snapshot,
    endedRuns: (Part) -> Int
  ) -> Announcement? {
    guard old.kind != new.kind else { return nil }
    let part = Self.part(from: old.kind, to: new.kind)
    let wait = waits[part]
    let runEnded: Bool
    if case .run(let endedBefore)? = wait {
      runEnded = endedRuns(part) > endedBefore
    } else {
      runEnded = false
    }
    if new.kind.isLoading {
      // A load starts. After the person's run ended, it is someone else's.
      if runEnded { waits[part] = nil }
      guard wait != nil, !runEnded, old.kind != .idle, !new.isCancellation else { return nil }
      return Self.progress(of: part)
    }
    // A load settles, or the phase returns to idle: what waited for it has its outcome.
    waits[part] = nil
    let isFirstLoad = old.kind == .idle || old.kind == .loading
    guard isFirstLoad || wait != nil else { return nil }
    return Announcement(from: old, to: new)
  }

  /// The part of the screen a change of kind belongs to: the part whose load starts, or whose
  /// load settles.
  private static func part(from old: PhaseKind, to new: PhaseKind) -> Part {
    switch new {
    case .loadingMore, .loadMoreFailed: return .end
    case .loadingPrevious, .loadPreviousFailed: return .start
    case .loaded:
      // A page that landed, or a failed page's error dismissed or retried.
      switch old {
      case .loadingMore, .loadMoreFailed: return .end
      case .loadingPrevious, .loadPreviousFailed: return .start
      default: return .content
      }
    case .idle, .loading, .reloading, .retrying, .failed, .reloadFailed:
      return .content
    }
  }

  /// What a load of `part` that the person started says when it starts.
  private static func progress(of part: Part) -> Announcement {
    switch part {
    case .content: .loading
    case .end: .loadingMore
    case .start: .loadingEarlier
    }
  }
}
