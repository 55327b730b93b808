import AsyncContentCore
import AsyncContentPersistence
import Clocks
import Foundation
import GRDB
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct WriteBehindTests {
  let directory = TemporaryDirectory()
  let server = Server()
  let wall = WallClock()
  let diagnostics = Diagnostics()
  let clock = TestClock()

  func makeCache(maxSize: Int = 50_000_000, maxAge: Duration = .seconds(3600)) -> PersistentCache {
    PersistentCache(
      location: .file(directory.file()), maxSize: maxSize, maxAge: maxAge,
      diagnostics: diagnostics.hook, now: wall.hook)
  }

  func makeStore(_ cache: PersistentCache) -> LoaderStore {
    let store = LoaderStore(clock: clock, clients: server)
    store.persist(in: cache)
    return store
  }

  /// The rows on disk: id → (name, invalidated).
  func rows(_ cache: PersistentCache) throws -> [String: Bool] {
    try cache.writer!.read { db in
      var rows: [String: Bool] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT id, invalidated FROM entry") {
        rows[row["id"]] = row["invalidated"]
      }
      return rows
    }
  }

  @Test func aThousandEditsOfOneKeyInASecondCostAHandfulOfWrites() async throws {
    let cache = makeCache()
    let store = makeStore(cache)
    let key = CountryKey(code: "AT")
    for index in 1...1_000 {
      store.setValue(Country(code: "AT", name: "name \(index)"), for: key)
      await clock.advance(by: .milliseconds(1))
    }
    await drain()
    await cache.flush()
    #expect(cache.transactionCount <= 2)
    #expect(cache.rowsWritten <= 2)
    let relaunched = LoaderStore(clock: TestClock(), clients: server)
    relaunched.persist(in: makeCache())
    #expect(relaunched.value(for: key)?.name == "name 1000")
  }

  @Test func aNewValueIsWrittenAfterTheWriteDelayOnTheStoresClock() async {
    let cache = makeCache()
    let store = makeStore(cache)
    server.set("AT", "Austria")
    await store.loader(for: CountryKey(code: "AT")).load()
    await clock.advanceAndDrain(by: .milliseconds(999))
    await cache.waitForWrites()
    #expect(cache.transactionCount == 0)
    #expect(cache.hasPendingChanges)
    await clock.advanceAndDrain(by: .milliseconds(1))
    // The store's wake-up hops off the main actor and back: wait until the write took the
    // pending changes (bounded), not a fixed number of turns, then for its transaction.
    for _ in 0..<100_000 where cache.hasPendingChanges { await Task.yield() }
    await cache.waitForWrites()
    #expect(cache.transactionCount == 1)
    #expect(cache.rowsWritten == 1)
    #expect(!cache.hasPendingChanges)
  }

  @Test func goingToTheBackgroundWritesAtOnce() async {
    let cache = makeCache()
    let store = makeStore(cache)
    server.set("AT", "Austria")
    await store.loader(for: CountryKey(code: "AT")).load()
    store.sceneChanged(from: nil, to: .active)
    store.sceneChanged(from: .active, to: .background)
    await drain()
    await cache.waitForWrites()
    #expect(cache.rowsWritten == 1)
    #expect(!cache.hasPendingChanges)
  }

  @Test func invalidationRemovalAndResetReachTheDisk() async throws {
    let cache = makeCache()
    let store = makeStore(cache)
    for code in ["AT", "BE", "CH", "DE"] {
      server.set(code, code)
      await store.loader(for: CountryKey(code: code)).load()
    }
    await cache.flush()
    #expect(
      try rows(cache) == [
        "country/AT": false, "country/BE": false, "country/CH": false, "country/DE": false,
      ])
    store.invalidate(CountryKey(code: "AT"))
    store.remove(CountryKey(code: "BE"))
    store.reset(CountryKey(code: "CH"))
    await cache.flush()
    #expect(try rows(cache) == ["country/AT": true, "country/DE": false])

    // A relaunch: removeAll deletes the rows of keys the store holds no entry for, too.
    let relaunched = makeStore(makeCache())
    relaunched.removeAll()
    await relaunched.persistentCache?.flush()
    #expect(try rows(cache).isEmpty)
  }

  @Test func aSelectedKeyIsStillWrittenAndItsSelectionStillUpdates() async throws {
    // The loader's one phase listener serves both: the selections of a part of the value, and
    // the cache's watcher.
    let cache = makeCache()
    let store = makeStore(cache)
    let key = CountryKey(code: "AT")
    server.set("AT", "Austria")
    await store.loader(for: key).load()
    #expect(store.value(for: key, select: \.name) == "Austria")
    store.setValue(Country(code: "AT", name: "Renamed"), for: key)
    #expect(store.value(for: key, select: \.name) == "Renamed")
    await cache.flush()
    let relaunched = LoaderStore(clock: TestClock(), clients: server)
    relaunched.persist(in: makeCache())
    #expect(relaunched.value(for: key, select: \.name) == "Renamed")
    relaunched.setValue(Country(code: "AT", name: "Again"), for: key)
    #expect(relaunched.value(for: key, select: \.name) == "Again")
    await relaunched.persistentCache?.flush()
    let third = LoaderStore(clock: TestClock(), clients: server)
    third.persist(in: makeCache())
    #expect(third.value(for: key)?.name == "Again")
  }

  @Test func anEditRolledBackIsWrittenAsTheRestoredValue() async throws {
    let cache = makeCache()
    let store = makeStore(cache)
    server.set("AT", "Austria")
    let key = CountryKey(code: "AT")
    await store.loader(for: key).load()
    let rename = Mutation<String, Void>(
      optimistic: { store, name in
        store.updateValue(for: key) { $0.name = name }
      }
    ) { _ in throw Server.Down() }
    _ = try? await rename.run("Renamed", in: store)
    #expect(store.value(for: key)?.name == "Austria")
    await cache.flush()
    let relaunched = LoaderStore(clock: TestClock(), clients: server)
    relaunched.persist(in: makeCache())
    #expect(relaunched.value(for: key)?.name == "Austria")
  }

  @Test func rowsOlderThanMaxAgeGoAtOpenAndTheOldestGoBeyondMaxSize() async throws {
    let cache = makeCache()
    let store = makeStore(cache)
    for code in ["AT", "BE", "CH", "DE"] {
      server.set(code, String(repeating: "x", count: 100))
      await store.loader(for: CountryKey(code: code)).load()
      await cache.flush()
      wall.advance(by: 1000)
    }
    #expect(try rows(cache).count == 4)
    // Opened 4,000 s after the first row: rows older than an hour go, off the main actor.
    let reopened = makeCache()
    await reopened.waitForWrites()
    #expect(try rows(reopened).keys.sorted() == ["country/BE", "country/CH", "country/DE"])

    // Each value takes about 120 bytes: a bound of 250 keeps the two newest.
    let bounded = makeCache(maxSize: 250)
    await bounded.waitForWrites()
    #expect(try rows(bounded).keys.sorted() == ["country/CH", "country/DE"])
  }

  @Test func aRowOfAnotherVersionIsDroppedAndReported() async throws {
    let cache = makeCache()
    let store = makeStore(cache)
    server.set("AT", "Austria")
    await store.loader(for: CountryKey(code: "AT")).load()
    await cache.flush()
    let relaunched = makeStore(makeCache())
    #expect(relaunched.loader(for: CountryKeyV2(code: "AT")).phase.kind == .idle)
    #expect(diagnostics.drops == [.otherVersion(stored: 1, current: 2)])
    await relaunched.persistentCache?.flush()
    #expect(try rows(cache).isEmpty)
  }

  @Test func aRowThatNoLongerDecodesIsDroppedAndReported() async throws {
    let cache = makeCache()
    let store = makeStore(cache)
    server.set("AT", "Austria")
    await store.loader(for: CountryKey(code: "AT")).load()
    await cache.flush()
    let relaunched = makeStore(makeCache())
    let loader = relaunched.loader(for: CountryNameKey(code: "AT"))
    #expect(loader.phase.kind == .idle)
    guard case .undecodable = diagnostics.drops.first else {
      Issue.record("no undecodable drop: \(diagnostics.all)")
      return
    }
    await relaunched.persistentCache?.flush()
    #expect(try rows(cache).isEmpty)
    // The screen is not blocked: the key loads as any other.
    await loader.load()
    #expect(loader.phase.value == 0)
  }
}
