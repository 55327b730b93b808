/// One page of a paged list: its items and the cursor of the next page (`nil` at the end).
public struct Page<Item, Cursor> {
  /// The page's items, in order.
  public var items: [Item]
  /// The cursor of the next page, or `nil` when this is the last page.
  public var nextCursor: Cursor?

  /// Creates a page.
  public init(items: [Item], nextCursor: Cursor?) {
    self.items = items
    self.nextCursor = nextCursor
  }
}

extension Page: Sendable where Item: Sendable, Cursor: Sendable {}
extension Page: Equatable where Item: Equatable, Cursor: Equatable {}
