import Foundation

/// A state change worth saying out loud to a VoiceOver user: a load finished, failed, or
/// reached the end of a list, or a load the person started is under way.
///
/// The SwiftUI views announce what a person started or waits for (a first load, a pulled
/// refresh, a tapped retry, a page scrolled to), when it starts and when it lands or fails;
/// background work (revalidation, refetch on activation, invalidation) says nothing.
///
/// Replace the texts, or turn announcements off, with an `AsyncAnnouncementStyle` in the
/// environment; ``DefaultStrings/announcement(_:)`` gives the default text in the user's
/// language, so a style can switch over the cases for its own wording:
///
/// ```swift
/// struct CountryAnnouncements: AsyncAnnouncementStyle {
///   func text(for announcement: Announcement, strings: DefaultStrings) -> String? {
///     switch announcement {
///     case .loaded(let count?): "\(count) countries loaded"
///     default: strings.announcement(announcement)
///     }
///   }
/// }
/// ```
public enum Announcement: Hashable, Sendable {
  /// A refresh or a retry the person started is under way.
  case loading
  /// A page the person scrolled to (or retried) is loading.
  case loadingMore
  /// An earlier page the person scrolled to (or retried) is loading.
  case loadingEarlier
  /// A load finished: the count of items when known ("25 items loaded").
  case loaded(count: Int?)
  /// A load-more appended `count` items and more remain.
  case loadedMore(count: Int)
  /// The last page arrived: the list has `count` items in all, when known.
  case endOfList(count: Int?)
  /// A load failed and nothing is shown: the error's message.
  case failed(message: String)
  /// A reload failed; the data shown before stays.
  case reloadFailed(message: String)
  /// Loading the next page failed; every item stays.
  case loadMoreFailed(message: String)
  /// A previous page put `count` items before the loaded ones, and earlier ones remain.
  case loadedEarlier(count: Int)
  /// The first page of a list paged backwards arrived: the list has `count` items in all, when
  /// known.
  case startOfList(count: Int?)
  /// Loading the previous page failed; every item stays.
  case loadPreviousFailed(message: String)
  /// A load waits for the network, which its store knows to be down. Said once, when the wait
  /// begins.
  case waitingForNetwork

  /// The announcement a transition between two phases deserves, or `nil` for none, whoever
  /// started it (``Attention`` decides whether the person waits for it).
  package init?<Phase: AsyncPhase>(
    from old: Phase, to new: Phase, hasMore: Bool? = nil, hasPrevious: Bool? = nil,
    isCancellation: Bool = false,
    count: (Phase.Value) -> Int? = { ($0 as? any Collection)?.count },
    message: (Phase.Failure) -> String = { DefaultStrings.development.message(for: $0) }
  ) {
    self.init(
      from: Snapshot(old, count: count, message: message),
      to: Snapshot(
        new, hasMore: hasMore, hasPrevious: hasPrevious, isCancellation: isCancellation,
        count: count, message: message))
  }

  /// The announcement a transition between two snapshots deserves, or `nil` for none: the
  /// rule by phase kind that the views and the demo share.
  package init?(from old: Snapshot, to new: Snapshot) {
    if new.startsWaitingForNetwork(after: old) {
      self = .waitingForNetwork
      return
    }
    guard old.kind != new.kind, !new.isCancellation else { return nil }
    switch new.kind {
    case .idle, .loading, .reloading, .retrying, .loadingMore, .loadingPrevious:
      return nil
    case .loaded:
      switch old.kind {
      case .loadingMore, .loadingPrevious:
        let edge: PagingEdge = old.kind == .loadingMore ? .end : .start
        guard let page = Self.page(from: old, to: new, at: edge) else { return nil }
        self = page
      default:
        self = .loaded(count: new.count)
      }
    case .failed, .reloadFailed, .loadMoreFailed, .loadPreviousFailed:
      guard let message = new.message else { return nil }
      switch new.kind {
      case .reloadFailed: self = .reloadFailed(message: message)
      case .loadMoreFailed: self = .loadMoreFailed(message: message)
      case .loadPreviousFailed: self = .loadPreviousFailed(message: message)
      default: self = .failed(message: message)
      }
    }
  }

  /// A page that landed at `edge`: the end (or start) of the list when no page is left there,
  /// else the number of items it added, or `nil` when it added none.
  private static func page(from old: Snapshot, to new: Snapshot, at edge: PagingEdge) -> Self? {
    switch (edge, edge == .end ? new.hasMore : new.hasPrevious) {
    case (.end, .some(false)): return .endOfList(count: new.count)
    case (.start, .some(false)): return .startOfList(count: new.count)
    default: break
    }
    guard let total = new.count, let before = old.count, total > before else { return nil }
    return edge == .end ? .loadedMore(count: total - before) : .loadedEarlier(count: total - before)
  }
}

