// The public mutations of IdentifiedItems; the algorithms are in IdentifiedItems+Storage.swift.

extension IdentifiedItems {
  // MARK: Merging

  /// Merges a page at the end: an id seen for the first time is appended, an id already present
  /// updates its entry where it stands. This is the default merge of a paged list.
  ///
  /// ```swift
  /// posts.updateOrAppend(contentsOf: page.items)
  /// ```
  ///
  /// - Parameter page: The items to merge, in order; a later duplicate within the page updates
  ///   the earlier one. O(page), amortised.
  @inlinable
  public mutating func updateOrAppend(contentsOf page: some Sequence<Item>) {
    if idIndex == nil,
      Self.withAscendingOrder({ appendAscending(contentsOf: page, $0) }) != nil
    {
      return
    }
    appendHashed(contentsOf: page)
  }

  /// Merges one item at the end: appends it if its id is new, otherwise replaces the item with
  /// its id where it stands.
  ///
  /// ```swift
  /// posts.updateOrAppend(Post(id: 42, title: "Edited"))
  /// ```
  ///
  /// - Parameter item: The item to merge. O(1) amortised; O(log n) for a repeated id while the
  ///   ids ascend.
  /// - Returns: The item it replaced, or `nil` if it was appended.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ item: Item) -> Item? {
    if idIndex == nil,
      let replaced = Self.withAscendingOrder({ updateOrAppendAscending(item, $0) })
    {
      return replaced
    }
    return updateOrAppendHashed(item)
  }

  /// Appends an item whose id is new and leaves an item already present as it is: the
  /// merge that keeps the first copy of a repeated item, as `IdentifiedArray.append(_:)` does.
  ///
  /// ```swift
  /// for post in page where posts.append(post).inserted { unread += 1 }
  /// ```
  ///
  /// - Parameter item: The item to append. O(1) amortised; O(log n) to find a repeated id
  ///   while the ids ascend.
  /// - Returns: Whether it was appended, and the position of the item with its id.
  @inlinable
  @discardableResult
  public mutating func append(_ item: Item) -> (inserted: Bool, index: Int) {
    if let existing = index(id: item.id) { return (false, existing) }
    updateOrAppend(item)
    return (true, storage.count &- 1)
  }

  /// Merges a page of older items at the front, as a chat or a feed loads its previous page:
  /// the new ids go before the current first item, in page order, and an id already present
  /// updates its entry where it stands.
  ///
  /// ```swift
  /// messages.updateOrPrepend(contentsOf: olderPage.items)
  /// ```
  ///
  /// - Parameter page: The items to merge, in order; a later duplicate within the page updates
  ///   the earlier one. O(n + page): the items already there move up.
  @inlinable
  public mutating func updateOrPrepend(contentsOf page: some Sequence<Item>) {
    if idIndex == nil,
      Self.withAscendingOrder({ prependAscending(contentsOf: page, $0) }) != nil
    {
      return
    }
    prependHashed(contentsOf: page)
  }

  // MARK: Removing

  /// Removes the item with the given id.
  ///
  /// ```swift
  /// posts.remove(id: deleted.id)
  /// ```
  ///
  /// - Parameter id: The id of the item to remove. O(n): the items after it move down.
  /// - Returns: The removed item, or `nil` when no item has this id.
  @inlinable
  @discardableResult
  public mutating func remove(id: Item.ID) -> Item? {
    guard let position = index(id: id) else { return nil }
    return removeElement(at: position)
  }

  /// Removes the first `k` items, as a list that keeps a window of pages drops its oldest page.
  ///
  /// ```swift
  /// if posts.count > 500 { posts.removeFirst(posts.count - 500) }
  /// ```
  ///
  /// - Parameter k: How many items to remove, `0...count`. O(n).
  @inlinable
  public mutating func removeFirst(_ k: Int) {
    precondition(k >= 0, "IdentifiedItems.removeFirst: a negative count")
    precondition(k <= storage.count, "IdentifiedItems.removeFirst: more items than there are")
    unindex(0..<k)
    storage.removeFirst(k)
    dropIndexIfEmpty()
  }

  /// Removes the last `k` items, as a list that keeps a window of pages drops its newest page.
  ///
  /// ```swift
  /// posts.removeLast(50)
  /// ```
  ///
  /// - Parameter k: How many items to remove, `0...count`. O(k).
  @inlinable
  public mutating func removeLast(_ k: Int) {
    precondition(k >= 0, "IdentifiedItems.removeLast: a negative count")
    precondition(k <= storage.count, "IdentifiedItems.removeLast: more items than there are")
    unindex((storage.count - k)..<storage.count)
    storage.removeLast(k)
    dropIndexIfEmpty()
  }

  /// Removes every item.
  ///
  /// ```swift
  /// posts.removeAll(keepingCapacity: true)
  /// ```
  ///
  /// The hash index is released, so `Comparable` ids may ascend without one again.
  ///
  /// - Parameter keepingCapacity: Whether to keep the elements' storage for new items.
  @inlinable
  public mutating func removeAll(keepingCapacity: Bool = false) {
    storage.removeAll(keepingCapacity: keepingCapacity)
    idIndex = nil
  }

  /// Removes the items that match a predicate, keeping the others in order.
  ///
  /// ```swift
  /// posts.removeAll { $0.isHidden }
  /// ```
  ///
  /// - Parameter shouldBeRemoved: Whether to remove an item. If it throws, no item is removed.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Item) throws -> Bool) rethrows {
    let indexed = idIndex != nil
    var kept: [Item] = []
    var newPositions: [Int] = []
    for item in storage {
      if try shouldBeRemoved(item) {
        if indexed { newPositions.append(-1) }
      } else {
        if indexed { newPositions.append(kept.count) }
        kept.append(item)
      }
    }
    guard kept.count < storage.count else { return }
    if indexed {
      var index = takeIndex()
      index.rebuild(count: kept.count) { newPositions[$0] < 0 ? nil : newPositions[$0] }
      idIndex = index
    }
    storage = kept
    dropIndexIfEmpty()
  }

  /// The items that satisfy a predicate, in order, as a new collection unique by id.
  ///
  /// ```swift
  /// let unread = posts.filter { !$0.isRead }
  /// ```
  ///
  /// - Parameter isIncluded: Whether to keep an item. O(n).
  /// - Returns: The kept items.
  @inlinable
  public func filter(_ isIncluded: (Item) throws -> Bool) rethrows -> Self {
    var kept = self
    try kept.removeAll { try !isIncluded($0) }
    return kept
  }
}
