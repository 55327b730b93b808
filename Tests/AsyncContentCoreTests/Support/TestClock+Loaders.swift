import AsyncContentTestSupport
import Clocks
import Testing

// The tests' clock helpers. They left the AsyncContentTestSupport product so that it depends on
// no package (swift-clocks among them): a test target may depend on swift-clocks, a client's
// product may not.
extension TestClock where Duration == Swift.Duration {
  /// Advances the clock by `duration`, then lets the tasks it woke run on the main actor.
  ///
  /// Retry waits and staleness run on a loader's injected clock. Inject a `TestClock` and move
  /// it with this method, so a backoff of a second passes at once:
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let loader = AsyncLoader(clock: clock, retry: .exponentialBackoff(jitter: 0)) {
  ///   try await gate.call()
  /// }
  /// // … the first attempt fails …
  /// await clock.advanceAndDrain(by: .seconds(1))  // the backoff, without waiting a second
  /// #expect(gate.pending == 1)                     // the second attempt runs
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How far to move the clock.
  ///   - yields: How many times to yield the main actor afterwards.
  @MainActor
  func advanceAndDrain(by duration: Duration, yields: Int = 200) async {
    await advance(by: duration)
    await drainMainActor(yields: yields)
  }

  /// Advances the clock in steps of `step` until `condition` holds, for at most `limit`, and
  /// reports an issue if it never does.
  ///
  /// Use it to run a retry schedule to its end without knowing its delays:
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1), until: { !loader.phase.isLoading }, atMost: .seconds(60))
  /// ```
  ///
  /// - Returns: How long the clock was advanced, or `nil` when the condition never held.
  @MainActor
  @discardableResult
  func advance(
    by step: Duration, until condition: () -> Bool, atMost limit: Duration,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> Duration? {
    var elapsed = Duration.zero
    while true {
      await drainMainActor()
      if condition() { return elapsed }
      guard elapsed < limit else { break }
      await advance(by: step)
      elapsed += step
    }
    Issue.record(
      "the condition never held within \(limit) of clock time",
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    return nil
  }
}
