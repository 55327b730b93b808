extension AsyncLoader {
  /// Creates a loader fed by an `AsyncSequence`: each element lands as loaded, and the
  /// sequence ending with an error lands as failed (or reloadFailed, keeping the value).
  ///
  /// ``load()`` starts iterating a sequence made by `makeSequence`; ``reload()`` starts a new
  /// one in place of the old. Iteration stops on ``cancel()``, ``reset()`` and when the loader
  /// is released. A sequence that ends before its first element returns the phase to where it
  /// started. Triggers return when the first element (or the end) arrives.
  ///
  /// ```swift
  /// let prices = AsyncLoader(sequence: { priceFeed.updates() })
  /// ```
  ///
  /// - Parameters:
  ///   - phase: The initial phase, for previews and tests.
  ///   - clock: The clock for staleness.
  ///   - staleness: How old a value may grow before ``load()`` subscribes again; never by
  ///     default.
  ///   - makeSequence: Makes the sequence for each subscription.
  public convenience init<S: AsyncSequence>(
    phase: LoadPhase<Value, any Error> = .idle,
    clock: some Clock<Duration> = ContinuousClock(),
    staleness: Staleness = .never,
    sequence makeSequence: @escaping @MainActor () -> S
  ) where S.Element == Value {
    self.init(phase: phase, clock: clock, staleness: staleness) { sink in
      await Self.drain(makeSequence(), into: sink)
    }
  }

  /// Delivers every element of `sequence` while the subscription is current; `package` because
  /// the test copy of the Combine initializer calls it.
  package static func drain<S: AsyncSequence>(_ sequence: S, into sink: SequenceSink) async
  where S.Element == Value {
    do {
      for try await value in sequence {
        guard sink.deliver(value) else { return }
      }
      sink.finish(throwing: nil)
    } catch {
      sink.finish(throwing: error)
    }
  }
}
