/// What ``PagedPhase/startLoadingMore()`` did.
public enum LoadMoreStart: Hashable, Sendable {
  /// The phase moved to loadingMore: the caller fetches the next page.
  case started
  /// A load-more already runs: the caller joins it.
  case alreadyLoadingMore
  /// Nothing to page from, or a first load, retry or reload runs.
  case unavailable
}
