/// The phase of a load, as one value: every moment a screen can be in, with exactly the data
/// that moment has.
///
/// Each case carries only what is true in it, so impossible states such as "loading with an
/// error and no value" or "failed but the old value is gone" cannot be written down. Use
/// ``PagedPhase`` for paged lists; a screen without paging never switches over paging cases.
///
/// ```swift
/// var phase = LoadPhase<[String], any Error>.idle
/// phase.startLoading()                 // .loading
/// phase.succeed(["Austria"])           // .loaded(["Austria"])
/// phase.startLoading()                 // .reloading(["Austria"]): the list stays visible
/// phase.fail(URLError(.timedOut))      // .reloadFailed(["Austria"], error): the list stays
/// ```
///
/// ## Transitions
/// - ``startLoading()``: idle → loading, failed → retrying, loaded and reloadFailed →
///   reloading (keeping the value). A phase that already loads stays as it is and the call
///   returns ``LoadStart/alreadyLoading`` so the caller can join the running load.
/// - ``succeed(_:)``: any phase → loaded(value).
/// - ``fail(_:)``: a phase with a value → reloadFailed(value, error); otherwise failed(error).
/// - ``cancel()``: returns to the stable phase the load started from: loading → idle,
///   reloading → loaded, retrying → failed. Stable phases stay as they are. A reload started
///   from reloadFailed returns to loaded: the new attempt already dismissed the old banner.
/// - ``reset()``: any phase → idle.
/// - ``dismissError()``: reloadFailed → loaded, keeping the value: the banner of a failed reload
///   is dismissed. Every renderer shares it, so dismissing is a transition, not view state.
///
/// The full table is in the "Phases and transitions" article and in `PhaseTransitionTableTests`;
/// how the loading states of common patterns map onto it, in
/// <doc:MigratingFromCommonLoadingPatterns>.
public enum LoadPhase<Value, Failure: Error>: AsyncPhase {
  /// Nothing has been requested yet.
  case idle
  /// The first load runs and there is nothing to show.
  case loading
  /// A value is shown and no load runs.
  case loaded(Value)
  /// The last load failed and there is no value to show.
  case failed(Failure)
  /// A load runs again while the previous value stays visible.
  case reloading(Value)
  /// A load runs again after a failure while the error stays visible.
  case retrying(Failure)
  /// A reload failed; the previous value stays visible along with the error.
  case reloadFailed(Value, Failure)

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
    }
  }

  /// The value on screen: present in loaded, reloading and reloadFailed.
  @inlinable
  public var value: Value? {
    switch self {
    case .loaded(let value), .reloading(let value), .reloadFailed(let value, _): value
    case .idle, .loading, .failed, .retrying: nil
    }
  }

  /// The error on screen: present in failed, retrying and reloadFailed.
  @inlinable
  public var error: Failure? {
    switch self {
    case .failed(let error), .retrying(let error), .reloadFailed(_, let error): error
    case .idle, .loading, .loaded, .reloading: nil
    }
  }

  /// Starts a load: idle → loading, failed → retrying, loaded and reloadFailed → reloading with
  /// the value kept.
  ///
  /// - Returns: ``LoadStart/started``, or ``LoadStart/alreadyLoading`` (the phase stays) when a
  ///   load runs, so the caller joins it.
  @inlinable
  @discardableResult
  public mutating func startLoading() -> LoadStart {
    switch self {
    case .idle: self = .loading
    case .failed(let error): self = .retrying(error)
    case .loaded(let value), .reloadFailed(let value, _): self = .reloading(value)
    case .loading, .reloading, .retrying: return .alreadyLoading
    }
    return .started
  }

  /// Finishes a load with a value: any phase becomes loaded(value).
  @inlinable
  public mutating func succeed(_ value: Value) {
    self = .loaded(value)
  }

  /// Finishes a load with an error: a phase with a value becomes reloadFailed, keeping the
  /// value; any other becomes failed.
  @inlinable
  public mutating func fail(_ error: Failure) {
    if let value {
      self = .reloadFailed(value, error)
    } else {
      self = .failed(error)
    }
  }

  /// Cancels the running load, back to where it started: loading → idle, reloading → loaded,
  /// retrying → failed; a stable phase stays as it is.
  ///
  /// - Returns: whether the phase changed.
  @inlinable
  @discardableResult
  public mutating func cancel() -> Bool {
    switch self {
    case .loading: self = .idle
    case .reloading(let value): self = .loaded(value)
    case .retrying(let error): self = .failed(error)
    case .idle, .loaded, .failed, .reloadFailed: return false
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

  /// Dismisses the error of a failed reload: reloadFailed → loaded, keeping the value. Any
  /// other phase stays as it is.
  ///
  /// ```swift
  /// var phase = LoadPhase<[String], any Error>.reloadFailed(["Austria"], URLError(.timedOut))
  /// phase.dismissError()  // .loaded(["Austria"])
  /// ```
  ///
  /// - Returns: whether the phase changed.
  @inlinable
  @discardableResult
  public mutating func dismissError() -> Bool {
    guard case .reloadFailed(let value, _) = self else { return false }
    self = .loaded(value)
    return true
  }

  /// Transforms the value, keeping the case and the error.
  @inlinable
  public func map<NewValue>(
    _ transform: (Value) throws -> NewValue
  ) rethrows -> LoadPhase<
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
    }
  }

  /// Transforms the error, keeping the case and the value.
  @inlinable
  public func mapError<NewFailure: Error>(
    _ transform: (Failure) -> NewFailure
  ) -> LoadPhase<
    Value, NewFailure
  > {
    switch self {
    case .idle: .idle
    case .loading: .loading
    case .loaded(let value): .loaded(value)
    case .failed(let error): .failed(transform(error))
    case .reloading(let value): .reloading(value)
    case .retrying(let error): .retrying(transform(error))
    case .reloadFailed(let value, let error): .reloadFailed(value, transform(error))
    }
  }
}

extension LoadPhase: Sendable where Value: Sendable {}
extension LoadPhase: Equatable where Value: Equatable, Failure: Equatable {}
extension LoadPhase: Hashable where Value: Hashable, Failure: Hashable {}

extension LoadPhase: CustomStringConvertible {
  public var description: String { phaseDescription }
}
