import AsyncContentCore
import Foundation

/// The time of `countries --script`, moved by hand: a clock for the anti-flicker rules and a
/// wall clock for the list's age, so the transcript shows what the core decides at the moments
/// the script names, however fast the machine runs.
final class ScriptClock: Clock, @unchecked Sendable {
  // @unchecked Sendable: every stored property is read and written only while `lock` is held
  // (`now`, `date`, `sleep(until:tolerance:)`, `advance(by:)` and the cancellation handler),
  // and the continuations are resumed after the lock is released.

  typealias Duration = Swift.Duration
  typealias Instant = LoaderClock.Instant

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var currentDate: Date
  private var sleepers:
    [UInt64: (deadline: Instant, resume: CheckedContinuation<Void, any Error>)] =
      [:]
  private var nextSleeper: UInt64 = 0

  /// Creates a clock at zero, whose wall clock reads `date`.
  ///
  /// - Parameter date: The wall clock's date now.
  init(date: Date) {
    self.currentDate = date
  }

  /// The clock's instant now.
  var now: Instant { lock.withLock { current } }

  /// The wall clock's date now.
  var date: Date { lock.withLock { currentDate } }

  /// The clock resolves any duration.
  var minimumResolution: Duration { .zero }

  /// Suspends until the clock is advanced to `deadline`, or throws `CancellationError` when
  /// the task is cancelled first.
  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = lock.withLock {
      nextSleeper &+= 1
      return nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow = lock.withLock {
          if deadline <= current || Task.isCancelled { return true }
          sleepers[id] = (deadline, continuation)
          return false
        }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
      sleeper?.resume.resume(throwing: CancellationError())
    }
  }

  /// Moves both clocks forward by `duration` and wakes the sleepers whose deadline has come.
  ///
  /// - Parameter duration: How far to move.
  func advance(by duration: Duration) {
    let due = lock.withLock {
      current = current.advanced(by: duration)
      let seconds =
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
      currentDate = currentDate.addingTimeInterval(seconds)
      let due = sleepers.filter { $0.value.deadline <= current }
      for id in due.keys { sleepers.removeValue(forKey: id) }
      return due.values.map(\.resume)
    }
    for continuation in due { continuation.resume() }
  }
}
