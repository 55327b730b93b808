public import Observation

/// Loaders by key, shared by every screen: one loader and one request per key, a cache that
/// outlives the views, staleness, garbage collection and invalidation.
///
/// Ask the store for a key's loader instead of creating one in a view. The same key gives the
/// same ``AsyncLoader``, so two views that show the same data send one request and see the same
/// phase, and a view that comes back shows the cached value at once.
///
/// ```swift
/// let store = LoaderStore(staleness: .after(.seconds(30)), clients: LiveCountriesAPI())
///
/// // A screen appears: it observes its key while it is on screen.
/// let subscription = store.observe(CountryKey(code: "AT"))
/// subscription.loader.phase  // .loading, then .loaded(austria)
/// // … and disappears.
/// subscription.cancel()
/// ```
///
/// - **Deduplication.** ``loader(for:)`` returns the same loader for equal keys, and the loader
///   joins concurrent triggers, so every view of a key shares one request.
/// - **API clients.** A key's fetch receives its ``LoaderKey/Client`` from the clients given to
///   the initializer, resolved when the fetch runs: a test makes a store with a fake client
///   and keeps the app's keys.
/// - **Stale-while-revalidate.** When an observer appears (`observe(_:)`), the loader loads if
///   it has nothing current: no value, a failure, or a value older than the key's
///   ``StoreKey/staleness`` (the store's ``staleness`` by default). A stale value stays on
///   screen while it reloads: the phase is `reloading` with the old value.
/// - **Garbage collection.** An entry with no observer is evicted ``gcAfter`` after its last
///   observer left (or after it was created, if nobody observed it), on the store's clock.
///   When the store holds more than ``maxEntries`` entries, it evicts the least recently used
///   entries without observers first. An entry with an observer is never evicted, so the store
///   may hold more than ``maxEntries`` entries when they are observed. Eviction cancels the
///   entry's running load. A loader you hold after its entry was evicted still works, but the
///   store no longer hands it out: observe a key while you show its loader.
/// - **Invalidation.** ``invalidate(_:)``, ``invalidate(_:where:)``, ``invalidate(where:)`` and
///   ``invalidateAll()`` reload the matching entries that are observed or loading, superseding
///   a running load (a response from before the invalidation never lands after it), and mark
///   the others stale, so their next observer reloads them.
/// - **Edits.** ``setValue(_:for:)`` and ``updateValue(for:_:)`` change a cached value; a
///   ``Mutation`` uses them for optimistic updates that it rolls back when its request fails.
/// - **Prefetching.** `prefetch(_:)` warms a key before its screen shows, joining a running
///   load; ``ensureValue(for:)`` returns a key's cached value, or loads it.
/// - **Cancellation.** ``cancel(_:)``, ``cancel(_:where:)``, ``cancel(where:)`` and
///   ``cancelAll()`` cancel the matching running loads: their phases return to where the loads
///   started.
/// - **Removal.** ``remove(_:)``, ``remove(where:)`` and ``removeAll()`` forget the matching
///   values: an entry nobody observes goes, its load cancelled; an observed one loads again from
///   nothing, as a new screen would.
/// - **Memory pressure.** On Apple platforms the store listens to the system's low-memory
///   warnings from its first entry on, and evicts every entry that no screen observes,
///   cancelling its load, as the caches of Nuke and swift-operation do. Observed entries stay,
///   so no screen loses what it shows; an evicted key loads again when a screen next shows it.
///   There is no switch: what it drops is what ``gcAfter`` would drop later.
/// - **Activity.** ``loadingCount(where:)`` counts the selected keys that load now, observed,
///   for an app-wide activity indicator.
/// - **Retry.** A key's loader retries failed fetches by the key's ``StoreKey/retry``, or the
///   store's ``retryPolicy``.
/// - **Polling.** A key's ``StoreKey/refetchInterval`` reloads it every interval while it is
///   observed and the app is not in the background; the keys of one interval share one wake-up.
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
  /// The default, `.after(.zero)`, is TanStack Query's `staleTime` of 0: every observer that
  /// appears shows the cached value and revalidates it in the background.
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

  /// How many entries the store holds. It is observed; the lookups of loaders are not, so a
  /// view that asks for a loader does not render again when another key's entry comes or goes.
  public private(set) var count = 0

  /// Counts the observers that came and went, so that the inspector renders again.
  private(set) var observerChanges: UInt64 = 0

  /// The entries, in a table per key type, by the key type. (It and the few fields below that
  /// `loader(for:)` reads are `@usableFromInline`, so that a lookup is compiled in the app's
  /// module for its key type, and skip the exclusivity checks: the store is `@MainActor`, and
  /// no access to them spans a call out.)
  @ObservationIgnored @exclusivity(unchecked) private var tables: [ObjectIdentifier: AnyKeyTable] =
    [:]
  /// The table of the key type looked up last, so that a run of lookups of one key type finds
  /// its table with one comparison.
  @ObservationIgnored @exclusivity(unchecked) @usableFromInline var lastTable: AnyKeyTable?
  /// How many entries the tables hold.
  @ObservationIgnored private var entryCount = 0
  /// The store's loader settings (its clock and retry policy), which its loaders share.
  @ObservationIgnored private lazy var loaderSettings = LoaderSettings(
    clock: clock, retryPolicy: retryPolicy, network: network)

  /// The counter that orders the entries' last uses.
  @ObservationIgnored @exclusivity(unchecked) @usableFromInline var useCount: UInt64 = 0
  /// The task that evicts the entries whose time without observers ran out.
  @ObservationIgnored private var collection: Task<Void, Never>?
  /// When ``collection`` wakes up.
  @ObservationIgnored private var collectionDeadline: LoaderClock.Instant?
  /// How many entries wait to be collected.
  @ObservationIgnored private var awaitingCollection = 0
  /// The edits made while a mutation applies its optimistic update; `nil` otherwise.
  @ObservationIgnored private var recordedEdits: [EditReference]?
  /// The counter that numbers the edits.
  @ObservationIgnored private var editCount: UInt64 = 0
  /// The sequences of refetch events the store consumes, and when it last handled each event.
  @ObservationIgnored var refetchTriggers = RefetchTriggers()
  /// The observed entries that poll, and the one wake-up that polls them.
  @ObservationIgnored var polling = PollingSchedule()
  /// The system's low-memory warnings the store listens to, from its first entry on.
  @ObservationIgnored var memoryWarnings: MemoryWarnings?
  /// What the store knows of the network (``followNetwork(_:)``), which its loaders and
  /// mutations wait for while it is down.
  @ObservationIgnored package private(set) lazy var network = NetworkGate()
  /// The mutation runs in the store that have not ended, and the journal of the queueing ones.
  @ObservationIgnored package private(set) lazy var mutationRuns = MutationRuns()
  /// The persisted cache attached to the store (`LoaderStore.persist(in:)`), told of new
  /// entries, invalidations, removals and the background; `nil` for a store that persists
  /// nothing.
  @ObservationIgnored package var persistence: (any StorePersistence)?

  /// Creates an empty store.
  ///
  /// - Parameters:
  ///   - clock: The clock for garbage collection, staleness and retry waits.
  ///   - staleness: How old a value may grow before an observer that appears reloads it, for
  ///     keys that leave it to the store; `.after(.zero)` (the default) revalidates on every new
  ///     observer, ``Staleness/never`` only after an invalidation.
  ///   - gcAfter: How long an entry without observers stays; five minutes by default.
  ///   - maxEntries: How many entries the store keeps before it evicts the least recently used
  ///     entries without observers.
  ///   - retry: How the store's loaders retry failed fetches, for keys whose
  ///     ``StoreKey/retry`` is `nil`; none by default.
  ///   - clients: The API clients the keys' fetches receive. A key whose ``LoaderKey/Client``
  ///     is `any CountriesAPI` gets the first client that is one; `Void` needs none. A fetch
  ///     whose client is missing fails with ``AsyncLoaderError/missingClient(client:key:)``.
  ///
  /// The initializer is nonisolated, so an app-wide store can be a `static let` and an
  /// environment default.
  ///
  /// ```swift
  /// extension LoaderStore {
  ///   static let countries = LoaderStore(clients: LiveCountriesAPI())
  /// }
  ///
  /// // In a test: the same keys, another client.
  /// let store = LoaderStore(clock: TestClock(), clients: FakeCountriesAPI())
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
  /// (`AsyncView(key:)`, `PagingList(key:)`) use unless `.loaderStore(_:)` gives them another.
  ///
  /// It is one instance, made on first use and kept for the life of the process. A screen and
  /// a model that both use it share its entries:
  ///
  /// ```swift
  /// let store = LoaderStore.shared
  /// store.invalidate(CountriesKey())
  /// ```
  ///
  /// Tests make a store of their own, with a `TestClock`, rather than sharing this one.
  public nonisolated static let shared = LoaderStore()

  deinit {
    // The entries go with the store, and their loaders cancel their loads as they go.
    collection?.cancel()
    refetchTriggers.cancelAll()
    polling.cancel()
  }

  // MARK: Loaders

  /// The loader of `key`: the one the store holds, or a new one it keeps from now on.
  ///
  /// It does not start a load; `observe(_:)` does, and so do the loader's own triggers.
  ///
  /// ```swift
  /// let loader = store.loader(for: CountryKey(code: "AT"))
  /// await loader.load()
  /// ```
  ///
  /// - Parameter key: The key.
  /// - Returns: The same loader for every equal key, until the entry is evicted.
  @inlinable
  public func loader<Key: LoaderKey>(for key: Key) -> AsyncLoader<Key.Value> {
    // Inlinable, so that it is compiled for `Key` where the key is known: the lookup hashes
    // the key as a dictionary keyed by `Key` does, with no `AnyHashable` and no generic code
    // run unspecialized.
    if let entry = table(of: Key.self)?.entries[key] {
      touch(entry)
      // Safe: the entry of a key of type `Key` holds an `AsyncLoader<Key.Value>`.
      return unsafeDowncast(entry.loaderObject, to: AsyncLoader<Key.Value>.self)
    }
    return newLoader(for: key)
  }

  /// The loader of `key`, whose entry ``loader(for:)`` did not find: one the store creates.
  @usableFromInline
  func newLoader<Key: LoaderKey>(for key: Key) -> AsyncLoader<Key.Value> {
    loader(of: entry(for: key), as: Key.self)
  }

  /// The loader the store holds for `key`, if it holds one, without creating an entry or
  /// counting it as a use.
  ///
  /// - Parameter key: The key.
  /// - Returns: The loader, or `nil` when the store has no entry for the key.
  public func cachedLoader<Key: LoaderKey>(for key: Key) -> AsyncLoader<Key.Value>? {
    liveEntry(for: key).map { loader(of: $0, as: Key.self) }
  }

  /// The value the store holds for `key`, if any, without creating an entry.
  ///
  /// It is observed: a view whose body reads it renders again when the value lands, even if
  /// the store had no entry for the key yet (then it renders again when entries come or go).
  /// So a view can make a dependent key of it, one whose ``StoreKey/isEnabled`` waits for the
  /// value.
  ///
  /// - Parameter key: The key.
  /// - Returns: The value of the key's loader's phase, or `nil` when there is none.
  public func value<Key: LoaderKey>(for key: Key) -> Key.Value? {
    guard let loader = cachedLoader(for: key) ?? restoredLoader(for: key) else {
      _ = count  // observed: the entry that comes is read on the next render
      return nil
    }
    return loader.phase.value
  }

  /// The loader of a new entry of `key` when a persisted cache holds a value for it, so that a
  /// read of a key with no entry after a relaunch finds the stored value, and an edit of it (a
  /// queued mutation's optimistic update) applies; `nil` otherwise, creating no entry.
  func restoredLoader<Key: LoaderKey>(for key: Key) -> AsyncLoader<Key.Value>? {
    guard let persistence, persistence.hasStoredValue(for: key) else { return nil }
    return loader(of: entry(for: key), as: Key.self)
  }

  /// How many observers `key` has; `0` when the store has no entry for it.
  ///
  /// - Parameter key: The key.
  public func observerCount(for key: some StoreKey) -> Int {
    liveEntry(for: key)?.observers ?? 0
  }

  /// The paged loader of `key`: the one the store holds, or a new one it keeps from now on.
  ///
  /// It does not start a load; `observe(_:)` does, and so do the loader's own
  /// triggers.
  ///
  /// - Parameter key: The key.
  /// - Returns: The same loader for every equal key, until the entry is evicted.
  public func pagedLoader<Key: PagedLoaderKey>(for key: Key) -> PagedLoader<Key.Item, Key.Cursor> {
    pagedLoader(of: entry(for: key), as: Key.self)
  }

  /// The paged loader the store holds for `key`, if it holds one, without creating an entry or
  /// counting it as a use.
  ///
  /// - Parameter key: The key.
  public func cachedPagedLoader<Key: PagedLoaderKey>(
    for key: Key
  ) -> PagedLoader<Key.Item, Key.Cursor>? {
    liveEntry(for: key).map { pagedLoader(of: $0, as: Key.self) }
  }

  /// The items the store holds for a paged `key`, if any, without creating an entry.
  ///
  /// - Parameter key: The key.
  public func items<Key: PagedLoaderKey>(
    for key: Key
  ) -> PagedLoader<Key.Item, Key.Cursor>.Items? {
    guard let loader = cachedPagedLoader(for: key) else {
      // A persisted list with no entry yet is restored into a new entry, as `value(for:)` does.
      if let persistence, persistence.hasStoredValue(for: key) {
        return pagedLoader(of: entry(for: key), as: Key.self).phase.value
      }
      return nil
    }
    return loader.phase.value
  }

  // MARK: Observers

  /// Says that a view shows `key` until the subscription is cancelled: the entry is kept, and
  /// the loader loads if it has nothing current (no value, a failure, or a stale value, which
  /// stays visible while it reloads).
  ///
  /// Cancel the subscription when the view goes away; the entry is then evicted after the
  /// key's ``StoreKey/gcAfter``, unless an observer comes back first.
  ///
  /// ```swift
  /// let subscription = store.observe(CountryKey(code: "AT"))
  /// await subscription.loader.load()  // joins the load the observation started
  /// subscription.cancel()
  /// ```
  ///
  /// - Parameter key: The key.
  /// - Returns: The subscription, which gives the key's loader.
  public func observe<Key: LoaderKey>(_ key: Key) -> StoreSubscription<AsyncLoader<Key.Value>> {
    let entry = entry(for: key, observing: true)
    return StoreSubscription(observe(entry), loader: loader(of: entry, as: Key.self))
  }

  /// Says that a view shows the paged list of `key` until the subscription is cancelled, as
  /// `observe(_:)` does for a value: the entry is kept, and the loader loads its
  /// first page if it has nothing current.
  ///
  /// A load that runs is joined, a next or previous page included: a second screen that
  /// appears while the reader of the first scrolls never throws them back to the top. A stale
  /// list then stays stale, and the next observer, refetch event or refresh revalidates it.
  ///
  /// ```swift
  /// let subscription = store.observe(CountryFeedKey(region: "Europe"))
  /// subscription.loader.startLoadMore()  // the footer appeared
  /// subscription.cancel()
  /// ```
  ///
  /// - Parameter key: The key.
  /// - Returns: The subscription, which gives the key's loader.
  public func observe<Key: PagedLoaderKey>(
    _ key: Key
  ) -> StoreSubscription<PagedLoader<Key.Item, Key.Cursor>> {
    let entry = entry(for: key, observing: true)
    return StoreSubscription(observe(entry), loader: pagedLoader(of: entry, as: Key.self))
  }

  /// Counts an observer of `entry` and starts its load if it has nothing current and no load
  /// runs: a running load is joined, a paged list's load-more or previous page included.
  private func observe(_ entry: StoreEntry) -> StoreObservation {
    entry.observers += 1
    observerChanges &+= 1
    if entry.observers == 1 {
      cancelCollection(of: entry)
      startPolling(entry)
    }
    if entry.key.isEnabled { entry.loader.launchUnlessRunning() }
    return StoreObservation(store: self, entry: entry)
  }

  // MARK: Prefetching

  /// Warms `key` before a screen shows it, without waiting: loads it if it has nothing current
  /// (no value, a failure, or a value older than the key's ``StoreKey/staleness``), and joins
  /// a load that runs. TanStack Query's `prefetchQuery`.
  ///
  /// Call it where the user is about to open the key's screen: a row's `onAppear`, a hover, the
  /// first keystroke of a search. The screen that observes the key then shows the value at once,
  /// or joins the load the prefetch started: one request either way.
  ///
  /// ```swift
  /// CountryRow(country)
  ///   .onAppear { store.prefetch(CountryDetailKey(code: country.code)) }
  /// ```
  ///
  /// The entry is created if the store has none. Nobody observes it, so it is collected
  /// ``gcAfter`` after the prefetch (the key's ``StoreKey/gcAfter``), unless an observer comes
  /// first; a prefetch of an entry nobody observes starts that time anew, and counts as a use
  /// for the least-recently-used order. A running load is joined, never superseded, so a
  /// prefetch per row appearance never cancels anything.
  ///
  /// - Parameter key: The key.
  public func prefetch<Key: LoaderKey>(_ key: Key) {
    warm(entry(for: key)).loader.launchUnlessRunning()
  }

  /// Warms the paged list of `key` before a screen shows it, as `prefetch(_:)` does for a
  /// value: loads its first page if it has nothing current, and joins any load that runs, a next
  /// or previous page included. TanStack Query's `prefetchInfiniteQuery` with one page.
  ///
  /// ```swift
  /// RegionRow(region)
  ///   .onAppear { store.prefetch(CountryFeedKey(region: region.name)) }
  /// ```
  ///
  /// - Parameter key: The key.
  public func prefetch<Key: PagedLoaderKey>(_ key: Key) {
    warm(entry(for: key)).loader.launchUnlessRunning()
  }

  /// The value of `key`: the one the store holds, at once, or the one a load brings.
  /// TanStack Query's `ensureQueryData`.
  ///
  /// Use it where code needs the value itself rather than a screen of it: a deep link that
  /// needs a country before it can navigate, a command that acts on the cached list.
  ///
  /// ```swift
  /// let country = try await store.ensureValue(for: CountryKey(code: code))
  /// path.append(country)
  /// ```
  ///
  /// - A value on hand is returned at once, even when it is stale, and nothing reloads it, as
  ///   TanStack Query's `ensureQueryData` does by default (`revalidateIfStale: false`). To
  ///   revalidate a stale value in the background too, call `prefetch(_:)` beside it.
  /// - Without a value, it loads, joining a load that runs, and returns the value that lands.
  ///   It throws the load's error when the load fails (after the key's retries), and
  ///   `CancellationError` when the load is cancelled (``cancel(_:)``, an eviction) and leaves
  ///   no value. A load that replaces the awaited one (an invalidation), or starts before the
  ///   call resumes, is awaited too.
  /// - Cancelling the task that awaits it makes the call throw `CancellationError` at once; the
  ///   load goes on for the others that wait for it, and lands in the store.
  ///
  /// The entry is created if the store has none, and kept as `prefetch(_:)` keeps it.
  ///
  /// - Parameter key: The key.
  /// - Returns: The key's value.
  /// - Throws: The load's error, or `CancellationError`.
  public func ensureValue<Key: LoaderKey>(for key: Key) async throws -> Key.Value {
    let loader = loader(of: warm(entry(for: key)), as: Key.self)
    if let value = loader.storedPhase.value { return value }
    loader.launchUnlessRunning()  // nothing is current without a value: starts, or joins
    while true {
      await loader.core.waitForLoad()  // returns at once when the caller is cancelled
      try Task.checkCancellation()
      if let value = loader.storedPhase.value { return value }
      // A load that started since the one awaited settled (an observer, an invalidation) is
      // joined too; otherwise the load left no value.
      guard loader.core.isLoadRunning else { break }
    }
    if loader.core.lastLoadWasCancelled { throw CancellationError() }
    throw loader.storedPhase.error ?? CancellationError()
  }

  /// Counts a prefetch of `entry`: an entry nobody observes stays ``StoreEntry/gcAfter`` from
  /// now. (``entry(for:observing:)`` counted it as a use.)
  private func warm(_ entry: StoreEntry) -> StoreEntry {
    if entry.observers == 0 { scheduleCollection(of: entry) }
    return entry
  }

  /// An observer of `entry` left.
  func release(_ entry: StoreEntry) {
    guard entry.observers > 0 else { return }
    entry.observers -= 1
    observerChanges &+= 1
    touch(entry)
    if entry.observers == 0 { stopPolling(entry) }
    guard entry.observers == 0, isLive(entry) else { return }
    scheduleCollection(of: entry)
    trimToLimit(keeping: nil)
  }

  // MARK: Entries

  /// The entry of `key`, created if there is none, and counted as used.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - observing: Whether an observer comes at once, so a new entry needs no collection.
  func entry<Key: LoaderKey>(for key: Key, observing: Bool = false) -> StoreEntry {
    entry(for: key, observing: observing) { gcAfter, lastUse in
      let loader = KeyLoader(
        key: key, clients: clients, settings: settings(retry: key.retry),
        staleness: staleness(of: key))
      // A persisted key shows its stored value at once, before anybody observes it.
      if let persistence { persistence.entryCreated(for: key, loader: loader) }
      return LoaderEntry(loader: loader, gcAfter: gcAfter, lastUse: lastUse)
    }
  }

  /// The entry of a paged `key`, created if there is none, and counted as used.
  func entry<Key: PagedLoaderKey>(for key: Key, observing: Bool = false) -> StoreEntry {
    let clients = clients
    return entry(for: key, observing: observing) { gcAfter, lastUse in
      let loader = makePagedLoader(for: key, clients: clients)
      if let persistence { persistence.entryCreated(for: key, loader: loader) }
      return PagedEntry(key: key, loader: loader, gcAfter: gcAfter, lastUse: lastUse)
    }
  }

  /// A new paged loader of `key`.
  private func makePagedLoader<Key: PagedLoaderKey>(
    for key: Key, clients: StoreClients
  ) -> PagedLoader<Key.Item, Key.Cursor> {
    let loader = PagedLoader<Key.Item, Key.Cursor>(
      clock: clock, retry: key.retry ?? retryPolicy, staleness: staleness(of: key),
      maxPages: key.maxPages
    ) { cursor in
      try await key.fetchPage(at: cursor, using: clients.resolve(Key.Client.self, for: Key.self))
    }
    // The store's clock, retry policy and network, as its other loaders share them (settings of
    // its own for a key with its own retry policy).
    loader.core.share(settings(retry: key.retry))
    return loader
  }

  /// The staleness of `key`'s loader: the key's ``StoreKey/staleness``, or the store's when it
  /// is `nil`.
  private func staleness(of key: some StoreKey) -> Staleness {
    key.staleness ?? staleness
  }

  /// The settings of a new loader: the store's, which its loaders share, unless the key has a
  /// retry policy of its own.
  private func settings(retry: RetryPolicy?) -> LoaderSettings {
    guard let retry else { return loaderSettings }
    return LoaderSettings(clock: clock, retryPolicy: retry, network: network)
  }

  /// The entry of `key`, created by `makeEntry` (given its `gcAfter` and last use) if there is
  /// none.
  private func entry<Key: StoreKey>(
    for key: Key, observing: Bool, makeEntry: (Duration, UInt64) -> StoreEntry
  ) -> StoreEntry {
    let table = keyTable(of: Key.self)
    if let entry = table.entries[key] {
      touch(entry)
      return entry
    }
    useCount &+= 1
    let entry = makeEntry(key.gcAfter ?? gcAfter, useCount)
    table.entries[key] = entry
    entryCount += 1
    count = entryCount
    if memoryWarnings == nil { memoryWarnings = MemoryWarnings(store: self) }
    // Nobody observes it: it is collected unless an observer comes.
    if !observing { scheduleCollection(of: entry) }
    trimToLimit(keeping: entry)
    return entry
  }

  /// The loader of `entry`, with its type.
  func loader<Key: LoaderKey>(of entry: StoreEntry, as _: Key.Type) -> AsyncLoader<Key.Value> {
    // Safe: the entry of a key of type `Key` was created by `entry(for:)` with an
    // `AsyncLoader<Key.Value>`, and each key type has a table of its own.
    unsafeDowncast(entry.loaderObject, to: AsyncLoader<Key.Value>.self)
  }

  /// The paged loader of `entry`, with its type.
  func pagedLoader<Key: PagedLoaderKey>(
    of entry: StoreEntry, as _: Key.Type
  ) -> PagedLoader<Key.Item, Key.Cursor> {
    // Safe: as for `loader(of:as:)`, the entry of a paged key of type `Key` holds a
    // `PagedLoader<Key.Item, Key.Cursor>`.
    unsafeDowncast(entry.loaderObject, to: PagedLoader<Key.Item, Key.Cursor>.self)
  }

  /// Whether `entry` is still the store's entry of its key (it was not evicted).
  func isLive(_ entry: StoreEntry) -> Bool {
    !entry.isEvicted
  }

  /// The live entries, in no order: a snapshot, which evictions while it is iterated leave as
  /// it is.
  var liveEntries: [StoreEntry] {
    var entries: [StoreEntry] = []
    entries.reserveCapacity(entryCount)
    forEachLiveEntry { entries.append($0) }
    return entries
  }

  /// Calls `body` with every live entry, in no order, without a snapshot: `body` must not add
  /// or evict entries.
  private func forEachLiveEntry(_ body: (StoreEntry) -> Void) {
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

  /// The live entry of `key`, if any: the lookup in its key type's table.
  private func typedLiveEntry<Key: StoreKey>(for key: Key) -> StoreEntry? {
    table(of: Key.self)?.entries[key]
  }

  /// The table of the key type `Key`, if the store has one.
  @inlinable
  func table<Key: StoreKey>(of _: Key.Type) -> KeyTable<Key>? {
    if let table = lastTable, table.keyType == ObjectIdentifier(Key.self) {
      // Safe: a table of `Key` is a `KeyTable<Key>`.
      return unsafeDowncast(table, to: KeyTable<Key>.self)
    }
    return findTable(ObjectIdentifier(Key.self)).map { unsafeDowncast($0, to: KeyTable<Key>.self) }
  }

  /// The table of the key type `keyType`, if the store has one, remembered for the next lookup.
  @usableFromInline
  func findTable(_ keyType: ObjectIdentifier) -> AnyKeyTable? {
    guard let table = tables[keyType] else { return nil }
    lastTable = table
    return table
  }

  /// The table of the key type `Key`, created if the store has none.
  private func keyTable<Key: StoreKey>(of _: Key.Type) -> KeyTable<Key> {
    if let table = table(of: Key.self) { return table }
    let table = KeyTable<Key>()
    tables[table.keyType] = table
    lastTable = table
    return table
  }

  /// Removes the entry of `key` from its table.
  func removeEntry<Key: StoreKey>(of key: Key) {
    table(of: Key.self)?.entries[key] = nil
  }

  /// The live entries that `isIncluded` selects.
  private func entries(where isIncluded: (StoreEntry) -> Bool) -> [StoreEntry] {
    liveEntries.filter(isIncluded)
  }

  /// Counts a use of `entry`, for the least-recently-used order.
  @inlinable
  func touch(_ entry: StoreEntry) {
    useCount &+= 1
    entry.lastUse = useCount
  }

  /// Removes `entry` and cancels its load.
  func evict(_ entry: StoreEntry) {
    guard !entry.isEvicted else { return }
    entry.isEvicted = true
    entry.remove(from: self)
    entryCount -= 1
    count = entryCount
    cancelCollection(of: entry)
    stopPolling(entry)
    entry.edits.removeAll()
    entry.loader.cancel()
    endSelections(of: entry)
  }

  /// Evicts the least recently used entries without observers, but `kept`, while the store
  /// holds more than ``maxEntries``.
  private func trimToLimit(keeping kept: StoreEntry?) {
    while entryCount > maxEntries {
      var victim: StoreEntry?
      forEachLiveEntry { entry in
        guard entry.observers == 0, entry !== kept else { return }
        if let oldest = victim, oldest.lastUse <= entry.lastUse { return }
        victim = entry
      }
      guard let victim else { return }  // every other entry is observed
      evict(victim)
    }
  }

  // MARK: Garbage collection

  /// Collects `entry` after its ``StoreEntry/gcAfter``, from now.
  private func scheduleCollection(of entry: StoreEntry) {
    let deadline = clock.now.advanced(by: entry.gcAfter)
    if entry.collectAt == nil { awaitingCollection += 1 }
    entry.collectAt = deadline
    if let collectionDeadline, collectionDeadline <= deadline { return }
    collect(at: deadline)
  }

  /// Keeps `entry`: an observer came.
  private func cancelCollection(of entry: StoreEntry) {
    guard entry.collectAt != nil else { return }
    entry.collectAt = nil
    awaitingCollection -= 1
    if awaitingCollection == 0 {
      collection?.cancel()
      collection = nil
      collectionDeadline = nil
    }
  }

  /// Wakes up at `deadline` to collect, replacing the wake-up that was planned.
  private func collect(at deadline: LoaderClock.Instant) {
    collection?.cancel()
    collectionDeadline = deadline
    collection = clock.wakeUp(at: deadline) { [weak self] in self?.collectGarbage() }
  }

  /// Evicts the entries whose time ran out, and plans the next collection.
  private func collectGarbage() {
    collection = nil
    collectionDeadline = nil
    let now = clock.now
    var next: LoaderClock.Instant?
    var expired: [StoreEntry] = []
    forEachLiveEntry { entry in
      guard let collectAt = entry.collectAt else { return }
      if collectAt <= now {
        expired.append(entry)
      } else if next.map({ collectAt < $0 }) ?? true {
        next = collectAt
      }
    }
    for entry in expired { evict(entry) }
    if let next { collect(at: next) }
  }

  // MARK: Invalidation

  /// Invalidates `key`: reloads it if it is observed or loading (superseding the running load),
  /// and otherwise marks its value stale, so that the next observer reloads it.
  ///
  /// ```swift
  /// try await api.rename(country, to: name)
  /// store.invalidate(CountryKey(code: country.code))
  /// ```
  ///
  /// - Parameter key: The key; nothing happens when the store has no entry for it (but a value
  ///   the store persisted for it is marked stale).
  public func invalidate(_ key: some StoreKey) {
    guard let entry = liveEntry(for: key) else {
      persistence?.invalidated(key)
      return
    }
    invalidate(entry)
  }

  /// Invalidates every key of type `type` that `isIncluded` selects, as ``invalidate(_:)`` does.
  ///
  /// ```swift
  /// store.invalidate(CountryKey.self) { $0.region == "Europe" }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the keys.
  ///   - isIncluded: Whether to invalidate a key.
  public func invalidate<Key: StoreKey>(_ type: Key.Type, where isIncluded: (Key) -> Bool) {
    for entry in entries(where: { ($0.key as? Key).map(isIncluded) ?? false }) {
      invalidate(entry)
    }
  }

  /// Invalidates every key that `isIncluded` selects, whatever its type, as ``invalidate(_:)``
  /// does.
  ///
  /// - Parameter isIncluded: Whether to invalidate a key.
  public func invalidate(where isIncluded: (any StoreKey) -> Bool) {
    for entry in entries(where: { isIncluded($0.key) }) { invalidate(entry) }
  }

  /// Invalidates every entry, as ``invalidate(_:)`` does.
  public func invalidateAll() {
    for entry in liveEntries { invalidate(entry) }
  }

  /// Marks the value stale and reloads the entry when it is observed or loading: a new load
  /// supersedes the running one, so the running one's response is dropped.
  private func invalidate(_ entry: StoreEntry) {
    let loader = entry.loader
    loader.isMarkedStale = true
    if let persistence { persistence.invalidated(entry.key) }
    guard entry.key.isEnabled else {
      // A disabled key loads nothing; a load app code started is cancelled, not superseded.
      if loader.isLoadRunning { loader.cancel() }
      return
    }
    if entry.observers > 0 || loader.isLoadRunning { loader.launch() }
  }

  // MARK: Cancellation

  /// Cancels the running load of `key`, as the loader's own `cancel()` does: the phase returns
  /// to where the load started (a first load to idle, a reload to the value it showed, a
  /// load-more to the list), and the callers that wait for the load resume. A cancelled load is
  /// never shown as an error. TanStack Query's `cancelQueries`.
  ///
  /// ```swift
  /// store.cancel(SearchKey(query: previousQuery))  // the user typed on
  /// ```
  ///
  /// Nothing else changes: the entry stays, and the next trigger (an observer that appears, a
  /// refetch event, an invalidation, pull-to-refresh) loads it again.
  ///
  /// - Parameter key: The key; nothing happens when the store has no entry for it, or no load
  ///   of it runs.
  public func cancel(_ key: some StoreKey) {
    guard let entry = liveEntry(for: key) else { return }
    cancelLoad(of: entry)
  }

  /// Cancels the running loads of every key of type `type` that `isIncluded` selects, as
  /// ``cancel(_:)`` does.
  ///
  /// ```swift
  /// store.cancel(CountryKey.self) { $0.code.hasPrefix("A") }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the keys.
  ///   - isIncluded: Whether to cancel a key's load.
  public func cancel<Key: StoreKey>(_ type: Key.Type, where isIncluded: (Key) -> Bool) {
    for entry in entries(where: { ($0.key as? Key).map(isIncluded) ?? false }) {
      cancelLoad(of: entry)
    }
  }

  /// Cancels the running loads of every key that `isIncluded` selects, whatever its type, as
  /// ``cancel(_:)`` does.
  ///
  /// ```swift
  /// store.cancel { $0 is CountryKey || $0 is CountryFeedKey }
  /// ```
  ///
  /// - Parameter isIncluded: Whether to cancel a key's load.
  public func cancel(where isIncluded: (any StoreKey) -> Bool) {
    for entry in entries(where: { isIncluded($0.key) }) { cancelLoad(of: entry) }
  }

  /// Cancels every running load of the store, as ``cancel(_:)`` does.
  ///
  /// ```swift
  /// store.cancelAll()  // switching accounts: no answer of the old one may land
  /// ```
  public func cancelAll() {
    for entry in liveEntries { cancelLoad(of: entry) }
  }

  /// Cancels the running load of `entry`; a loader that loads nothing is left as it is.
  private func cancelLoad(of entry: StoreEntry) {
    guard entry.loader.isLoadRunning else { return }
    entry.loader.cancel()
  }

  // MARK: Edits

  /// Shows `value` as the value of `key`, dated now, for every view of the key.
  ///
  /// A load of the key that runs is cancelled: its response was asked for before the edit and
  /// must not overwrite it. Called inside a ``Mutation``'s optimistic update, the edit is rolled
  /// back if the mutation fails or is cancelled; see ``Mutation`` for the rule.
  ///
  /// ```swift
  /// store.setValue(renamed, for: CountryKey(code: renamed.code))
  /// ```
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - key: The key; its entry is created if the store has none.
  public func setValue<Key: LoaderKey>(_ value: Key.Value, for key: Key) {
    let entry = entry(for: key)
    edit(entry, of: loader(of: entry, as: Key.self), to: value)
  }

  /// Shows `items` as the items of the paged `key`, dated now, for every view of the key, as
  /// ``setValue(_:for:)`` does for a value. The cursors stay: the next page loads after the
  /// edited items. Keep the number of items when the key sets ``PagedLoaderKey/maxPages``, so
  /// that the window's pages still add up.
  ///
  /// ```swift
  /// store.updateItems(for: CountryFeedKey(region: "Europe")) { items in
  ///   items[id: country.id]?.name = name
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - items: The new items.
  ///   - key: The key; its entry is created if the store has none.
  public func setItems<Key: PagedLoaderKey>(
    _ items: PagedLoader<Key.Item, Key.Cursor>.Items, for key: Key
  ) {
    let entry = entry(for: key)
    edit(entry, of: pagedLoader(of: entry, as: Key.self), to: items)
  }

  /// Changes the items the store holds for the paged `key` in place, as ``setItems(_:for:)``
  /// does, if there are items.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - update: Changes the items.
  /// - Returns: Whether there were items to change.
  @discardableResult
  public func updateItems<Key: PagedLoaderKey>(
    for key: Key, _ update: (inout PagedLoader<Key.Item, Key.Cursor>.Items) -> Void
  ) -> Bool {
    guard var items = items(for: key) else { return false }
    update(&items)
    setItems(items, for: key)
    return true
  }

  /// Edits the value of `entry`'s `loader`, and records the edit when a mutation applies its
  /// optimistic update.
  private func edit<Loader: StoreLoader>(
    _ entry: StoreEntry, of loader: Loader, to value: Loader.Phase.Value
  ) {
    // Whether the edits on record still describe the value: no value landed since the newest.
    let editsAreCurrent = loader.isValueEdited
    let previous = loader.edit(to: value, optimistic: recordedEdits != nil)
    guard recordedEdits != nil else {
      entry.edits.removeAll()  // a plain write is a new value, which no rollback undoes
      return
    }
    if !editsAreCurrent { entry.edits.removeAll() }
    editCount &+= 1
    entry.edits.append(PendingEdit(id: editCount) { loader.restore(previous) })
    recordedEdits?.append(EditReference(entry: entry, id: editCount))
    loader.isValueEdited = true
  }

  /// Changes the value the store holds for `key` in place, as ``setValue(_:for:)`` does, if
  /// there is a value.
  ///
  /// ```swift
  /// store.updateValue(for: CountriesKey()) { countries in
  ///   countries[id: country.id]?.name = name
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - update: Changes the value.
  /// - Returns: Whether there was a value to change.
  @discardableResult
  public func updateValue<Key: LoaderKey>(
    for key: Key, _ update: (inout Key.Value) -> Void
  ) -> Bool {
    guard var value = value(for: key) else { return false }
    update(&value)
    setValue(value, for: key)
    return true
  }

  /// Runs `body`, which edits values, and returns its edits, to roll back or commit later.
  func recordEdits(_ body: () -> Void) -> [EditReference] {
    let outer = recordedEdits
    recordedEdits = []
    body()
    let edits = recordedEdits ?? []
    recordedEdits = outer.map { $0 + edits }
    return edits
  }

  /// Rolls `edits` back, newest first, where no newer value has landed since.
  ///
  /// An edit on top of its entry's edits restores what the entry showed before it. An edit
  /// under a newer edit restores nothing: the newer edit, if it is rolled back in its turn,
  /// restores what this one found. An edit whose entry received a value since (a load landed,
  /// or a plain ``setValue(_:for:)``) or was evicted restores nothing.
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

  /// Keeps `edits`: their request succeeded, so they can no longer be rolled back.
  ///
  /// The older edits under a kept one go too: what they would restore lies under a value that
  /// stays, so rolling them back later restores nothing.
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
