/// One key's entry in a ``LoaderStore``: its loader, and what the store keeps about it.
///
/// A ``KeyEntry`` knows the key's type; this class holds what the store does with any entry.
@MainActor @usableFromInline
class StoreEntry {
  /// The key's loader, an ``AsyncLoader`` of the key's `Value` or a ``PagedLoader``.
  let loader: any StoreLoader
  /// When the entry was last used, on ``EntryCollector/useCount``: the oldest has the smallest.
  /// (`nonisolated(unsafe)`: written only by the store, on the main actor, through the
  /// inlinable lookup's nonisolated helper, which reads the entry without retaining it.)
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) final var lastUse: UInt64
  /// When the ``EntryCollector`` collects the entry; `nil` while it is observed.
  final var collectAt: LoaderClock.Instant?
  /// Whether the store evicted the entry: it is no longer the store's entry of its key.
  final var isEvicted = false
  /// ``observers``, in the room ``collectAt`` leaves.
  private final var observerCount: Int32 = 0

  init(loader: any StoreLoader, lastUse: UInt64) {
    self.loader = loader
    self.lastUse = lastUse
  }

  /// How many observers the entry has.
  final var observers: Int {
    get { Int(observerCount) }
    set { observerCount = Int32(newValue) }
  }

  /// The key, for predicates, and for the eviction that removes the entry from its table.
  var key: any StoreKey { preconditionFailure("StoreEntry is abstract") }

  /// How long the entry stays after its last observer left: its key's, or the store's.
  final func gcAfter(_ storeDefault: Duration) -> Duration {
    key.gcAfter ?? storeDefault
  }

  /// The loader, as an object: what the inlinable ``LoaderStore/loader(for:)`` downcasts.
  @usableFromInline nonisolated final var loaderObject: AnyObject { loader }
}

/// The entry of a key of type `Key`, value or paged.
final class KeyEntry<Key: StoreKey>: StoreEntry {
  let typedKey: Key

  init(key: Key, loader: any StoreLoader, lastUse: UInt64) {
    self.typedKey = key
    super.init(loader: loader, lastUse: lastUse)
  }

  override var key: any StoreKey { typedKey }
}

/// The loader of a ``LoaderKey`` on the store's side: it makes its operation from its key and
/// the store's clients when a load starts, so that an idle entry holds no closure.
final class EntryLoader<Key: LoaderKey>: AsyncLoader<Key.Value> {
  let key: Key
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

  /// Calls `body` with every entry, in no order; `body` must not add or remove entries.
  func forEachEntry(_: (StoreEntry) -> Void) { preconditionFailure("AnyKeyTable is abstract") }
}

/// The entries of the key type `Key` in a ``LoaderStore``, owned by hand (retained in
/// ``insert(_:for:)``, released in ``remove(_:)`` and `deinit`): a lookup does not retain.
@MainActor @usableFromInline
final class KeyTable<Key: StoreKey>: AnyKeyTable {
  /// The entries by key. (`nonisolated(unsafe)`: only the store reads and writes them, on the
  /// main actor; the lookup's nonisolated helper reads them without retaining the table.)
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var entries:
    [Key: Unmanaged<StoreEntry>] = [:]

  init() {
    super.init(keyType: ObjectIdentifier(Key.self))
  }

  deinit {
    for entry in entries.values { entry.release() }
  }

  /// The entry of `key`, if any, retained for the caller.
  func entry(for key: Key) -> StoreEntry? {
    entries[key]?.takeUnretainedValue()
  }

  func insert(_ entry: StoreEntry, for key: Key) {
    entries[key] = Unmanaged.passRetained(entry)
  }

  func remove(_ key: Key) {
    entries.removeValue(forKey: key)?.release()
  }

  override func forEachEntry(_ body: (StoreEntry) -> Void) {
    for entry in entries.values { body(entry.takeUnretainedValue()) }
  }
}
