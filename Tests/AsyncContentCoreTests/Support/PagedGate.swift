import AsyncContentCore
import ConcurrencyExtras
import Testing

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

/// A page operation whose calls wait until the test resolves them, recording every cursor.
final class PagedGate: Sendable {
  let gate: Gate<Page<PagedRow, Int>>
  private let log = LockIsolated<[Int?]>([])

  init(honorsCancellation: Bool = true) {
    gate = Gate(honorsCancellation: honorsCancellation)
  }

  /// The cursor of every request, in order.
  var cursors: [Int?] { log.value }
  var calls: Int { gate.calls }
  var pending: Int { gate.pending }
  var cancelledCalls: Int { gate.cancelledCalls }

  /// The page operation.
  @MainActor
  func fetch(_ cursor: Int?) async throws -> Page<PagedRow, Int> {
    log.withValue { $0.append(cursor) }
    return try await gate.call()
  }

  /// Answers the waiting request at `index` with `items` and the next cursor.
  func succeed(
    _ items: [PagedRow], next: Int?, at index: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    gate.succeed(
      Page(items: items, nextCursor: next), at: index, sourceLocation: sourceLocation)
  }

  func fail(
    _ error: any Error, at index: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    gate.fail(error, at: index, sourceLocation: sourceLocation)
  }
}
