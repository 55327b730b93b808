/// The callers waiting for a load (or an action) to settle: each resumes exactly once, when the
/// owner settles or one main-actor turn after its own task is cancelled.
@usableFromInline
struct Waiters {
  private typealias Waiter = (id: UInt32, continuation: UnsafeContinuation<Void, Never>)
  /// The first caller waiting now, apart (`firstID` is only meaningful while it is set): one
  /// caller, the common case, needs no buffer.
  private var first: UnsafeContinuation<Void, Never>?
  private var firstID: UInt32 = 0
  /// 32 bits keep the struct at three words; an id only needs to differ from those of the
  /// callers still waiting, and it wraps after four billion waits.
  private var lastID: UInt32 = 0
  /// The callers after the first, in order; allocated only when two wait at once.
  private var others: [Waiter] = []

  @usableFromInline
  init() {}

  /// A new caller's id, known before it registers, so its cancellation handler can name it.
  @usableFromInline
  mutating func nextID() -> UInt32 {
    lastID &+= 1
    return lastID
  }

  /// Adds the caller `id`.
  @usableFromInline
  mutating func add(_ id: UInt32, _ continuation: UnsafeContinuation<Void, Never>) {
    if first == nil, others.isEmpty {
      (first, firstID) = (continuation, id)
    } else {
      others.append((id, continuation))
    }
  }

  /// Resumes the caller `id`, if it still waits.
  @usableFromInline
  mutating func resume(_ id: UInt32) {
    if let continuation = first, firstID == id {
      first = nil
      continuation.resume()
    } else if let index = others.firstIndex(where: { $0.id == id }) {
      others.remove(at: index).continuation.resume()
    }
  }

  /// Resumes every caller that waits, in order, and keeps no buffer: a settled loader holds no
  /// memory for the callers it had. Resuming only enqueues a caller.
  mutating func resumeAll() {
    let continuation = first
    first = nil
    var rest: [Waiter] = []
    swap(&rest, &others)
    continuation?.resume()
    for waiter in rest { waiter.continuation.resume() }
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
