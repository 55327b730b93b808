/// The optimistic edits a ``Mutation`` makes through its store, to roll back when its request
/// fails or commit when it succeeds.
@MainActor
struct EditJournal {
  /// The edits recorded since ``LoaderStore/recordEdits(_:)`` began; `nil` when none records.
  private var recorded: [EditReference]?
  /// The counter that numbers the edits.
  private var editCount: UInt64 = 0

  /// Whether a mutation applies its optimistic update now.
  var isRecording: Bool { recorded != nil }

  /// Records an edit of `entry`, which `restore` undoes.
  mutating func record(in entry: StoreEntry, restore: @escaping @MainActor () -> Void) {
    editCount &+= 1
    entry.edits.append(PendingEdit(id: editCount, restore: restore))
    recorded?.append(EditReference(entry: entry, id: editCount))
  }

  /// Starts recording, and returns what an outer recording had recorded.
  fileprivate mutating func begin() -> [EditReference]? {
    defer { recorded = [] }
    return recorded
  }

  /// Ends a recording begun with ``begin()``, returning its edits; the outer one keeps them too.
  fileprivate mutating func end(resuming outer: [EditReference]?) -> [EditReference] {
    let edits = recorded ?? []
    recorded = outer.map { $0 + edits }
    return edits
  }
}

/// An optimistic edit of an entry's value that its mutation may still roll back.
struct PendingEdit {
  /// The edit, numbered by the journal.
  let id: UInt64
  /// Puts back what the entry showed before the edit.
  var restore: @MainActor () -> Void
}

/// An edit a mutation made, to roll back or commit when its request ends.
struct EditReference {
  let entry: StoreEntry
  let id: UInt64
}

extension LoaderStore {
  /// Runs `body`, which edits values, and returns its edits, to roll back or commit later.
  func recordEdits(_ body: () -> Void) -> [EditReference] {
    let outer = journal.begin()
    body()
    return journal.end(resuming: outer)
  }

  /// Rolls `edits` back, newest first, where no newer value has landed since: the newest edit
  /// of an entry restores what it found; an older one hands that to the edit above it.
  func rollBack(_ edits: [EditReference]) {
    for edit in edits.reversed() {
      let entry = edit.entry
      guard isLive(entry) else { continue }
      guard entry.loader.isValueEdited else {
        entry.edits.removeAll()
        continue
      }
      guard let index = entry.edits.firstIndex(where: { $0.id == edit.id }) else { continue }
      let undone = entry.edits.remove(at: index)
      if index == entry.edits.endIndex {
        undone.restore()
        entry.loader.isValueEdited = !entry.edits.isEmpty
      } else {
        entry.edits[index].restore = undone.restore
      }
    }
  }

  /// Keeps `edits`, whose request succeeded, and the older edits under them.
  func commit(_ edits: [EditReference]) {
    for edit in edits {
      let entry = edit.entry
      guard let index = entry.edits.firstIndex(where: { $0.id == edit.id }) else { continue }
      entry.edits.removeSubrange(...index)
      if entry.edits.isEmpty {
        entry.loader.isValueEdited = false
        // The value on screen is the server's now: a persisted cache may write it.
        entry.loader.core.valueConfirmed()
      }
    }
  }
}
