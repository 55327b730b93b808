/// One live entry of a ``LoaderStore``, as its inspector shows it.
public struct StoreEntrySnapshot: Identifiable, Sendable {
  /// The entry's key, which ``LoaderStore/invalidate(_:)`` and ``LoaderStore/reset(_:)`` take
  /// as they take any key.
  public let key: any StoreKey
  /// The key as text, as `String(describing:)` writes it; it orders the inspector's rows.
  public let id: String
  /// The phase's kind.
  public let kind: PhaseKind
  /// How old the value is; `nil` when there is none.
  public let age: Duration?
  /// Whether the next observer that appears reloads the value.
  public let isStale: Bool
  /// How many observers the entry has; an observed entry is never evicted.
  public let observers: Int
  /// How many attempts failed since the last success.
  public let failureCount: Int
}

extension LoaderStore {
  /// The live entries, ordered by key: what ``LoaderStore``'s inspector lists.
  ///
  /// Reading it inside an observation tracks every entry's phase and the store's entries and
  /// observers, so an inspector renders again when any of them changes. Ages are measured at the
  /// call, on the store's ``clock``.
  ///
  /// ```swift
  /// for entry in store.snapshot() {
  ///   print(entry.id, entry.kind, entry.observers)
  /// }
  /// ```
  public func snapshot() -> [StoreEntrySnapshot] {
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
        failureCount: loader.failureCount)
    }
    .sorted { $0.id < $1.id }
  }

  /// Cancels the load of `key`'s entry and forgets its value, then loads again if the entry is
  /// observed: the inspector's Reset, which shows the key's first load as a new screen sees it.
  ///
  /// ```swift
  /// for entry in store.snapshot() where entry.failureCount > 0 {
  ///   store.reset(entry.key)
  /// }
  /// ```
  ///
  /// - Parameter key: The key; an `any StoreKey`, as ``StoreEntrySnapshot/key`` gives it, opens.
  public func reset(_ key: some StoreKey) {
    guard let entry = liveEntry(for: key) else { return }
    entry.edits.removeAll()
    entry.loader.reset()
    if entry.observers > 0 { entry.loader.startLoad() }
  }
}
