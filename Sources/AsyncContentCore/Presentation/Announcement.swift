import Foundation

/// A state change worth saying out loud to a VoiceOver user: a load finished, failed, or
/// reached the end of a list.
///
/// A screen reader user cannot see a spinner disappear. ``init(from:to:hasMore:isCancellation:count:message:)``
/// decides, from a transition between two phases, whether it deserves an announcement; the
/// decision is pure and tested here, and every renderer posts the same announcements.
/// ``DefaultStrings/announcement(_:)`` gives the text in the user's language; a screen can
/// switch over the cases for its own wording ("25 countries loaded").
///
/// ```swift
/// let before = LoadPhase<[String], any Error>.loading
/// let after = LoadPhase<[String], any Error>.loaded(["Austria", "Brazil"])
/// if let announcement = Announcement(from: before, to: after) {
///   print(DefaultStrings(language: "en").announcement(announcement))  // "2 items loaded"
/// }
/// ```
///
/// The rules, from the kind of the old phase to the kind of the new one:
/// - Nothing is announced when the kind stays the same (a trigger that joined a running load,
///   a repeated value), when a load starts (the person started it, or the spinner says so),
///   when the phase returns to idle (a cancel or reset), or for a settle the caller marks as
///   a cancellation.
/// - **→ loaded**: ``loaded(count:)``; after a load-more, ``loadedMore(count:)`` with the
///   number of new items, or ``endOfList(count:)`` when no page is left.
/// - **→ failed**: ``failed(message:)``; **→ reloadFailed**: ``reloadFailed(message:)`` (the
///   data stays); **→ loadMoreFailed**: ``loadMoreFailed(message:)``.
public enum Announcement: Hashable, Sendable {
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

  /// The announcement a transition deserves, or `nil` for none.
  ///
  /// - Parameters:
  ///   - old: The phase before the change.
  ///   - new: The phase after it.
  ///   - hasMore: For a paged list, whether another page exists after the change; `nil` for a
  ///     phase without paging.
  ///   - isCancellation: Whether the change settled a cancelled load. A cancelled reload goes
  ///     from reloading to loaded with the old value, which the phases alone cannot tell from
  ///     a reload that landed; the loader that cancelled knows, and passes `true`.
  ///   - count: How many items a value holds, or `nil` when that means nothing. By default a
  ///     `Collection`'s count.
  ///   - message: The text of an error. By default ``DefaultStrings/message(for:)`` in the
  ///     development language; pass one in the user's language.
  public init?<Phase: AsyncPhase>(
    from old: Phase, to new: Phase, hasMore: Bool? = nil, isCancellation: Bool = false,
    count: (Phase.Value) -> Int? = { ($0 as? any Collection)?.count },
    message: (Phase.Failure) -> String = { DefaultStrings.development.message(for: $0) }
  ) {
    guard old.kind != new.kind, !isCancellation else { return nil }
    switch new.kind {
    case .idle, .loading, .reloading, .retrying, .loadingMore:
      return nil
    case .loaded:
      let total = new.value.flatMap(count)
      guard old.kind == .loadingMore else {
        self = .loaded(count: total)
        return
      }
      if hasMore == false {
        self = .endOfList(count: total)
        return
      }
      let before = old.value.flatMap(count)
      guard let total, let before, total > before else { return nil }  // nothing was added
      self = .loadedMore(count: total - before)
    case .failed:
      guard let error = new.error else { return nil }
      self = .failed(message: message(error))
    case .reloadFailed:
      guard let error = new.error else { return nil }
      self = .reloadFailed(message: message(error))
    case .loadMoreFailed:
      guard let error = new.error else { return nil }
      self = .loadMoreFailed(message: message(error))
    }
  }
}
