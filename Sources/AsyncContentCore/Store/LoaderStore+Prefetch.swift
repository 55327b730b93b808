extension LoaderStore {
  /// Warms `key` before a screen shows it, without waiting: loads it if it has nothing current,
  /// and joins a load that runs, so the screen that observes it next sends no second request.
  ///
  /// ```swift
  /// CountryRow(country)
  ///   .onAppear { store.prefetch(CountryDetailKey(code: country.code)) }
  /// ```
  ///
  /// An unobserved entry stays its `gcAfter` from the prefetch; a running load is never superseded.
  public func prefetch<Key: LoaderKey>(_ key: Key) {
    warm(entry(for: key)).loader.launchUnlessRunning()
  }

  /// Warms the paged list of `key` before a screen shows it, as `prefetch(_:)` does for a
  /// value: loads its first page if it has nothing current, and joins any load that runs.
  public func prefetch<Key: PagedLoaderKey>(_ key: Key) {
    warm(entry(for: key)).loader.launchUnlessRunning()
  }

  /// The value of `key`: the one the store holds, at once, even when stale, or the one a load
  /// brings; for code that needs the value itself, such as a deep link.
  ///
  /// ```swift
  /// let country = try await store.ensureValue(for: CountryKey(code: code))
  /// path.append(country)
  /// ```
  ///
  /// Without a value it loads (joining a running load, and any load that replaces it) and returns
  /// what lands. Cancelling the caller throws `CancellationError` at once; the load goes on.
  ///
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

  /// Counts a prefetch of `entry`: an entry nobody observes stays its `gcAfter` from now.
  private func warm(_ entry: StoreEntry) -> StoreEntry {
    if entry.observers == 0 { collector.schedule(entry, in: self) }
    return entry
  }
}
