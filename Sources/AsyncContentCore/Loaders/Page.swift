/// One page of a paged list: its items, the cursor of the next page (`nil` at the end) and, for
/// a list that pages backwards too, the cursor of the previous page (`nil` at the start).
///
/// ```swift
/// // A chat: the first page is the newest messages; older ones come before it.
/// Page(items: messages, nextCursor: nil, previousCursor: messages.first?.id)
/// ```
public struct Page<Item, Cursor> {
  /// The page's items, in order.
  public var items: [Item]
  /// The cursor of the next page, or `nil` when this is the last page.
  public var nextCursor: Cursor?
  /// The cursor of the previous page, or `nil` when this is the first page of the list.
  public var previousCursor: Cursor?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - items: The page's items, in order.
  ///   - nextCursor: The cursor of the next page, or `nil` when this is the last page.
  ///   - previousCursor: The cursor of the previous page, or `nil` (the default) when this is
  ///     the first page or the list pages one way only.
  public init(items: [Item], nextCursor: Cursor?, previousCursor: Cursor? = nil) {
    self.items = items
    self.nextCursor = nextCursor
    self.previousCursor = previousCursor
  }
}

extension Page: Sendable where Item: Sendable, Cursor: Sendable {}
extension Page: Equatable where Item: Equatable, Cursor: Equatable {}
