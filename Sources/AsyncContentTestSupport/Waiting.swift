import Foundation
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
  recordIssue(
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
    let holds = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        once.continuation = continuation
        let holds = withObservationTracking {
          condition()
        } onChange: {
          once.resume(returning: false)
        }
        if holds || Task.isCancelled { once.resume(returning: holds) }
      }
    } onCancel: {
      // The test's time limit ran out: stop waiting, so the test ends and reports it.
      once.resume(returning: false)
    }
    if holds { return }
  }
}

/// Resumes a continuation once, whoever asks first: the check that found the condition true,
/// the observation that saw a change, or the cancellation of the waiting task.
private final class ResumeOnce: @unchecked Sendable {
  // @unchecked Sendable: `continuation` and `resumed` are read and written only under `lock`.
  // A cancellation that arrives before the continuation exists is remembered in `resumed`, and
  // the continuation set later is resumed at once.
  private let lock = NSLock()
  private var stored: CheckedContinuation<Bool, Never>?
  private var resumed: Bool?

  var continuation: CheckedContinuation<Bool, Never>? {
    get { lock.withLock { stored } }
    set {
      let early = lock.withLock { () -> Bool? in
        if let resumed { return resumed }
        stored = newValue
        return nil
      }
      if let early { newValue?.resume(returning: early) }
    }
  }

  func resume(returning value: Bool) {
    let continuation = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
      guard resumed == nil else { return nil }
      resumed = value
      defer { stored = nil }
      return stored
    }
    continuation?.resume(returning: value)
  }
}
