/// The optimistic edits a ``Mutation`` makes through its store, to roll back when its request
/// fails or commit when it succeeds.
@MainActor
struct EditJournal {
  /// The edits recorded since ``LoaderStore/recordEdits(_:)`` began; `nil` when none records.
  private var recorded: [EditReference]?
  private var editCount: UInt64 = 0
  /// The edits each entry may still roll back, oldest first; valid while its loader's
  /// `isValueEdited` holds (no value landed since the newest).
  var pending: [ObjectIdentifier: [PendingEdit]] = [:]

  /// Whether a mutation applies its optimistic update now.
  var isRecording: Bool { recorded != nil }

  /// Records an edit of `entry`, which `restore` undoes.
  mutating func record(in entry: StoreEntry, restore: @escaping @MainActor () -> Void) {
    editCount &+= 1
    pending[ObjectIdentifier(entry), default: []].append(
      PendingEdit(id: editCount, restore: restore))
    recorded?.append(EditReference(entry: entry, id: editCount))
  }

  /// Forgets the edits of `entry`: a new value lies over them, or the entry went.
  mutating func drop(_ entry: StoreEntry) {
    if !pending.isEmpty { pending[ObjectIdentifier(entry)] = nil }
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
      let id = ObjectIdentifier(entry)
      guard isLive(entry) else { continue }
      guard entry.loader.isValueEdited else {
        journal.pending[id] = nil
        continue
      }
      guard var pending = journal.pending[id],
        let index = pending.firstIndex(where: { $0.id == edit.id })
      else { continue }
      let undone = pending.remove(at: index)
      if index == pending.endIndex {
        journal.pending[id] = pending.isEmpty ? nil : pending
        undone.restore()
        entry.loader.isValueEdited = !pending.isEmpty
      } else {
        pending[index].restore = undone.restore
        journal.pending[id] = pending
      }
    }
  }

  /// Keeps `edits`, whose request succeeded, and the older edits under them.
  func commit(_ edits: [EditReference]) {
    for edit in edits {
      let entry = edit.entry
      let id = ObjectIdentifier(entry)
      guard var pending = journal.pending[id],
        let index = pending.firstIndex(where: { $0.id == edit.id })
      else { continue }
      pending.removeSubrange(...index)
      journal.pending[id] = pending.isEmpty ? nil : pending
      if pending.isEmpty {
        entry.loader.isValueEdited = false
        // The value on screen is the server's now: a persisted cache may write it.
        entry.loader.core.valueConfirmed()
      }
    }
  }
}
