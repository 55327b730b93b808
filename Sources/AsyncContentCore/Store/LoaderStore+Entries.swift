extension LoaderStore {
  // MARK: Creating entries

  /// The entry of `key`, created if there is none, and counted as used.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - observing: Whether an observer comes at once, so a new entry needs no collection.
  ///   - stored: What the persisted cache found for `key` (``StorePersistence/storedValue(for:)``),
  ///     for a new entry to restore; `nil` lets the cache look it up.
  func entry<Key: LoaderKey>(
    for key: Key, observing: Bool = false, stored: StoredValue? = nil
  ) -> StoreEntry {
    entry(for: key, observing: observing) { lastUse in
      let loader = EntryLoader(
        key: key, clients: clients, settings: settings(retry: key.retry),
        staleness: staleness(of: key))
      // A persisted key shows its stored value at once, before anybody observes it.
      if let persistence { persistence.entryCreated(for: key, loader: loader, stored: stored) }
      return KeyEntry(key: key, loader: loader, lastUse: lastUse)
    }
  }

  /// The entry of a paged `key`, created if there is none, and counted as used.
  func entry<Key: PagedLoaderKey>(
    for key: Key, observing: Bool = false, stored: StoredValue? = nil
  ) -> StoreEntry {
    entry(for: key, observing: observing) { lastUse in
      let loader = makePagedLoader(for: key)
      if let persistence { persistence.entryCreated(for: key, loader: loader, stored: stored) }
      return KeyEntry(key: key, loader: loader, lastUse: lastUse)
    }
  }

  /// A new paged loader of `key`, with the store's settings.
  private func makePagedLoader<Key: PagedLoaderKey>(
    for key: Key
  ) -> PagedLoader<Key.Item, Key.Cursor> {
    let clients = clients
    let loader = PagedLoader<Key.Item, Key.Cursor>(
      clock: clock, retry: key.retry ?? retryPolicy, staleness: staleness(of: key),
      maxPages: key.maxPages
    ) { cursor in
      try await key.fetchPage(at: cursor, using: clients.resolve(Key.Client.self, for: Key.self))
    }
    loader.core.share(settings(retry: key.retry))
    return loader
  }

  /// The staleness of `key`'s loader, the one place the store decides it: the key's, or the
  /// store's when the key's is `nil`.
  func staleness(of key: some StoreKey) -> Staleness {
    key.staleness ?? staleness
  }

  /// The settings of a new loader: the shared ones, unless the key retries by its own policy.
  private func settings(retry: RetryPolicy?) -> LoaderSettings {
    guard let retry else { return loaderSettings }
    return LoaderSettings(clock: clock, retryPolicy: retry, network: network)
  }

  /// The entry of `key`, created by `makeEntry` (given its first use) if there is none.
  private func entry<Key: StoreKey>(
    for key: Key, observing: Bool, makeEntry: (UInt64) -> StoreEntry
  ) -> StoreEntry {
    let table = keyTable(of: Key.self)
    if let entry = table.entry(for: key) {
      collector.touch(entry)
      return entry
    }
    let entry = makeEntry(collector.nextUse())
    table.insert(entry, for: key)
    entryCount += 1
    if memoryWarnings == nil { memoryWarnings = MemoryWarnings(store: self) }
    if !observing { collector.schedule(entry, in: self) }  // collected unless an observer comes
    collector.trim(self, keeping: entry)
    return entry
  }

  /// The loader of `entry`, with its type.
  func loader<Key: LoaderKey>(of entry: StoreEntry, as _: Key.Type) -> AsyncLoader<Key.Value> {
    // Safe: each key type has a table of its own, whose entries hold `AsyncLoader<Key.Value>`.
    unsafeDowncast(entry.loaderObject, to: AsyncLoader<Key.Value>.self)
  }

  /// The paged loader of `entry`, with its type.
  func pagedLoader<Key: PagedLoaderKey>(
    of entry: StoreEntry, as _: Key.Type
  ) -> PagedLoader<Key.Item, Key.Cursor> {
    // Safe: as in `loader(of:as:)`.
    unsafeDowncast(entry.loaderObject, to: PagedLoader<Key.Item, Key.Cursor>.self)
  }

  // MARK: Finding entries

  /// Whether `entry` is still the store's entry of its key (it was not evicted).
  func isLive(_ entry: StoreEntry) -> Bool {
    !entry.isEvicted
  }

  /// A snapshot of the live entries, in no order, which evictions leave as it is.
  var liveEntries: [StoreEntry] {
    var entries: [StoreEntry] = []
    entries.reserveCapacity(entryCount)
    forEachLiveEntry { entries.append($0) }
    return entries
  }

  /// The live entries that `isIncluded` selects.
  func entries(where isIncluded: (StoreEntry) -> Bool) -> [StoreEntry] {
    liveEntries.filter(isIncluded)
  }

  /// Calls `body` with every live entry, in no order; `body` must not add or evict entries.
  func forEachLiveEntry(_ body: (StoreEntry) -> Void) {
    for table in tables.values { table.forEachEntry(body) }
  }

  /// The live entry of `key`, if any.
  func liveEntry(for key: any StoreKey) -> StoreEntry? {
    typedLiveEntry(for: key)  // opens the existential
  }

  /// The live entry of `key`, if any.
  func liveEntry<Key: StoreKey>(for key: Key) -> StoreEntry? {
    typedLiveEntry(for: key)
  }

  private func typedLiveEntry<Key: StoreKey>(for key: Key) -> StoreEntry? {
    table(of: Key.self)?.entry(for: key)
  }

  /// The table of the key type `Key`, if the store has one.
  func table<Key: StoreKey>(of _: Key.Type) -> KeyTable<Key>? {
    // Safe: the table of `Key` is a `KeyTable<Key>`.
    findTable(ObjectIdentifier(Key.self)).map { unsafeDowncast($0, to: KeyTable<Key>.self) }
  }

  /// The table of the key type `keyType`, if the store has one, remembered for the next lookup.
  @usableFromInline
  func findTable(_ keyType: ObjectIdentifier) -> AnyKeyTable? {
    if let last = lastTable?.takeUnretainedValue(), last.keyType == keyType { return last }
    guard let table = tables[keyType] else { return nil }
    lastTable = Unmanaged.passUnretained(table)
    return table
  }

  /// The table of the key type `Key`, created if the store has none.
  private func keyTable<Key: StoreKey>(of _: Key.Type) -> KeyTable<Key> {
    if let table = table(of: Key.self) { return table }
    let table = KeyTable<Key>()
    tables[table.keyType] = table
    lastTable = Unmanaged.passUnretained(table)
    return table
  }

  // MARK: Evicting entries

  /// Removes `entry` from its table and cancels its load.
  func evict(_ entry: StoreEntry) {
    guard !entry.isEvicted else { return }
    entry.isEvicted = true
    removeFromTable(entry.key)  // the caller holds `entry`
    entryCount -= 1
    collector.cancel(entry)
    stopPolling(entry)
    journal.drop(entry)
    entry.loader.cancel()
    endSelections(of: entry)
  }

  /// Removes the entry of `key` from its table.
  private func removeFromTable<Key: StoreKey>(_ key: Key) {
    table(of: Key.self)?.remove(key)
  }
}
