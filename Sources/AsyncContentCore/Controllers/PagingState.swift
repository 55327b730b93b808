/// What a paged list shows, as far as its ``LoadMoreController`` needs to know: the kind of
/// phase and whether another page exists.
///
/// ```swift
/// let state = PagingState(kind: loader.phase.kind, hasMore: loader.hasMore)
/// ```
public struct PagingState: Hashable, Sendable {
  /// The kind of the list's phase.
  public var kind: PhaseKind
  /// Whether another page exists.
  public var hasMore: Bool

  /// Creates a state.
  public init(kind: PhaseKind, hasMore: Bool) {
    self.kind = kind
    self.hasMore = hasMore
  }

  /// Whether the next page may load now: items are shown, nothing runs, no load-more failed
  /// (its retry button retries it), and another page exists.
  public var canLoadMore: Bool {
    hasMore && (kind == .loaded || kind == .reloadFailed)
  }
}
