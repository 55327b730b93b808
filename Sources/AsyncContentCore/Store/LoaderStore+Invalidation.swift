extension LoaderStore {
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
}
