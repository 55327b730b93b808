import AsyncContentCore
import Foundation
import PropertyBased
import Testing

// IdentifiedItems in its two modes: ascending Comparable ids (no index), and a hash index
// (ids that are not Comparable, or Comparable ids that stopped ascending).

/// A row with a Comparable id.
private struct Row: Identifiable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var title: String

  init(_ id: Int, _ title: String = "") {
    self.id = id
    self.title = title
  }

  var description: String { "\(id):\(title)" }
}

/// An id that is Hashable but not Comparable.
private struct Key: Hashable, Sendable, CustomStringConvertible {
  var raw: String
  var description: String { raw }
}

/// A row whose id is not Comparable.
private struct Tagged: Identifiable, Hashable, Sendable, CustomStringConvertible {
  var id: Key
  var title: String

  init(_ id: Int, _ title: String = "") {
    self.id = Key(raw: "k\(id)")
    self.title = title
  }

  var description: String { "\(id):\(title)" }
}

/// What the tests build rows of either kind from.
private protocol TestRow: Identifiable, Hashable, Sendable, CustomStringConvertible {
  init(_ id: Int, _ title: String)
  var title: String { get set }
}

extension Row: TestRow {}
extension Tagged: TestRow {}

private func rows<R: TestRow>(_ ids: some Sequence<Int>, _ title: String = "") -> [R] {
  ids.map { R($0, title) }
}

/// Checks the collection against the items it should hold, in order: elements, ids, lookups
/// and the internal invariants.
private func expectItems<R: TestRow>(
  _ items: IdentifiedItems<R>, _ expected: [R], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(items.elements == expected, sourceLocation: sourceLocation)
  #expect(Array(items) == expected, sourceLocation: sourceLocation)
  #expect(Array(items.ids) == expected.map(\.id), sourceLocation: sourceLocation)
  #expect(items.count == expected.count, sourceLocation: sourceLocation)
  for (position, row) in expected.enumerated() {
    #expect(items.index(id: row.id) == position, sourceLocation: sourceLocation)
    #expect(items[id: row.id] == row, sourceLocation: sourceLocation)
  }
  #expect(items.invariantViolations() == [], sourceLocation: sourceLocation)
}

@Suite("IdentifiedItems")
struct IdentifiedItemsTests {
  // MARK: Creating

  @Test func anEmptyCollectionFindsNothing() {
    let items = IdentifiedItems<Row>()
    #expect(items.isEmpty && items.count == 0)
    #expect(items.index(id: 1) == nil && items[id: 1] == nil)
    #expect(items.ids.isEmpty && !items.ids.contains(1))
    #expect(!items.isIndexed)
    let tagged = IdentifiedItems<Tagged>()
    #expect(tagged.index(id: Key(raw: "k1")) == nil)
  }

  @Test func theSequenceInitializerKeepsTheFirstPositionAndTheLaterValue() {
    let ascending = IdentifiedItems([Row(1, "a"), Row(2, "b"), Row(1, "c")])
    expectItems(ascending, [Row(1, "c"), Row(2, "b")])
    #expect(!ascending.isIndexed)
    let tagged = IdentifiedItems([Tagged(1, "a"), Tagged(2, "b"), Tagged(1, "c")])
    expectItems(tagged, [Tagged(1, "c"), Tagged(2, "b")])
    #expect(tagged.isIndexed)
  }

  @Test func anArrayLiteralUniquesToo() {
    let items: IdentifiedItems<Row> = [Row(3, "a"), Row(4), Row(3, "b")]
    expectItems(items, [Row(3, "b"), Row(4)])
    #expect(!items.isIndexed)
    let tagged: IdentifiedItems<Tagged> = [Tagged(3, "a"), Tagged(3, "b")]
    expectItems(tagged, [Tagged(3, "b")])
  }

  // MARK: Appending

  @Test func ascendingPagesAreAppendedWithoutAnIndex() {
    var items = IdentifiedItems<Row>()
    items.updateOrAppend(contentsOf: rows(1...50) as [Row])
    items.updateOrAppend(contentsOf: rows(51...100) as [Row])
    expectItems(items, rows(1...100))
    #expect(!items.isIndexed)
    #expect(items.index(id: 0) == nil && items.index(id: 101) == nil)
    #expect(items.index(id: 50) == 49)
  }

