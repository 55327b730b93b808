import Foundation

/// The callers waiting for a load to settle: every trigger resumes exactly once, when the load
/// settles or, if the caller's task is cancelled first, at once. The load itself goes on: a
/// caller's cancellation is not the load's.
final class Waiters: @unchecked Sendable {
  // @unchecked Sendable: `waiting`, `lastID` and `settlements` are read and written only while
  // `lock` is held, because cancellation handlers reach them from any thread. `resuming` is
  // touched only by `resumeAll()`, which the loaders call on the main actor alone (never
  // concurrently with itself), so it needs the lock only for the swap with `waiting`.
  // Every continuation is resumed exactly once: an entry leaves `waiting` under the lock
  // before it is resumed, by `resume(_:)` or by `resumeAll()`, never both.
  private let lock = NSLock()
  private var waiting: [(id: UInt64, continuation: UnsafeContinuation<Void, Never>)] = []
  /// The entries being resumed; only ``resumeAll()`` (on the loader's actor) touches it.
  private var resuming: [(id: UInt64, continuation: UnsafeContinuation<Void, Never>)] = []
  private var lastID: UInt64 = 0
  /// How many times ``resumeAll()`` ran: a load that settled since a caller looked is seen.
  private var settlements: UInt64 = 0

  /// The current settlement count; pass it to ``wait(since:)``.
  var epoch: UInt64 { lock.withLock { settlements } }

  /// Suspends until ``resumeAll()`` or until the calling task is cancelled.
  ///
  /// - Parameter epoch: ``epoch`` read when the caller saw the load running. If the load
  ///   settles before this call registers (there may be a suspension in between), the caller
  ///   resumes at once instead of waiting for a settlement that already happened.
  func wait(since epoch: UInt64) async {
    let id = lock.withLock {
      lastID &+= 1
      return lastID
    }
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        // Checked under the lock: a cancellation handler that ran before this point has set
        // the flag already, and a settlement that happened has bumped the count; a later one
        // finds the entry.
        let resumeNow = lock.withLock {
          if Task.isCancelled || settlements != epoch { return true }
          waiting.append((id, continuation))
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      resume(id)
    }
  }

  private func resume(_ id: UInt64) {
    let continuation = lock.withLock { () -> UnsafeContinuation<Void, Never>? in
      guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
      return waiting.remove(at: index).continuation
    }
    continuation?.resume()
  }

  /// Resumes everyone waiting.
  func resumeAll() {
    // The entries move to `resuming` by a swap, so both buffers keep their capacity and a
    // steady stream of loads allocates nothing here.
    let count = lock.withLock {
      settlements &+= 1
      swap(&waiting, &resuming)
      return resuming.count
    }
    guard count > 0 else { return }
    for entry in resuming { entry.continuation.resume() }
    lock.withLock { resuming.removeAll(keepingCapacity: true) }
  }
}
