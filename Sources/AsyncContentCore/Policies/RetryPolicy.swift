import Foundation

/// When and how often a loader tries a failed operation again before it shows the failure.
///
/// The default, ``never``, never retries. ``exponentialBackoff(maxAttempts:initialDelay:multiplier:maxDelay:jitter:shouldRetry:retryAfter:)``
/// waits `initialDelay × multiplier^(attempt − 1)`, capped at `maxDelay`, with up to `jitter`
/// of it taken away at random so many clients do not retry in step. The waits run on the
/// loader's injected clock, so tests drive them with a `TestClock`.
///
/// ```swift
/// let loader = AsyncLoader(retry: .exponentialBackoff(maxAttempts: 3)) { try await api.countries() }
/// ```
public struct RetryPolicy: Sendable {
  /// How many attempts a load makes in all, the first included. `1` means no retry.
  public var maxAttempts: Int
  /// The wait after the first failed attempt.
  public var initialDelay: Duration
  /// The factor each further wait grows by.
  public var multiplier: Double
  /// The longest wait.
  public var maxDelay: Duration
  /// The fraction (0...1) of each wait that may be taken away at random.
  public var jitter: Double
  /// Whether an error is worth another attempt. The default, ``isRetryable(_:)``, retries
  /// everything except decoding errors, HTTP 4xx responses and cancellation.
  public var shouldRetry: @Sendable (any Error) -> Bool
  /// How long an error asks to wait before the next attempt, if it does: the policy waits at
  /// least that long (capped at ``maxDelay``) when it is longer than the backoff. The default,
  /// ``retryAfterHeader(_:)``, reads the `Retry-After` header of an ``HTTPLoadError``; pass your
  /// own to honour your errors' hints.
  public var retryAfter: @Sendable (any Error) -> Duration?
  /// The source of randomness for jitter: returns a number in `0..<1`. Tests inject a fixed one.
  public var random: @Sendable () -> Double

  /// Creates a policy; see ``exponentialBackoff(maxAttempts:initialDelay:multiplier:maxDelay:jitter:shouldRetry:retryAfter:)``.
  public init(
    maxAttempts: Int,
    initialDelay: Duration = .seconds(1),
    multiplier: Double = 2,
    maxDelay: Duration = .seconds(30),
    jitter: Double = 0.5,
    shouldRetry: @escaping @Sendable (any Error) -> Bool = RetryPolicy.isRetryable,
    retryAfter: @escaping @Sendable (any Error) -> Duration? = RetryPolicy.retryAfterHeader,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    precondition(maxAttempts >= 1, "RetryPolicy.maxAttempts must be at least 1, got \(maxAttempts)")
    precondition((0...1).contains(jitter), "RetryPolicy.jitter must be in 0...1, got \(jitter)")
    self.maxAttempts = maxAttempts
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maxDelay = maxDelay
    self.jitter = jitter
    self.shouldRetry = shouldRetry
    self.retryAfter = retryAfter
    self.random = random
  }

  /// Never retry: the first failure shows.
  ///
  /// It is not spelled `.none`, which on an optional policy (``StoreKey/retry``) would read as
  /// `nil`, the store's policy.
  public static var never: RetryPolicy { RetryPolicy(maxAttempts: 1) }

