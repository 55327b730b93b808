/// One key's entry in a ``LoaderStore``: its loader and what the store keeps about it.
///
/// The store holds the entries of each key type in a table of their own (``KeyTable``), keyed
/// by the key itself, so a lookup hashes the key and nothing else. An entry is a
/// ``LoaderEntry`` or a ``PagedEntry``, which know the key's type; this class holds what the
/// store does with any entry. Its fields are ordered so that the object stays small: it is one
/// of the few objects every cached key costs.
@MainActor @usableFromInline
class StoreEntry {
  /// The key's loader, an ``AsyncLoader`` of the key's `Value` or a ``PagedLoader``.
  let loader: any StoreLoader
  /// How long the entry stays after its last observer left.
  let gcAfter: Duration
  /// When the entry was last used, on the store's counter: the least recently used entry has
  /// the smallest.
  @exclusivity(unchecked) @usableFromInline final var lastUse: UInt64
  /// The optimistic edits of the value that may still be rolled back, oldest first; valid
  /// while the loader's `isValueEdited` holds (no value landed since the newest).
  final var edits: [PendingEdit] = []
  /// When the store collects the entry, if it has no observer.
  final var collectAt: LoaderClock.Instant?
  /// Whether the store evicted the entry: it is no longer the store's entry of its key.
  final var isEvicted = false
  /// ``observers``, stored in the room ``collectAt`` leaves.
  private final var observerCount: Int32 = 0

  init(loader: any StoreLoader, gcAfter: Duration, lastUse: UInt64) {
    self.loader = loader
    self.gcAfter = gcAfter
    self.lastUse = lastUse
  }

  /// How many observers the entry has.
  final var observers: Int {
    get { Int(observerCount) }
    set { observerCount = Int32(newValue) }
  }

  /// The key, for predicates.
  var key: any StoreKey { preconditionFailure("StoreEntry is abstract") }

  /// The loader, as an object: what the inlinable lookup of ``LoaderStore/loader(for:)``
  /// downcasts.
  @usableFromInline final var loaderObject: AnyObject { loader }

  /// Removes the entry from `store`'s table of its key type.
  func remove(from _: LoaderStore) { preconditionFailure("StoreEntry is abstract") }
}

/// The entry of a ``LoaderKey``: its loader holds the key (and fetches with it), so the entry
/// stores none of its own.
final class LoaderEntry<Key: LoaderKey>: StoreEntry {
  /// The loader, with its type.
  var keyLoader: KeyLoader<Key> {
    // Safe: the initializer takes a `KeyLoader<Key>`, and `loader` never changes.
    unsafeDowncast(loaderObject, to: KeyLoader<Key>.self)
  }

  init(loader: KeyLoader<Key>, gcAfter: Duration, lastUse: UInt64) {
    super.init(loader: loader, gcAfter: gcAfter, lastUse: lastUse)
  }

  override var key: any StoreKey { keyLoader.key }

  override func remove(from store: LoaderStore) {
    store.removeEntry(of: keyLoader.key)
  }
}

/// The entry of a ``PagedLoaderKey``.
final class PagedEntry<Key: PagedLoaderKey>: StoreEntry {
  /// The key.
  let typedKey: Key

  init(key: Key, loader: any StoreLoader, gcAfter: Duration, lastUse: UInt64) {
    self.typedKey = key
    super.init(loader: loader, gcAfter: gcAfter, lastUse: lastUse)
  }

  override var key: any StoreKey { typedKey }

  override func remove(from store: LoaderStore) {
    store.removeEntry(of: typedKey)
  }
}

/// The loader of a ``LoaderKey`` in a ``LoaderStore``: an ``AsyncLoader`` that holds its key and
/// the store's clients, and makes its operation from them when a load starts, so that an idle
/// entry holds no closure.
final class KeyLoader<Key: LoaderKey>: AsyncLoader<Key.Value> {
  /// The key, which fetches.
  let key: Key
  /// The clients the fetch resolves its client among.
  let clients: StoreClients

  init(key: Key, clients: StoreClients, settings: LoaderSettings, staleness: Staleness) {
    self.key = key
    self.clients = clients
    super.init(settings: settings, staleness: staleness)
  }

  override func makeOperation() -> Operation {
    { [key, clients] in
      // Resolved when the fetch runs, off the main actor: the clients never change.
      try await key.fetch(using: clients.resolve(Key.Client.self, for: Key.self))
    }
  }
}

/// The entries of one key type in a ``LoaderStore``, what ``KeyTable`` has without its type.
@MainActor @usableFromInline
class AnyKeyTable {
  /// The key type, `ObjectIdentifier(Key.self)`.
  @usableFromInline final let keyType: ObjectIdentifier

  init(keyType: ObjectIdentifier) {
    self.keyType = keyType
  }

  /// How many entries the table holds.
  var count: Int { preconditionFailure("AnyKeyTable is abstract") }

  /// Calls `body` with every entry, in no order; `body` must not add or remove entries.
  func forEachEntry(_: (StoreEntry) -> Void) { preconditionFailure("AnyKeyTable is abstract") }
}

/// The entries of the key type `Key` in a ``LoaderStore``, by key: a lookup hashes the key as
/// it is, with no `AnyHashable` around it.
@MainActor @usableFromInline
final class KeyTable<Key: StoreKey>: AnyKeyTable {
  /// The entries by key.
  @exclusivity(unchecked) @usableFromInline var entries: [Key: StoreEntry] = [:]

  init() {
    super.init(keyType: ObjectIdentifier(Key.self))
  }

  override var count: Int { entries.count }

  override func forEachEntry(_ body: (StoreEntry) -> Void) {
    for entry in entries.values { body(entry) }
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
