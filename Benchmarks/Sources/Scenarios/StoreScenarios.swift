public import AsyncContentCore
import Foundation
import Observation

// The keyed store (LoaderStore): a lookup among 10,000 live keys, the heap of a cached entry,
// the invalidation of observed entries and the eviction of unobserved ones. Every store here
// runs on a ``ManualClock``, so garbage collection happens when a scenario advances the clock
// and never on its own.

// MARK: Keys

/// A key of the store scenarios: an `Int` that fetches with the hopping operation.
public struct StoreKey: LoaderKey {
  public let id: Int

  public init(id: Int) {
    self.id = id
  }

  public func fetch(using _: Void) async throws -> Int {
    try await immediateOperation() &+ id
  }
}

/// Counts the fetches of each ``CountedKey`` by id, from any thread.
public final class FetchCounts: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [Int]

  /// Counts for the ids `0..<keys`.
  public init(keys: Int) {
    counts = Array(repeating: 0, count: keys)
  }

  /// Counts a fetch of `id`.
  public func record(_ id: Int) {
    lock.lock()
    counts[id] += 1
    lock.unlock()
  }

  /// The fetches of every id so far.
  public var snapshot: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return counts
  }
}

/// A key that counts its fetches in the store's ``FetchCounts``, its client.
public struct CountedKey: LoaderKey {
  public let id: Int

  public init(id: Int) {
    self.id = id
  }

  public func fetch(using counts: FetchCounts) async throws -> Int {
    counts.record(id)
    return try await immediateOperation() &+ id
  }
}

// MARK: A manual clock

/// A clock that moves only when ``advance(by:)`` is called, as swift-clocks' `TestClock` does:
/// a sleeper wakes when the clock is advanced to its deadline, or throws `CancellationError`
/// when its task is cancelled.
public final class ManualClock: Clock, @unchecked Sendable {
  public struct Instant: InstantProtocol, Hashable, Sendable {
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Sleeper] = []
  private var cancelled: Set<UInt64> = []
  private var nextID: UInt64 = 0
  /// The callers of ``waitForSleeper()`` that wait for a sleeper.
  private var sleeperWaiters: [UnsafeContinuation<Void, Never>] = []

  public init() {}

  public var now: Instant {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  public var minimumResolution: Duration { .zero }

  /// How many sleepers wait for the clock to advance.
  public var sleeperCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return sleepers.count
  }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = takeID()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        lock.lock()
        if cancelled.remove(id) != nil {
          lock.unlock()
          continuation.resume(throwing: CancellationError())
        } else if deadline <= current {
          lock.unlock()
          continuation.resume()
        } else {
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          let waiters = sleeperWaiters
          sleeperWaiters = []
          lock.unlock()
          for waiter in waiters { waiter.resume() }
        }
      }
    } onCancel: {
      lock.lock()
      if let index = sleepers.firstIndex(where: { $0.id == id }) {
        let sleeper = sleepers.remove(at: index)
        lock.unlock()
        sleeper.continuation.resume(throwing: CancellationError())
      } else {
        cancelled.insert(id)  // before it slept (or after it woke: then never read)
        lock.unlock()
      }
    }
  }

  /// Returns once a sleeper waits for the clock to advance: suspended, never polling, so a
  /// scenario's count of instructions does not depend on how threads were scheduled.
  public func waitForSleeper() async {
    await withUnsafeContinuation { (waiter: UnsafeContinuation<Void, Never>) in
      lock.lock()
      if sleepers.isEmpty {
        sleeperWaiters.append(waiter)
        lock.unlock()
      } else {
        lock.unlock()
        waiter.resume()
      }
    }
  }

  private func takeID() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    nextID &+= 1
    return nextID
  }

  /// Moves the clock on by `duration` and wakes the sleepers whose deadline it reached.
  public func advance(by duration: Duration) {
    lock.lock()
    current = current.advanced(by: duration)
    let now = current
    let due = sleepers.filter { $0.deadline <= now }
    sleepers.removeAll { $0.deadline <= now }
    lock.unlock()
    for sleeper in due { sleeper.continuation.resume() }
  }
}

// MARK: Lookups