  @Test func aPageThatRepeatsLoadedIdsUpdatesThemAndStaysAscending() {
    var items = IdentifiedItems<Row>(rows(1...5, "old") as [Row])
    items.updateOrAppend(contentsOf: rows(4...8, "new") as [Row])
    expectItems(items, rows(1...3, "old") + rows(4...8, "new"))
    #expect(!items.isIndexed)
  }

  @Test func aPageFromALazySequenceMergesToo() {
    var items = IdentifiedItems<Row>(rows(1...3) as [Row])
    items.updateOrAppend(contentsOf: (3...6).lazy.map { Row($0, "lazy") })
    expectItems(items, rows(1...2) + rows(3...6, "lazy"))
    #expect(!items.isIndexed)
    items.updateOrAppend(contentsOf: [9, 7, 2].lazy.map { Row($0, "x") })
    expectItems(
      items, [Row(1), Row(2, "x")] + rows(3...6, "lazy") + [Row(9, "x"), Row(7, "x")])
    #expect(items.isIndexed)
  }

  @Test func idsThatBreakOrderBuildTheIndexOnceAndKeepMerging() {
    var items = IdentifiedItems<Row>(rows(1...3) as [Row])
    #expect(!items.isIndexed)
    items.updateOrAppend(contentsOf: [Row(7), Row(5), Row(9)])
    #expect(items.isIndexed)
    expectItems(items, rows([1, 2, 3, 7, 5, 9]))
    items.updateOrAppend(contentsOf: rows(10...11) as [Row])
    items.updateOrAppend(contentsOf: [Row(2, "updated"), Row(12)])
    expectItems(items, rows([1]) + [Row(2, "updated")] + rows([3, 7, 5, 9, 10, 11, 12]))
    #expect(items.isIndexed)
  }

  @Test func idsThatAreNotComparableAreIndexed() {
    var items = IdentifiedItems<Tagged>()
    items.updateOrAppend(contentsOf: rows(1...5) as [Tagged])
    #expect(items.isIndexed)
    items.updateOrAppend(contentsOf: rows([4, 6, 6, 7], "again") as [Tagged])
    expectItems(items, rows(1...3) + rows([4], "again") + rows([5]) + rows(6...7, "again"))
  }

  @Test func anAppendedItemReturnsTheOneItReplaced() {
    var items = IdentifiedItems<Row>(rows(1...3, "old") as [Row])
    #expect(items.updateOrAppend(Row(4, "new")) == nil)
    #expect(items.updateOrAppend(Row(2, "new")) == Row(2, "old"))
    expectItems(items, [Row(1, "old"), Row(2, "new"), Row(3, "old"), Row(4, "new")])
    #expect(!items.isIndexed)
    #expect(items.updateOrAppend(Row(0, "out of order")) == nil)
    #expect(items.isIndexed)
    #expect(items.updateOrAppend(Row(0, "again")) == Row(0, "out of order"))
    expectItems(
      items, [Row(1, "old"), Row(2, "new"), Row(3, "old"), Row(4, "new"), Row(0, "again")])

    var tagged = IdentifiedItems<Tagged>()
    #expect(tagged.updateOrAppend(Tagged(1, "a")) == nil)
    #expect(tagged.updateOrAppend(Tagged(1, "b")) == Tagged(1, "a"))
    expectItems(tagged, [Tagged(1, "b")])
  }

  @Test func appendKeepsTheFirstCopyAndSaysWhereItIs() {
    var items = IdentifiedItems<Row>(rows(1...3, "old") as [Row])
    #expect(items.append(Row(4, "new")) == (true, 3))
    #expect(items.append(Row(2, "new")) == (false, 1))
    expectItems(items, rows(1...3, "old") + [Row(4, "new")])
    #expect(!items.isIndexed)
    #expect(items.append(Row(0, "out of order")) == (true, 4))
    #expect(items.append(Row(0, "again")) == (false, 4))
    #expect(items.isIndexed)
    expectItems(items, rows(1...3, "old") + [Row(4, "new"), Row(0, "out of order")])

    var tagged = IdentifiedItems<Tagged>()
    #expect(tagged.append(Tagged(1, "a")) == (true, 0))
    #expect(tagged.append(Tagged(1, "b")) == (false, 0))
    expectItems(tagged, [Tagged(1, "a")])
  }

