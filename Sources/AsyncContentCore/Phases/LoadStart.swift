/// What a phase's start of a load did: ``LoadPhase/startLoading()``,
/// ``PagedPhase/startLoading()``, ``PagedPhase/startLoadingMore()`` or
/// ``PagedPhase/startLoadingPrevious()``.
public enum LoadStart: Hashable, Sendable {
  /// The phase moved to a loading case (loading, reloading, retrying, loadingMore or
  /// loadingPrevious): the caller runs the operation or fetches the page.
  case started
  /// A load already runs (for a page, a load of the same end): the caller joins it and starts
  /// nothing.
  case alreadyLoading
  /// Paging only: nothing to page from; a first load, retry or reload runs; or the other end
  /// loads (one page loads at a time). A first load or reload never reports it.
  case unavailable
}
