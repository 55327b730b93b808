/// Keeps the reader on the row they are reading when a list that pages backwards puts earlier
/// rows above the ones on screen.
///
/// Earlier rows that arrive go above the rows on screen, and a scroll view that keeps its
/// offset would jump to show them. The anchor follows the rows on screen as their appearances
/// and disappearances say (``rowAppeared(_:)``, ``rowDisappeared(_:)``), and when a previous
/// page lands it names the reader's row: the topmost row on screen, by its position in the
/// list, which need not be the first row (the reader may have scrolled on while the page
/// loaded). A renderer scrolls back to that row, its top edge at the top, once the update that
/// inserts the rows is applied (`ScrollViewProxy.scrollTo(_:anchor:)` after the update: see
/// ``ContentController/pagedPhaseChanged(from:to:firstID:position:scroll:)``). The decision is
/// pure, so it is tested here and every renderer makes the same.
///
/// ```swift
/// row.onAppear { anchor.rowAppeared(item.id) }.onDisappear { anchor.rowDisappeared(item.id) }
///
/// let row = anchor.phaseChanged(from: old, to: new, firstID: loader.items.first?.id) {
///   loader.items.index(id: $0)
/// }
/// ```
package struct PrependAnchor<ID: Hashable>: Hashable {
  /// The rows on screen, as their appearances and disappearances say.
  package private(set) var visibleRows: Set<ID> = []
  /// The first row when the previous page started loading.
  package private(set) var firstIDAtStart: ID?

  /// Creates an anchor that sees no row yet.
  package init() {}

  /// A row appeared (`onAppear`).
  ///
  /// - Parameter id: The row's id.
  package mutating func rowAppeared(_ id: ID) {
    visibleRows.insert(id)
  }

  /// A row disappeared (`onDisappear`).
  ///
  /// - Parameter id: The row's id.
  package mutating func rowDisappeared(_ id: ID) {
    visibleRows.remove(id)
  }

  /// The row the reader is on: the topmost row on screen, by its position in the list; `nil`
  /// when no row on screen is in the list.
  ///
  /// - Parameter position: The position of a row in the list; `nil` for a row the list no
  ///   longer holds (a window may have dropped it).
  package func readersRow(position: (ID) -> Int?) -> ID? {
    var best: (id: ID, position: Int)?
    for id in visibleRows {
      guard let at = position(id) else { continue }
      if best.map({ at < $0.position }) ?? true { best = (id, at) }
    }
    return best?.id
  }

  /// The list's phase changed (`onChange` of its kind, in the update that inserts the rows).
  ///
  /// - Parameters:
  ///   - old: The kind of the phase before.
  ///   - new: The kind of the phase now.
  ///   - firstID: The id of the list's first row now.
  ///   - position: The position of a row in the list now; `nil` for a row it no longer holds.
  /// - Returns: The reader's row, to scroll back to once the rows are inserted, when a previous
  ///   page has just landed rows above the first row; `nil` otherwise.
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
