extension LoaderStore {
  /// Forgets the value of `key`, for data that must not show again (deleted on the server, a
  /// sign-out): an unobserved entry goes, its load cancelled; an observed one loads from nothing.
  ///
  /// ```swift
  /// try await api.delete(country)
  /// store.remove(CountryKey(code: country.code))
  /// ```
  ///
  /// - Parameter key: The key; nothing happens when the store has no entry for it (but a value
  ///   the store persisted for it goes).
  public func remove(_ key: some StoreKey) {
    persistence?.removed(key)
    guard let entry = liveEntry(for: key) else { return }
    forget(entry)
  }

  /// Forgets the values of every key that `isIncluded` selects, whatever its type, as
  /// ``remove(_:)`` does.
  ///
  /// - Parameter isIncluded: Whether to forget a key's value.
  public func remove(where isIncluded: (any StoreKey) -> Bool) {
    for entry in Array(liveEntries) where isIncluded(entry.key) {
      persistence?.removed(entry.key)
      forget(entry)
    }
  }

  /// Forgets every value of the store, as ``remove(_:)`` does: the entries nobody observes go,
  /// and the observed ones load again from nothing.
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
    journal.drop(entry)
    entry.loader.reset()
    if entry.key.isEnabled { entry.loader.startLoad() }
  }
}