  @Test func manyRandomIdsKeepTheIndexConsistent() {
    var generator = PhasePropertyRunner.random(stream: 23)
    var items = IdentifiedItems<Row>()
    var model: [Int: Int] = [:]  // id → position
    var order: [Int] = []
    for _ in 0..<5_000 {
      let id = Int(generator.next() % 3_000)
      items.updateOrAppend(Row(id, "x"))
      if model[id] == nil {
        model[id] = order.count
        order.append(id)
      }
    }
    #expect(items.isIndexed)
    #expect(items.ids.elementsEqual(order))
    #expect(items.invariantViolations() == [])
    // Deleting from the middle shifts clusters back: every id must stay reachable.
    for id in order.shuffled(using: &generator).prefix(1_000) {
      #expect(items.remove(id: id)?.id == id)
    }
    #expect(items.count == order.count - 1_000)
    #expect(items.invariantViolations() == [])
  }

  // MARK: Prepending

  @Test func anOlderAscendingPageIsPrependedWithoutAnIndex() {
    var items = IdentifiedItems<Row>(rows(10...15) as [Row])
    items.updateOrPrepend(contentsOf: rows(5...9) as [Row])
    expectItems(items, rows(5...15))
    #expect(!items.isIndexed)
    items.updateOrPrepend(contentsOf: [Row(3), Row(4), Row(5, "updated"), Row(6, "updated")])
    expectItems(items, rows(3...4) + rows(5...6, "updated") + rows(7...15))
    #expect(!items.isIndexed)
  }

  @Test func aPrependedPageOutOfOrderBuildsTheIndex() {
    var items = IdentifiedItems<Row>(rows(10...12) as [Row])
    items.updateOrPrepend(contentsOf: [Row(20), Row(11, "updated"), Row(21), Row(20, "again")])
    #expect(items.isIndexed)
    expectItems(items, [Row(20, "again"), Row(21), Row(10), Row(11, "updated"), Row(12)])
    items.updateOrPrepend(contentsOf: rows(1...2) as [Row])
    items.updateOrAppend(contentsOf: rows(30...31) as [Row])
    expectItems(
      items,
      rows(1...2) + [Row(20, "again"), Row(21), Row(10), Row(11, "updated"), Row(12)]
        + rows(30...31))
  }

  @Test func prependingNotComparableIdsKeepsPageOrderAndUniqueness() {
    var items = IdentifiedItems<Tagged>(rows(10...12) as [Tagged])
    items.updateOrPrepend(contentsOf: [Tagged(1), Tagged(2), Tagged(1, "later"), Tagged(11, "u")])
    expectItems(items, [Tagged(1, "later"), Tagged(2), Tagged(10), Tagged(11, "u"), Tagged(12)])
    items.updateOrPrepend(contentsOf: [] as [Tagged])
    items.updateOrPrepend(contentsOf: [Tagged(0)])
    items.updateOrAppend(Tagged(13))
    expectItems(
      items,
      [
        Tagged(0), Tagged(1, "later"), Tagged(2), Tagged(10), Tagged(11, "u"), Tagged(12),
        Tagged(13),
      ])
  }

  @Test func prependingToAnEmptyCollection() {
    var items = IdentifiedItems<Row>()
    items.updateOrPrepend(contentsOf: rows(1...3) as [Row])
    expectItems(items, rows(1...3))
    #expect(!items.isIndexed)
  }

  // MARK: Removing

  @Test(arguments: [1, 2, 10, 40, 99, 100])
  func removeFirstAndRemoveLastKeepTheIndexConsistent(k: Int) {
    for indexed in [false, true] {
      var items = IdentifiedItems<Row>(rows(1...100) as [Row])
      if indexed { items.updateOrAppend(Row(0)) }
      var expected: [Row] = rows(1...100) + (indexed ? [Row(0)] : [])
      items.removeFirst(k)
      expected.removeFirst(k)
      expectItems(items, expected)
      let last = min(k, expected.count)
      items.removeLast(last)
      expected.removeLast(last)
      expectItems(items, expected)
      // The collection keeps merging after the window moved.
      items.updateOrAppend(contentsOf: rows(200...202) as [Row])
      items.updateOrPrepend(contentsOf: [Row(-1)])
      expectItems(items, [Row(-1)] + expected + rows(200...202))
    }
    var tagged = IdentifiedItems<Tagged>(rows(1...100) as [Tagged])
    tagged.removeFirst(k)
    tagged.removeLast(min(k, tagged.count))
    let remaining = Array(1...100).dropFirst(k).dropLast(min(k, max(0, 100 - k)))
    expectItems(tagged, rows(remaining))
  }

