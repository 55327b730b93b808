public import Observation

/// Loaders by key, shared by every screen: one loader and one request per key, a cache that
/// outlives the views, staleness, garbage collection and invalidation.
///
/// Two views of the same key share one request and one phase, and a view that comes back shows
/// the cached value at once.
///
/// ```swift
/// let subscription = store.observe(CountryKey(code: "AT"))  // a screen appears
/// subscription.loader.phase  // .loading, then .loaded(austria)
/// subscription.cancel()  // … and disappears
/// ```
///
/// An observer that appears (`observe(_:)`) loads when there is no value, a failure, or a stale
/// value, which stays on screen while it reloads. An unobserved entry goes ``gcAfter`` after its
/// last observer left, and beyond ``maxEntries`` the least recently used go first; observed
/// entries are never evicted. See <doc:SharingDataAcrossScreens> for invalidation, edits,
/// prefetching, polling and the rest.
///
/// The store is `@MainActor` and `Observable`: ``count`` changes as entries come and go.
@MainActor
@Observable
public final class LoaderStore {
  /// The clock for garbage collection, and for the loaders' staleness and retry waits.
  package let clock: LoaderClock
  /// How old a value may grow before an observer that appears reloads it, for keys whose
  /// ``StoreKey/staleness`` is `nil`.
  ///
  /// The default, `.after(.zero)`, revalidates on every observer that appears.
  public let staleness: Staleness
  /// How long an entry without observers stays, for keys that do not set their own
  /// ``StoreKey/gcAfter``.
  public let gcAfter: Duration
  /// How many entries the store keeps before it evicts the least recently used entries that
  /// have no observer.
  public let maxEntries: Int
  /// How the store's loaders retry failed fetches, for keys that do not set their own
  /// ``StoreKey/retry``.
  public let retryPolicy: RetryPolicy

  /// The API clients the keys' fetches receive.
  @ObservationIgnored let clients: StoreClients
  /// Garbage collection and the least-recently-used order of the entries.
  @usableFromInline let collector = EntryCollector()

  /// How many entries the store holds. It is observed; the lookups of loaders are not.
  public private(set) var count = 0

  /// Counts the observers that came and went, so that the inspector renders again.
  private(set) var observerChanges: UInt64 = 0

  /// The entries, in a table per key type.
  @ObservationIgnored var tables: [ObjectIdentifier: AnyKeyTable] = [:]
  /// The table looked up last, which ``tables`` keeps alive: read without a retain.
  @ObservationIgnored @exclusivity(unchecked) @usableFromInline var lastTable:
    Unmanaged<AnyKeyTable>?
  @ObservationIgnored var entryCount = 0 {
    didSet { count = entryCount }
  }
  /// The loader settings (clock, retry policy, network) the store's loaders share.
  @ObservationIgnored lazy var loaderSettings = LoaderSettings(
    clock: clock, retryPolicy: retryPolicy, network: network)
  /// The optimistic edits a running mutation records.
  @ObservationIgnored var journal = EditJournal()
  /// The sequences of refetch events the store consumes, and when it last handled each event.
  @ObservationIgnored var refetchTriggers = RefetchTriggers()
  /// The observed entries that poll, and the one wake-up that polls them.
  @ObservationIgnored var polling = PollingSchedule()
  /// The system's low-memory warnings the store listens to, from its first entry on.
  @ObservationIgnored var memoryWarnings: MemoryWarnings?
  /// What the store knows of the network, which its loaders and mutations wait for.
  @ObservationIgnored package private(set) lazy var network = NetworkGate()
  /// The mutation runs in the store that have not ended, and the journal of the queueing ones.
  @ObservationIgnored package private(set) lazy var mutationRuns = MutationRuns()
  /// The persisted cache attached with `LoaderStore.persist(in:)`, if any.
  @ObservationIgnored package var persistence: (any StorePersistence)?

