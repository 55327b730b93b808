/// An operation whose calls wait until the test completes them, in any order: the test decides
/// when, and how, every call ends.
///
/// Pass ``call()`` as a loader's operation, look at the phase while the load runs, then end the
/// call with ``succeed(_:at:fileID:filePath:line:column:)`` or
/// ``fail(_:at:fileID:filePath:line:column:)``:
///
/// ```swift
/// let gate = OperationGate<[String]>()
/// let loader = AsyncLoader(phase: .loaded(["Austria"])) { try await gate.call() }
///
/// let refresh = Task { await loader.reload() }
/// await eventually { gate.pending == 1 }
/// #expect(loader.phase.value == ["Austria"])  // the list stays visible while it reloads
///
/// gate.succeed(["Austria", "Brazil"])
/// await refresh.value
/// ```
///
/// Calls are main-actor isolated, so a test on the main actor sees them in a deterministic
/// order.
public final class OperationGate<Value: Sendable>: Sendable {
  private struct Call {
    let id: Int
    let continuation: CheckedContinuation<Value, any Error>
  }

  private struct State {
    var waiting: [Call] = []
    var calls = 0
    var cancelledCalls = 0
  }

  private let state = Locked(State())
  /// Whether a call throws `CancellationError` as soon as its task is cancelled; otherwise it
  /// ignores cancellation and waits for the test, as some real operations do.
  public let honorsCancellation: Bool

  /// Creates a gate.
  ///
  /// - Parameter honorsCancellation: Whether a call ends with `CancellationError` as soon as its
  ///   task is cancelled (the default), or ignores cancellation and waits for the test.
  public init(honorsCancellation: Bool = true) {
    self.honorsCancellation = honorsCancellation
  }

  /// How many times the operation was called.
  public var calls: Int { state.value.calls }
  /// How many calls wait for the test.
  public var pending: Int { state.value.waiting.count }
  /// How many calls ended because their task was cancelled.
  public var cancelledCalls: Int { state.value.cancelledCalls }
  /// The calls that wait for the test, oldest first, each by its number (the first call is 1):
  /// `waitingCalls.firstIndex(of: call)` is the index that ``resolve(_:at:fileID:filePath:line:column:)``
  /// takes.
  public var waitingCalls: [Int] { state.value.waiting.map(\.id) }

  /// The operation: waits until the test ends it.
  @MainActor
  public func call() async throws -> Value {
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

  /// Ends the waiting call at `index` (the oldest by default) with `result`.
  ///
  /// Reports an issue when no call waits at `index`.
  public func resolve(
    _ result: Result<Value, any Error>, at index: Int = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let call = state.withValue { state -> Call? in
      guard state.waiting.indices.contains(index) else { return nil }
      return state.waiting.remove(at: index)
    }
    guard let call else {
      recordIssue(
        "no call waits at index \(index)", fileID: fileID, filePath: filePath, line: line,
        column: column)
      return
    }
    call.continuation.resume(with: result)
  }

  /// Ends the waiting call at `index` (the oldest by default) with `value`.
  public func succeed(
    _ value: Value, at index: Int = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    resolve(
      .success(value), at: index, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Ends the waiting call at `index` (the oldest by default) by throwing `error`.
  public func fail(
    _ error: any Error, at index: Int = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    resolve(
      .failure(error), at: index, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
