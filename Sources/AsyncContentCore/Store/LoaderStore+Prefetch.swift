extension LoaderStore {
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
    warm(entry(for: key)).loader.startRevalidation()
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
    warm(entry(for: key)).loader.startRevalidation()
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
    loader.startRevalidation()  // nothing is current without a value: starts, or joins
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

  /// Counts a prefetch of `entry`: an entry nobody observes stays its `gcAfter` from now.
  private func warm(_ entry: StoreEntry) -> StoreEntry {
    if entry.observers == 0 { collector.schedule(entry, in: self) }
    return entry
  }
}