  @Test func removingEverythingReturnsToTheAscendingMode() {
    var items = IdentifiedItems<Row>(rows([3, 1, 2]) as [Row])
    #expect(items.isIndexed)
    items.removeFirst(3)
    #expect(items.isEmpty && !items.isIndexed)
    items.updateOrAppend(contentsOf: rows([5, 4]) as [Row])
    #expect(items.isIndexed)
    items.removeAll(keepingCapacity: true)
    #expect(items.isEmpty && !items.isIndexed)
    items.updateOrAppend(contentsOf: rows(1...3) as [Row])
    expectItems(items, rows(1...3))
    #expect(!items.isIndexed)
    items.removeAll()
    expectItems(items, [])
  }

  @Test func removeByID() {
    var items = IdentifiedItems<Row>(rows(1...5) as [Row])
    #expect(items.remove(id: 3) == Row(3))
    #expect(items.remove(id: 3) == nil)
    expectItems(items, rows([1, 2, 4, 5]))
    #expect(!items.isIndexed)
    items.updateOrAppend(Row(0))
    #expect(items.remove(id: 2) == Row(2))
    expectItems(items, rows([1, 4, 5, 0]))

    var tagged = IdentifiedItems<Tagged>(rows(1...5) as [Tagged])
    #expect(tagged.remove(id: Key(raw: "k1")) == Tagged(1))
    #expect(tagged.remove(id: Key(raw: "k9")) == nil)
    expectItems(tagged, rows(2...5))
  }

  @Test func removeAllWhereAndFilterKeepOrderAndLookups() throws {
    var items = IdentifiedItems<Row>(rows(1...10) as [Row])
    items.removeAll { $0.id % 3 == 0 }
    expectItems(items, rows([1, 2, 4, 5, 7, 8, 10]))
    items.updateOrAppend(Row(0))
    #expect(items.isIndexed)
    let odd = items.filter { $0.id % 2 == 1 }
    expectItems(odd, rows([1, 5, 7]))
    expectItems(items, rows([1, 2, 4, 5, 7, 8, 10, 0]))

    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try items.removeAll { row in
        if row.id == 7 { throw Stop() }
        return true
      }
    }
    expectItems(items, rows([1, 2, 4, 5, 7, 8, 10, 0]))
    items.removeAll { _ in true }
    #expect(items.isEmpty && !items.isIndexed)