/// A store on a ``ManualClock`` that holds `keys` entries (``StoreKey`` 0..<keys), none
/// observed, none loaded; room for all of them (`maxEntries`), and collected after a minute.
@MainActor
public func makeStore(keys: Int, clock: ManualClock = ManualClock()) -> LoaderStore {
  let store = LoaderStore(
    clock: clock, staleness: .never, gcAfter: .seconds(60), maxEntries: Swift.max(keys, 1))
  for id in 0..<keys { _ = store.loader(for: StoreKey(id: id)) }
  precondition(store.count == keys, "the store holds \(store.count) entries of \(keys)")
  return store
}

/// The address of `object`, for a checksum: no hashing, so a lookup's figure holds the lookup
/// alone, as the `[StoreKey: Int]` floor's sum of its values does.
@inline(__always)
func identity(_ object: AnyObject) -> Int {
  Int(bitPattern: UInt(bitPattern: ObjectIdentifier(object)))
}

/// `lookups` get-or-create lookups (`loader(for:)`) of keys the store holds, `0..<keys` in
/// turn: every lookup finds its entry. Returns a checksum of the loaders' addresses, so the
/// lookups are not optimised away.
@MainActor
public func lookUpKeys(_ store: LoaderStore, keys: Int, lookups: Int) -> Int {
  var checksum = 0
  var id = 0
  for _ in 0..<lookups {
    checksum &+= identity(store.loader(for: StoreKey(id: id)))
    id += 1
    if id == keys { id = 0 }
  }
  return checksum
}

/// What the floor of a lookup finds: one object per key, as the store holds a loader per key.
public final class DictionaryValue {
  public init() {}
}

/// The floor of ``lookUpKeys(_:keys:lookups:)``: a `Dictionary` keyed by the same concrete key
/// type, ``StoreKey`` `0..<keys`, each holding an object.
public func makeKeyDictionary(keys: Int) -> [StoreKey: DictionaryValue] {
  var dictionary: [StoreKey: DictionaryValue] = [:]
  for id in 0..<keys { dictionary[StoreKey(id: id)] = DictionaryValue() }
  return dictionary
}

/// `lookups` lookups in `dictionary` of keys it holds, `0..<keys` in turn, as
/// ``lookUpKeys(_:keys:lookups:)`` looks them up in a store: the floor of a store's lookup.
/// Returns a checksum of the values' identities, so the lookups are not optimised away.
public func lookUpKeys(_ dictionary: [StoreKey: DictionaryValue], keys: Int, lookups: Int) -> Int {
  var checksum = 0
  var id = 0
  for _ in 0..<lookups {
    checksum &+= identity(dictionary[StoreKey(id: id)]!)
    id += 1
    if id == keys { id = 0 }
  }
  return checksum
}

/// The floor of a lookup: a `Dictionary` keyed by the same concrete key type,
/// ``StoreKey`` `0..<keys`, each holding an `Int` (no object to retain).
public func makeIntDictionary(keys: Int) -> [StoreKey: Int] {
  var dictionary: [StoreKey: Int] = [:]
  for id in 0..<keys { dictionary[StoreKey(id: id)] = id }
  return dictionary
}

/// `lookups` lookups in `dictionary` of keys it holds, `0..<keys` in turn, as
/// ``lookUpKeys(_:keys:lookups:)`` looks them up in a store. Returns a checksum of the values.
public func lookUpKeys(_ dictionary: [StoreKey: Int], keys: Int, lookups: Int) -> Int {
  var checksum = 0
  var id = 0
  for _ in 0..<lookups {
    checksum &+= dictionary[StoreKey(id: id)]!
    id += 1
    if id == keys { id = 0 }
  }
  return checksum
}

/// A store of `keys` entries (``makeStore(keys:clock:)``), each loaded once: every entry holds
/// a loaded value, an `Int`. Nothing reads a phase, so no loader makes its registrar.
@MainActor
public func makeLoadedStore(keys: Int) async -> LoaderStore {
  let store = makeStore(keys: keys)
  for id in 0..<keys { await store.loader(for: StoreKey(id: id)).load() }
  return store
}

