import Foundation

/// How one run of an operation, retries included, ended.
enum LoadOutcome<Value> {
  case success(Value)
  case failure(any Error)
  /// The operation reported cancellation on its own; the load returns to where it started.
  case cancelled
}

/// Runs `operation` under `retry`, waiting on `clock` between attempts.
///
/// The caller's state is reached only through `isCurrent` and `failedAttempt`, which hold the
/// loader weakly, so nothing keeps a loader alive across an `await` here.
///
/// - Returns: the outcome, or `nil` when the run went stale (superseded, cancelled, reset or the
///   loader released) and its result must be dropped.
@MainActor
func runAttempts<Value>(
  _ operation: @MainActor () async throws -> Value,
  retry: RetryPolicy,
  clock: LoaderClock,
  isCurrent: @MainActor () -> Bool,
  failedAttempt: @MainActor () -> Void
) async -> LoadOutcome<Value>? {
  var failedAttempts = 0
  while true {
    let error: any Error
    do {
      let value = try await operation()
      return isCurrent() ? .success(value) : nil
    } catch let thrown {
      error = thrown
    }
    guard isCurrent() else { return nil }
    if isCancellation(error) || Task.isCancelled { return .cancelled }
    failedAttempts += 1
    failedAttempt()
    guard let delay = retry.delay(afterFailedAttempts: failedAttempts, error: error) else {
      return .failure(error)
    }
    do {
      try await clock.sleep(until: clock.now.advanced(by: delay))
    } catch {
      return nil  // cancelled while waiting: whoever cancelled has moved the phase on
    }
    guard isCurrent() else { return nil }
  }
}
