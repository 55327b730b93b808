/// A type-erased clock measured in `Duration`, so loaders take any clock (a `ContinuousClock`
/// in apps, a `TestClock` in tests) without becoming generic over it. Its instants count the
/// time since the clock was wrapped.
@usableFromInline
package struct LoaderClock: Clock, Sendable {
  /// An instant of a ``LoaderClock``: the time since the clock was wrapped.
  @usableFromInline
  package struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time since the wrapped clock's reference instant.
    package var offset: Duration

    /// The instant `offset` after the wrapped clock's reference instant.
    package init(offset: Duration) { self.offset = offset }

    @usableFromInline package func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }
    @usableFromInline package func duration(to other: Instant) -> Duration { other.offset - offset }
    @usableFromInline package static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
    @usableFromInline package var description: String { "\(offset)" }
  }

  private let elapsed: @Sendable () -> Duration
  private let sleeper: @Sendable (Instant, Duration?) async throws -> Void
  /// The wrapped clock's minimum resolution.
  @usableFromInline package let minimumResolution: Duration

  /// Wraps `clock`.
  package init<C: Clock<Duration>>(_ clock: C) {
    if let clock = clock as? LoaderClock {
      self = clock  // already wrapped: its instants keep their reference
      return
    }
    let reference = clock.now
    self.elapsed = { reference.duration(to: clock.now) }
    self.sleeper = { deadline, tolerance in
      try await clock.sleep(until: reference.advanced(by: deadline.offset), tolerance: tolerance)
    }
    self.minimumResolution = clock.minimumResolution
  }

  /// The current instant.
  @usableFromInline package var now: Instant { Instant(offset: elapsed()) }

  /// Suspends until `deadline`, or throws `CancellationError` when the task is cancelled.
  @usableFromInline package func sleep(
    until deadline: Instant, tolerance: Duration? = nil
  ) async throws {
    try await sleeper(deadline, tolerance)
  }
}

extension LoaderClock {
  /// A task that sleeps until `deadline` and then runs `wake` on the main actor unless it is
  /// cancelled first; `wake` is stored in the task, so capture its owner weakly.
  @MainActor
  func wakeUp(at deadline: Instant, _ wake: @escaping @MainActor () -> Void) -> Task<Void, Never> {
    Task { [self] in
      do {
        try await sleep(until: deadline, tolerance: nil)
      } catch {
        return  // cancelled: superseded by a newer deadline, or the owner went away
      }
      guard !Task.isCancelled else { return }
      wake()
    }
  }
}