extension Announcement {
  /// How urgently VoiceOver speaks an announcement; the SwiftUI layer maps it to Apple's
  /// announcement priorities.
  package enum Priority: Hashable, Sendable, CaseIterable {
    /// Queued behind what VoiceOver is saying, and spoken when it has finished: cuts nothing off.
    case low
    /// Interrupts what VoiceOver is saying, and a newer announcement may interrupt it.
    case `default`
    /// Interrupts what VoiceOver is saying, and nothing interrupts it once it has started.
    case high
  }

  /// How urgently VoiceOver speaks this announcement: failures high, landings default,
  /// progress low.
  package var priority: Priority {
    switch self {
    case .loading, .loadingMore, .loadingEarlier, .waitingForNetwork: .low
    case .loaded, .loadedMore, .endOfList, .loadedEarlier, .startOfList: .default
    case .failed, .reloadFailed, .loadMoreFailed, .loadPreviousFailed: .high
    }
  }
}

extension Announcement {
  /// A phase as an announcement sees it, as a plain value a renderer keeps and compares with
  /// the next; its error message is already in the user's language.
  package struct Snapshot: Hashable, Sendable, CustomStringConvertible {
    /// The kind of the phase.
    package var kind: PhaseKind
    /// How many items the phase shows, or `nil` when that means nothing.
    package var count: Int?
    /// The message of the phase's error, or `nil` without one.
    package var message: String?
    /// For a paged list, whether another page exists; `nil` for a phase without paging.
    package var hasMore: Bool?
    /// For a list that pages backwards, whether an earlier page exists; `nil` otherwise.
    package var hasPrevious: Bool?
    /// Whether the phase was reached by cancelling a load.
    package var isCancellation: Bool
    /// Whether the phase's load waits for the network.
    package var isWaitingForNetwork: Bool

    /// Creates a snapshot; `isWaitingForNetwork` counts only while the phase loads.
    package init(
      kind: PhaseKind, count: Int? = nil, message: String? = nil, hasMore: Bool? = nil,
      hasPrevious: Bool? = nil, isCancellation: Bool = false, isWaitingForNetwork: Bool = false
    ) {
      self.kind = kind
      self.count = count
      self.message = message
      self.hasMore = hasMore
      self.hasPrevious = hasPrevious
      self.isCancellation = isCancellation
      self.isWaitingForNetwork = isWaitingForNetwork && kind.isLoading
    }

    /// Whether this snapshot's load begins to wait for the network after `old` (a load that
    /// started anew may wait again).
    package func startsWaitingForNetwork(after old: Snapshot) -> Bool {
      isWaitingForNetwork && (!old.isWaitingForNetwork || old.kind != kind)
    }

    /// The snapshot of a phase; `count` defaults to a `Collection`'s count and `message` to
    /// the development language's ``DefaultStrings/message(for:)``.
    package init<Phase: AsyncPhase>(
      _ phase: Phase, hasMore: Bool? = nil, hasPrevious: Bool? = nil,
      isCancellation: Bool = false, isWaitingForNetwork: Bool = false,
      count: (Phase.Value) -> Int? = { ($0 as? any Collection)?.count },
      message: (Phase.Failure) -> String = { DefaultStrings.development.message(for: $0) }
    ) {
      self.init(
        kind: phase.kind, count: phase.value.flatMap(count), message: phase.error.map(message),
        hasMore: hasMore, hasPrevious: hasPrevious, isCancellation: isCancellation,
        isWaitingForNetwork: isWaitingForNetwork)
    }

    /// The snapshot of what a screen shows (before any banner policy hides the banner), for a
    /// renderer that holds presentations rather than phases.
    package init<Value, Failure>(
      _ presentation: Presentation<Value, Failure>, kind: PhaseKind, isCancellation: Bool = false,
      count: (Value) -> Int? = { ($0 as? any Collection)?.count },
      message: (Failure) -> String
    ) {
      let shown: Int?
      switch presentation.body {
      case .content(let value, _): shown = count(value)
      case .empty: shown = 0
      case .idle, .progress, .failure: shown = nil
      }
      var error = presentation.blockingError ?? presentation.banner
      func pages(beyond edge: Presentation<Value, Failure>.Footer) -> Bool? {
        switch edge {
        case .none: return nil
        case .loading: return true
        case .failed(let failure):
          error = error ?? failure
          return true
        case .endOfList: return false
        }
      }
      let hasMore = pages(beyond: presentation.footer)
      let hasPrevious = pages(beyond: presentation.header)
      self.init(
        kind: kind, count: shown, message: error.map(message), hasMore: hasMore,
        hasPrevious: hasPrevious, isCancellation: isCancellation,
        isWaitingForNetwork: presentation.isWaitingForNetwork)
    }

    package var description: String {
      var parts = ["\(kind)"]
      if let count { parts.append("count: \(count)") }
      if let message { parts.append("message: \(message)") }
      if let hasMore { parts.append("hasMore: \(hasMore)") }
      if let hasPrevious { parts.append("hasPrevious: \(hasPrevious)") }
      if isCancellation { parts.append("cancelled") }
      if isWaitingForNetwork { parts.append("waiting for the network") }
      return parts.joined(separator: ", ")
    }
  }
}
