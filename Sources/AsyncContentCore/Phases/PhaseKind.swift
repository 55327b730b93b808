/// The case of a phase without its payload: what kind of moment a screen is in.
///
/// ``LoadPhase`` uses the first seven cases; ``PagedPhase`` uses all eleven. The kind drives the
/// shared accessors of ``AsyncPhase``, the ``Presentation``, the state diagram and the tests, so
/// those decisions are written once for both enums.
public enum PhaseKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Nothing has been requested yet.
  case idle
  /// The first load runs and there is nothing to show.
  case loading
  /// A value is shown and no load runs.
  case loaded
  /// The last load failed and there is no value to show.
  case failed
  /// A load runs again while the previous value stays visible.
  case reloading
  /// A load runs again after a failure while the error stays visible.
  case retrying
  /// A reload failed; the previous value stays visible with the error.
  case reloadFailed
  /// The next page loads while the loaded items stay visible (paging only).
  case loadingMore
  /// Loading the next page failed; every loaded item stays visible (paging only).
  case loadMoreFailed
  /// The previous page loads while the loaded items stay visible (paging backwards only).
  case loadingPrevious
  /// Loading the previous page failed; every loaded item stays visible (paging backwards only).
  case loadPreviousFailed

  public var description: String { rawValue }

  /// The kinds a ``LoadPhase`` can be in.
  public static let loadCases: [PhaseKind] = [
    .idle, .loading, .loaded, .failed, .reloading, .retrying, .reloadFailed,
  ]

  /// Whether an operation runs in this kind of phase.
  @inlinable
  public var isLoading: Bool {
    switch self {
    case .loading, .reloading, .retrying, .loadingMore, .loadingPrevious: true
    case .idle, .loaded, .failed, .reloadFailed, .loadMoreFailed, .loadPreviousFailed: false
    }
  }

  /// Whether no operation runs: the phase a cancelled load returns to.
  @inlinable
  public var isStable: Bool { !isLoading }
}
