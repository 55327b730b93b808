import Foundation

/// A state change worth saying out loud to a VoiceOver user: a load finished, failed, or
/// reached the end of a list, or a load the person started is under way.
///
/// A screen reader user cannot see a spinner disappear. The SwiftUI views post an announcement
/// for what a person started or waits for, and for nothing else: the first load of what a
/// screen shows, a refresh they pulled, a retry they tapped and a page they scrolled to, each
/// when it starts (``loading``, ``loadingMore``, ``loadingEarlier``) and when it lands or fails.
/// Work that runs in the background (a revalidation when a screen comes back, a refetch on
/// activation, an invalidation, another screen refreshing the same key) says nothing.
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
///
/// Which change deserves which announcement, from the kind of the old phase to the kind of the
/// new one (a package-level rule the views and the terminal demo share):
/// - Nothing is announced when the kind stays the same (a trigger that joined a running load,
///   a repeated value), when the phase returns to idle (a cancel or reset), or for a settle the
///   caller marks as a cancellation. A load that starts is announced only when the person
///   started it.
/// - **→ loaded**: ``loaded(count:)``; after a load-more, ``loadedMore(count:)`` with the
///   number of new items, or ``endOfList(count:)`` when no page is left; after a previous
///   page, ``loadedEarlier(count:)``, or ``startOfList(count:)`` when no earlier page is left.
///   A page that added nothing (it only updated items, or a window dropped as many) says
///   nothing.
/// - **A load that starts waiting for the network** (its store knows the network to be down):
///   ``waitingForNetwork``, once, when the wait begins. Its resumption says nothing; its
///   landing or failure is announced as any other.
/// - **→ failed**: ``failed(message:)``; **→ reloadFailed**: ``reloadFailed(message:)`` (the
///   data stays); **→ loadMoreFailed**: ``loadMoreFailed(message:)``; **→
///   loadPreviousFailed**: ``loadPreviousFailed(message:)``.
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
  /// A load waits for the network: its store knows the network to be down, so the request is
  /// sent when the network comes back. Said once, when the wait begins; the load's outcome is
  /// announced when it lands.
  case waitingForNetwork

  /// The announcement a transition deserves, or `nil` for none, whoever started it: a view
  /// asks ``Attention`` whether the person waits for it.
  ///
  /// - Parameters:
  ///   - old: The phase before the change.
  ///   - new: The phase after it.
  ///   - hasMore: For a paged list, whether another page exists after the change; `nil` for a
  ///     phase without paging.
  ///   - hasPrevious: For a list that pages backwards, whether an earlier page exists after
  ///     the change; `nil` for one that pages one way only.
  ///   - isCancellation: Whether the change settled a cancelled load. A cancelled reload goes
  ///     from reloading to loaded with the old value, which the phases alone cannot tell from
  ///     a reload that landed; the loader that cancelled knows, and passes `true`.
  ///   - count: How many items a value holds, or `nil` when that means nothing. By default a
  ///     `Collection`'s count.
  ///   - message: The text of an error. By default ``DefaultStrings/message(for:)`` in the
  ///     development language; pass one in the user's language.
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
  /// same rules as ``init(from:to:hasMore:hasPrevious:isCancellation:count:message:)``, for a renderer
  /// that keeps snapshots instead of phases (``ContentController`` does).
  ///
  /// ```swift
  /// let before = Announcement.Snapshot(kind: .loadingMore, count: 25, hasMore: true)
  /// let after = Announcement.Snapshot(kind: .loaded, count: 50, hasMore: true)
  /// Announcement(from: before, to: after)  // .loadedMore(count: 25)
  /// ```
  ///
  /// - Parameters:
  ///   - old: The phase before the change.
  ///   - new: The phase after it; its ``Snapshot/hasMore`` and ``Snapshot/isCancellation``
  ///     describe the change.
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
      case .loadingMore:
        if new.hasMore == false {
          self = .endOfList(count: new.count)
          return
        }
        guard let added = Self.added(from: old, to: new) else { return nil }
        self = .loadedMore(count: added)
      case .loadingPrevious:
        if new.hasPrevious == false {
          self = .startOfList(count: new.count)
          return
        }
        guard let added = Self.added(from: old, to: new) else { return nil }
        self = .loadedEarlier(count: added)
      default:
        self = .loaded(count: new.count)
      }
    case .failed:
      guard let message = new.message else { return nil }
      self = .failed(message: message)
    case .reloadFailed:
      guard let message = new.message else { return nil }
      self = .reloadFailed(message: message)
    case .loadMoreFailed:
      guard let message = new.message else { return nil }
      self = .loadMoreFailed(message: message)
    case .loadPreviousFailed:
      guard let message = new.message else { return nil }
      self = .loadPreviousFailed(message: message)
    }
  }

  /// How many items a page added; `nil` when it added none, which deserves no announcement.
  private static func added(from old: Snapshot, to new: Snapshot) -> Int? {
    guard let total = new.count, let before = old.count, total > before else { return nil }
    return total - before
  }
}

