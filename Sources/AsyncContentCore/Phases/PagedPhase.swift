/// The phase of a paged list: every case of ``LoadPhase`` plus loading and failing the next
/// page, and the previous page for lists that page backwards too (a chat, a feed).
///
/// The items stay visible while the next page loads and after it fails, so load-more never
/// blanks the list.
///
/// ```swift
/// var phase = PagedPhase<[Int], any Error>.loaded([1, 2])
/// phase.startLoadingMore()                      // .loadingMore([1, 2])
/// phase.finishLoadingMore { $0.append(3) }      // .loaded([1, 2, 3]), appended in place
/// ```
///
/// ## Transitions
/// Everything ``LoadPhase`` does, plus:
/// - ``startLoading()`` from loadingMore and loadMoreFailed goes to reloading, keeping the
///   items. A reload started during a load-more supersedes it: the load-more's page must never
///   append after the reload (``finishLoadingMore(_:)`` drops it, because the phase is no longer
///   loadingMore).
/// - ``startLoadingMore()`` works only from a phase that shows items and runs nothing: loaded,
///   reloadFailed and loadMoreFailed. During loadingMore it reports
///   ``LoadStart/alreadyLoading`` so callers join. During a first load, a retry or a
///   reload it reports ``LoadStart/unavailable``: the reload replaces the list anyway.
/// - ``finishLoadingMore(_:)`` merges the page into the items in place (no copy of what is
///   loaded) and goes to loaded. From any other phase the page is stale and is dropped.
/// - ``fail(_:)`` during loadingMore gives loadMoreFailed, keeping every item.
/// - ``cancel()`` during loadingMore returns to loaded.
/// - ``failLoadingMore(_:)`` and ``cancelLoadingMore()`` end a load-more only while one runs:
///   a failure or cancellation that arrives after a reload superseded the load-more is outdated
///   and dropped, as ``finishLoadingMore(_:)`` drops an outdated page. A phase driven by hand
///   uses them in the load-more's `catch`.
/// - ``dismissError()``: reloadFailed → loaded, keeping the items (the banner is dismissed).
///
/// The previous page mirrors the next: ``startLoadingPrevious()``, ``finishLoadingPrevious(_:)``,
/// ``failLoadingPrevious(_:)`` and ``cancelLoadingPrevious()`` act as their load-more twins, with
/// loadingPrevious and loadPreviousFailed. One page loads at a time: while one end loads, the
/// other reports ``LoadStart/unavailable``. Starting one end clears the other end's error;
/// its spinner shows again.
///
/// ## Coming from `PagingDataState` (kntkymt's "[SwiftUI] enumを用いた画面の状態管理のすすめ")
/// | `PagingDataState` | `PagedPhase` |
/// |---|---|
/// | `idle` | ``idle`` |
/// | `initialLoading` | ``loading`` |
/// | `reLoading(v)` | ``reloading(_:)`` |
/// | `retryLoading(e)` | ``retrying(_:)`` |
/// | `success(v)` | ``loaded(_:)`` |
/// | `loadingFailure(e)` | ``failed(_:)`` |
/// | — (a failed pull-to-refresh lost the list there) | ``reloadFailed(_:_:)`` |
/// | `paging(v)` | ``loadingMore(_:)`` |
/// | `pagingFailure(v, e)` | ``loadMoreFailed(_:_:)`` |
/// | — (pages one way only) | ``loadingPrevious(_:)``, ``loadPreviousFailed(_:_:)`` |
public enum PagedPhase<Value, Failure: Error>: AsyncPhase {
  /// Nothing has been requested yet.
  case idle
  /// The first page loads and there is nothing to show.
  case loading
  /// Items are shown and no load runs.
  case loaded(Value)
  /// The first page failed and there is nothing to show.
  case failed(Failure)
  /// The list loads again from the first page while the old items stay visible.
  case reloading(Value)
  /// The first page loads again after a failure while the error stays visible.
  case retrying(Failure)
  /// A reload failed; the old items stay visible along with the error.
  case reloadFailed(Value, Failure)
  /// The next page loads while the items stay visible.
  case loadingMore(Value)
  /// The next page failed; every item stays visible along with the error.
  case loadMoreFailed(Value, Failure)
  /// The previous page loads while the items stay visible.
  case loadingPrevious(Value)
  /// The previous page failed; every item stays visible along with the error.
  case loadPreviousFailed(Value, Failure)

