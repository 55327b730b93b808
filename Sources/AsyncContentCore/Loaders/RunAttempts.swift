/// How one run of an operation, retries included, ended.
@usableFromInline
enum LoadOutcome<Value> {
  case success(Value)
  case failure(any Error)
  /// The operation reported cancellation on its own (with this error): the run returns to where
  /// it started.
  case cancelled(any Error)
}

/// The wait before the next attempt of a run, and the clock to wait on.
@usableFromInline
typealias RetryWait = (delay: Duration, clock: LoaderClock)

/// Runs `operation`, and again after each failure while `retryWait` allows: the attempt loop of
/// a load and of a mutation's run. While the network is down (`isOffline`) no attempt starts and
/// a failure is not counted; `nil` when the run went stale. It runs on its caller's actor.
@inlinable
nonisolated(nonsending) func runAttempts<Value>(
  _ operation: @Sendable () async throws -> Value, network: NetworkGate?, markedWaiting: Bool,
  isOffline: () -> Bool, isCurrent: () -> Bool, markWaiting: (_ waiting: Bool) -> Void,
  retryWait: (_ failedAttempts: Int, _ error: any Error) -> RetryWait?
) async -> LoadOutcome<Value>? {
  var failedAttempts = 0
  var isMarked = markedWaiting
  while true {
    if let network {
      if isOffline() {
        if isCurrent() { markWaiting(true) }
        isMarked = true
        await network.waitUntilOnline()
        // Whoever superseded, cancelled or released the run has moved the phase on.
        guard isCurrent(), !Task.isCancelled else { return nil }
      }
      if isMarked {
        markWaiting(false)
        isMarked = false
      }
    }
    let error: any Error
    do {
      return .success(try await operation())
    } catch let thrown {
      error = thrown
    }
    guard isCurrent() else { return nil }
    if isCancellation(error) || Task.isCancelled { return .cancelled(error) }
    if network != nil, isOffline() { continue }  // uncounted: waits, runs again
    failedAttempts += 1
    guard let retry = retryWait(failedAttempts, error) else {
      return .failure(error)
    }
    do {
      try await retry.clock.sleep(until: retry.clock.now.advanced(by: retry.delay))
    } catch {
      return nil  // cancelled while waiting: whoever cancelled has moved the phase on
    }
    guard isCurrent() else { return nil }
  }
}