    var tagged = IdentifiedItems<Tagged>(rows(1...6) as [Tagged])
    tagged.removeAll { $0.title.isEmpty && $0.id.raw.hasSuffix("2") }
    expectItems(tagged, rows([1, 3, 4, 5, 6]))
  }

  // MARK: Lookups and conformances

  @Test func theIDSubscriptUpdatesAppendsAndRemoves() {
    var items = IdentifiedItems<Row>(rows(1...3) as [Row])
    items[id: 2]?.title = "edited"
    items[id: 4] = Row(4, "added")
    items[id: 1] = nil
    items[id: 9] = nil
    expectItems(items, [Row(2, "edited"), Row(3), Row(4, "added")])

    var tagged = IdentifiedItems<Tagged>(rows(1...3) as [Tagged])
    tagged[id: Key(raw: "k2")]?.title = "edited"
    tagged[id: Key(raw: "k3")] = nil
    expectItems(tagged, [Tagged(1), Tagged(2, "edited")])
  }

  @Test func theIDsViewLooksIDsUp() {
    let items = IdentifiedItems<Row>(rows([5, 6, 7]) as [Row])
    #expect(Array(items.ids) == [5, 6, 7])
    #expect(items.ids.contains(6) && !items.ids.contains(8))
    #expect(items.ids.firstIndex(of: 7) == 2 && items.ids.lastIndex(of: 5) == 0)
    #expect(items.ids.firstIndex(of: 1) == nil)
    // Through the generic Sequence algorithms as well.
    func genericContains<S: Sequence>(_ sequence: S, _ element: S.Element) -> Bool
    where S.Element: Equatable {
      sequence.contains(element)
    }
    #expect(genericContains(items.ids, 5) && !genericContains(items.ids, 4))
  }

  @Test func itIsARandomAccessCollectionWithIntIndices() {
    let items = IdentifiedItems<Row>(rows(1...4) as [Row])
    #expect(items.startIndex == 0 && items.endIndex == 4 && items.indices == 0..<4)
    #expect(items[2] == Row(3))
    #expect(items.map(\.id) == [1, 2, 3, 4])
    #expect(items.reversed().map(\.id) == [4, 3, 2, 1])
    #expect(items[1..<3].map(\.id) == [2, 3])
    #expect(items.withContiguousStorageIfAvailable { $0.count } == 4)
  }

  @Test func equalityAndHashingIgnoreTheMode() {
    let ascending = IdentifiedItems<Row>(rows(1...3) as [Row])
    var indexed = IdentifiedItems<Row>(rows([1, 0]) as [Row])
    indexed.remove(id: 0)
    indexed.updateOrAppend(contentsOf: rows(2...3) as [Row])
    #expect(indexed.isIndexed && !ascending.isIndexed)
    #expect(ascending == indexed)
    #expect(ascending.hashValue == indexed.hashValue)
    #expect(ascending != IdentifiedItems<Row>(rows(1...2) as [Row]))
  }

  @Test func descriptions() {
    let items = IdentifiedItems<Row>([Row(1, "a")])
    #expect(items.description == "[1:a]")
    #expect(items.debugDescription.hasPrefix("IdentifiedItems(["))
  }

  @Test func genericCallersKeepAscendingIdsWithoutAnIndex() {
    func merge<Item: Identifiable>(_ items: inout IdentifiedItems<Item>, _ page: [Item]) {
      items.updateOrAppend(contentsOf: page)
    }
    var items = IdentifiedItems<Row>()
    merge(&items, rows(1...3))
    merge(&items, rows(4...6))
    #expect(!items.isIndexed)
    expectItems(items, rows(1...6))
    var tagged = IdentifiedItems<Tagged>()
    merge(&tagged, rows(1...3))
    #expect(tagged.isIndexed)
  }

  @Test func itIsSendableWhenItsItemsAre() {
    func requireSendable<T: Sendable>(_: T.Type) -> Bool { true }
    #expect(requireSendable(IdentifiedItems<Row>.self))
    #expect(requireSendable(IdentifiedItems<Row>.IDs.self))
  }

  // MARK: Linear growth

  /// Counts how often `capacity` changes over a run of single-item merges.
  private static func reallocations(
    _ n: Int, _ merge: (inout IdentifiedItems<Row>, Int) -> Void
  ) -> (elements: Int, index: Int) {
    var items = IdentifiedItems<Row>()
    var capacity = items.elements.capacity
    var slots = items.indexSlotCount
    var changes = (elements: 0, index: 0)
    for step in 0..<n {
      merge(&items, step)
      if items.elements.capacity != capacity {
        changes.elements += 1
        capacity = items.elements.capacity
      }
      if items.indexSlotCount != slots {
        changes.index += 1
        slots = items.indexSlotCount
      }
    }
    #expect(items.count == n)
    return changes
  }

  @Test func tenThousandSingleItemMergesReallocateLogarithmicallyOften() {
    // log2(10,000) is about 13.3: doubling gives 14 or 15 reallocations; linear growth, 10,000.
    let bound = 20
    let ascending = Self.reallocations(10_000) { items, step in
      items.updateOrAppend(Row(step))
    }
    #expect(ascending.elements <= bound && ascending.index == 0)
    let pages = Self.reallocations(10_000) { items, step in
      items.updateOrAppend(contentsOf: [Row(step)])
    }
    #expect(pages.elements <= bound && pages.index == 0)
    let hashed = Self.reallocations(10_000) { items, step in
      items.updateOrAppend(Row(step % 2 == 0 ? -step : step))
    }
    #expect(hashed.elements <= bound && hashed.index <= bound && hashed.index > 0)
    let prepended = Self.reallocations(10_000) { items, step in
      items.updateOrPrepend(contentsOf: [Row(-step)])
    }
    #expect(prepended.elements <= bound)
    let prependedHashed = Self.reallocations(10_000) { items, step in
      items.updateOrPrepend(contentsOf: [Row(step)])
    }
    #expect(prependedHashed.elements <= bound && prependedHashed.index <= bound)
  }
}

// MARK: - Properties over random operation sequences

