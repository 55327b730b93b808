#if Persistence
public import AsyncContentCore
import Foundation
import GRDB

extension LoaderStore {
  /// Keeps the values of this store's persisted keys (``PersistentKey``, ``PersistentPagedKey``)
  /// in `cache`, across launches.
  ///
  /// Call it once, right after making the store and before the first screen asks for a key: an
  /// entry the store made before restores nothing.
  ///
  /// ```swift
  /// let store = LoaderStore(clients: LiveCountriesAPI())
  /// store.persist(in: PersistentCache())
  /// ```
  ///
  /// From then on:
  /// - a new entry of a persisted key shows its stored value at once, dated by its age and
  ///   stale, and its first observer revalidates it (with the store's default staleness);
  ///   `value(for:)`, `updateValue(for:_:)`, `setValue(_:for:)` and `items(for:)` find it too,
  ///   so an edit after a relaunch applies to it;
  /// - each new value of a persisted key (a load, an edit, a rollback) is written after the
  ///   cache's ``PersistentCache/writeDelay`` on the store's clock, coalesced per key, and at
  ///   once when every scene goes to the background (`.refetchesOnActivation()` reports it),
  ///   inside a background task on iOS (`beginBackgroundTask`), which ends when the write is
  ///   done or the time runs out; for an app group's files, the databases are suspended after
  ///   that write and resumed when a scene is active again (GRDB's "Sharing a Database");
  /// - ``LoaderStore/invalidate(_:)`` marks the stored value stale; ``LoaderStore/remove(_:)``
  ///   and ``LoaderStore/reset(_:)`` delete it; ``LoaderStore/removeAll()`` deletes every stored
  ///   value. They reach the disk with the next write.
  ///
  /// Keys that adopt neither protocol are never written. Secrets do not belong in a persisted
  /// key's value: keep them in the Keychain. The runs of the store's queueing mutations go to
  /// the cache's outbox (``resumeQueuedMutations(_:)``); at sign-out, ``endScope(queuedRuns:)``
  /// ends the cache's scope.
  ///
  /// - Parameter cache: The cache; several stores may share one.
  public func persist(in cache: PersistentCache) {
    persistence = StorePersister(cache: cache, clock: clock)
  }

  /// The cache attached with ``persist(in:)``, if any.
  package var persistentCache: PersistentCache? {
    (persistence as? StorePersister)?.cache
  }

  /// Where the attached cache asks for background time: the tests' fake.
  package func setBackgroundTime(_ time: (any BackgroundTime)?) {
    (persistence as? StorePersister)?.backgroundTime = time
  }
}

/// A ``PersistentCache`` attached to one store: restores the rows of the entries the store
/// creates, stages their new values, and schedules the cache's writes on the store's clock.
@MainActor
final class StorePersister: StorePersistence {
  let cache: PersistentCache
  /// The store's clock, which the writes wait on.
  private let clock: LoaderClock
  /// The scheduled write; `nil` when none is scheduled.
  private var scheduledWrite: Task<Void, Never>?
  /// The rows that `storedValue(for:)` found absent, so that a key read on every render with no
  /// entry does not read the database each time; a staged value clears it.
  private var knownAbsent: Set<String> = []
  /// Whether its scope ended (`LoaderStore.endScope(queuedRuns:)`): the outbox is left as it is.
  var isEnded = false
  /// Where the background write asks for time: UIKit's background tasks on iOS.
  var backgroundTime: (any BackgroundTime)? = BackgroundTimeDefault.make()

  init(cache: PersistentCache, clock: LoaderClock) {
    self.cache = cache
    self.clock = clock
  }

  // MARK: Entries

  func entryCreated<Key: LoaderKey>(
    for key: Key, loader: AsyncLoader<Key.Value>, stored: StoredValue?
  ) {
    guard let key = key as? any PersistentKey else { return }
    attach(key, loader: loader, stored: stored)
  }

  func entryCreated<Key: PagedLoaderKey>(
    for key: Key, loader: PagedLoader<Key.Item, Key.Cursor>, stored: StoredValue?
  ) {
    guard let key = key as? any PersistentPagedKey else { return }
    attachPaged(key, loader: loader, stored: stored)
  }

