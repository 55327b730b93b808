/// Keeps the reader where they are when a list that pages backwards puts earlier rows before
/// the ones on screen.
///
/// When the header's spinner shows, the reader is at the top of the list, looking at its first
/// row. Earlier rows that arrive go above it, and a scroll view that keeps its offset would jump
/// to show them. The anchor remembers the first row when the previous page starts loading and,
/// once the page lands, names that row to scroll back to, its top edge at the top; a renderer
/// passes it to `ScrollViewProxy.scrollTo(_:anchor:)`. The decision is pure, so it is tested
/// here and every renderer makes the same.
///
/// ```swift
/// .onChange(of: loader.phase.kind) { old, new in
///   let row = anchor.phaseChanged(from: old, to: new, firstID: loader.items.first?.id) {
///     loader.items.index(id: $0) != nil
///   }
///   if let row { proxy.scrollTo(row, anchor: .top) }
/// }
/// ```
package struct PrependAnchor<ID: Hashable>: Hashable {
  /// The first row when the previous page started loading.
  package private(set) var keptID: ID?

  /// Creates an anchor that keeps nothing yet.
  package init() {}

  /// The list's phase changed.
  ///
  /// - Parameters:
  ///   - old: The kind of the phase before.
  ///   - new: The kind of the phase now.
  ///   - firstID: The id of the list's first row now.
  ///   - contains: Whether the list still holds a row (a window may have dropped it).
  /// - Returns: The row to scroll back to when a previous page has just landed; `nil`
  ///   otherwise, and when that row is gone.
  package mutating func phaseChanged(
    from old: PhaseKind, to new: PhaseKind, firstID: ID?, contains: (ID) -> Bool
  ) -> ID? {
    if new == .loadingPrevious {
      if old != .loadingPrevious { keptID = firstID }
      return nil
    }
    defer { keptID = nil }
    // Only a landed page moves rows above the reader: a failure, a cancel or a reload does not.
    guard old == .loadingPrevious, new == .loaded, let keptID, keptID != firstID,
      contains(keptID)
    else { return nil }
    return keptID
  }
}

extension PrependAnchor: Sendable where ID: Sendable {}
