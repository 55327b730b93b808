/// The phase of a ``Mutation``: what a button or a form shows.
///
/// ```swift
/// switch rename.phase {
/// case .idle: Text("Rename")
/// case .running: ProgressView()
/// case .succeeded(let country): Text("Renamed to \(country.name)")
/// case .failed(let error): Text("Rename failed: \(error.localizedDescription)")
/// }
/// ```
public enum MutationPhase<Output> {
  /// The mutation has not run, or was reset.
  case idle
  /// A run is in progress.
  case running
  /// The last run returned `Output`.
  case succeeded(Output)
  /// The last run failed. A cancelled run is never a failure: the phase returns to where it
  /// was before the run.
  case failed(any Error)

  /// Whether a run is in progress.
  @inlinable
  public var isRunning: Bool {
    if case .running = self { return true }
    return false
  }

  /// The output of the last run, when it succeeded.
  @inlinable
  public var output: Output? {
    if case .succeeded(let output) = self { return output }
    return nil
  }

  /// The error of the last run, when it failed.
  @inlinable
  public var error: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }
}

extension MutationPhase: Sendable where Output: Sendable {}