  /// The case without its payload.
  @inlinable
  public var kind: PhaseKind {
    switch self {
    case .idle: .idle
    case .loading: .loading
    case .loaded: .loaded
    case .failed: .failed
    case .reloading: .reloading
    case .retrying: .retrying
    case .reloadFailed: .reloadFailed
    case .loadingMore: .loadingMore
    case .loadMoreFailed: .loadMoreFailed
    case .loadingPrevious: .loadingPrevious
    case .loadPreviousFailed: .loadPreviousFailed
    }
  }

  /// The items on screen: present in every phase except idle, loading, failed and retrying.
  @inlinable
  public var value: Value? {
    switch self {
    case .loaded(let value), .reloading(let value), .reloadFailed(let value, _),
      .loadingMore(let value), .loadMoreFailed(let value, _), .loadingPrevious(let value),
      .loadPreviousFailed(let value, _):
      value
    case .idle, .loading, .failed, .retrying: nil
    }
  }

  /// The error on screen: present in failed, retrying, reloadFailed, loadMoreFailed and
  /// loadPreviousFailed.
  @inlinable
  public var error: Failure? {
    switch self {
    case .failed(let error), .retrying(let error), .reloadFailed(_, let error),
      .loadMoreFailed(_, let error), .loadPreviousFailed(_, let error):
      error
    case .idle, .loading, .loaded, .reloading, .loadingMore, .loadingPrevious: nil
    }
  }

  /// Starts loading the first page.
  ///
  /// idle → loading, failed → retrying; every phase with items → reloading, keeping them. A
  /// load-more that runs is superseded (the caller cancels it). A first load, retry or reload
  /// that runs is left alone.
  ///
  /// - Returns: ``LoadStart/started``, or ``LoadStart/alreadyLoading`` to join the running load.
  @inlinable
  @discardableResult
  public mutating func startLoading() -> LoadStart {
    switch self {
    case .idle: self = .loading
    case .failed(let error): self = .retrying(error)
    case .loaded(let value), .reloadFailed(let value, _), .loadingMore(let value),
      .loadMoreFailed(let value, _), .loadingPrevious(let value), .loadPreviousFailed(let value, _):
      self = .reloading(value)
    case .loading, .reloading, .retrying: return .alreadyLoading
    }
    return .started
  }

  /// Finishes loading the first page: any phase becomes loaded(value).
  @inlinable
  public mutating func succeed(_ value: Value) {
    self = .loaded(value)
  }

  /// Finishes a load with an error.
  ///
  /// loadingMore → loadMoreFailed; loadingPrevious → loadPreviousFailed; any other phase with
  /// items → reloadFailed; otherwise failed. The items are always kept.
  @inlinable
  public mutating func fail(_ error: Failure) {
    switch self {
    case .loadingMore(let value): self = .loadMoreFailed(value, error)
    case .loadingPrevious(let value): self = .loadPreviousFailed(value, error)
    case .loaded(let value), .reloading(let value), .reloadFailed(let value, _),
      .loadMoreFailed(let value, _), .loadPreviousFailed(let value, _):
      self = .reloadFailed(value, error)
    case .idle, .loading, .failed, .retrying: self = .failed(error)
    }
  }

  /// Cancels the running load and returns to the stable phase it started from.
  ///
  /// loading → idle, reloading, loadingMore and loadingPrevious → loaded, retrying → failed.
  ///
  /// - Returns: whether the phase changed.
  @inlinable
  @discardableResult
  public mutating func cancel() -> Bool {
    switch self {
    case .loading: self = .idle
    case .reloading(let value), .loadingMore(let value), .loadingPrevious(let value):
      self = .loaded(value)
    case .retrying(let error): self = .failed(error)
    case .idle, .loaded, .failed, .reloadFailed, .loadMoreFailed, .loadPreviousFailed:
      return false
    }
    return true
  }