  /// Retries with exponential backoff and jitter.
  ///
  /// - Parameters:
  ///   - maxAttempts: Attempts in all, the first included.
  ///   - initialDelay: The wait after the first failure.
  ///   - multiplier: The factor each further wait grows by.
  ///   - maxDelay: The cap on a wait.
  ///   - jitter: The fraction of each wait taken away at random (0 for none).
  ///   - shouldRetry: Whether an error is worth another attempt.
  ///   - retryAfter: How long an error asks to wait, if it does; the `Retry-After` of an
  ///     ``HTTPLoadError`` by default.
  public static func exponentialBackoff(
    maxAttempts: Int = 3,
    initialDelay: Duration = .seconds(1),
    multiplier: Double = 2,
    maxDelay: Duration = .seconds(30),
    jitter: Double = 0.5,
    shouldRetry: @escaping @Sendable (any Error) -> Bool = RetryPolicy.isRetryable,
    retryAfter: @escaping @Sendable (any Error) -> Duration? = RetryPolicy.retryAfterHeader
  ) -> RetryPolicy {
    RetryPolicy(
      maxAttempts: maxAttempts, initialDelay: initialDelay, multiplier: multiplier,
      maxDelay: maxDelay, jitter: jitter, shouldRetry: shouldRetry, retryAfter: retryAfter)
  }

  /// The wait before the next attempt after `failedAttempts` attempts failed with `error`, or
  /// `nil` when the failure should show.
  ///
  /// The wait is `initialDelay × multiplier^(failedAttempts − 1)`, capped at `maxDelay`, with
  /// up to `jitter` of it taken away at random; a policy that retries forever never overflows.
  /// When `error` asks for a longer wait (``retryAfter``), that wait is used, capped too.
  public func delay(afterFailedAttempts failedAttempts: Int, error: any Error) -> Duration? {
    guard failedAttempts < maxAttempts, shouldRetry(error) else { return nil }
    let base = backoff(afterFailedAttempts: failedAttempts)
    let factor = 1 - jitter * random()
    // `Duration × Double` goes through a Double: skip it when nothing is taken away, so the
    // wait is exact (a cap of `.seconds(Int64.max)` stays itself).
    var delay = factor == 1 ? base : base * factor
    if let hint = retryAfter(error), hint > delay {
      delay = min(hint, maxDelay)
    }
    return delay
  }

  /// The wait before jitter: the exponential growth, capped at `maxDelay` before it is built.
  private func backoff(afterFailedAttempts failedAttempts: Int) -> Duration {
    guard initialDelay > .zero, maxDelay > .zero else {
      return max(.zero, min(initialDelay, maxDelay))
    }
    let growth = pow(max(multiplier, 0), Double(max(failedAttempts - 1, 0)))
    let grown = Self.seconds(initialDelay) * growth
    // Compared in seconds as a Double (an overflow becomes infinity); only a product below the
    // cap is built as a Duration, so the conversion never traps.
    guard grown.isFinite, grown < Self.seconds(maxDelay) else { return maxDelay }
    return initialDelay * growth
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// The default retry predicate: everything is retried except cancellation, decoding errors
  /// (the same bytes will not decode next time) and HTTP 4xx responses (the request is wrong),
  /// but for 408 Request Timeout and 429 Too Many Requests, which ask the client to try again.
  /// Server errors (5xx, 503 Service Unavailable among them) are retried.
  public static func isRetryable(_ error: any Error) -> Bool {
    if isCancellation(error) || error is DecodingError { return false }
    if let error = error as? HTTPLoadError {
      switch error {
      case .status(let code, _, _, _):
        return !(400..<500).contains(code) || code == 408 || code == 429
      case .decoding: return false
      case .transport, .timeout, .invalidResponse: return true
      }
    }
    return true
  }
}

extension RetryPolicy {
  /// The wait the `Retry-After` header of an ``HTTPLoadError`` asked for, if the error is one
  /// and the server sent one: the default ``retryAfter``.
  ///
  /// ```swift
  /// let policy = RetryPolicy.exponentialBackoff(retryAfter: { error in
  ///   (error as? PaymentError)?.retryAfter ?? RetryPolicy.retryAfterHeader(error)
  /// })
  /// ```
  @Sendable
  public static func retryAfterHeader(_ error: any Error) -> Duration? {
    (error as? HTTPLoadError)?.retryAfter
  }
}

extension RetryPolicy {
  /// Whether the policy ever tries an operation a second time.
  @inlinable
  var retries: Bool { maxAttempts > 1 }
}
