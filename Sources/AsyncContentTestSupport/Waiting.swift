import Foundation
import IssueReporting
import Observation

/// Yields the main actor until `condition` holds, and reports an issue if it never does.
///
/// Use it to wait for a loader's task to reach a gate without sleeping:
///
/// ```swift
/// let load = Task { await loader.load() }
/// await eventually { gate.pending == 1 }
/// #expect(loader.phase.isFirstLoad)
/// ```
///
/// - Parameters:
///   - maxYields: How many times to yield before giving up.
///   - condition: What to wait for.
/// - Returns: Whether the condition held.
@MainActor
@discardableResult
public func eventually(
  maxYields: Int = 10_000,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column,
  _ condition: () -> Bool
) async -> Bool {
  for _ in 0..<maxYields {
    if condition() { return true }
    await Task.yield()
  }
  if condition() { return true }
  reportIssue(
    "the condition never held in \(maxYields) yields", fileID: fileID, filePath: filePath,
    line: line, column: column)
  return false
}

/// Lets every task that is ready run: yields the main actor `yields` times.
///
/// Under `withMainSerialExecutor` (swift-concurrency-extras) this runs the queued tasks to
/// completion, one at a time.
@MainActor
public func drainMainActor(yields: Int = 200) async {
  for _ in 0..<yields { await Task.yield() }
}

/// Suspends until `condition` holds, re-checking each time an observed property it reads
/// changes: for conditions that work off the main actor brings true (a network response, a
/// server on loopback), where yielding a fixed number of times is not enough.
///
/// ```swift
/// let load = Task { await loader.load() }
/// await waitUntil { loader.failureCount == 1 }  // the first attempt failed over the network
/// ```
///
/// It never sleeps and never gives up: give the test a time limit
/// (`@Suite(.timeLimit(.minutes(1)))`), so a condition that never holds fails the test.
///
/// - Parameter condition: What to wait for. It must read the observed properties it depends on.
@MainActor
public func waitUntil(_ condition: @escaping @MainActor () -> Bool) async {
  while !Task.isCancelled {
    let once = ResumeOnce()
    let holds = await withCheckedContinuation { continuation in
      once.continuation = continuation
      let holds = withObservationTracking {
        condition()
      } onChange: {
        once.resume(returning: false)
      }
      if holds { once.resume(returning: true) }
    }
    if holds { return }
  }
}

/// Resumes a continuation once, whoever asks first: the check that found the condition true,
/// or the observation that saw a change.
private final class ResumeOnce: @unchecked Sendable {
  // @unchecked Sendable: `continuation` is set once before any `resume` can run (inside the
  // body of `withCheckedContinuation`, before the observation is registered), and after that
  // it is read and cleared only under `lock`.
  private let lock = NSLock()
  var continuation: CheckedContinuation<Bool, Never>?

  func resume(returning value: Bool) {
    lock.lock()
    let continuation = self.continuation
    self.continuation = nil
    lock.unlock()
    continuation?.resume(returning: value)
  }
}
