/// Keeps the reader on the row they are reading when a list that pages backwards puts earlier
/// rows above the ones on screen: it follows the rows on screen and, when a previous page
/// lands, names the topmost one for the renderer to scroll back to after the update.
package struct PrependAnchor<ID: Hashable>: Hashable {
  /// The rows on screen, as their appearances and disappearances say.
  package private(set) var visibleRows: Set<ID> = []
  /// The first row when the previous page started loading.
  package private(set) var firstIDAtStart: ID?

  /// Creates an anchor that sees no row yet.
  package init() {}

  /// A row appeared (`onAppear`).
  package mutating func rowAppeared(_ id: ID) {
    visibleRows.insert(id)
  }

  /// A row disappeared (`onDisappear`).
  package mutating func rowDisappeared(_ id: ID) {
    visibleRows.remove(id)
  }

  /// The topmost row on screen by its position in the list (`nil` for a row the list no longer
  /// holds); `nil` when no row on screen is in the list.
  package func readersRow(position: (ID) -> Int?) -> ID? {
    var best: (id: ID, position: Int)?
    for id in visibleRows {
      guard let at = position(id) else { continue }
      if best.map({ at < $0.position }) ?? true { best = (id, at) }
    }
    return best?.id
  }

  /// The list's phase changed, in the update that inserts the rows: returns the reader's row
  /// when a previous page has just landed rows above the first row, else `nil`.
  package mutating func phaseChanged(
    from old: PhaseKind, to new: PhaseKind, firstID: ID?, position: (ID) -> Int?
  ) -> ID? {
    if new == .loadingPrevious {
      if old != .loadingPrevious { firstIDAtStart = firstID }
      return nil
    }
    defer { firstIDAtStart = nil }
    // Only a landed page moves rows above the reader: a failure, a cancel or a reload does not,
    // nor a page that put nothing before the first row.
    guard old == .loadingPrevious, new == .loaded, let firstIDAtStart, firstIDAtStart != firstID
    else { return nil }
    // The rows on screen were seen before the update: the new rows are not among them yet.
    return readersRow(position: position)
  }
}

extension PrependAnchor: Sendable where ID: Sendable {}
