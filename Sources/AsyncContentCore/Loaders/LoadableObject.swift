public import Observation

/// An observable object that owns a load and exposes its ``LoadPhase``: what the views accept.
///
/// ``AsyncLoader`` conforms; conform your own model to drive the views with it. This is the
/// `LoadableObject` of "Loading states of SwiftUI views", with ``LoadPhase`` for `LoadingState`.
///
/// ```swift
/// @MainActor @Observable final class ArticleModel: LoadableObject {
///   private(set) var phase: LoadPhase<Article, any Error> = .idle
///   func load() async { /* … */ }
///   func reload() async { /* … */ }
///   func cancel() { /* … */ }
/// }
/// ```
@MainActor
public protocol LoadableObject<Value>: AnyObject, Observable, Sendable {
  /// The loaded value type.
  associatedtype Value
  /// The error type.
  associatedtype Failure: Error = any Error
  /// The phase of the load.
  var phase: LoadPhase<Value, Failure> { get }
  /// Loads when there is nothing current; `.task` calls it. Returns when that load finishes.
  func load() async
  /// Loads again, whatever is shown; pull-to-refresh and retry call it.
  func reload() async
  /// Tries again after a failure.
  func retry() async
  /// Cancels the running load; the phase returns to where it started.
  func cancel()
  /// Dismisses the error of a failed reload (reloadFailed → loaded, keeping the value): the
  /// banner's Dismiss calls it.
  func dismissError()
}

extension LoadableObject {
  /// Tries again after a failure: by default, ``reload()``.
  public func retry() async {
    await reload()
  }

  /// Dismisses the error of a failed reload: by default, nothing; the banner then only hides
  /// and the phase keeps its error.
  public func dismissError() {}
}
