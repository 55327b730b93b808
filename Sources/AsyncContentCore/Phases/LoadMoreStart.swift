/// What ``PagedPhase/startLoadingMore()`` or ``PagedPhase/startLoadingPrevious()`` did.
public enum LoadMoreStart: Hashable, Sendable {
  /// The phase moved to loadingMore (or loadingPrevious): the caller fetches the page.
  case started
  /// A load of the same end already runs: the caller joins it.
  case alreadyLoadingMore
  /// Nothing to page from; a first load, retry or reload runs; or the other end loads (one
  /// page loads at a time).
  case unavailable
}
