import IssueReporting

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
