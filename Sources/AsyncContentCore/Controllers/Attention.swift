/// What a person waits for on one screen, and so what VoiceOver tells them: a first load, what
/// they started (a pull, a tap, a scroll to a paging end) and a source they chose; never the
/// work that runs in the background. A screen's ``ContentController`` keeps one.
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
    /// A run they started, when `endedBefore` runs of the part's runner had ended.
    case run(endedBefore: Int)
    /// The first value of a source they chose, until it settles.
    case firstValue
  }

  private var waits: [Part: Wait] = [:]

  /// Creates an attention that waits for nothing.
  package init() {}

  /// Whether a load the person started in `part`, or a source they chose, has not settled.
  package func isWaiting(for part: Part) -> Bool { waits[part] != nil }

  /// The person started (or joined) a load of `part`, whose runner has ended `endedRuns` runs
  /// so far: its start and outcome are theirs.
  package mutating func personStarted(_ part: Part, endedRuns: Int) {
    waits[part] = .run(endedBefore: endedRuns)
  }

  /// The screen shows a source the person chose (another key or identity) while it keeps the
  /// previous value: the new source's first value is theirs.
  package mutating func awaitFirstValue() {
    waits[.content] = .firstValue
  }

  /// Forgets everything: the screen shows another source.
  package mutating func reset() {
    waits = [:]
  }

  /// The announcement the person hears for a change of what the screen shows, or `nil`;
  /// forgets what the change settles. Call it for every change of one source, in order.
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

  /// ``announcement(from:to:endedRuns:)`` for a change of kind, without a network wait.
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

  /// The part of the screen whose load starts or settles in a change of kind.
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
