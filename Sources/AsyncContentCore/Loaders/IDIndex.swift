// The hash index of `IdentifiedItems`: which position holds which id, for ids that do not
// ascend. Open addressing with linear probing over one `[UInt64]`; each occupied slot packs:
//
//     bit 63       occupied (an empty slot is 0)
//     bits 32...62 the id's fragment, 31 bits of its hash; the probe starts at `fragment & mask`
//     bits 0...31  the element's position plus `base`, modulo 2^32
//
// The index knows no ids: callers pass the fragment and confirm a candidate position.

@usableFromInline
struct IDIndex: Sendable {
  /// The table; its count is 0 or a power of two.
  @usableFromInline var slots: [UInt64]
  /// The number of occupied slots: the number of indexed elements.
  @usableFromInline var count: Int
  /// The count at which the next insert grows the table (3/4 of its slots).
  @usableFromInline var limit: Int
  /// Added to every position before it is stored, modulo 2^32.
  @usableFromInline var base: UInt32

  @usableFromInline static let occupied: UInt64 = 1 << 63
  /// The occupied bit and the fragment: the bits a probe compares.
  @usableFromInline static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000
  @usableFromInline static let fragmentMask: UInt64 = 0x7FFF_FFFF
  @usableFromInline static let minimumSlots = 16

  /// An index with no slots; the first insert allocates them.
  @inlinable
  init() {
    slots = []
    count = 0
    limit = 0
    base = 0
  }

  /// An empty index with room for `minimumCount` entries before it grows.
  @usableFromInline
  init(minimumCount: Int) {
    self.init()
    let capacity = Self.slotCount(for: minimumCount)
    slots = Array(repeating: 0, count: capacity)
    limit = capacity / 4 * 3
  }

  /// The smallest power of two, at least 16, whose 3/4 holds `count` entries.
  @usableFromInline
  static func slotCount(for count: Int) -> Int {
    var slots = minimumSlots
    while slots / 4 * 3 < count {
      precondition(slots < 1 << 31, "IdentifiedItems holds at most 1.5 * 2^30 items")
      slots *= 2
    }
    return slots
  }