/// One operation on the collection; ids come from the payload and the state when it runs.
private enum ItemsStep: Hashable, Sendable, CustomStringConvertible {
  /// A page of `count` ascending ids after the largest, the first `overlap` of them repeated.
  case appendAscending(count: Int, overlap: Int)
  /// A page of ids from a small range, in any order, repeats included.
  case appendRandom([Int])
  /// A page of `count` ascending ids before the smallest, the last `overlap` of them repeated.
  case prependAscending(count: Int, overlap: Int)
  case prependRandom([Int])
  case removeFirst(Int)
  case removeLast(Int)
  case remove(Int)
  case upsert(Int)
  case set(Int, remove: Bool)
  case removeWhere(modulus: Int)
  case removeAll

  var description: String {
    switch self {
    case .appendAscending(let count, let overlap): "appendAscending(\(count), \(overlap))"
    case .appendRandom(let ids): "appendRandom(\(ids))"
    case .prependAscending(let count, let overlap): "prependAscending(\(count), \(overlap))"
    case .prependRandom(let ids): "prependRandom(\(ids))"
    case .removeFirst(let k): "removeFirst(\(k))"
    case .removeLast(let k): "removeLast(\(k))"
    case .remove(let id): "remove(\(id))"
    case .upsert(let id): "upsert(\(id))"
    case .set(let id, let remove): "set(\(id), remove: \(remove))"
    case .removeWhere(let modulus): "removeWhere(\(modulus))"
    case .removeAll: "removeAll"
    }
  }

  /// Decodes a step from one random integer.
  static func decode(_ seed: Int) -> ItemsStep {
    let payload = seed / 16
    let ids = (0..<(payload % 7)).map { (payload >> (3 + 5 * $0)) % 32 }
    return switch seed % 16 {
    case 0...2: .appendAscending(count: payload % 9, overlap: (payload / 9) % 4)
    case 3...4: .appendRandom(ids)
    case 5...6: .prependAscending(count: payload % 9, overlap: (payload / 9) % 4)
    case 7: .prependRandom(ids)
    case 8: .removeFirst(payload % 8)
    case 9: .removeLast(payload % 8)
    case 10: .remove(payload % 40)
    case 11: .upsert(payload % 40 - 4)
    case 12: .set(payload % 40, remove: payload % 3 == 0)
    case 13: .removeWhere(modulus: 2 + payload % 5)
    case 14: .removeAll
    default: .appendAscending(count: 1 + payload % 50, overlap: 0)
    }
  }
}

/// The model: an array, searched linearly.
private struct ItemsModel<R: TestRow> {
  var items: [R] = []

  func position(_ id: R.ID) -> Int? { items.firstIndex { $0.id == id } }

  mutating func append(_ page: [R]) {
    for row in page {
      if let position = position(row.id) { items[position] = row } else { items.append(row) }
    }
  }

  mutating func prepend(_ page: [R]) {
    var added: [R] = []
    for row in page {
      if let position = position(row.id) {
        items[position] = row
      } else if let position = added.firstIndex(where: { $0.id == row.id }) {
        added[position] = row
      } else {
        added.append(row)
      }
    }
    items = added + items
  }
}

private enum ItemsProperty {
  /// Runs `steps` on a collection and on the model; returns the problems of the first step
  /// after which they differ.
  static func run<R: TestRow>(_ steps: [ItemsStep], as _: R.Type) -> [String] {
    var items = IdentifiedItems<R>()
    var model = ItemsModel<R>()
    // Ids as integers: rows of either kind are built from them.
    var numbers: [Int] = []
    for (index, step) in steps.enumerated() {
      let title = "s\(index)"
      let largest = numbers.max() ?? 0
      let smallest = numbers.min() ?? 0
      switch step {
      case .appendAscending, .appendRandom, .prependAscending, .prependRandom:
        let (ids, atFront) = pageIDs(step, largest: largest, smallest: smallest)
        let page: [R] = rows(ids, title)
        if atFront {
          items.updateOrPrepend(contentsOf: page)
          model.prepend(page)
        } else {
          items.updateOrAppend(contentsOf: page)
          model.append(page)
        }
      case .removeFirst(let k):
        let k = min(k, model.items.count)
        items.removeFirst(k)
        model.items.removeFirst(k)
      case .removeLast(let k):
        let k = min(k, model.items.count)
        items.removeLast(k)
        model.items.removeLast(k)
      case .remove(let id):
        let row = R(id, "")
        let removed = items.remove(id: row.id)
        let expected = model.position(row.id).map { model.items.remove(at: $0) }
        if removed != expected {
          return ["step \(index) \(step): removed \(String(describing: removed))"]
        }
      case .upsert(let id):
        let row = R(id, title)
        let replaced = items.updateOrAppend(row)
        let expected = model.position(row.id).map { model.items[$0] }
        model.append([row])
        if replaced != expected {
          return ["step \(index) \(step): replaced \(String(describing: replaced))"]
        }
      case .set(let id, let remove):
        let row = R(id, title)
        items[id: row.id] = remove ? nil : row
        if remove {
          if let position = model.position(row.id) { model.items.remove(at: position) }
        } else {
          model.append([row])
        }
      case .removeWhere(let modulus):
        let doomed = Set(
          model.items.map(\.id).enumerated().filter { $0.offset % modulus == 0 }.map(\.element))
        items.removeAll { doomed.contains($0.id) }
        model.items.removeAll { doomed.contains($0.id) }
      case .removeAll:
        items.removeAll(keepingCapacity: index % 2 == 0)
        model.items.removeAll()
      }
      numbers = model.items.map { number(of: $0) }
      let problems = compare(items, model)
      if !problems.isEmpty { return problems.map { "step \(index) \(step): \($0)" } }
    }
    return []
  }

