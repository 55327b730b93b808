import AsyncContentCore
import IdentifiedCollections

// The merge alone (issue 10, target 1): 100,000 items in pages of 50, merged into a collection
// unique by id, against the floor of `Array.append(contentsOf:)` of the same pages. No loader,
// no await: only what a merge costs per item.

/// A list item as a paged API returns it: an id, a short title and a number.
///
/// The titles are short (at most 15 UTF-8 bytes), so they live inline in the `String` and
/// copying an entry allocates nothing: the cheapest realistic floor to compare a merge with.
public struct Entry: Identifiable, Hashable, Sendable {
  public let id: Int
  public let title: String
  public let rank: Int

  public init(id: Int, title: String, rank: Int) {
    self.id = id
    self.title = title
    self.rank = rank
  }
}

/// `items` entries with ids 0..<items in pages of `pageSize`, built before any measurement:
/// in ascending order, or shuffled with a fixed seed (the same order on every run).
public func makeEntryPages(items: Int, pageSize: Int, shuffled: Bool) -> [[Entry]] {
  makeMergePages(items: items, pageSize: pageSize, shuffled: shuffled) {
    Entry(id: $0, title: "Entry \($0)", rank: $0 &* 31)
  }
}

/// `items` items made from the numbers 0..<items in pages of `pageSize`, ascending or
/// shuffled with a fixed seed.
public func makeMergePages<Element>(
  items: Int, pageSize: Int, shuffled: Bool, make: (Int) -> Element
) -> [[Element]] {
  var numbers = Array(0..<items)
  if shuffled {
    var generator = SplitMix64(seed: 0x1D_E4_71F1_ED)
    numbers.shuffle(using: &generator)
  }
  return stride(from: 0, to: items, by: pageSize).map { start in
    numbers[start..<min(start + pageSize, items)].map(make)
  }
}

/// The floor: `Array.append(contentsOf:)` of each page, with no uniqueness by id.
///
/// - Returns: the number of items appended.
public func mergeByAppending(_ pages: [[Entry]]) -> Int {
  var entries: [Entry] = []
  for page in pages {
    entries.append(contentsOf: page)
  }
  return entries.count
}

/// Each page merged into ``IdentifiedItems`` with `updateOrAppend(contentsOf:)`, the default
/// merge of a page.
///
/// - Returns: the number of entries merged.
public func mergeIntoIdentifiedItems(_ pages: [[Entry]]) -> Int {
  mergePages(pages)
}

/// The same merge of the paging scenarios' two-integer items.
///
/// - Returns: the number of items merged.
public func mergeIntoIdentifiedItems(_ pages: [[Item]]) -> Int {
  mergePages(pages)
}

/// The merge, specialised for each item type in this module (the client's), as a merge
/// written in an app is.
private func mergePages<Element: Identifiable>(_ pages: [[Element]]) -> Int {
  var items = IdentifiedItems<Element>()
  for page in pages {
    items.updateOrAppend(contentsOf: page)
  }
  return items.count
}

/// For the record: each entry merged into an `IdentifiedArray` with `updateOrAppend`, as
/// ``PagedLoader`` merges a page before `IdentifiedItems`.
///
/// - Returns: the number of entries merged.
public func mergeIntoIdentifiedArray(_ pages: [[Entry]]) -> Int {
  var entries = IdentifiedArrayOf<Entry>()
  for page in pages {
    for entry in page { entries.updateOrAppend(entry) }
  }
  return entries.count
}

/// SplitMix64, for a shuffle that is the same on every run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
