import AsyncContentCore
import AsyncContentPersistence
import Clocks
import Foundation
import GRDB
import Testing

/// Behaviours of the persisted cache that no test pinned down before issue 30: a bug planted in
/// each survived the whole suite. The size bound at exactly its limit, a second scheduled
/// write, and the removal of a key the store has not touched since launch.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PinnedBehaviourTests {
  let directory = TemporaryDirectory()
  let server = Server()
  let wall = WallClock()
  let diagnostics = Diagnostics()
  let clock = TestClock()

  func makeCache(maxSize: Int = 50_000_000) -> PersistentCache {
    PersistentCache(
      location: .file(directory.file()), maxSize: maxSize, maxAge: .seconds(3600),
      diagnostics: diagnostics.hook, now: wall.hook)
  }

  func makeStore(_ cache: PersistentCache) -> LoaderStore {
    let store = LoaderStore(clock: clock, clients: server)
    store.persist(in: cache)
    return store
  }

  /// The ids of the rows on disk, sorted.
  func ids(_ cache: PersistentCache) throws -> [String] {
    try cache.writer!.read { db in
      try String.fetchAll(db, sql: "SELECT id FROM entry ORDER BY id")
    }
  }

  @Test func atExactlyItsSizeLimitTheOldestRowGoesAndTheTwoNewestStay() async throws {
    // Three values of one size; the bound holds exactly two of them.
    let values = ["AA", "BB", "CC"].map { Country(code: $0, name: "n") }
    let sizes = try values.map { try JSONEncoder().encode($0).count }
    #expect(Set(sizes).count == 1)
    let cache = makeCache(maxSize: 2 * sizes[0])
    let store = makeStore(cache)

    for (index, value) in values.enumerated() {
      store.setValue(value, for: CountryKey(code: value.code))
      await cache.flush()
      wall.advance(by: 1)  // each row is saved a second after the one before
      if index == 1 {
        // Two rows: exactly at the bound, nothing goes.
        #expect(try ids(cache) == ["country/AA", "country/BB"])
      }
    }
    #expect(try ids(cache) == ["country/BB", "country/CC"])
    let total = try await cache.writer!.read { db in
      try Int.fetchOne(db, sql: "SELECT SUM(size) FROM entry")
    }
    #expect(total == 2 * sizes[0])
  }

  /// Moves the store's clock by the write delay, then waits for the write it schedules: until
  /// the write took the pending changes, then for its transaction. The wake-up hops off the main
  /// actor and back, which no number of yields bounds on a loaded machine, so this waits as
  /// long as it takes; the suite's time limit fails a write that never comes.
  func advancePastTheWriteDelay(of cache: PersistentCache) async {
    await clock.advance(by: cache.writeDelay)
    while cache.hasPendingChanges { await Task.yield() }
    await cache.waitForWrites()
  }

  @Test func aChangeAfterAScheduledWriteIsWrittenByASecondOne() async throws {
    let cache = makeCache()
    let store = makeStore(cache)
    let key = CountryKey(code: "AT")
    store.setValue(Country(code: "AT", name: "first"), for: key)
    await advancePastTheWriteDelay(of: cache)
    #expect(cache.transactionCount == 1)
    #expect(!cache.hasPendingChanges)

    store.setValue(Country(code: "AT", name: "second"), for: key)
    #expect(cache.hasPendingChanges)
    await advancePastTheWriteDelay(of: cache)
    #expect(cache.transactionCount == 2)
    #expect(!cache.hasPendingChanges)
    let relaunched = LoaderStore(clock: TestClock(), clients: server)
    relaunched.persist(in: makeCache())
    #expect(relaunched.value(for: key)?.name == "second")
  }

  @Test func removingAKeyNotTouchedSinceLaunchDeletesItsRow() async throws {
    let first = makeCache()
    let store = makeStore(first)
    store.setValue(Country(code: "AT", name: "Austria"), for: CountryKey(code: "AT"))
    store.setValue(Country(code: "BE", name: "Belgium"), for: CountryKey(code: "BE"))
    await first.flush()
    #expect(try ids(first) == ["country/AT", "country/BE"])

    // A relaunch: the store holds no entry for either key, and looked neither up.
    let cache = makeCache()
    let relaunched = LoaderStore(clock: TestClock(), clients: server)
    relaunched.persist(in: cache)
    relaunched.remove(CountryKey(code: "AT"))
    await cache.flush()
    #expect(try ids(cache) == ["country/BE"])

    let third = LoaderStore(clock: TestClock(), clients: server)
    third.persist(in: makeCache())
    #expect(third.value(for: CountryKey(code: "AT")) == nil)
    #expect(third.value(for: CountryKey(code: "BE"))?.name == "Belgium")
  }
}
