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

/// What a run of attempts reports to: a loader's load (``LoaderRun``) or a mutation's run.
@MainActor @usableFromInline
protocol AttemptRun {
  /// Whether the run may still change its owner.
  func isCurrent() -> Bool
  /// Marks the owner waiting for the network (paused), or no longer waiting.
  func markWaiting(_ waiting: Bool)
  /// Counts a failed attempt; returns the wait before the next, or `nil` to fail.
  func retryWait(afterFailedAttempts failed: Int, _ error: any Error) -> RetryWait?
}

/// A loader as a load's task reaches it: through its ``LoaderCore``.
@MainActor @usableFromInline
protocol CoreOwner: AnyObject {
  var core: LoaderCore { get }
}

extension AsyncLoader: CoreOwner {}
extension PagedLoader: CoreOwner {}

/// The load of generation `generation` of a loader, which it holds weakly.
@usableFromInline
struct LoaderRun<Loader: CoreOwner>: AttemptRun {
  @usableFromInline let loader: WeakReference<Loader>
  @usableFromInline let generation: UInt64
  /// The retry policy of when the load started; `nil` when it never retries.
  @usableFromInline let retry: RetryPolicy?

  @inlinable
  init(_ loader: WeakReference<Loader>, _ generation: UInt64, _ retry: RetryPolicy?) {
    self.loader = loader
    self.generation = generation
    self.retry = retry
  }

  @inlinable
  func isCurrent() -> Bool { loader.object?.core.isCurrent(generation) ?? false }

  @inlinable
  func markWaiting(_ waiting: Bool) { loader.object?.core.markWaitingForNetwork(waiting) }

  @inlinable
  func retryWait(afterFailedAttempts failed: Int, _ error: any Error) -> RetryWait? {
    loader.object?.core.nextWait(after: failed, error, retry)
  }
}

/// Runs `operation`, and again after each failure while `run` allows, waiting on its clock.
///
/// While `network` is down no attempt starts and the run is marked waiting; a failure that
/// arrives while it is down is not counted. Returns `nil` when the run went stale.
@MainActor @inlinable
func runAttempts<Value>(
  _ operation: @Sendable () async throws -> Value, network: NetworkGate?, markedWaiting: Bool,
  _ run: some AttemptRun
) async -> LoadOutcome<Value>? {
  var failedAttempts = 0
  var isMarked = markedWaiting
  while true {
    if let network {
      if network.isOfflineUnobserved {
        if run.isCurrent() { run.markWaiting(true) }
        isMarked = true
        await network.waitUntilOnline()
        // Whoever superseded, cancelled or released the run has moved the phase on.
        guard run.isCurrent(), !Task.isCancelled else { return nil }
      }
      if isMarked {
        run.markWaiting(false)
        isMarked = false
      }
    }
    let error: any Error
    do {
      return .success(try await operation())
    } catch let thrown {
      error = thrown
    }
    guard run.isCurrent() else { return nil }
    if isCancellation(error) || Task.isCancelled { return .cancelled(error) }
    if let network, network.isOfflineUnobserved { continue }  // uncounted: waits, runs again
    failedAttempts += 1
    guard let retry = run.retryWait(afterFailedAttempts: failedAttempts, error) else {
      return .failure(error)
    }
    do {
      try await retry.clock.sleep(until: retry.clock.now.advanced(by: retry.delay))
    } catch {
      return nil  // cancelled while waiting: whoever cancelled has moved the phase on
    }
    guard run.isCurrent() else { return nil }
  }
}
