/// An ordered collection of items unique by id, built for paged lists: a page of ascending ids
/// joins it at about the cost of `Array.append`, and ids are indexed only once they stop
/// ascending.
///
/// Merge each page with ``updateOrAppend(contentsOf:)``: an id seen for the first time is
/// appended, and an id already present updates its entry where it stands, so `ForEach` never
/// sees a duplicate id. Older pages (the previous messages of a chat) join at the front with
/// ``updateOrPrepend(contentsOf:)``.
///
/// ```swift
/// var posts: IdentifiedItems<Post> = []
/// posts.updateOrAppend(contentsOf: firstPage)   // ids 1...20
/// posts.updateOrAppend(contentsOf: secondPage)  // ids 21...40, or 18...37 if the server shifted
/// posts[id: 7]?.title                           // binary search while ids ascend
/// List(posts) { post in Text(post.title) }      // a RandomAccessCollection with Int indices
/// ```
///
/// ## Two modes
///
/// - **Ascending ids: no index.** While each id is greater than the one before it (offsets,
///   timestamps, auto-increment keys), the collection is an `Array` and nothing else, and
///   lookups by id are binary searches.
/// - **Hash index.** The first id out of order (or the first item, when ids are not
///   `Comparable`) builds a hash index of the positions, once, and the collection keeps it
///   until it is emptied. Lookups are O(1) on average.
///
/// No id has to be `Comparable`: the collection checks at run time whether `Item.ID` is, and
/// where `Item` is concrete the optimizer folds that check away. `Item.ID`'s `<` must be a
/// strict total order consistent with its `==`.
///
/// ## Complexity
///
/// | Operation | Cost |
/// |---|---|
/// | ``updateOrAppend(contentsOf:)`` | O(page), amortised |
/// | ``updateOrAppend(_:)`` | O(1) amortised (O(log n) for a repeated id while ids ascend) |
/// | ``updateOrPrepend(contentsOf:)`` | O(n + page): the elements move up in their array |
/// | ``removeFirst(_:)`` | O(n): the elements move down in their array |
/// | ``removeLast(_:)`` | O(k) |
/// | ``remove(id:)`` | O(n) |
/// | ``index(id:)``, ``subscript(id:)`` | O(1) on average with the index, O(log n) without |
///
/// > Warning: Merge pages with ``updateOrAppend(contentsOf:)``, which grows the storage
/// > geometrically; a merge that reserves `count + page.count` on every page makes paging
/// > through n items O(n²).
public struct IdentifiedItems<Item: Identifiable> {
  /// The elements, in order.
  @usableFromInline var storage: [Item]
  /// The hash index of the positions; `nil` only when the collection is empty or its
  /// `Comparable` ids strictly ascend.
  @usableFromInline var idIndex: IDIndex?

  /// Creates an empty collection.
  ///
  /// ```swift
  /// var posts = IdentifiedItems<Post>()
  /// ```
  @inlinable
  public init() {
    storage = []
    idIndex = nil
  }

  /// Creates a collection of the items of a sequence, unique by id: a later duplicate updates
  /// the earlier entry in place.
  ///
  /// ```swift
  /// let posts = IdentifiedItems([Post(id: 1, title: "a"), Post(id: 1, title: "b")])
  /// // one post, id 1, titled "b"
  /// ```
  ///
  /// - Parameter items: The items, in order. O(items).
  @inlinable
  public init(_ items: some Sequence<Item>) {
    self.init()
    updateOrAppend(contentsOf: items)
  }

  /// The items, in order, as an array. O(1): the array shares the collection's storage.
  @inlinable
  public var elements: [Item] { storage }

  /// The ids of the items, in order.
  ///
  /// `ids.contains(_:)` and `ids.firstIndex(of:)` look the id up like ``index(id:)`` rather than
  /// scanning.
  @inlinable
  public var ids: IDs { IDs(base: self) }

  /// The position of the item with the given id.
  ///
  /// ```swift
  /// if let row = posts.index(id: selectedID) { scrollTo(row) }
  /// ```
  ///
  /// - Parameter id: The id to look for.
  /// - Returns: Its position, or `nil` when no item has this id. O(1) on average with the hash
  ///   index, O(log n) while the ids ascend.
  @inlinable
  public func index(id: Item.ID) -> Int? {
    if let idIndex { return hashedPosition(of: id, in: idIndex) }
    if storage.isEmpty { return nil }
    if let found = Self.withAscendingOrder({ ascendingPosition(of: id, $0) }) { return found }
    // Ascending ids whose `Comparable` conformance is isolated to another actor than the
    // caller's: the dynamic check fails here, so search without it.
    return storage.firstIndex { $0.id == id }
  }

  /// The item with the given id; setting it updates that item in place, appends a new one, or
  /// removes it (`nil`).
  ///
  /// ```swift
  /// posts[id: 7]?.isRead = true   // in place
  /// posts[id: 8] = nil            // removed
  /// ```
  ///
  /// - Parameter id: The id of the item. A new value must have this id.
  @inlinable
  public subscript(id id: Item.ID) -> Item? {
    get { index(id: id).map { storage[$0] } }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      precondition(newValue.id == id, "IdentifiedItems[id:]: the new item has another id")
      updateOrAppend(newValue)
    }
  }
}

// MARK: - The ids

extension IdentifiedItems {
  /// The ids of an ``IdentifiedItems`` collection, in order: a view, O(1) to create.
  ///
  /// ```swift
  /// let shown = Set(posts.ids)
  /// posts.ids.contains(7)   // a lookup, not a scan
  /// ```
  public struct IDs: RandomAccessCollection {
    /// The collection whose ids these are.
    @usableFromInline let base: IdentifiedItems