extension Announcement {
  /// How urgently VoiceOver speaks an announcement, in the order of Apple's announcement
  /// priorities (`AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute`), to
  /// which the SwiftUI layer maps it.
  package enum Priority: Hashable, Sendable, CaseIterable {
    /// Queued behind what VoiceOver is saying, and spoken when it has finished: cuts nothing off.
    case low
    /// Interrupts what VoiceOver is saying, and a newer announcement may interrupt it.
    case `default`
    /// Interrupts what VoiceOver is saying, and nothing interrupts it once it has started.
    case high
  }

  /// How urgently VoiceOver speaks this announcement.
  ///
  /// - A failure is **high**: the person waited for a result that did not come, and no
  ///   announcement after it may cut it off.
  /// - A load that landed is **default**: it interrupts the "Loading…" it answers, and yields
  ///   to a newer announcement (a failure, or the next page's).
  /// - Progress ("Loading…", "Loading more…") is **low**: it waits until VoiceOver has finished
  ///   what it says (the row under the person's finger, an earlier result), so it never cuts
  ///   anything off; the result that follows interrupts it.
  package var priority: Priority {
    switch self {
    case .loading, .loadingMore, .loadingEarlier, .waitingForNetwork: .low
    case .loaded, .loadedMore, .endOfList, .loadedEarlier, .startOfList: .default
    case .failed, .reloadFailed, .loadMoreFailed, .loadPreviousFailed: .high
    }
  }
}

extension Announcement {
  /// A phase as an announcement sees it: its kind, how many items it shows, its error's
  /// message, whether another page exists, and whether a cancellation led to it.
  ///
  /// It is a plain value, so a renderer can keep the last one and compare it with the next
  /// (``ContentController`` gets one with each ``ContentState``), and it holds the error's
  /// message already in the user's language.
  ///
  /// ```swift
  /// let snapshot = Announcement.Snapshot(
  ///   loader.phase, hasMore: loader.hasMore, isCancellation: loader.lastLoadWasCancelled,
  ///   message: strings.message(for:))
  /// ```
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
    /// Whether the phase was reached by cancelling a load (a cancelled reload returns to
    /// loaded with the value it had, and says nothing).
    package var isCancellation: Bool
    /// Whether the phase's load waits for the network.
    package var isWaitingForNetwork: Bool

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - kind: The kind of the phase.
    ///   - count: How many items the phase shows, if that means anything.
    ///   - message: The message of the phase's error, if it has one.
    ///   - hasMore: Whether another page exists, for a paged list.
    ///   - hasPrevious: Whether an earlier page exists, for a list that pages backwards.
    ///   - isCancellation: Whether a cancellation led to the phase.
    ///   - isWaitingForNetwork: Whether the phase's load waits for the network; it counts only
    ///     while the phase loads.
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

    /// Whether this snapshot's load begins to wait for the network after `old`: it waits, and
    /// `old` showed no wait of the same load (a load that started anew may wait again).
    package func startsWaitingForNetwork(after old: Snapshot) -> Bool {
      isWaitingForNetwork && (!old.isWaitingForNetwork || old.kind != kind)
    }

    /// The snapshot of a phase.
    ///
    /// - Parameters:
    ///   - phase: The phase.
    ///   - hasMore: Whether another page exists, for a paged list; `nil` without paging.
    ///   - hasPrevious: Whether an earlier page exists, for a list that pages backwards.
    ///   - isCancellation: Whether a cancellation led to the phase; a loader knows
    ///     (``LoaderBase/lastLoadWasCancelled``).
    ///   - isWaitingForNetwork: Whether the phase's load waits for the network (the loader's
    ///     `isWaitingForNetwork`).
    ///   - count: How many items a value holds; by default a `Collection`'s count.
    ///   - message: The text of an error; by default ``DefaultStrings/message(for:)`` in the
    ///     development language.
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

    /// The snapshot of what a screen shows: a presentation and the kind of its phase.
    ///
    /// A renderer that holds presentations rather than phases (the SwiftUI layer's container)
    /// gets the count from the content (an empty state counts none), the error from the
    /// blocking error, the banner, the footer or the header, and whether another page exists
    /// from the footer (a spinner or an error: yes; the end of the list: no), and an earlier one
    /// from the header alike.
    ///
    /// - Parameters:
    ///   - presentation: What the screen shows, before any banner policy hides the banner.
    ///   - kind: The kind of the phase it shows.
    ///   - isCancellation: Whether a cancellation led to the phase.
    ///   - count: How many items a value holds; by default a `Collection`'s count.
    ///   - message: The text of an error.
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
