/// One key's entry in a ``LoaderStore``: its loader and what the store keeps about it.
@MainActor
final class StoreEntry {
  /// The key, hashable as the store's dictionary holds it.
  let id: AnyHashable
  /// The key, for predicates.
  let key: any StoreKey
  /// The key's loader, an ``AsyncLoader`` of the key's `Value`.
  let loader: any StoreLoader
  /// How long the entry stays after its last observer left.
  let gcAfter: Duration
  /// How many observers the entry has.
  var observers = 0
  /// When the entry was last used, on the store's counter: the least recently used entry has
  /// the smallest.
  var lastUse: UInt64
  /// When the store collects the entry, if it has no observer.
  var collectAt: LoaderClock.Instant?
  /// The optimistic edits of the value that may still be rolled back, oldest first; valid
  /// while the loader's `isValueEdited` holds (no value landed since the newest).
  var edits: [PendingEdit] = []

  init(key: some StoreKey, loader: any StoreLoader, gcAfter: Duration, lastUse: UInt64) {
    self.id = AnyHashable(key)
    self.key = key
    self.loader = loader
    self.gcAfter = gcAfter
    self.lastUse = lastUse
  }
}

/// An optimistic edit of an entry's value that its mutation may still roll back.
struct PendingEdit {
  /// The edit, numbered by the store.
  let id: UInt64
  /// Puts back what the entry showed before the edit.
  var restore: @MainActor () -> Void
}

/// An edit a mutation made, to roll back or commit when its request ends.
struct EditReference {
  let entry: StoreEntry
  let id: UInt64
}