  /// Restores the row of `key` into `loader`, and stages the loader's new values.
  private func attach<Key: PersistentKey>(_ key: Key, loader: AnyObject, stored: StoredValue?) {
    // Safe: `key` is the key the store made `loader` for, so its `Value` is the loader's.
    let loader = unsafeDowncast(loader, to: AsyncLoader<Key.Value>.self)
    let id = key.persistenceID
    let version = Key.persistenceVersion
    let lookup = Self.lookup(stored) ?? cache.lookup(id)
    if let restored = restore(
      lookup, id: id, as: Key.Value.self, version: version, maxAge: key.maxAge)
    {
      loader.landRestored(
        restored.value, age: restored.age, savedDate: restored.savedDate,
        isStale: restored.isInvalidated)
    }
    loader.watchValues { [weak self] value, age, isStale in
      self?.stage(value, for: id, version: version, age: age, isInvalidated: isStale)
    }
  }

  /// Restores the row of the paged `key` into `loader`, and stages the list's new states.
  private func attachPaged<Key: PersistentPagedKey>(
    _ key: Key, loader: AnyObject, stored: StoredValue?
  ) {
    // Safe: as in `attach(_:loader:stored:)`.
    let loader = unsafeDowncast(loader, to: PagedLoader<Key.Item, Key.Cursor>.self)
    let id = key.persistenceID
    let version = Key.persistenceVersion
    let lookup = Self.lookup(stored) ?? cache.lookup(id)
    if let restored = restore(
      lookup, id: id, as: StoredList<Key.Item, Key.Cursor>.self, version: version,
      maxAge: key.maxAge)
    {
      loader.landRestored(
        restored.value.snapshot, age: restored.age, savedDate: restored.savedDate,
        isStale: restored.isInvalidated)
    }
    loader.watchValues { [weak self] snapshot, age, isStale in
      self?.stage(StoredList(snapshot), for: id, version: version, age: age, isInvalidated: isStale)
    }
  }

  /// A value restored from the cache.
  struct Restored<Value> {
    var value: Value
    var age: Duration
    var savedDate: Date
    var isInvalidated: Bool
  }

  /// The lookup `storedValue(for:)` handed the store, which hands it back.
  private static func lookup(_ stored: StoredValue?) -> PersistentCache.Lookup? {
    stored.map { $0.found as! PersistentCache.Lookup }  // only this type makes them
  }

  /// The value of the row `id` that `lookup` found, if it is of `version`, younger than `maxAge`
  /// (or the cache's) and decodes; a row that is not is dropped and reported.
  private func restore<Value: Decodable>(
    _ lookup: PersistentCache.Lookup, id: String, as _: Value.Type, version: Int,
    maxAge: Duration?
  ) -> Restored<Value>? {
    let limit = maxAge ?? cache.maxAge
    switch lookup {
    case .none:
      return nil
    case .memory(let write):
      guard let value = write.value as? Value else { return nil }
      let age = age(since: write.savedDate)
      if age > limit { return nil }
      return Restored(
        value: value, age: age, savedDate: write.savedDate, isInvalidated: write.isInvalidated)
    case .row(let storedVersion, let data, let savedDate, let isInvalidated):
      guard storedVersion == version else {
        drop(id, .otherVersion(stored: storedVersion, current: version))
        return nil
      }
      let age = age(since: savedDate)
      if age > limit {
        drop(id, .tooOld(age: age))
        return nil
      }
      do {
        let value = try JSONDecoder().decode(Value.self, from: data)
        return Restored(value: value, age: age, savedDate: savedDate, isInvalidated: isInvalidated)
      } catch {
        drop(id, .undecodable("\(error)"))
        return nil
      }
    }
  }

  /// How long ago `date` was on the cache's wall clock; never negative.
  private func age(since date: Date) -> Duration {
    .seconds(max(0, cache.now().timeIntervalSince(date)))
  }

  /// Deletes the row `id` (with the next write) and reports why.
  private func drop(_ id: String, _ reason: PersistenceDiagnostic.DropReason) {
    cache.report(.droppedRow(id: id, reason: reason))
    cache.stage(.delete, for: id)
    scheduleWrite()
  }

  func storedValue(for key: some StoreKey) -> StoredValue? {
    guard let key = key as? any PersistentStoreKey else { return nil }
    let id = key.persistenceID
    guard !knownAbsent.contains(id) else { return nil }
    let lookup = cache.lookup(id)
    if case .none = lookup {
      knownAbsent.insert(id)
      return nil
    }
    return StoredValue(lookup)
  }

  // MARK: Changes