  /// The fragment of a hash value: the 31 bits that place and tag its entry.
  @inlinable
  static func fragment(_ hash: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: hash) & fragmentMask
  }

  /// The entry of `fragment` at `position`.
  @inlinable
  func entry(fragment: UInt64, position: Int) -> UInt64 {
    Self.occupied | fragment << 32 | UInt64(UInt32(truncatingIfNeeded: position) &+ base)
  }

  /// The position an entry stores.
  @inlinable
  func position(of entry: UInt64) -> Int {
    Int(UInt32(truncatingIfNeeded: entry) &- base)
  }

  /// The slot a probe for `entry` starts from.
  @inlinable
  static func home(of entry: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: (entry >> 32) & fragmentMask) & mask
  }

  // MARK: Lookup and insertion (hot, specialised in the caller's module)

  /// Looks for the entry of `fragment` whose position `matches` confirms: its slot and
  /// position, or the empty slot where it belongs with a `nil` position (-1 without slots).
  @inlinable
  func find(fragment: UInt64, matches: (Int) -> Bool) -> (slot: Int, position: Int?) {
    slots.withUnsafeBufferPointer { slots in
      guard !slots.isEmpty else { return (-1, nil) }
      let mask = slots.count &- 1
      let tag = Self.occupied | fragment << 32
      var slot = Int(truncatingIfNeeded: fragment) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { return (slot, nil) }
        if entry & Self.tagMask == tag {
          let position = position(of: entry)
          if matches(position) { return (slot, position) }
        }
        slot = (slot &+ 1) & mask
      }
    }
  }

  /// Stores a new entry in the empty slot that ``find(fragment:matches:)`` returned; call
  /// ``reserve(_:)`` before the `find`, as growing moves the entries.
  @inlinable
  mutating func insert(fragment: UInt64, position: Int, at slot: Int) {
    slots[slot] = entry(fragment: fragment, position: position)
    count &+= 1
  }

  /// Makes room for `minimumCount` entries, growing geometrically.
  @inlinable
  mutating func reserve(_ minimumCount: Int) {
    if minimumCount > limit { grow(to: minimumCount) }
  }

  /// Writes `entry` into the first empty slot of its probe in `slots`.
  @inlinable
  static func place(_ entry: UInt64, in slots: UnsafeMutableBufferPointer<UInt64>) {
    let mask = slots.count &- 1
    var slot = home(of: entry, mask: mask)
    while slots[slot] != 0 { slot = (slot &+ 1) & mask }
    slots[slot] = entry
  }

  /// An index of `count` elements at positions `0..<count`, with room for `extra` more, given
  /// the fragment of the id at each position (known to be unique).
  @inlinable
  init(count: Int, extra: Int, fragment: (Int) -> UInt64) {
    self.init(minimumCount: count &+ extra)
    slots.withUnsafeMutableBufferPointer { slots in
      for position in 0..<count {
        Self.place(
          Self.occupied | fragment(position) << 32 | UInt64(UInt32(truncatingIfNeeded: position)),
          in: slots)
      }
    }
    self.count = count
  }

  // MARK: Growth, deletion and rebuilds (cold, compiled here)

  /// Moves the entries into a table with room for `minimumCount`, at least twice the size.
  @usableFromInline
  mutating func grow(to minimumCount: Int) {
    let capacity = Swift.max(Self.slotCount(for: minimumCount), slots.count * 2)
    var grown = [UInt64](repeating: 0, count: capacity)
    grown.withUnsafeMutableBufferPointer { grown in
      for entry in slots where entry != 0 {
        Self.place(entry, in: grown)
      }
    }
    slots = grown
    limit = capacity / 4 * 3
  }

  /// Empties the index.
  @usableFromInline
  mutating func removeAll(keepingCapacity: Bool) {
    if keepingCapacity {
      for slot in slots.indices { slots[slot] = 0 }
    } else {
      slots = []
      limit = 0
    }
    count = 0
    base = 0
  }

  /// The slot of the entry of `fragment` at `position`, which must exist.
  @usableFromInline
  func slot(fragment: UInt64, position: Int) -> Int {
    let target = entry(fragment: fragment, position: position)
    let mask = slots.count - 1
    var slot = Self.home(of: target, mask: mask)
    while slots[slot] != target {
      precondition(slots[slot] != 0, "IdentifiedItems: an indexed id was not found")
      slot = (slot + 1) & mask
    }
    return slot
  }

  /// Removes the entry of `fragment` at `position`, which must exist.
  @usableFromInline
  mutating func remove(fragment: UInt64, position: Int) {
    remove(slot: slot(fragment: fragment, position: position))
  }

  /// Empties `slot` and shifts the rest of its cluster back over it.
  @usableFromInline
  mutating func remove(slot removed: Int) {
    let mask = slots.count - 1
    var hole = removed
    var next = (hole + 1) & mask
    while slots[next] != 0 {
      // The entry at `next` may move back to the hole unless its home lies after the hole,
      // cyclically: its probe would then no longer reach it.
      let home = Self.home(of: slots[next], mask: mask)
      if (next - home) & mask >= (next - hole) & mask {
        slots[hole] = slots[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole] = 0
    count -= 1
  }

  /// Subtracts 1 from every stored position after `position`: O(slots).
  @usableFromInline
  mutating func closeGap(after position: Int) {
    let base = base
    slots.withUnsafeMutableBufferPointer { slots in
      for slot in slots.indices where slots[slot] != 0 {
        let stored = UInt32(truncatingIfNeeded: slots[slot])
        if Int(stored &- base) > position {
          slots[slot] = slots[slot] & Self.tagMask | UInt64(stored &- 1)
        }
      }
    }
  }

  /// Rewrites the position of the entry of `fragment` from `old` to `new`.
  @usableFromInline
  mutating func move(fragment: UInt64, from old: Int, to new: Int) {
    slots[slot(fragment: fragment, position: old)] = entry(fragment: fragment, position: new)
  }

  /// Rebuilds the index for `newCount` elements, where the element at each old position moves
  /// to `newPosition(old)` or is gone (`nil`), without hashing an id again.
  @usableFromInline
  mutating func rebuild(count newCount: Int, newPosition: (Int) -> Int?) {
    var fragments = [UInt64](repeating: 0, count: newCount)
    for entry in slots where entry != 0 {
      if let position = newPosition(position(of: entry)) {
        fragments[position] = entry >> 32  // the occupied bit lands on bit 31: never 0
      }
    }
    self = IDIndex(count: newCount, extra: 0) { position in
      precondition(fragments[position] != 0, "IdentifiedItems: a position lost its entry")
      return fragments[position] & Self.fragmentMask
    }
  }
}