/// A store of `keys` entries loaded by the store itself, as a screen's observation loads them:
/// `prefetch(_:)` of each key, then yields until the loads have landed (no caller waits on a
/// loader, so no loader keeps a waiter's buffer). ``checkLoaded(_:keys:)`` checks them after.
@MainActor
public func makePrefetchedStore(keys: Int) async -> LoaderStore {
  let store = makeStore(keys: keys)
  for id in 0..<keys { store.prefetch(StoreKey(id: id)) }
  for _ in 0..<Swift.max(10_000, keys) { await Task.yield() }
  return store
}

/// Checks that every entry of ``makeLoadedStore(keys:)`` holds its value (reading the phases,
/// which makes their registrars: after the measurement).
@MainActor
public func checkLoaded(_ store: LoaderStore, keys: Int) {
  for id in 0..<keys {
    guard case .loaded = store.loader(for: StoreKey(id: id)).phase else {
      preconditionFailure("entry \(id) did not load")
    }
  }
}

// MARK: Invalidation

/// What ``invalidateObserved(_:)`` counted.
public struct InvalidationOutcome: Sendable, Equatable {
  /// The observed entries invalidated.
  public var entries: Int
  /// The fetches that the invalidation ran, over all entries.
  public var reloads: Int
  /// The entries whose key was fetched exactly once by the invalidation.
  public var entriesReloadedOnce: Int
  /// The observation notifications of the loaders' phase and failure count, over all entries.
  public var notifications: Int
}

/// `count` observed entries, loaded, then `invalidateAll()`: every entry reloads once, its
/// value on screen (loaded → reloading → loaded). Returns the counts and the store, which the
/// caller keeps so that the measurement does not include its deallocation.
@MainActor
public func invalidateObserved(_ count: Int) async -> (InvalidationOutcome, LoaderStore) {
  let counts = FetchCounts(keys: count)
  let store = LoaderStore(
    clock: ManualClock(), staleness: .never, gcAfter: .seconds(60), maxEntries: Swift.max(count, 1),
    clients: counts)
  let subscriptions = (0..<count).map { store.observe(CountedKey(id: $0)) }
  for subscription in subscriptions { await subscription.loader.load() }
  let before = counts.snapshot
  precondition(before.allSatisfy { $0 == 1 }, "the first loads did not fetch once per key")
  let counters = subscriptions.map { NotificationCounter($0.loader) }

  store.invalidateAll()
  for subscription in subscriptions { await subscription.loader.load() }

  let after = counts.snapshot
  var outcome = InvalidationOutcome(
    entries: count, reloads: 0, entriesReloadedOnce: 0, notifications: 0)
  for id in 0..<count {
    outcome.reloads += after[id] - before[id]
    outcome.entriesReloadedOnce += after[id] - before[id] == 1 ? 1 : 0
  }
  outcome.notifications = counters.reduce(0) { $0 + $1.count }
  withExtendedLifetime(subscriptions) {}
  return (outcome, store)
}

// MARK: Eviction

/// A store of `count` unobserved entries (``makeStore(keys:clock:)``) whose collection waits on
/// `clock`: it returns once the store's collection task sleeps until the entries' deadline.
@MainActor
public func makeStoreAwaitingCollection(_ count: Int, clock: ManualClock) async -> LoaderStore {
  let store = makeStore(keys: count, clock: clock)
  if count > 0 { await clock.waitForSleeper() }
  return store
}

/// Advances `clock` past the store's `gcAfter` and waits until the collection has evicted every
/// entry. Returns how many it evicted.
///
/// It waits without polling: the first eviction changes the store's observed `count`, which
/// resumes this task, and the main actor runs it once the collection (one job on the main
/// actor, which evicts every expired entry) has finished.
@MainActor
public func evictAfterGCTime(_ store: LoaderStore, clock: ManualClock) async -> Int {
  let count = store.count
  guard count > 0 else { return 0 }
  await withUnsafeContinuation { (evicting: UnsafeContinuation<Void, Never>) in
    withObservationTracking {
      _ = store.count
    } onChange: {
      evicting.resume()
    }
    clock.advance(by: .seconds(61))
  }
  precondition(store.count == 0, "the collection left \(store.count) of \(count) entries")
  return count
}
