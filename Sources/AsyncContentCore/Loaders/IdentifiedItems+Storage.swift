// The algorithms behind IdentifiedItems' public API: the mode switch, the lookups and the
// merges. The ascending merges take `<` as a `less` function from `withAscendingOrder`.

extension IdentifiedItems {
  // MARK: Modes

  /// Calls `body` with `<` of `Item.ID` if its dynamic type is `Comparable`, else returns
  /// `nil` (also when the conformance is isolated to an actor the caller is not on).
  @inlinable
  static func withAscendingOrder<Result>(
    _ body: ((Item.ID, Item.ID) -> Bool) throws -> Result
  ) rethrows -> Result? {
    guard let comparable = Item.ID.self as? any Comparable.Type else { return nil }
    return try withOrder(of: comparable, body)
  }

  /// Calls `body` with `<` of `ID`, which is `Item.ID`: the function cast always succeeds.
  @inlinable
  static func withOrder<ID: Comparable, Result>(
    of _: ID.Type, _ body: ((Item.ID, Item.ID) -> Bool) throws -> Result
  ) rethrows -> Result? {
    let less: (ID, ID) -> Bool = { $0 < $1 }
    guard let less = less as? (Item.ID, Item.ID) -> Bool else { return nil }
    return try body(less)
  }

  /// Takes the index out, uniquely referenced while it changes (store it back when done),
  /// building it first when the ids ascended until now.
  @inlinable
  mutating func takeIndex() -> IDIndex {
    if idIndex == nil, !storage.isEmpty { buildIndex() }
    let index = idIndex ?? IDIndex()
    idIndex = nil
    return index
  }

  /// Builds the hash index of the elements, once, when their ids stop ascending.
  @inlinable
  mutating func buildIndex() {
    idIndex = storage.withUnsafeBufferPointer { elements in
      IDIndex(count: elements.count, extra: elements.count / 2) { position in
        Self.fragment(of: elements[position].id)
      }
    }
  }

  /// Drops the index of an emptied collection, so that the next items may ascend without one.
  @inlinable
  mutating func dropIndexIfEmpty() {
    if storage.isEmpty { idIndex = nil }
  }

  /// The 31 bits of an id's hash that the index stores, from `Hashable`'s one-shot hash.
  @inlinable
  static func fragment(of id: Item.ID) -> UInt64 {
    IDIndex.fragment(id._rawHashValue(seed: 0))
  }

  // MARK: Lookups

  /// The position of `id`, found through the hash index.
  @inlinable
  func hashedPosition(of id: Item.ID, in index: IDIndex) -> Int? {
    let fragment = Self.fragment(of: id)
    return storage.withUnsafeBufferPointer { elements in
      index.find(fragment: fragment) { elements[$0].id == id }.position
    }
  }

  /// The position of `id` in ascending elements, by binary search.
  @inlinable
  func ascendingPosition(of id: Item.ID, _ less: (Item.ID, Item.ID) -> Bool) -> Int? {
    storage.withUnsafeBufferPointer { elements in
      var low = 0
      var high = elements.count
      while low < high {
        let middle = low &+ (high &- low) >> 1
        if less(elements[middle].id, id) { low = middle &+ 1 } else { high = middle }
      }
      return low < elements.count && elements[low].id == id ? low : nil
    }
  }

  /// Whether the ids of `page` strictly ascend, all after `first` and before `last`. Always
  /// inlined, so `less` is not an indirect call per id.
  @inlinable @inline(__always)
  static func ascends(
    _ page: UnsafeBufferPointer<Item>, after first: Item.ID?, before last: Item.ID?,
    _ less: (Item.ID, Item.ID) -> Bool
  ) -> Bool {
    guard let firstInPage = page.first?.id, let lastInPage = page.last?.id else { return true }
    if let first, !less(first, firstInPage) { return false }
    if let last, !less(lastInPage, last) { return false }
    // Each id against the one before it, both read from the page: no id is carried over.
    var position = 1
    while position < page.count {
      if !less(page[position &- 1].id, page[position].id) { return false }
      position &+= 1
    }
    return true
  }

  /// The id of the last element.
  @inlinable
  var lastID: Item.ID? { storage.isEmpty ? nil : storage[storage.count &- 1].id }

  // MARK: Appending

  /// Merges a page at the end while the ids ascend (``idIndex`` is `nil`), switching to the
  /// hash index at the first id out of order.
  @inlinable @inline(__always)
  mutating func appendAscending(
    contentsOf page: some Sequence<Item>, _ less: (Item.ID, Item.ID) -> Bool
  ) {
    // The common case: the whole page ascends after the last id; append it whole.
    let appended = page.withContiguousStorageIfAvailable { page in
      guard Self.ascends(page, after: lastID, before: nil, less) else { return false }
      storage.append(contentsOf: page)
      return true
    }
    if appended == true { return }
    var items = page.makeIterator()
    while let item = items.next() {
      if let last = lastID, !less(last, item.id) {
        if let position = ascendingPosition(of: item.id, less) {
          storage[position] = item
          continue
        }
        var index = takeIndex()
        _ = updateOrAppendHashed(item, in: &index)
        while let item = items.next() { _ = updateOrAppendHashed(item, in: &index) }
        idIndex = index
        return
      }
      storage.append(item)
    }
  }

