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
/// While the loader's store knows the network to be down (`network`), an attempt does not
/// start: the loader is marked waiting for the network, and the attempt starts when the network
/// comes back (TanStack Query's paused queries). A failure that arrives while the network is
/// down is not counted and burns no retry: the attempt waits for the network and runs again.
/// A loader outside a store (`network` is `nil`) never waits, and pays one `nil` check an
/// attempt for it; a store's loader online pays a `Bool` check.
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
///   - network: What the loader's store knows of the network; `nil` for a loader outside a
///     store, which never waits for it.
///   - markedWaiting: Whether the load was marked waiting for the network when it started
///     (``LoaderCore/beginLoad(_:_:)`` marks it when the network is down then).
///   - isCurrent: Whether the run may still change the loader.
///   - markWaiting: Marks the loader waiting for the network, or no longer waiting.
///   - retryAfterFailure: Counts the failed attempt (given how many failed so far and the
///     error) and returns how long to wait before the next, on which clock; `nil` shows the
///     failure.
/// - Returns: the outcome, or `nil` when a failed run went stale (superseded, cancelled, reset or
///   the loader released) and its result must be dropped.
@MainActor @inlinable
func runAttempts<Value>(
  _ operation: @Sendable () async throws -> Value,
  network: NetworkGate?,
  markedWaiting: Bool,
  isCurrent: @MainActor () -> Bool,
  markWaiting: @MainActor (Bool) -> Void,
  retryAfterFailure: @MainActor (_ failedAttempts: Int, _ error: any Error) -> RetryWait?
) async -> LoadOutcome<Value>? {
  var failedAttempts = 0
  var isMarked = markedWaiting
  while true {
    if let network {
      if network.isOfflineUnobserved {
        // The network is down: no request, no retry burned. Wait for it, visibly.
        if !isMarked { markWaiting(true) }
        isMarked = true
        await network.waitUntilOnline()
        // Superseded, cancelled, reset, evicted or released while waiting: whoever did it has
        // moved the phase on and unmarked the loader.
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
    if isCancellation(error) || Task.isCancelled { return .cancelled }
    // A failure while the network is down says nothing about the source: the attempt waits for
    // the network and runs again, uncounted.
    if let network, network.isOfflineUnobserved { continue }
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
