import AsyncContentCore
import AsyncContentPersistence
import Clocks
import Foundation
import GRDB
import Testing

/// Random schedules of a persisted store's life: observe, load, edit, invalidate, remove, write
/// (flush and the write delay), go offline and back, relaunch (a new store and a new cache on
/// the same database) and kill (a relaunch that loses what was not written).
///
/// Invariants:
/// - after a write, the database holds what every entry of the store shows (nothing for an
///   entry with no value);
/// - after a relaunch or a kill, what a key shows at once is what the database holds for it,
///   a value that was once committed, or nothing.
///
/// The database is in memory: a `DatabaseQueue` that the test keeps as a device keeps its file,
/// and that every cache opens in turn; each schedule starts from an empty table (which costs
/// less than a new database, migrated anew, per schedule).
/// `PERSISTENCE_SCHEDULES` sets the number of schedules (10,000 by default), and
/// `PERSISTENCE_SEED` the seed.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PersistenceScheduleTests {
  static let codes = ["AT", "BE", "CH"]

  @Test func randomSchedulesShowOnlyCommittedValuesAfterARelaunch() async throws {
    let schedules = Int(environmentNumber("PERSISTENCE_SCHEDULES") ?? 10_000)
    let seed = environmentNumber("PERSISTENCE_SEED") ?? 0x5EED_2200
    let disk = try DatabaseQueue()
    for index in 0..<schedules {
      // Past the time limit the test is cancelled: a load then returns before it lands, and the
      // schedule would compare what has not landed yet.
      guard !Task.isCancelled else { return }
      var random = SplitMix64(seed: seed, index: index)
      try await disk.write { db in
        if try db.tableExists("entry") { try db.execute(sql: "DELETE FROM entry") }
      }
      let failed = try await Self.run(&random, index: index, disk: disk)
      if failed {
        Issue.record("schedule \(index) failed (PERSISTENCE_SEED=\(seed))")
        return
      }
    }
  }

  /// One schedule; returns whether it recorded an issue.
  static func run(_ random: inout SplitMix64, index: Int, disk: DatabaseQueue) async throws -> Bool
  {
    let server = Server()
    var counter = 0
    var committed: [String: Set<String>] = [:]
    var issues = 0
    var log: [String] = []

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      guard !condition else { return }
      issues += 1
      Issue.record("schedule \(index): \(message())\n\(log.joined(separator: "\n"))")
    }

    /// What the database holds, by code.
    func stored() throws -> [String: String] {
      try disk.inDatabase { db in
        var values: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, value FROM entry") {
          let id: String = row["id"]
          let data: Data = row["value"]
          values[String(id.dropFirst("country/".count))] =
            try JSONDecoder().decode(Country.self, from: data).name
        }
        return values
      }
    }

    /// Records what the database holds as committed, and checks it against the store.
    func afterWrite(_ store: LoaderStore) throws {
      let values = try stored()
      for (code, value) in values { committed[code, default: []].insert(value) }
      for code in codes {
        guard let loader = store.cachedLoader(for: CountryKey(code: code)) else { continue }
        check(
          values[code] == loader.phase.value?.name,
          "\(code): the database holds \(values[code] ?? "nothing"), the store shows "
            + "\(loader.phase.value?.name ?? "nothing")")
      }
    }

    /// A new launch: every key shows at once what the database holds, once committed.
    func launch() throws -> (PersistentCache, LoaderStore, TestClock<Duration>) {
      let cache = PersistentCache(writer: disk, maxAge: .seconds(100 * 365 * 24 * 3_600))
      let clock = TestClock()
      let store = LoaderStore(clock: clock, clients: server)
      store.persist(in: cache)
      let values = try stored()
      for code in codes {
        let shown = store.loader(for: CountryKey(code: code)).phase.value?.name
        check(shown == values[code], "\(code) shows \(shown ?? "nothing") after a relaunch")
        if let shown {
          check(committed[code]?.contains(shown) == true, "\(code) shows \(shown), never committed")
        }
      }
      return (cache, store, clock)
    }

    var (cache, store, clock) = try launch()
    /// Every cache of the schedule: each one's writes in flight are awaited before the schedule
    /// ends, so that none lands in the next schedule's database (a write may start without a
    /// step that awaits it: the maintenance after opening takes the changes staged by then).
    var caches = [cache]
    var subscriptions: [String: StoreSubscription<AsyncLoader<Country>>] = [:]
    for _ in 0..<8 {
      let code = codes[random.below(codes.count)]
      let key = CountryKey(code: code)
      switch random.below(100) {
      case 0..<20:
        log.append("load \(code)")
        counter += 1
        server.set(code, "server \(counter)")
        if subscriptions[code] == nil { subscriptions[code] = store.observe(key) }
        await store.loader(for: key).load()
      case 20..<25:
        log.append("stop observing \(code)")
        subscriptions.removeValue(forKey: code)?.cancel()
      case 25..<45:
        counter += 1
        log.append("edit \(code) to edit \(counter)")
        store.setValue(Country(code: code, name: "edit \(counter)"), for: key)
      case 45..<50:
        log.append("invalidate \(code)")
        store.invalidate(key)
        await store.loader(for: key).load()
      case 50..<55:
        log.append("remove \(code)")
        store.remove(key)
        await store.loader(for: key).load()
      case 55..<65:
        log.append("flush")
        await cache.flush()
        try afterWrite(store)
      case 65..<75:
        log.append("the write delay passes")
        await clock.advance(by: .seconds(1))
        for _ in 0..<20 { await Task.yield() }
        await cache.waitForWrites()
        await cache.flush()
        try afterWrite(store)
      case 75..<82:
        let down = random.chance(50)
        log.append(down ? "offline" : "online")
        server.setDown(down)
      case 82..<91:
        log.append("relaunch")
        await cache.flush()
        try afterWrite(store)
        subscriptions.removeAll()
        (cache, store, clock) = try launch()
        caches.append(cache)
      default:
        log.append("kill")
        subscriptions.removeAll()
        // What was staged and not written is lost. A write already in flight when the process
        // dies may commit or not; here it commits, and what it wrote was committed.
        await cache.waitForWrites()
        for (code, value) in try stored() { committed[code, default: []].insert(value) }
        (cache, store, clock) = try launch()
        caches.append(cache)
      }
      if issues > 0 { break }
    }
    for cache in caches { await cache.waitForWrites() }
    return issues > 0
  }
}