  /// Stages a new value of the row `id`, `age` old on the store's clock, and schedules a write.
  /// Its saved date is the cache's wall clock less its age, so that both clocks of a test agree.
  private func stage<Value: Encodable & Sendable>(
    _ value: Value, for id: String, version: Int, age: Duration, isInvalidated: Bool
  ) {
    knownAbsent.remove(id)
    let savedDate = cache.now().addingTimeInterval(-age.timeInterval)
    cache.stage(
      value, for: id, version: version, savedDate: savedDate, isInvalidated: isInvalidated)
    scheduleWrite()
  }

  func invalidated(_ key: any StoreKey) {
    guard let key = key as? any PersistentStoreKey else { return }
    cache.stage(.invalidate, for: key.persistenceID)
    scheduleWrite()
  }

  func removed(_ key: any StoreKey) {
    guard let key = key as? any PersistentStoreKey else { return }
    cache.stage(.delete, for: key.persistenceID)
    scheduleWrite()
  }

  func removedAll() {
    knownAbsent.removeAll()
    cache.stageRemoveAll()
    scheduleWrite()
  }

  func wentToBackground() {
    scheduledWrite?.cancel()
    scheduledWrite = nil
    BackgroundWrite(cache: cache, time: backgroundTime).start()
  }

  func becameActive() {
    // GRDB's "Sharing a Database": resume the databases suspended after the background write.
    if cache.isShared {
      NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
    }
  }

  /// Writes the staged changes after the cache's write delay on the store's clock, unless a
  /// write is scheduled already: the changes until then join it.
  private func scheduleWrite() {
    guard scheduledWrite == nil else { return }
    let cache = cache
    scheduledWrite = clock.wakeUp(after: cache.writeDelay) { [weak self] in
      self?.scheduledWrite = nil
      Task { await cache.flush() }
    }
  }
}

/// What the cache stores of a paged list: its items and cursors, as JSON.
struct StoredList<Item: Codable & Sendable, Cursor: Codable & Sendable>: Codable, Sendable {
  /// A cursor beyond one end: `cursor` is `nil` for a first page a window dropped.
  struct End: Codable, Sendable {
    var cursor: Cursor?
  }

  var items: [Item]
  /// The next page; `nil` at the end.
  var next: End?
  /// The previous page; `nil` at the start.
  var previous: End?
  var pagesBackward: Bool

  init(_ snapshot: PagedListSnapshot<Item, Cursor>) {
    items = snapshot.items
    next = snapshot.nextCursor.map { End(cursor: $0) }
    previous = snapshot.previousCursor.map { End(cursor: $0) }
    pagesBackward = snapshot.pagesBackward
  }

  var snapshot: PagedListSnapshot<Item, Cursor> {
    PagedListSnapshot(
      items: items, nextCursor: next.map { $0.cursor }, previousCursor: previous.map { $0.cursor },
      pagesBackward: pagesBackward)
  }
}

/// The app's background time, as the write when the app goes to the background asks for it:
/// UIKit's background tasks on iOS (`UIKitBackgroundTime`); a test's fake.
@MainActor
package protocol BackgroundTime: AnyObject {
  /// Asks for time to finish the task `name`; `expired` runs on the main actor if the time runs
  /// out first. Returns the task's token, or `nil` when no time is granted.
  func begin(_ name: String, expired: @escaping @MainActor () -> Void) -> Int?
  /// Ends the task `token`: the app may be suspended.
  func end(_ token: Int)
}

/// The write when the app goes to the background: inside a background task, which ends once
/// the write is done or its time runs out; a shared file's databases are suspended then.
@MainActor
final class BackgroundWrite {
  let cache: PersistentCache
  let time: (any BackgroundTime)?
  private var token: Int?
  private var isDone = false

  init(cache: PersistentCache, time: (any BackgroundTime)?) {
    self.cache = cache
    self.time = time
  }

  /// Asks for the time, and writes.
  func start() {
    let token = time?.begin("AsyncContent: write the cache") { [self] in
      self.cache.report(.backgroundTimeExpired)
      self.finish()
    }
    if isDone {
      if let token { time?.end(token) }  // expired before `begin` returned
      return
    }
    self.token = token
    Task { [self] in
      await self.cache.flush()
      self.finish()
    }
  }

  /// Once: suspends a shared file's databases (an interrupted write rolls back, and its rows
  /// stay in memory), then ends the background task.
  private func finish() {
    guard !isDone else { return }
    isDone = true
    if cache.isShared {
      // GRDB's "Sharing a Database": a suspended database takes no lock, so iOS does not kill
      // the suspended app (0xDEAD10CC) for holding one on a shared file.
      NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
    }
    if let token { time?.end(token) }
  }
}
#endif