  /// Forgets everything: any phase becomes idle.
  ///
  /// - Returns: whether the phase changed (it was not idle).
  @inlinable
  @discardableResult
  public mutating func reset() -> Bool {
    guard kind != .idle else { return false }
    self = .idle
    return true
  }

  /// Starts loading the next page.
  ///
  /// loaded, reloadFailed, loadMoreFailed and loadPreviousFailed → loadingMore, keeping the
  /// items.
  ///
  /// - Returns: ``LoadStart/started``; ``LoadStart/alreadyLoading`` to join the
  ///   running load-more; ``LoadStart/unavailable`` when there are no items yet, a first
  ///   load, retry or reload runs, or the previous page loads.
  @inlinable
  @discardableResult
  public mutating func startLoadingMore() -> LoadStart {
    switch self {
    case .loaded(let value), .reloadFailed(let value, _), .loadMoreFailed(let value, _),
      .loadPreviousFailed(let value, _):
      self = .loadingMore(value)
      return .started
    case .loadingMore: return .alreadyLoading
    case .idle, .loading, .failed, .retrying, .reloading, .loadingPrevious: return .unavailable
    }
  }

  /// Starts loading the previous page, for a list that pages backwards too.
  ///
  /// loaded, reloadFailed, loadMoreFailed and loadPreviousFailed → loadingPrevious, keeping the
  /// items.
  ///
  /// - Returns: ``LoadStart/started``; ``LoadStart/alreadyLoading`` to join the
  ///   running load of the previous page; ``LoadStart/unavailable`` when there are no items
  ///   yet, a first load, retry or reload runs, or the next page loads.
  @inlinable
  @discardableResult
  public mutating func startLoadingPrevious() -> LoadStart {
    switch self {
    case .loaded(let value), .reloadFailed(let value, _), .loadMoreFailed(let value, _),
      .loadPreviousFailed(let value, _):
      self = .loadingPrevious(value)
      return .started
    case .loadingPrevious: return .alreadyLoading
    case .idle, .loading, .failed, .retrying, .reloading, .loadingMore: return .unavailable
    }
  }

  /// Finishes loading the previous page by merging it into the items in place (at the front),
  /// and goes to loaded.
  ///
  /// - Parameter merge: Adds the page to the items.
  /// - Returns: `false`, leaving the phase untouched, when the previous page does not load: the
  ///   page is stale.
  @inlinable
  @discardableResult
  public mutating func finishLoadingPrevious(
    _ merge: (inout Value) throws -> Void
  ) rethrows -> Bool {
    guard case .loadingPrevious(var value) = self else { return false }
    self = .idle  // drop the enum's reference so `value` is uniquely referenced
    do {
      try merge(&value)
    } catch {
      self = .loadingPrevious(value)
      throw error
    }
    self = .loaded(value)
    return true
  }

  /// Fails the running load of the previous page: loadingPrevious → loadPreviousFailed,
  /// keeping every item. An outdated failure is dropped, as ``failLoadingMore(_:)`` drops one.
  ///
  /// - Parameter error: Why the previous page failed.
  /// - Returns: `false`, leaving the phase untouched, when the previous page does not load.
  @inlinable
  @discardableResult
  public mutating func failLoadingPrevious(_ error: Failure) -> Bool {
    guard case .loadingPrevious(let value) = self else { return false }
    self = .loadPreviousFailed(value, error)
    return true
  }

  /// Cancels the running load of the previous page: loadingPrevious → loaded, keeping every
  /// item. It never cancels a reload that superseded it.
  ///
  /// - Returns: `false`, leaving the phase untouched, when the previous page does not load.
  @inlinable
  @discardableResult
  public mutating func cancelLoadingPrevious() -> Bool {
    guard case .loadingPrevious(let value) = self else { return false }
    self = .loaded(value)
    return true
  }

  /// Finishes a load-more by merging the page into the items in place, and goes to loaded.
  ///
  /// The items are mutated in place: the phase gives up its reference before `merge` runs, so
  /// appending does not copy what is already loaded.
  ///
  /// - Parameter merge: Adds the page to the items.
  /// - Returns: `false`, leaving the phase untouched, when no load-more runs: the page is stale.
  @inlinable
  @discardableResult
  public mutating func finishLoadingMore(_ merge: (inout Value) throws -> Void) rethrows -> Bool {
    guard case .loadingMore(var value) = self else { return false }
    self = .idle  // drop the enum's reference so `value` is uniquely referenced
    do {
      try merge(&value)
    } catch {
      self = .loadingMore(value)
      throw error
    }
    self = .loaded(value)
    return true
  }

