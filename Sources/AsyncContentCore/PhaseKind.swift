/// The case of a phase without its payload: what kind of moment a screen is in.
///
/// ``LoadPhase`` uses the first seven cases; ``PagedPhase`` uses all nine. The kind drives the
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

  public var description: String { rawValue }

  /// The kinds a ``LoadPhase`` can be in.
  public static let loadCases: [PhaseKind] = [
    .idle, .loading, .loaded, .failed, .reloading, .retrying, .reloadFailed,
  ]

  /// Whether an operation runs in this kind of phase.
  public var isLoading: Bool {
    switch self {
    case .loading, .reloading, .retrying, .loadingMore: true
    case .idle, .loaded, .failed, .reloadFailed, .loadMoreFailed: false
    }
  }

  /// Whether no operation runs: the phase a cancelled load returns to.
  public var isStable: Bool { !isLoading }
}

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
  /// Whether an operation runs: a first load, a reload, a retry or a load-more.
  public var isLoading: Bool { kind.isLoading }
  /// Whether the first load runs, with nothing to show (`isLoading` in TanStack Query).
  public var isFirstLoad: Bool { kind == .loading }
  /// Whether a reload runs while the previous value stays visible (`isRefetching`).
  public var isReloading: Bool { kind == .reloading }
  /// Whether a load runs again after a failure while the error stays visible.
  public var isRetrying: Bool { kind == .retrying }
  /// Whether the next page loads (`isFetchingNextPage`).
  public var isLoadingMore: Bool { kind == .loadingMore }
  /// Whether the phase shows an error: failed, reloadFailed or loadMoreFailed.
  public var isFailure: Bool { kind == .failed || kind == .reloadFailed || kind == .loadMoreFailed }
  /// Whether nothing has been requested yet.
  public var isIdle: Bool { kind == .idle }
  /// Whether a value is available to show.
  public var hasValue: Bool { value != nil }
}
