/// How one run of an operation, retries included, ended.
@usableFromInline
enum LoadOutcome<Value> {
  case success(Value)
  case failure(any Error)
  /// The operation reported cancellation on its own; the load returns to where it started.
  case cancelled
}

/// The wait before the next attempt of a load, and the clock to wait on.
@usableFromInline
typealias RetryWait = (delay: Duration, clock: LoaderClock)

/// Runs `operation`, and again after each failure while the loader's retry policy allows,
/// waiting on the loader's clock between attempts.
///
/// The loader is reached only through `isCurrent` and `retryAfterFailure`, which hold it
/// weakly, so nothing keeps a loader alive across an `await` here. A success is returned as it
/// is: the caller checks that its run is still current when it lands the value, once.
///
/// It is inlinable, so it is compiled, with the loader's task around it, where the loader's
/// `Value` is known: the outcome and the phase need no generic metadata at run time.
///
/// - Parameters:
///   - operation: The attempt.
///   - isCurrent: Whether the run may still change the loader.
///   - retryAfterFailure: Counts the failed attempt (given how many failed so far and the
///     error) and returns how long to wait before the next, on which clock; `nil` shows the
///     failure.
/// - Returns: the outcome, or `nil` when a failed run went stale (superseded, cancelled, reset or
///   the loader released) and its result must be dropped.
@MainActor @inlinable
func runAttempts<Value>(
  _ operation: @Sendable () async throws -> Value,
  isCurrent: @MainActor () -> Bool,
  retryAfterFailure: @MainActor (_ failedAttempts: Int, _ error: any Error) -> RetryWait?
) async -> LoadOutcome<Value>? {
  var failedAttempts = 0
  while true {
    let error: any Error
    do {
      return .success(try await operation())
    } catch let thrown {
      error = thrown
    }
    guard isCurrent() else { return nil }
    if isCancellation(error) || Task.isCancelled { return .cancelled }
    failedAttempts += 1
    guard let retry = retryAfterFailure(failedAttempts, error) else { return .failure(error) }
    do {
      try await retry.clock.sleep(until: retry.clock.now.advanced(by: retry.delay))
    } catch {
      return nil  // cancelled while waiting: whoever cancelled has moved the phase on
    }
    guard isCurrent() else { return nil }
  }
}