  /// Creates an empty store.
  ///
  /// - Parameters:
  ///   - clock: The clock for garbage collection, staleness and retry waits.
  ///   - staleness: How old a value may grow before an observer that appears reloads it, for
  ///     keys that leave it to the store; `.after(.zero)` by default.
  ///   - gcAfter: How long an entry without observers stays; five minutes by default.
  ///   - maxEntries: How many entries the store keeps before it evicts unobserved ones.
  ///   - retry: How loaders retry failed fetches, for keys whose ``StoreKey/retry`` is `nil`.
  ///   - clients: The API clients the keys' fetches receive: a key gets the first client of its
  ///     ``LoaderKey/Client`` type, or fails with ``AsyncLoaderError/missingClient(client:key:)``.
  ///
  /// The initializer is nonisolated, so an app-wide store can be a `static let`.
  ///
  /// ```swift
  /// static let countries = LoaderStore(clients: LiveCountriesAPI())
  /// ```
  public nonisolated init(
    clock: some Clock<Duration> = ContinuousClock(),
    staleness: Staleness = .after(.zero),
    gcAfter: Duration = .seconds(300),
    maxEntries: Int = 500,
    retry: RetryPolicy = .never,
    clients: any Sendable...
  ) {
    precondition(maxEntries >= 0, "LoaderStore.maxEntries must not be negative, got \(maxEntries)")
    self.clock = LoaderClock(clock)
    self.staleness = staleness
    self.clients = StoreClients(clients: clients)
    self.gcAfter = gcAfter
    self.maxEntries = maxEntries
    self.retryPolicy = retry
  }

  /// The app-wide store, with the default options: the one the SwiftUI views that take a key
  /// use unless `.loaderStore(_:)` gives them another. Made on first use, kept for the process.
  public nonisolated static let shared = LoaderStore()

  deinit {
    // The entries go with the store, and their loaders cancel their loads as they go.
    refetchTriggers.cancelAll()
    polling.cancel()
  }

  // MARK: Loaders

  /// The loader of `key`: the one the store holds, or a new one it keeps from now on. It does
  /// not start a load; `observe(_:)` does, and so do the loader's own triggers.
  ///
  /// - Returns: The same loader for every equal key, until the entry is evicted.
  @inlinable
  public func loader<Key: LoaderKey>(for key: Key) -> AsyncLoader<Key.Value> {
    // Inlinable, so that it is compiled for `Key`: it hashes the key as a `[Key: _]` does.
    guard let entry = lookUp(key) else { return newLoader(for: key) }
    collector.useCount &+= 1
    // Safe: the entry of a key of type `Key` holds an `AsyncLoader<Key.Value>`.
    return unsafeDowncast(
      Self.use(entry, at: collector.useCount), to: AsyncLoader<Key.Value>.self)
  }

  /// The entry of `key`, if any, unretained: the tables hold their entries, and ``tables`` holds
  /// the remembered table for the store's life.
  @inlinable @inline(__always)
  func lookUp<Key: StoreKey>(_ key: Key) -> Unmanaged<StoreEntry>? {
    if let table = lastTable, let found = Self.find(key, in: table) { return found }
    return findTable(ObjectIdentifier(Key.self)).flatMap {
      unsafeDowncast($0, to: KeyTable<Key>.self).entries[key]
    }
  }

  /// The entry of `key` in `table` if it is the table of `Key`, read without retaining the table.
  @inlinable @inline(__always)
  nonisolated static func find<Key: StoreKey>(
    _ key: Key, in table: Unmanaged<AnyKeyTable>
  ) -> Unmanaged<StoreEntry>?? {
    table._withUnsafeGuaranteedRef { table in
      guard table.keyType == ObjectIdentifier(Key.self) else { return nil }
      // Safe: a table of `Key` is a `KeyTable<Key>`.
      return .some(unsafeDowncast(table, to: KeyTable<Key>.self).entries[key])
    }
  }

  /// Counts a use of `entry` at `use` and returns its loader, without retaining the entry.
  @inlinable @inline(__always)
  nonisolated static func use(_ entry: Unmanaged<StoreEntry>, at use: UInt64) -> AnyObject {
    entry._withUnsafeGuaranteedRef { entry in
      entry.lastUse = use
      return entry.loaderObject
    }
  }

  /// The loader of `key`, whose entry ``loader(for:)`` did not find: one the store creates.
  @usableFromInline
  func newLoader<Key: LoaderKey>(for key: Key) -> AsyncLoader<Key.Value> {
    loader(of: entry(for: key), as: Key.self)
  }

  /// The loader the store holds for `key`, if it holds one, without creating an entry or
  /// counting it as a use.
  public func cachedLoader<Key: LoaderKey>(for key: Key) -> AsyncLoader<Key.Value>? {
    liveEntry(for: key).map { loader(of: $0, as: Key.self) }
  }

