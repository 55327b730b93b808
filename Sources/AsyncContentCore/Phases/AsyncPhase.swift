/// The members ``LoadPhase`` and ``PagedPhase`` share, so that views, the presentation and tests
/// can treat both alike.
///
/// Everything here derives from three requirements (``kind``, ``value`` and ``error``), so the
/// flags can never disagree with the case they describe.
public protocol AsyncPhase<Value, Failure> {
  /// The loaded value type.
  associatedtype Value
  /// The error type.
  associatedtype Failure: Error
  /// The case without its payload.
  var kind: PhaseKind { get }
  /// The value that is visible, if any: present in every phase that keeps a value on screen.
  var value: Value? { get }
  /// The error that is visible, if any.
  var error: Failure? { get }
}

extension AsyncPhase {
  /// Whether an operation runs: a first load, a reload, a retry, or a next or previous page.
  @inlinable
  public var isLoading: Bool { kind.isLoading }
  /// Whether the first load runs, with nothing to show (`isLoading` in TanStack Query).
  @inlinable
  public var isFirstLoad: Bool { kind == .loading }
  /// Whether a reload runs while the previous value stays visible (`isRefetching`).
  @inlinable
  public var isReloading: Bool { kind == .reloading }
  /// Whether a load runs again after a failure while the error stays visible.
  @inlinable
  public var isRetrying: Bool { kind == .retrying }
  /// Whether the next page loads (`isFetchingNextPage`).
  @inlinable
  public var isLoadingMore: Bool { kind == .loadingMore }
  /// Whether the previous page loads (`isFetchingPreviousPage`).
  @inlinable
  public var isLoadingPrevious: Bool { kind == .loadingPrevious }
  /// Whether the phase shows an error: failed, reloadFailed, loadMoreFailed or
  /// loadPreviousFailed.
  @inlinable
  public var isFailure: Bool {
    switch kind {
    case .failed, .reloadFailed, .loadMoreFailed, .loadPreviousFailed: true
    case .idle, .loading, .loaded, .reloading, .retrying, .loadingMore, .loadingPrevious: false
    }
  }
  /// Whether nothing has been requested yet.
  @inlinable
  public var isIdle: Bool { kind == .idle }
  /// Whether a value is available to show.
  @inlinable
  public var hasValue: Bool { value != nil }
}

extension AsyncPhase {
  /// `kind(value, error)` with what the phase holds: both phases' `description`.
  var phaseDescription: String {
    if let value, let error { return "\(kind)(\(value), \(error))" }
    if let value { return "\(kind)(\(value))" }
    if let error { return "\(kind)(\(error))" }
    return kind.rawValue
  }
}
