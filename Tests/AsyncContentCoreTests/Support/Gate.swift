import ConcurrencyExtras
import Testing

/// An operation whose calls wait until the test resolves them, in any order: the test decides
/// when (and how) every call completes.
///
/// Calls are main-actor isolated, so a test that runs on the main actor sees them in a
/// deterministic order.
final class Gate<Value: Sendable>: Sendable {
  private struct Call {
    let id: Int
    let continuation: CheckedContinuation<Value, any Error>
  }

  private struct State {
    var waiting: [Call] = []
    var calls = 0
    var cancelledCalls = 0
  }

  private let state = LockIsolated(State())
  /// Whether a call throws `CancellationError` as soon as its task is cancelled; otherwise it
  /// ignores cancellation, as some real operations do.
  let honorsCancellation: Bool

  init(honorsCancellation: Bool = true) {
    self.honorsCancellation = honorsCancellation
  }

  /// How many times the operation was called.
  var calls: Int { state.value.calls }
  /// How many calls wait for the test.
  var pending: Int { state.value.waiting.count }
  /// How many calls ended because their task was cancelled.
  var cancelledCalls: Int { state.value.cancelledCalls }

  /// The operation: waits until the test resolves it.
  @MainActor
  func call() async throws -> Value {
    let id = state.withValue { state in
      state.calls += 1
      return state.calls
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if honorsCancellation, Task.isCancelled {
          state.withValue { $0.cancelledCalls += 1 }
          continuation.resume(throwing: CancellationError())
        } else {
          state.withValue { $0.waiting.append(Call(id: id, continuation: continuation)) }
        }
      }
    } onCancel: {
      guard honorsCancellation else { return }
      let call = state.withValue { state -> Call? in
        guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
        state.cancelledCalls += 1
        return state.waiting.remove(at: index)
      }
      call?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Completes the waiting call at `index` (the oldest by default) with `result`.
  func resolve(
    _ result: Result<Value, any Error>, at index: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let call = state.withValue { state -> Call? in
      guard state.waiting.indices.contains(index) else { return nil }
      return state.waiting.remove(at: index)
    }
    guard let call else {
      Issue.record("no call waits at index \(index)", sourceLocation: sourceLocation)
      return
    }
    call.continuation.resume(with: result)
  }

  func succeed(_ value: Value, at index: Int = 0, sourceLocation: SourceLocation = #_sourceLocation)
  {
    resolve(.success(value), at: index, sourceLocation: sourceLocation)
  }

  func fail(
    _ error: any Error, at index: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    resolve(.failure(error), at: index, sourceLocation: sourceLocation)
  }
}

/// A distinct, equatable error for tests.
struct TestError: Error, Equatable, CustomStringConvertible {
  var id: Int
  init(_ id: Int = 0) { self.id = id }
  var description: String { "TestError(\(id))" }
}

/// Yields the main actor until `condition` holds; records an issue if it never does.
@MainActor
func yield(
  until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async {
  for _ in 0..<10_000 {
    if condition() { return }
    await Task.yield()
  }
  Issue.record("the condition never held", sourceLocation: sourceLocation)
}

/// Lets every task that is ready run (on the main serial executor, until the queue drains).
@MainActor
func drain() async {
  for _ in 0..<200 { await Task.yield() }
}
