extension LoaderStore {
  /// Cancels the running load of `key`, as the loader's own `cancel()` does: the phase returns
  /// to where the load started, and the callers that wait resume. It never shows as an error.
  ///
  /// ```swift
  /// store.cancel(SearchKey(query: previousQuery))  // the user typed on
  /// ```
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
  /// - Parameter isIncluded: Whether to cancel a key's load.
  public func cancel(where isIncluded: (any StoreKey) -> Bool) {
    for entry in entries(where: { isIncluded($0.key) }) { cancelLoad(of: entry) }
  }

  /// Cancels every running load of the store, as ``cancel(_:)`` does.
  public func cancelAll() {
    for entry in liveEntries { cancelLoad(of: entry) }
  }

  /// Cancels the running load of `entry`; a loader that loads nothing is left as it is.
  private func cancelLoad(of entry: StoreEntry) {
    guard entry.loader.isLoadRunning else { return }
    entry.loader.cancel()
  }
}
