// `AsyncLoader(publisher:)`, compiled into AsyncContentCore only where Apple's Combine exists:
// the core depends on no package, so on Linux it has no Combine initializer.
//
// The test target AsyncContentCoreTests compiles this same file again, through a relative
// symlink, so that Linux tests this code against OpenCombine (see the note on Combine in
// Package.swift): there ASYNCCONTENT_OPENCOMBINE is defined on Linux, and
// ASYNCCONTENT_COMBINE_TEST_COPY everywhere, so on Apple platforms the copy compiles to nothing
// and the tests exercise the core's own initializer.
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
  /// Available where Apple's Combine is; on Linux, feed a loader with
  /// ``init(phase:clock:staleness:sequence:)`` instead.
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

  /// Subscribes to `publisher` and returns its values and completion as a stream, with the
  /// subscription to cancel.
  ///
  /// Nonisolated, so that the `sink` closures are too: a publisher may deliver on any thread
  /// (URLSession's do), and a closure formed on the main actor would inherit its isolation,
  /// which Swift 6 checks at run time, trapping on another thread. The closures only hand the
  /// events to the stream's continuation, which any thread may call.
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
