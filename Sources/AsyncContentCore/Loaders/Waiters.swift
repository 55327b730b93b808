/// The callers waiting for a load (or an action) to settle: every caller resumes exactly once,
/// when the owner settles or, if the caller's task is cancelled first, one main-actor turn later.
///
/// They live on the main actor with their owner, so no lock guards them; see
/// ``WaitingCallers/waitForSettlement()`` for the one path that arrives from elsewhere.
struct Waiters {
  private typealias Waiter = (id: UInt64, continuation: UnsafeContinuation<Void, Never>)
  /// The callers waiting now.
  private var waiting: [Waiter] = []
  /// The buffer `waiting` is swapped into while resuming, so settling allocates nothing.
  private var resuming: [Waiter] = []
  private var lastID: UInt64 = 0

  /// A new caller's id, known before it registers, so its cancellation handler can name it.
  fileprivate mutating func nextID() -> UInt64 {
    lastID &+= 1
    return lastID
  }

  /// Adds the caller `id`.
  fileprivate mutating func add(_ id: UInt64, _ continuation: UnsafeContinuation<Void, Never>) {
    waiting.append((id, continuation))
  }

  /// Resumes the caller `id`, if it still waits.
  fileprivate mutating func resume(_ id: UInt64) {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
    waiting.remove(at: index).continuation.resume()
  }

  /// Resumes every caller that waits.
  mutating func resumeAll() {
    guard !waiting.isEmpty else { return }
    // Swap the buffers, so both keep their capacity and a steady stream of loads allocates
    // nothing here; a caller resumed now that waits again registers in the empty one.
    swap(&waiting, &resuming)
    for waiter in resuming { waiter.continuation.resume() }
    resuming.removeAll(keepingCapacity: true)
  }
}

/// An owner of ``Waiters``: a loader, or a controller that runs one action at a time.
@MainActor
protocol WaitingCallers: AnyObject, Sendable {
  var waiters: Waiters { get set }
}

extension WaitingCallers {
  /// Waits until the owner calls `waiters.resumeAll()`.
  ///
  /// A caller whose own task is cancelled stops waiting; the work it waited for goes on: a
  /// caller's cancellation is not the work's. Call it only while something runs that will
  /// settle.
  @inline(__always)
  func waitForSettlement() async {
    let id = waiters.nextID()
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        // This closure runs at once, on the main actor, before the caller suspends: a
        // settlement cannot slip in between the caller's check and the registration.
        if Task.isCancelled {
          continuation.resume()
        } else {
          waiters.add(id, continuation)
        }
      }
    } onCancel: {
      // Cancellation arrives on any thread; the waiters live on the main actor, so the caller
      // is resumed there, one turn later. Nothing waits for this hop: it only resumes a
      // continuation, and finds nothing if the owner settled first.
      Task { @MainActor [weak self] in self?.waiters.resume(id) }
    }
  }
}