    @inlinable
    init(base: IdentifiedItems) {
      self.base = base
    }

    /// The position of the first id: 0.
    @inlinable public var startIndex: Int { 0 }
    /// The position after the last id: the number of ids.
    @inlinable public var endIndex: Int { base.storage.count }

    /// The id at a position.
    ///
    /// - Parameter position: A valid position.
    @inlinable
    public subscript(position: Int) -> Item.ID { base.storage[position].id }

    /// Whether an item has this id: a lookup, O(1) on average or O(log n).
    ///
    /// - Parameter id: The id to look for.
    @inlinable
    public func contains(_ id: Item.ID) -> Bool { base.index(id: id) != nil }

    /// The position of an id: a lookup, O(1) on average or O(log n).
    ///
    /// - Parameter id: The id to look for.
    @inlinable
    public func firstIndex(of id: Item.ID) -> Int? { base.index(id: id) }

    /// The position of an id; ids are unique, so it is ``firstIndex(of:)``.
    ///
    /// - Parameter id: The id to look for.
    @inlinable
    public func lastIndex(of id: Item.ID) -> Int? { base.index(id: id) }

    /// Lets generic algorithms such as `contains(_:)` look the id up.
    @inlinable
    public func _customContainsEquatableElement(_ element: Item.ID) -> Bool? {
      contains(element)
    }

    /// Lets generic algorithms such as `firstIndex(of:)` look the id up.
    @inlinable
    public func _customIndexOfEquatableElement(_ element: Item.ID) -> Int?? {
      .some(base.index(id: element))
    }

    /// Lets generic algorithms such as `lastIndex(of:)` look the id up.
    @inlinable
    public func _customLastIndexOfEquatableElement(_ element: Item.ID) -> Int?? {
      .some(base.index(id: element))
    }
  }
}

// MARK: - Collection

extension IdentifiedItems: RandomAccessCollection {
  /// The position of the first item: 0.
  @inlinable public var startIndex: Int { 0 }
  /// The position after the last item: the number of items.
  @inlinable public var endIndex: Int { storage.count }
  /// The number of items. O(1).
  @inlinable public var count: Int { storage.count }
  /// Whether there are no items. O(1).
  @inlinable public var isEmpty: Bool { storage.isEmpty }
  /// The valid positions, `0..<count`.
  @inlinable public var indices: Range<Int> { 0..<storage.count }

  /// The item at a position.
  ///
  /// - Parameter position: A valid position, `0..<count`.
  @inlinable
  public subscript(position: Int) -> Item { storage[position] }

  /// Calls `body` with the items' contiguous storage, as `Array` does.
  ///
  /// - Parameter body: Reads the items.
  @inlinable
  public func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<Item>) throws -> Result
  ) rethrows -> Result? {
    try storage.withContiguousStorageIfAvailable(body)
  }
}

extension IdentifiedItems: ExpressibleByArrayLiteral {
  /// Creates a collection of the listed items, unique by id: a later duplicate updates the
  /// earlier entry in place.
  ///
  /// ```swift
  /// let posts: IdentifiedItems<Post> = [Post(id: 1, title: "Hello")]
  /// ```
  ///
  /// - Parameter elements: The items, in order.
  @inlinable
  public init(arrayLiteral elements: Item...) {
    self.init(elements)
  }
}

extension IdentifiedItems: Equatable where Item: Equatable {
  /// Whether two collections hold equal items in the same order (their modes do not matter).
  ///
  /// - Parameters:
  ///   - lhs: A collection.
  ///   - rhs: Another collection.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

extension IdentifiedItems: Hashable where Item: Hashable {
  /// Hashes the items, in order.
  ///
  /// - Parameter hasher: The hasher to feed.
  @inlinable
  public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

// The index holds plain integers: the collection is `Sendable` exactly when its items are.
extension IdentifiedItems: Sendable where Item: Sendable {}
extension IdentifiedItems.IDs: Sendable where Item: Sendable {}

extension IdentifiedItems: CustomStringConvertible, CustomDebugStringConvertible {
  /// The items, written as an array literal.
  public var description: String { storage.description }

  /// The items, written as `IdentifiedItems([...])`.
  public var debugDescription: String { "IdentifiedItems(\(storage.debugDescription))" }
}

// MARK: - Test hooks

extension IdentifiedItems {
  /// Whether the collection keeps a hash index (otherwise its ids ascend).
  package var isIndexed: Bool { idIndex != nil }

  /// The number of slots of the hash index (0 without one).
  package var indexSlotCount: Int { idIndex?.slots.count ?? 0 }

  /// The broken invariants, described; empty when the storage is consistent.
  package func invariantViolations() -> [String] {
    var problems: [String] = []
    if let idIndex {
      if idIndex.count != storage.count {
        problems.append("the index holds \(idIndex.count) entries for \(storage.count) items")
      }
      for (position, item) in storage.enumerated() {
        let found = hashedPosition(of: item.id, in: idIndex)
        if found != position {
          problems.append("id \(item.id) at \(position) is indexed at \(String(describing: found))")
        }
      }
    } else if !storage.isEmpty {
      let ascends = Self.withAscendingOrder { less in
        storage.indices.dropFirst().allSatisfy { less(storage[$0 - 1].id, storage[$0].id) }
      }
      if ascends != true { problems.append("no index, but the ids do not ascend") }
    }
    return problems
  }
}
