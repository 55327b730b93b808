import AsyncContentTestSupport
import ConcurrencyExtras
import Testing

/// The gate of these tests: `AsyncContentTestSupport`'s, under the short name the tests use.
typealias Gate = OperationGate

/// The paged gate of these tests: rows with `Int` ids and offsets as cursors.
typealias RowGate = PagedGate<PagedRow, Int>

/// An item of a paged list in tests: `payload` tells which response delivered it.
struct PagedRow: Identifiable, Sendable, Equatable, CustomStringConvertible {
  let id: Int
  var payload: Int

  init(id: Int, payload: Int = 0) {
    self.id = id
    self.payload = payload
  }

  var description: String { "\(id)@\(payload)" }
}

/// Rows with the given ids and one payload.
func rows(_ ids: some Sequence<Int>, payload: Int = 0) -> [PagedRow] {
  ids.map { PagedRow(id: $0, payload: payload) }
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
  until condition: () -> Bool, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async {
  await eventually(fileID: fileID, filePath: filePath, line: line, column: column, condition)
}

/// Lets every task that is ready run (on the main serial executor, until the queue drains).
@MainActor
func drain() async {
  await drainMainActor()
}
