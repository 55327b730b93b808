import Foundation

#if canImport(Testing)
import Testing
#endif

/// Records a failure in the running test: Swift Testing's `Issue.record`, at the caller's source
/// location. Without Swift Testing, prints it.
///
/// The test support depends on no package (a client resolves nothing it does not link), so it
/// reports through Swift Testing directly rather than through a package that picks the running
/// test framework.
func recordIssue(
  _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  #if canImport(Testing)
  Issue.record(
    Comment(rawValue: message),
    sourceLocation: SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
  #else
  print("\(fileID):\(line):\(column): error: \(message)")
  #endif
}

/// A value that any thread may read and change, one at a time.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `stored` is the only mutable state, and it is read and written only
  // inside `lock.withLock`, so no two threads touch it at once. `Value` is Sendable, so what
  // leaves the lock (a copy of the value, or a Sendable result) is safe to use anywhere.
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) {
    stored = value
  }

  /// A copy of the value.
  var value: Value { lock.withLock { stored } }

  /// Runs `body` on the value, holding the lock; `body` must not call back into this box.
  func withValue<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&stored) }
  }
}