  /// The ids of a page step, and whether it merges at the front.
  static func pageIDs(_ step: ItemsStep, largest: Int, smallest: Int) -> ([Int], atFront: Bool) {
    switch step {
    case .appendAscending(let count, let overlap):
      (Array((largest + 1 - overlap)..<(largest + 1 - overlap + count)), false)
    case .appendRandom(let ids): (ids, false)
    case .prependAscending(let count, let overlap):
      (Array((smallest - count + overlap)..<(smallest + overlap)), true)
    case .prependRandom(let ids): (ids, true)
    default: preconditionFailure("not a page step: \(step)")
    }
  }

  /// The integer a row was built from.
  static func number<R: TestRow>(of row: R) -> Int {
    if let row = row as? Row { return row.id }
    if let row = row as? Tagged { return Int(row.id.raw.dropFirst())! }
    preconditionFailure("unknown row type")
  }

  static func compare<R: TestRow>(_ items: IdentifiedItems<R>, _ model: ItemsModel<R>) -> [String] {
    var problems = items.invariantViolations()
    if items.elements != model.items {
      problems.append("elements \(items.elements), model \(model.items)")
      return problems
    }
    if Set(items.ids).count != items.count { problems.append("duplicate ids") }
    for (position, row) in model.items.enumerated() {
      if items.index(id: row.id) != position { problems.append("index(id: \(row.id)) is wrong") }
      if items[id: row.id] != row { problems.append("[id: \(row.id)] is wrong") }
    }
    for absent in [-100, 1_000] where model.position(R(absent, "").id) == nil {
      if items.index(id: R(absent, "").id) != nil { problems.append("found absent id \(absent)") }
    }
    return problems
  }
}

@Suite("IdentifiedItems properties")
struct IdentifiedItemsPropertyTests {
  /// 2 tests × 2,000 = 4,000 sequences per run.
  static let sequencesPerTest = 2_000

  fileprivate static let steps = Gen.int(in: 0...Int(Int32.max)).map(ItemsStep.decode).array(
    of: 1...30)

  @Test func comparableIdsAgreeWithTheModel() {
    let ran = PhasePropertyRunner.run(
      "IdentifiedItems<Row>", stream: 21, count: Self.sequencesPerTest, generator: Self.steps
    ) { ItemsProperty.run($0, as: Row.self) }
    #expect(ran == Self.sequencesPerTest)
  }

  @Test func idsThatAreNotComparableAgreeWithTheModel() {
    let ran = PhasePropertyRunner.run(
      "IdentifiedItems<Tagged>", stream: 22, count: Self.sequencesPerTest, generator: Self.steps
    ) { ItemsProperty.run($0, as: Tagged.self) }
    #expect(ran == Self.sequencesPerTest)
  }

  /// The checker is not vacuous: a collection that differs from its model is caught.
  @Test func theComparisonCatchesADifference() {
    var model = ItemsModel<Row>()
    model.append([Row(1), Row(2)])
    let items = IdentifiedItems<Row>([Row(2), Row(1)])
    #expect(!ItemsProperty.compare(items, model).isEmpty)
    #expect(ItemsProperty.compare(IdentifiedItems(model.items), model).isEmpty)
  }
}
