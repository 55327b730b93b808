/// When a ``LoaderStore``'s entries go: an unobserved entry after its `gcAfter`, and the least
/// recently used unobserved entries while the store holds more than `maxEntries`.
@MainActor @usableFromInline
final class EntryCollector {
  /// The counter that orders the entries' last uses.
  @exclusivity(unchecked) @usableFromInline var useCount: UInt64 = 0
  /// The one wake-up that collects, at ``deadline``.
  private var task: Task<Void, Never>?
  private var deadline: LoaderClock.Instant?
  /// How many entries wait to be collected.
  private var awaiting = 0

  nonisolated init() {}

  deinit {
    task?.cancel()
  }

  /// Counts a use of `entry`, for the least-recently-used order.
  @inlinable @inline(__always)
  func touch(_ entry: StoreEntry) {
    useCount &+= 1
    entry.lastUse = useCount
  }

  /// The next use, for a new entry.
  func nextUse() -> UInt64 {
    useCount &+= 1
    return useCount
  }

  /// Collects `entry` after its `gcAfter`, from now.
  func schedule(_ entry: StoreEntry, in store: LoaderStore) {
    let deadline = store.clock.now.advanced(by: entry.gcAfter(store.gcAfter))
    if entry.collectAt == nil { awaiting += 1 }
    entry.collectAt = deadline
    if let planned = self.deadline, planned <= deadline { return }
    wake(at: deadline, in: store)
  }

  /// Keeps `entry`: an observer came, or it was evicted.
  func cancel(_ entry: StoreEntry) {
    guard entry.collectAt != nil else { return }
    entry.collectAt = nil
    awaiting -= 1
    guard awaiting == 0 else { return }
    task?.cancel()
    task = nil
    deadline = nil
  }

  /// Wakes up at `deadline` to collect, replacing the wake-up that was planned.
  private func wake(at deadline: LoaderClock.Instant, in store: LoaderStore) {
    task?.cancel()
    self.deadline = deadline
    task = store.clock.wakeUp(at: deadline) { [weak self, weak store] in
      if let self, let store { self.collect(in: store) }
    }
  }

  /// Evicts the entries whose time ran out, and plans the next wake-up.
  private func collect(in store: LoaderStore) {
    task = nil
    deadline = nil
    let now = store.clock.now
    var next: LoaderClock.Instant?
    var expired: [StoreEntry] = []
    store.forEachLiveEntry { entry in
      guard let collectAt = entry.collectAt else { return }
      if collectAt <= now {
        expired.append(entry)
      } else if next.map({ collectAt < $0 }) ?? true {
        next = collectAt
      }
    }
    for entry in expired { store.evict(entry) }
    if let next { wake(at: next, in: store) }
  }

  /// Evicts the least recently used unobserved entries but `kept` while `store` holds more than
  /// its `maxEntries`.
  func trim(_ store: LoaderStore, keeping kept: StoreEntry?) {
    while store.entryCount > store.maxEntries {
      var victim: StoreEntry?
      store.forEachLiveEntry { entry in
        guard entry.observers == 0, entry !== kept else { return }
        if let oldest = victim, oldest.lastUse <= entry.lastUse { return }
        victim = entry
      }
      guard let victim else { return }  // every other entry is observed
      store.evict(victim)
    }
  }
}
