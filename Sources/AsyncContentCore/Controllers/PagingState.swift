/// What a paged list shows, as far as its ``LoadMoreController``s need to know: the kind of
/// phase and whether another page exists at either end.
package struct PagingState: Hashable, Sendable {
  /// The kind of the list's phase.
  package var kind: PhaseKind
  /// Whether another page exists.
  package var hasMore: Bool
  /// Whether an earlier page exists, for a list that pages backwards.
  package var hasPrevious: Bool

  /// Creates a state; `hasPrevious` is `false` for a list that pages one way only.
  package init(kind: PhaseKind, hasMore: Bool, hasPrevious: Bool = false) {
    self.kind = kind
    self.hasMore = hasMore
    self.hasPrevious = hasPrevious
  }

  /// Whether the next page may load now: items shown, nothing runs, no load-more failed (its
  /// retry button retries it), and another page exists.
  package var canLoadMore: Bool {
    hasMore && (kind == .loaded || kind == .reloadFailed || kind == .loadPreviousFailed)
  }

  /// Whether the previous page may load now, by the same rules at the start.
  package var canLoadPrevious: Bool {
    hasPrevious && (kind == .loaded || kind == .reloadFailed || kind == .loadMoreFailed)
  }

  /// Whether the page at `edge` may load now.
  package func canLoad(at edge: PagingEdge) -> Bool {
    switch edge {
    case .end: canLoadMore
    case .start: canLoadPrevious
    }
  }
}

/// An end of a paged list: the end (``PagedLoader/loadMore()``) or the start
/// (``PagedLoader/loadPrevious()``).
package enum PagingEdge: Hashable, Sendable {
  /// The end of the list: the footer and the next page.
  case end
  /// The start of the list: the header and the previous page.
  case start
}