  /// Merges one item at the end while the ids ascend.
  @inlinable @inline(__always)
  mutating func updateOrAppendAscending(
    _ item: Item, _ less: (Item.ID, Item.ID) -> Bool
  ) -> Item? {
    if let last = lastID, !less(last, item.id) {
      if let position = ascendingPosition(of: item.id, less) {
        var replaced = item
        swap(&storage[position], &replaced)
        return replaced
      }
      return updateOrAppendHashed(item)
    }
    storage.append(item)
    return nil
  }

  /// Merges a page at the end through the hash index.
  @inlinable
  mutating func appendHashed(contentsOf page: some Sequence<Item>) {
    var index = takeIndex()
    index.reserve(index.count &+ page.underestimatedCount)
    for item in page { _ = updateOrAppendHashed(item, in: &index) }
    idIndex = index
  }

  /// Merges one item at the end through the hash index.
  @inlinable
  mutating func updateOrAppendHashed(_ item: Item) -> Item? {
    var index = takeIndex()
    defer { idIndex = index }
    return updateOrAppendHashed(item, in: &index)
  }

  /// Updates the item with `item`'s id in place, or appends and indexes `item`; returns the
  /// item replaced, if any.
  @inlinable @inline(__always)
  mutating func updateOrAppendHashed(_ item: Item, in index: inout IDIndex) -> Item? {
    index.reserve(index.count &+ 1)
    let id = item.id
    let fragment = Self.fragment(of: id)
    let found = storage.withUnsafeBufferPointer { elements in
      index.find(fragment: fragment) { elements[$0].id == id }
    }
    if let position = found.position {
      var replaced = item
      swap(&storage[position], &replaced)
      return replaced
    }
    index.insert(fragment: fragment, position: storage.count, at: found.slot)
    storage.append(item)
    return nil
  }

  // MARK: Prepending

  /// Merges a page at the front while the ids ascend (``idIndex`` is `nil`), switching to the
  /// hash index when the new ids would not ascend.
  @inlinable @inline(__always)
  mutating func prependAscending(
    contentsOf page: some Sequence<Item>, _ less: (Item.ID, Item.ID) -> Bool
  ) {
    // The common case: the whole page ascends before the first id; insert it whole.
    let first = storage.first?.id
    let inserted = page.withContiguousStorageIfAvailable { page in
      guard Self.ascends(page, after: nil, before: first, less) else { return false }
      storage.insert(contentsOf: page, at: 0)
      return true
    }
    if inserted == true { return }
    // Repeated ids update in place; the new ones keep their page order.
    var added: [Item] = []
    for item in page {
      if let position = ascendingPosition(of: item.id, less) {
        storage[position] = item
      } else {
        added.append(item)
      }
    }
    let stillAscends = added.withUnsafeBufferPointer {
      Self.ascends($0, after: nil, before: first, less)
    }
    if stillAscends {
      storage.insert(contentsOf: added, at: 0)
    } else {
      prependHashed(contentsOf: added)
    }
  }

  /// Merges a page at the front through the hash index: new items are indexed as if appended,
  /// so a later duplicate in the page finds them, then ``IDIndex/base`` moves them to the front.
  @inlinable
  mutating func prependHashed(contentsOf page: some Sequence<Item>) {
    var index = takeIndex()
    let oldCount = storage.count
    var added: [Item] = []
    var fragments: [UInt64] = []
    for item in page {
      index.reserve(index.count &+ 1)
      let id = item.id
      let fragment = Self.fragment(of: id)
      let found = storage.withUnsafeBufferPointer { elements in
        added.withUnsafeBufferPointer { added in
          index.find(fragment: fragment) { position in
            position < oldCount
              ? elements[position].id == id : added[position &- oldCount].id == id
          }
        }
      }
      if let position = found.position {
        if position < oldCount {
          storage[position] = item
        } else {
          added[position &- oldCount] = item
        }
      } else {
        index.insert(fragment: fragment, position: oldCount &+ added.count, at: found.slot)
        added.append(item)
        fragments.append(fragment)
      }
    }
    for (offset, fragment) in fragments.enumerated() {
      index.move(fragment: fragment, from: oldCount + offset, to: offset - added.count)
    }
    index.base &-= UInt32(truncatingIfNeeded: added.count)
    storage.insert(contentsOf: added, at: 0)
    idIndex = index
  }

  // MARK: Removing

  /// Removes the element at `position`, keeping the index consistent. O(n).
  @inlinable
  mutating func removeElement(at position: Int) -> Item {
    if idIndex != nil {
      var index = takeIndex()
      index.remove(fragment: Self.fragment(of: storage[position].id), position: position)
      index.closeGap(after: position)
      idIndex = index
    }
    let removed = storage.remove(at: position)
    dropIndexIfEmpty()
    return removed
  }

  /// Removes the index entries of the elements in `range`, which the caller then removes from
  /// the front or the back: one by one when few, by a rebuild when many.
  @inlinable
  mutating func unindex(_ range: Range<Int>) {
    guard idIndex != nil, !range.isEmpty else { return }
    var index = takeIndex()
    let remaining = storage.count - range.count
    if remaining == 0 {
      index.removeAll(keepingCapacity: true)
    } else if range.count < storage.count / 4 {
      storage.withUnsafeBufferPointer { elements in
        for position in range {
          index.remove(fragment: Self.fragment(of: elements[position].id), position: position)
        }
      }
      if range.lowerBound == 0 { index.base &+= UInt32(truncatingIfNeeded: range.count) }
    } else {
      let shift = range.lowerBound == 0 ? range.count : 0
      index.rebuild(count: remaining) { range.contains($0) ? nil : $0 - shift }
    }
    idIndex = index
  }
}
