/// One live entry of a ``LoaderStore``, as its inspector shows it.
package struct StoreEntrySnapshot: Identifiable, Sendable {
  /// The entry's key, which ``LoaderStore/invalidate(_:)`` and ``LoaderStore/reset(_:)`` take
  /// as they take any key.
  package let key: any StoreKey
  /// The key as text, as `String(describing:)` writes it; it orders the inspector's rows.
  package let id: String
  package let kind: PhaseKind
  /// How old the value is; `nil` when there is none.
  package let age: Duration?
  /// Whether the next observer that appears reloads the value.
  package let isStale: Bool
  /// How many observers the entry has; an observed entry is never evicted.
  package let observers: Int
  /// How many attempts failed since the last success.
  package let failureCount: Int
  /// Whether the entry's load waits for the network.
  package var isWaitingForNetwork = false
}

extension LoaderStore {
  /// The live entries, ordered by key, as the inspector lists them; reading it tracks every
  /// entry's phase and the store's entries and observers. Ages are measured at the call.
  package func snapshot() -> [StoreEntrySnapshot] {
    _ = count
    _ = observerChanges
    let now = clock.now
    return liveEntries.map { entry in
      let loader = entry.loader
      return StoreEntrySnapshot(
        key: entry.key,
        id: String(describing: entry.key),
        kind: loader.phaseKind,
        age: loader.loadedAt.map { $0.duration(to: now) },
        isStale: loader.isStale,
        observers: entry.observers,
        failureCount: loader.failureCount,
        isWaitingForNetwork: loader.isWaitingForNetwork)
    }
    .sorted { $0.id < $1.id }
  }

  /// Cancels the load of `key`'s entry and forgets its value, then loads again if the entry is
  /// observed and its key enabled: the inspector's Reset, which shows the key's first load as a
  /// new screen sees it. A disabled key (``StoreKey/isEnabled``) stays idle, as a new screen
  /// shows it.
  ///
  /// - Parameter key: The key; an `any StoreKey` opens.
  public func reset(_ key: some StoreKey) {
    persistence?.removed(key)  // a persisted value would show again after a relaunch
    guard let entry = liveEntry(for: key) else { return }
    journal.drop(entry)
    entry.loader.reset()
    if entry.observers > 0, entry.key.isEnabled { entry.loader.startLoad() }
  }
}
