/// The callers waiting for a load (or an action) to settle: each resumes exactly once, when the
/// owner settles or one main-actor turn after its own task is cancelled.
@usableFromInline
struct Waiters {
  private typealias Waiter = (id: UInt64, continuation: UnsafeContinuation<Void, Never>)
  /// The callers waiting now, in the order they came.
  private var waiting: [Waiter] = []
  private var lastID: UInt64 = 0

  @usableFromInline
  init() {}

  /// A new caller's id, known before it registers, so its cancellation handler can name it.
  @usableFromInline
  mutating func nextID() -> UInt64 {
    lastID &+= 1
    return lastID
  }

  /// Adds the caller `id`.
  @usableFromInline
  mutating func add(_ id: UInt64, _ continuation: UnsafeContinuation<Void, Never>) {
    waiting.append((id, continuation))
  }

  /// Resumes the caller `id`, if it still waits.
  @usableFromInline
  mutating func resume(_ id: UInt64) {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
    waiting.remove(at: index).continuation.resume()
  }

  /// Resumes every caller that waits, in order; allocates nothing (the buffer is kept).
  mutating func resumeAll() {
    guard !waiting.isEmpty else { return }
    // Resuming only enqueues a caller: none comes or leaves during the loop.
    for waiter in waiting { waiter.continuation.resume() }
    // One caller is the usual case, and removeLast() is cheaper than removeAll.
    if waiting.count == 1 { waiting.removeLast() } else { waiting.removeAll(keepingCapacity: true) }
  }
}

/// An owner of ``Waiters``: a loader, or a controller that runs one action at a time.
@MainActor @usableFromInline
protocol WaitingCallers: AnyObject, Sendable {
  var waiters: Waiters { get set }
}

extension WaitingCallers {
  /// Waits until the owner calls `waiters.resumeAll()`, or the caller's task is cancelled (the
  /// work goes on), only while something runs that will settle. Inlinable: it compiles into
  /// the caller's module, with no async frame of its own.
  @inlinable @inline(__always)
  func waitForSettlement() async {
    let id = waiters.nextID()
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        // Runs at once, on the main actor: no settlement slips in before the registration.
        if Task.isCancelled {
          continuation.resume()
        } else {
          waiters.add(id, continuation)
        }
      }
    } onCancel: {
      // Cancellation arrives on any thread: the caller is resumed on the main actor.
      Task { @MainActor [weak self] in self?.waiters.resume(id) }
    }
  }
}
