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
/// - ``startLoading()`` from a phase with items goes to reloading, keeping them; a reload
///   supersedes a load-more, whose page then never appends.
/// - ``startLoadingMore()`` works from loaded, reloadFailed, loadMoreFailed and
///   loadPreviousFailed; it reports ``LoadStart/alreadyLoading`` during loadingMore and
///   ``LoadStart/unavailable`` while anything else loads.
/// - ``finishLoadingMore(_:)`` merges the page in place and goes to loaded; from any other
///   phase the page is stale and is dropped, as ``failLoadingMore(_:)`` and
///   ``cancelLoadingMore()`` drop an outdated failure or cancellation.
/// - ``fail(_:)`` during loadingMore gives loadMoreFailed, keeping every item; ``cancel()``
///   returns to loaded.
///
/// The previous page mirrors the next (``startLoadingPrevious()``, ``finishLoadingPrevious(_:)``,
/// ``failLoadingPrevious(_:)``, ``cancelLoadingPrevious()``). One page loads at a time. How
/// `PagingDataState` maps onto it: <doc:MigratingFromCommonLoadingPatterns>.
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

  /// Starts loading the first page: idle → loading, failed → retrying; every phase with items
  /// → reloading, keeping them (a page that loads is superseded).
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

  /// Finishes a load with an error: loadingMore → loadMoreFailed; loadingPrevious →
  /// loadPreviousFailed; any other phase with items → reloadFailed; otherwise failed.
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

  /// Cancels the running load, back to where it started: loading → idle, reloading,
  /// loadingMore and loadingPrevious → loaded, retrying → failed.
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
  /// - Returns: whether the phase changed (it was not idle).
  @inlinable
  @discardableResult
  public mutating func reset() -> Bool {
    guard kind != .idle else { return false }
    self = .idle
    return true
  }

  /// Starts loading the next page: loaded, reloadFailed, loadMoreFailed and loadPreviousFailed
  /// → loadingMore, keeping the items.
  ///
  /// - Returns: ``LoadStart/started``; ``LoadStart/alreadyLoading`` to join the running
  ///   load-more; ``LoadStart/unavailable`` when there are no items or something else loads.
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

  /// Starts loading the previous page, as ``startLoadingMore()`` starts the next:
  /// → loadingPrevious, keeping the items.
  ///
  /// - Returns: ``LoadStart/started``; ``LoadStart/alreadyLoading`` to join the running load
  ///   of the previous page; ``LoadStart/unavailable`` when there are no items or something
  ///   else loads.
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

  /// Finishes loading the previous page by merging it into the items in place, and goes to
  /// loaded.
  ///
  /// - Parameter merge: Adds the page to the items.
  /// - Returns: `false`, leaving the phase untouched, when the previous page does not load: the
  ///   page is stale.
  @inlinable
  @discardableResult
  public mutating func finishLoadingPrevious(
    _ merge: (inout Value) throws -> Void
  ) rethrows -> Bool {
    try finishPage(more: false, merge)
  }

  /// Fails the running load of the previous page: loadingPrevious → loadPreviousFailed,
  /// keeping every item; an outdated failure is dropped.
  ///
  /// - Parameter error: Why the previous page failed.
  /// - Returns: `false`, leaving the phase untouched, when the previous page does not load.
  @inlinable
  @discardableResult
  public mutating func failLoadingPrevious(_ error: Failure) -> Bool {
    endPage(more: false, failing: error)
  }

  /// Cancels the running load of the previous page: loadingPrevious → loaded, keeping every
  /// item; it never cancels a reload that superseded it.
  ///
  /// - Returns: `false`, leaving the phase untouched, when the previous page does not load.
  @inlinable
  @discardableResult
  public mutating func cancelLoadingPrevious() -> Bool {
    endPage(more: false, failing: nil)
  }

  /// Finishes a load-more by merging the page into the items in place (the phase gives up its
  /// reference first, so nothing loaded is copied), and goes to loaded.
  ///
  /// - Parameter merge: Adds the page to the items.
  /// - Returns: `false`, leaving the phase untouched, when no load-more runs: the page is stale.
  @inlinable
  @discardableResult
  public mutating func finishLoadingMore(_ merge: (inout Value) throws -> Void) rethrows -> Bool {
    try finishPage(more: true, merge)
  }

  /// Fails the running load-more: loadingMore → loadMoreFailed, keeping every item. Unlike
  /// ``fail(_:)``, a failure that arrives after a reload superseded the load-more is dropped.
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
    endPage(more: true, failing: error)
  }

  /// Cancels the running load-more: loadingMore → loaded, keeping every item; unlike
  /// ``cancel()``, it never cancels a reload that superseded it.
  ///
  /// - Returns: `false`, leaving the phase untouched, when no load-more runs.
  @inlinable
  @discardableResult
  public mutating func cancelLoadingMore() -> Bool {
    endPage(more: true, failing: nil)
  }

  /// Merges a page into the items of loadingMore (`more`) or loadingPrevious, in place.
  @inlinable
  mutating func finishPage(more: Bool, _ merge: (inout Value) throws -> Void) rethrows -> Bool {
    switch self {
    case .loadingMore(var value) where more, .loadingPrevious(var value) where !more:
      self = .idle  // drop the enum's reference so `value` is uniquely referenced
      do {
        try merge(&value)
      } catch {
        self = more ? .loadingMore(value) : .loadingPrevious(value)
        throw error
      }
      self = .loaded(value)
      return true
    default: return false
    }
  }

  /// Ends loadingMore (`more`) or loadingPrevious with `error`, or cancels it when `nil`.
  @inlinable
  mutating func endPage(more: Bool, failing error: Failure?) -> Bool {
    switch self {
    case .loadingMore(let value) where more, .loadingPrevious(let value) where !more:
      if let error {
        self = more ? .loadMoreFailed(value, error) : .loadPreviousFailed(value, error)
      } else {
        self = .loaded(value)
      }
      return true
    default: return false
    }
  }

  /// Dismisses the error of a failed reload: reloadFailed → loaded, keeping the items; a
  /// load-more's error stays in the footer.
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
  public var description: String { phaseDescription }
}
