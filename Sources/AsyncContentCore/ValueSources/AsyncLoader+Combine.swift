// `AsyncLoader(publisher:)`, compiled into AsyncContentCore only where Apple's Combine exists.
// AsyncContentCoreTests compiles this file again through a symlink, against OpenCombine on
// Linux (ASYNCCONTENT_OPENCOMBINE); on Apple platforms that copy compiles to nothing.
#if ASYNCCONTENT_OPENCOMBINE
public import AsyncContentCore
public import OpenCombine
#elseif canImport(Combine) && !ASYNCCONTENT_COMBINE_TEST_COPY
public import Combine
#endif

#if ASYNCCONTENT_OPENCOMBINE || (canImport(Combine) && !ASYNCCONTENT_COMBINE_TEST_COPY)
extension AsyncLoader {
  /// Creates a loader fed by a Combine publisher, like the `PublishedObject` of
  /// "Loading states of SwiftUI views".
  ///
  /// Each ``load()`` or ``reload()`` subscribes anew and the new subscription replaces the old
  /// one. Every value lands as loaded; a failure completion lands as failed (or reloadFailed,
  /// keeping the value). The subscription is cancelled when the loader is cancelled, reset or
  /// released.
  ///
  /// ```swift
  /// let article = AsyncLoader(publisher: api.articlePublisher(id: 42))
  /// ```
  ///
  /// Available where Apple's Combine is; on Linux, use ``init(phase:clock:staleness:sequence:)``.
  ///
  /// - Parameters:
  ///   - phase: The initial phase, for previews and tests.
  ///   - clock: The clock for staleness.
  ///   - staleness: How old a value may grow before ``load()`` subscribes again; never by
  ///     default.
  ///   - publisher: The publisher, subscribed anew by each load.
  public convenience init<P: Publisher>(
    phase: LoadPhase<Value, any Error> = .idle,
    clock: some Clock<Duration> = ContinuousClock(),
    staleness: Staleness = .never,
    publisher: P
  ) where P.Output == Value {
    let subscribe: @MainActor (SequenceSink) async -> Void = { sink in
      let (stream, subscription) = Self.subscribe(to: publisher)
      await Self.drain(stream, into: sink)
      subscription.cancel()
    }
    self.init(phase: phase, clock: clock, staleness: staleness, sequence: subscribe)
  }

  /// Subscribes to `publisher`, returning its events as a stream and the subscription. Nonisolated,
  /// so the `sink` closures do not inherit the main actor and trap when a publisher delivers on
  /// another thread.
  private nonisolated static func subscribe<P: Publisher>(
    to publisher: P
  ) -> (AsyncThrowingStream<Value, any Error>, AnyCancellable) where P.Output == Value {
    let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream()
    let subscription = publisher.sink(
      receiveCompletion: { completion in
        switch completion {
        case .finished: continuation.finish()
        case .failure(let error): continuation.finish(throwing: error)
        }
      },
      receiveValue: { continuation.yield($0) }
    )
    return (stream, subscription)
  }
}
#endif