  /// Fails the running load-more: loadingMore → loadMoreFailed, keeping every item.
  ///
  /// Unlike ``fail(_:)``, it acts only while a load-more runs. A failure that arrives after a
  /// reload superseded the load-more is outdated: the phase stays as it is, so the reload is not
  /// turned into a failed reload.
  ///
  /// ```swift
  /// } catch {
  ///   if isCancellation(error) { phase.cancelLoadingMore() } else { phase.failLoadingMore(error) }
  /// }
  /// ```
  ///
  /// - Parameter error: Why the next page failed.
  /// - Returns: `false`, leaving the phase untouched, when no load-more runs: the failure is
  ///   outdated.
  @inlinable
  @discardableResult
  public mutating func failLoadingMore(_ error: Failure) -> Bool {
    guard case .loadingMore(let value) = self else { return false }
    self = .loadMoreFailed(value, error)
    return true
  }

  /// Cancels the running load-more: loadingMore → loaded, keeping every item.
  ///
  /// Unlike ``cancel()``, it acts only while a load-more runs, so a load-more's cancellation
  /// that arrives after a reload started never cancels the reload.
  ///
  /// - Returns: `false`, leaving the phase untouched, when no load-more runs.
  @inlinable
  @discardableResult
  public mutating func cancelLoadingMore() -> Bool {
    guard case .loadingMore(let value) = self else { return false }
    self = .loaded(value)
    return true
  }

  /// Dismisses the error of a failed reload: reloadFailed → loaded, keeping the items.
  ///
  /// The banner over the items goes away. Any other phase stays as it is; a load-more's error
  /// stays in the footer, where its retry button is.
  ///
  /// - Returns: whether the phase changed.
  @inlinable
  @discardableResult
  public mutating func dismissError() -> Bool {
    guard case .reloadFailed(let value, _) = self else { return false }
    self = .loaded(value)
    return true
  }

  /// Transforms the items, keeping the case and the error.
  @inlinable
  public func map<NewValue>(
    _ transform: (Value) throws -> NewValue
  ) rethrows -> PagedPhase<
    NewValue, Failure
  > {
    switch self {
    case .idle: .idle
    case .loading: .loading
    case .loaded(let value): .loaded(try transform(value))
    case .failed(let error): .failed(error)
    case .reloading(let value): .reloading(try transform(value))
    case .retrying(let error): .retrying(error)
    case .reloadFailed(let value, let error): .reloadFailed(try transform(value), error)
    case .loadingMore(let value): .loadingMore(try transform(value))
    case .loadMoreFailed(let value, let error): .loadMoreFailed(try transform(value), error)
    case .loadingPrevious(let value): .loadingPrevious(try transform(value))
    case .loadPreviousFailed(let value, let error):
      .loadPreviousFailed(try transform(value), error)
    }
  }
}

extension PagedPhase {
  /// A paged phase that starts from a load phase, for lists whose first page came from a
  /// plain load.
  public init(_ phase: LoadPhase<Value, Failure>) {
    switch phase {
    case .idle: self = .idle
    case .loading: self = .loading
    case .loaded(let value): self = .loaded(value)
    case .failed(let error): self = .failed(error)
    case .reloading(let value): self = .reloading(value)
    case .retrying(let error): self = .retrying(error)
    case .reloadFailed(let value, let error): self = .reloadFailed(value, error)
    }
  }
}

extension PagedPhase: Sendable where Value: Sendable {}
extension PagedPhase: Equatable where Value: Equatable, Failure: Equatable {}
extension PagedPhase: Hashable where Value: Hashable, Failure: Hashable {}

extension PagedPhase: CustomStringConvertible {
  public var description: String {
    if let value, let error { return "\(kind)(\(value), \(error))" }
    if let value { return "\(kind)(\(value))" }
    if let error { return "\(kind)(\(error))" }
    return kind.rawValue
  }
}
