#if canImport(Darwin)
import Dispatch
#endif

extension LoaderStore {
  // MARK: Removing

  /// Forgets the value of `key`: the entry goes when nobody observes it, its running load
  /// cancelled; an observed entry stays, forgets its value and loads again from nothing, as a
  /// new screen would. TanStack Query's `removeQueries` for one key.
  ///
  /// Use it when the data must not show again, not even while it revalidates: the item was
  /// deleted on the server, the user signed out.
  ///
  /// ```swift
  /// try await api.delete(country)
  /// store.remove(CountryKey(code: country.code))
  /// ```
  ///
  /// An observed entry is never evicted, so a screen that shows the key keeps its loader: it
  /// shows the first load (or, for a disabled key, its idle state) instead of the old value.
  ///
  /// - Parameter key: The key; nothing happens when the store has no entry for it (but a value
  ///   the store persisted for it goes).
  public func remove(_ key: some StoreKey) {
    persistence?.removed(key)
    guard let entry = liveEntry(for: key) else { return }
    forget(entry)
  }

  /// Forgets the values of every key that `isIncluded` selects, whatever its type, as
  /// ``remove(_:)`` does. TanStack Query's `removeQueries` with a filter.
  ///
  /// ```swift
  /// store.remove { ($0 as? CountryKey)?.region == "Europe" }
  /// ```
  ///
  /// - Parameter isIncluded: Whether to forget a key's value.
  public func remove(where isIncluded: (any StoreKey) -> Bool) {
    for entry in Array(liveEntries) where isIncluded(entry.key) {
      persistence?.removed(entry.key)
      forget(entry)
    }
  }

  /// Forgets every value of the store, as ``remove(_:)`` does: the entries nobody observes go,
  /// and the observed ones load again from nothing. TanStack Query's `clear`.
  ///
  /// ```swift
  /// store.removeAll()  // signed out: nothing of the old account may show
  /// ```
  public func removeAll() {
    persistence?.removedAll()  // every persisted value, of the keys held or not
    for entry in Array(liveEntries) { forget(entry) }
  }

  /// Evicts `entry` when nobody observes it; otherwise forgets its value and loads it again if
  /// its key is enabled.
  private func forget(_ entry: StoreEntry) {
    guard entry.observers > 0 else {
      evict(entry)
      return
    }
    entry.edits.removeAll()
    entry.loader.reset()
    if entry.key.isEnabled { entry.loader.startLoad() }
  }

  // MARK: Activity

  /// How many of the keys that `isIncluded` selects are loading now: a first load, a reload, a
  /// retry or its wait, a next or previous page. TanStack Query's `isFetching` and
  /// `useIsFetching`.
  ///
  /// It is observed: a view whose body reads it renders again when a load starts or ends, or
  /// when an entry comes or goes, so an app-wide activity indicator is one line.
  ///
  /// ```swift
  /// if store.loadingCount() > 0 { ProgressView() }
  /// let countries = store.loadingCount { $0 is CountryKey }
  /// ```
  ///
  /// - Parameter isIncluded: Whether to count a key; every key by default.
  /// - Returns: How many of the selected entries are loading.
  public func loadingCount(where isIncluded: (any StoreKey) -> Bool = { _ in true }) -> Int {
    _ = count  // observed: an entry that comes is counted on the next render
    var loading = 0
    for entry in liveEntries where isIncluded(entry.key) && entry.loader.phaseKind.isLoading {
      loading += 1
    }
    return loading
  }

  // MARK: Memory pressure

  /// Evicts every entry that nobody observes, cancelling its load: what the store does when the
  /// system warns of low memory. Observed entries stay, so no screen loses what it shows.
  ///
  /// - Returns: How many entries it evicted.
  @discardableResult
  package func evictUnobserved() -> Int {
    let unobserved = liveEntries.filter { $0.observers == 0 }
    for entry in unobserved { evict(entry) }
    return unobserved.count
  }
}

/// The system's low-memory warnings, which a ``LoaderStore`` listens to from its first entry on:
/// on each, the store evicts the entries nobody observes (``LoaderStore/evictUnobserved()``).
///
/// On Apple platforms it is a dispatch source of memory-pressure events, as Nuke's `ImageCache`
/// and swift-operation's `DispatchMemoryPressureSource` use; elsewhere it listens to nothing.
final class MemoryWarnings {
  #if canImport(Darwin)
  /// The source of the warnings; cancelled when the store goes away.
  private let source: any DispatchSourceMemoryPressure

  /// Listens to the warnings for `store`, which it holds weakly.
  @MainActor
  init(store: LoaderStore) {
    // https://developer.apple.com/documentation/dispatch/dispatchsource/makememorypressuresource(eventmask:queue:)
    // The warning and critical events, on the main queue, where the store lives.
    // https://developer.apple.com/documentation/dispatch/dispatchsource/memorypressureevent
    let source = DispatchSource.makeMemoryPressureSource(
      eventMask: [.warning, .critical], queue: .main)
    // https://developer.apple.com/documentation/dispatch/dispatchsourceprotocol/seteventhandler(qos:flags:handler:)
    // The store as a constant (a weak reference held by value), not a captured `weak var`.
    let target = WeakReference(store)
    source.setEventHandler {
      MainActor.assumeIsolated { _ = target.object?.evictUnobserved() }
    }
    // https://developer.apple.com/documentation/dispatch/dispatchobject/activate()
    source.activate()
    self.source = source
  }

  deinit {
    // https://developer.apple.com/documentation/dispatch/dispatchsourceprotocol/cancel()
    source.cancel()
  }
  #else
  /// Listens to nothing: the platform has no memory-pressure source.
  @MainActor
  init(store _: LoaderStore) {}
  #endif
}
