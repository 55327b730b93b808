#if Persistence
import Foundation

/// A value behind a lock, for the state of a ``PersistentCache`` that the main actor and its
/// writes off the main actor share. (`Mutex` needs newer systems than the package supports.)
final class Locked<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with the state, holding the lock; `body` must not call out to code that could
  /// take the lock again.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
#endif
