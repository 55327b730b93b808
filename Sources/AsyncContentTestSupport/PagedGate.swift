public import AsyncContentCore

/// A page operation whose requests wait until the test answers them, recording every cursor.
///
/// ```swift
/// let pages = PagedGate<Post, Int>()
/// let loader = PagedLoader { try await pages.fetch($0) }
///
/// let load = Task { await loader.load() }
/// await eventually { pages.pending == 1 }
/// pages.succeed(firstPosts, next: 20)
/// await load.value
/// #expect(pages.cursors == [nil])
/// ```
public final class PagedGate<Item: Sendable, Cursor: Sendable>: Sendable {
  /// The gate behind the requests.
  public let gate: OperationGate<Page<Item, Cursor>>
  private let log = Locked<[Cursor?]>([])

  /// Creates a paged gate.
  ///
  /// - Parameter honorsCancellation: Whether a request ends with `CancellationError` as soon as
  ///   its task is cancelled (the default), or waits for the test regardless.
  public init(honorsCancellation: Bool = true) {
    gate = OperationGate(honorsCancellation: honorsCancellation)
  }

  /// The cursor of every request, in order (`nil` for a first page).
  public var cursors: [Cursor?] { log.value }
  /// How many requests were made.
  public var calls: Int { gate.calls }
  /// How many requests wait for the test.
  public var pending: Int { gate.pending }
  /// How many requests ended because their task was cancelled.
  public var cancelledCalls: Int { gate.cancelledCalls }

  /// The page operation: records `cursor` and waits until the test answers.
  @MainActor
  public func fetch(_ cursor: Cursor?) async throws -> Page<Item, Cursor> {
    log.withValue { $0.append(cursor) }
    return try await gate.call()
  }

  /// Answers the waiting request at `index` (the oldest by default) with `items`, the next
  /// cursor (`nil` for the last page) and, for a list that pages backwards, the previous cursor
  /// (`nil` for the first page).
  public func succeed(
    _ items: [Item], next: Cursor?, previous: Cursor? = nil, at index: Int = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    gate.succeed(
      Page(items: items, nextCursor: next, previousCursor: previous), at: index, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Fails the waiting request at `index` (the oldest by default) with `error`.
  public func fail(
    _ error: any Error, at index: Int = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    gate.fail(error, at: index, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
