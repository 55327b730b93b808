public import AsyncContentCore
import Foundation

// Polling (StoreKey.refetchInterval): many observed keys of one interval, and how many times the
// store wakes up to poll them. The store runs on a ``CountingClock``, which counts the sleeps on
// it that ended: the store's wake-ups, since nothing else in these scenarios sleeps (no retry,
// no collection of observed entries).

/// A key that polls every ten seconds and counts its fetches in the store's ``FetchCounts``.
public struct PollingKey: LoaderKey {
  public let id: Int

  public init(id: Int) {
    self.id = id
  }

  public var refetchInterval: Duration? { .seconds(10) }

  public func fetch(using counts: FetchCounts) async throws -> Int {
    counts.record(id)
    return try await immediateOperation() &+ id
  }
}

/// A ``ManualClock`` that counts the sleeps that reached their deadline, from any thread: the
/// wake-ups of whatever sleeps on it. A sleep cancelled before its deadline is not counted.
public final class CountingClock: Clock, @unchecked Sendable {
  // @unchecked Sendable: `base` is Sendable, and `woken` is read and written under `lock` only.
  public typealias Instant = ManualClock.Instant

  /// The clock that moves.
  public let base = ManualClock()
  private let lock = NSLock()
  private var woken = 0

  public init() {}

  public var now: Instant { base.now }
  public var minimumResolution: Duration { base.minimumResolution }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
    countWakeUp()
  }

  /// Counts a sleep that reached its deadline.
  private func countWakeUp() {
    lock.lock()
    woken += 1
    lock.unlock()
  }

  /// How many sleeps reached their deadline so far.
  public var wakeUps: Int {
    lock.lock()
    defer { lock.unlock() }
    return woken
  }
}

/// What ``pollObserved(_:intervals:)`` counted.
public struct PollingOutcome: Sendable, Equatable {
  /// The observed keys that poll.
  public var keys: Int
  /// The intervals the clock moved across.
  public var intervals: Int
  /// The store's wake-ups over those intervals.
  public var wakeUps: Int
  /// The keys fetched exactly once per interval (and once when observed).
  public var keysPolledOncePerInterval: Int
}

/// `count` observed keys that poll every ten seconds, loaded at the start; then the clock moves
/// across `intervals` intervals, one at a time, and each time the scenario waits until the
/// store's wake-up has polled and the polls have landed. Returns the counts and the store, which
/// the caller keeps so that the measurement does not include its deallocation.
///
/// It waits without polling: after a wake-up the store sleeps until the next tick, which
/// ``ManualClock/waitForSleeper()`` waits for, and `load()` joins a poll that runs.
@MainActor
public func pollObserved(_ count: Int, intervals: Int) async -> (PollingOutcome, LoaderStore) {
  let clock = CountingClock()
  let counts = FetchCounts(keys: count)
  let store = LoaderStore(
    clock: clock, staleness: .never, gcAfter: .seconds(60), maxEntries: Swift.max(count, 1),
    clients: counts)
  let subscriptions = (0..<count).map { store.observe(PollingKey(id: $0)) }
  for subscription in subscriptions { await subscription.loader.load() }
  if count > 0 { await clock.base.waitForSleeper() }  // the store sleeps until the first tick
  let before = clock.wakeUps
  for _ in 0..<intervals {
    clock.base.advance(by: .seconds(10))
    if count > 0 { await clock.base.waitForSleeper() }  // polled; it sleeps until the next tick
    for subscription in subscriptions { await subscription.loader.load() }  // the polls landed
  }
  let fetches = counts.snapshot
  let outcome = PollingOutcome(
    keys: count, intervals: intervals, wakeUps: clock.wakeUps - before,
    keysPolledOncePerInterval: fetches.count { $0 == 1 + intervals })
  withExtendedLifetime(subscriptions) {}
  return (outcome, store)
}
