extension LoaderStore {
  /// How many of the keys that `isIncluded` selects are loading now: a first load, a reload, a
  /// retry or its wait, a next or previous page. It is observed, for an app-wide activity
  /// indicator.
  ///
  /// ```swift
  /// if store.loadingCount() > 0 { ProgressView() }
  /// let countries = store.loadingCount { $0 is CountryKey }
  /// ```
  ///
  /// - Parameter isIncluded: Whether to count a key; every key by default.
  public func loadingCount(where isIncluded: (any StoreKey) -> Bool = { _ in true }) -> Int {
    _ = count  // observed: an entry that comes is counted on the next render
    var loading = 0
    for entry in liveEntries where isIncluded(entry.key) && entry.loader.phaseKind.isLoading {
      loading += 1
    }
    return loading
  }
}