  /// The value the store holds for `key`, if any, without creating an entry. It is observed,
  /// also before the key has an entry, so a view can make a dependent key of it.
  public func value<Key: LoaderKey>(for key: Key) -> Key.Value? {
    guard let loader = cachedLoader(for: key) ?? restoredLoader(for: key) else {
      _ = count  // observed: the entry that comes is read on the next render
      return nil
    }
    return loader.phase.value
  }

  /// The loader of a new entry of `key` when a persisted cache holds a value for it, so that a
  /// read or an edit after a relaunch finds the stored value; `nil` otherwise, creating nothing.
  func restoredLoader<Key: LoaderKey>(for key: Key) -> AsyncLoader<Key.Value>? {
    guard let persistence, let stored = persistence.storedValue(for: key) else { return nil }
    return loader(of: entry(for: key, stored: stored), as: Key.self)
  }

  /// How many observers `key` has; `0` when the store has no entry for it.
  public func observerCount(for key: some StoreKey) -> Int {
    liveEntry(for: key)?.observers ?? 0
  }

  /// The paged loader of `key`: the one the store holds, or a new one it keeps from now on. It
  /// does not start a load; `observe(_:)` does, and so do the loader's own triggers.
  ///
  /// - Returns: The same loader for every equal key, until the entry is evicted.
  public func pagedLoader<Key: PagedLoaderKey>(for key: Key) -> PagedLoader<Key.Item, Key.Cursor> {
    pagedLoader(of: entry(for: key), as: Key.self)
  }

  /// The paged loader the store holds for `key`, if it holds one, without creating an entry or
  /// counting it as a use.
  public func cachedPagedLoader<Key: PagedLoaderKey>(
    for key: Key
  ) -> PagedLoader<Key.Item, Key.Cursor>? {
    liveEntry(for: key).map { pagedLoader(of: $0, as: Key.self) }
  }

  /// The items the store holds for a paged `key`, if any, without creating an entry.
  public func items<Key: PagedLoaderKey>(
    for key: Key
  ) -> PagedLoader<Key.Item, Key.Cursor>.Items? {
    if let loader = cachedPagedLoader(for: key) { return loader.phase.value }
    // A persisted list with no entry yet is restored into a new entry, as `value(for:)` does.
    guard let persistence, let stored = persistence.storedValue(for: key) else { return nil }
    return pagedLoader(of: entry(for: key, stored: stored), as: Key.self).phase.value
  }

  // MARK: Observers

  /// Says that a view shows `key` until the subscription is cancelled: the entry is kept, and
  /// the loader loads if it has nothing current (no value, a failure, or a stale value, which
  /// stays visible while it reloads). Cancel the subscription when the view goes away; the
  /// entry then goes after its `gcAfter`.
  ///
  /// ```swift
  /// let subscription = store.observe(CountryKey(code: "AT"))
  /// await subscription.loader.load()  // joins the load the observation started
  /// subscription.cancel()
  /// ```
  public func observe<Key: LoaderKey>(_ key: Key) -> StoreSubscription<AsyncLoader<Key.Value>> {
    let entry = entry(for: key, observing: true)
    return StoreSubscription(observe(entry), loader: loader(of: entry, as: Key.self))
  }

  /// Says that a view shows the paged list of `key` until the subscription is cancelled, as
  /// `observe(_:)` does for a value: the entry is kept, and the loader loads its
  /// first page if it has nothing current. A load that runs is joined, a next or previous page
  /// included.
  public func observe<Key: PagedLoaderKey>(
    _ key: Key
  ) -> StoreSubscription<PagedLoader<Key.Item, Key.Cursor>> {
    let entry = entry(for: key, observing: true)
    return StoreSubscription(observe(entry), loader: pagedLoader(of: entry, as: Key.self))
  }

  /// Counts an observer of `entry`, and starts its load if it has nothing current and none runs.
  private func observe(_ entry: StoreEntry) -> StoreObservation {
    entry.observers += 1
    observerChanges &+= 1
    if entry.observers == 1 {
      collector.cancel(entry)
      startPolling(entry)
    }
    if entry.key.isEnabled { entry.loader.launchUnlessRunning() }
    return StoreObservation(store: self, entry: entry)
  }

  /// An observer of `entry` left.
  func release(_ entry: StoreEntry) {
    guard entry.observers > 0 else { return }
    entry.observers -= 1
    observerChanges &+= 1
    collector.touch(entry)
    guard entry.observers == 0 else { return }
    stopPolling(entry)
    guard isLive(entry) else { return }
    collector.schedule(entry, in: self)
    collector.trim(self, keeping: nil)
  }
}
