import AsyncContentCore
import AsyncContentPersistence
import Clocks
import Foundation
import GRDB
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RestoreTests {
  let directory = TemporaryDirectory()
  let server = Server()
  let wall = WallClock()
  let diagnostics = Diagnostics()

  func makeCache(maxAge: Duration = .seconds(3600)) -> PersistentCache {
    PersistentCache(
      location: .file(directory.file()), maxAge: maxAge, diagnostics: diagnostics.hook,
      now: wall.hook)
  }

  func makeStore(
    _ cache: PersistentCache, clock: TestClock<Duration> = TestClock()
  )
    -> LoaderStore
  {
    let store = LoaderStore(clock: clock, clients: server)
    store.persist(in: cache)
    return store
  }

  /// A first launch loads and flushes the value of `key`.
  func firstLaunch(_ key: CountryKey, name: String) async {
    server.set(key.code, name)
    let cache = makeCache()
    let store = makeStore(cache)
    let subscription = store.observe(key)
    await subscription.loader.load()
    #expect(subscription.loader.phase.value?.name == name)
    await cache.flush()
    subscription.cancel()
  }

  @Test func aRelaunchShowsTheStoredValueAtOnceAsStaleAndRevalidatesIt() async {
    let key = CountryKey(code: "AT")
    await firstLaunch(key, name: "Austria")
    wall.advance(by: 120)

    server.set("AT", "Österreich")
    let cache = makeCache()
    let store = makeStore(cache)
    let loader = store.loader(for: key)
    // At once, before any load: the stored value, dated by its real age, and stale.
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value == Country(code: "AT", name: "Austria"))
    #expect(loader.loadedDate == wall.now.addingTimeInterval(-120))
    #expect(store.snapshot().first?.age == .seconds(120))
    #expect(store.snapshot().first?.isStale == true)
    // Its first observer revalidates it, showing the value while it reloads.
    let subscription = store.observe(key)
    #expect(loader.phase.kind == .reloading)
    #expect(loader.phase.value?.name == "Austria")
    await loader.load()
    #expect(loader.phase.value?.name == "Österreich")
    subscription.cancel()
  }

  @Test func aValueOlderThanTheCachesMaxAgeIsNotShownAndIsDropped() async {
    let key = CountryKey(code: "AT")
    await firstLaunch(key, name: "Austria")
    wall.advance(by: 7200)
    // Shown at once, before the maintenance after opening deletes it: not shown, and reported.
    let store = makeStore(makeCache())
    let shown = store.loader(for: key).phase.kind
    // The maintenance may have deleted it first (off the main actor): then there is nothing to
    // report, and nothing shows either.
    #expect(shown == .idle)
    #expect(diagnostics.drops.allSatisfy { $0 == .tooOld(age: .seconds(7200)) })
    // Either way the row is gone once the cache has written.
    let cache = makeCache()
    await cache.waitForWrites()
    #expect(makeStore(cache).loader(for: key).phase.kind == .idle)
    #expect(diagnostics.drops.count <= 1)
  }

  @Test func aValueOlderThanTheKeysMaxAgeIsNotShown() async {
    server.set("AT", "Austria")
    let cache = makeCache()
    let store = makeStore(cache)
    await store.loader(for: ShortLivedKey(code: "AT")).load()
    await cache.flush()
    wall.advance(by: 61)
    let relaunched = makeStore(makeCache())
    #expect(relaunched.loader(for: ShortLivedKey(code: "AT")).phase.kind == .idle)
    #expect(diagnostics.drops == [.tooOld(age: .seconds(61))])
  }

  @Test func anInvalidatedRowRestoresStaleEvenWithStalenessNever() async {
    let key = CountryKey(code: "AT")
    server.set("AT", "Austria")
    let cache = makeCache()
    let store = makeStore(cache)
    await store.loader(for: key).load()
    store.invalidate(key)
    await cache.flush()

    let relaunched = LoaderStore(clock: TestClock(), staleness: .never, clients: server)
    relaunched.persist(in: makeCache())
    let loader = relaunched.loader(for: key)
    #expect(loader.phase.value?.name == "Austria")
    #expect(relaunched.snapshot().first?.isStale == true)
  }

  @Test func aFreshRowRestoresCurrentWithStalenessNever() async {
    let key = CountryKey(code: "AT")
    await firstLaunch(key, name: "Austria")
    let relaunched = LoaderStore(clock: TestClock(), staleness: .never, clients: server)
    relaunched.persist(in: makeCache())
    _ = relaunched.loader(for: key)
    #expect(relaunched.snapshot().first?.isStale == false)
  }

  @Test func valueForAKeyWithNoEntryRestoresTheRowSoAnEditApplies() async {
    let key = CountryKey(code: "AT")
    await firstLaunch(key, name: "Austria")
    let store = makeStore(makeCache())
    #expect(store.cachedLoader(for: key) == nil)
    #expect(store.value(for: key)?.name == "Austria")
    let edited = store.updateValue(for: CountryKey(code: "AT")) { $0.name = "Edited" }
    #expect(edited)
    #expect(store.value(for: key)?.name == "Edited")
    // A key with no row creates no entry.
    #expect(store.value(for: CountryKey(code: "XX")) == nil)
    #expect(store.cachedLoader(for: CountryKey(code: "XX")) == nil)
  }

  @Test func aPagedKeyRestoresItsItemsAndCursors() async {
    let key = FeedKey(region: "Europe")
    let cache = makeCache()
    let store = makeStore(cache)
    let loader = store.pagedLoader(for: key)
    await loader.load()
    await loader.loadMore()
    #expect(loader.items.count == 6)
    await cache.flush()

    let relaunched = makeStore(makeCache())
    let restored = relaunched.pagedLoader(for: key)
    #expect(restored.items.map(\.code) == ["C0", "C1", "C2", "C3", "C4", "C5"])
    #expect(restored.hasMore)
    #expect(restored.nextCursor == 6)
    await restored.loadMore()
    #expect(restored.items.count == 9)
    #expect(!restored.hasMore)
  }

  @Test func keysThatDoNotPersistAreNeverWritten() async {
    server.set("AT", "Austria")
    let cache = makeCache()
    let store = makeStore(cache)
    await store.loader(for: PlainKey(code: "AT")).load()
    await cache.flush()
    #expect(cache.rowsWritten == 0)
    #expect(cache.transactionCount == 0)
    let relaunched = makeStore(makeCache())
    #expect(relaunched.loader(for: PlainKey(code: "AT")).phase.kind == .idle)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RestoreReadsTests {
  @Test func aLaunchReadsOnlyTheRowsScreensAskForAndAPagedKeyRestoresOnAMiss() async throws {
    let directory = TemporaryDirectory()
    let url = directory.file()
    do {
      let cache = PersistentCache(location: .file(url), maxAge: .seconds(100 * 365 * 24 * 3_600))
      for index in 0..<1_000 {
        cache.stage(
          Country(code: "C\(index)", name: "N\(index)"), for: "country/C\(index)", version: 1,
          savedDate: Date())
      }
      await cache.flush()
    }
    let statements = LockedBox<[String]>([])
    let cache = PersistentCache(
      location: .file(url), maxAge: .seconds(100 * 365 * 24 * 3_600),
      prepare: { db in
        db.trace { event in
          let sql = "\(event)"
          if sql.contains("FROM entry") { statements.withLock { $0.append(sql) } }
        }
      })
    await cache.waitForWrites()  // the maintenance after opening (off the main actor)
    statements.withLock { $0.removeAll() }
    let store = LoaderStore(clock: TestClock(), clients: Server())
    store.persist(in: cache)
    #expect(store.value(for: CountryKey(code: "C500"))?.name == "N500")
    #expect(store.loader(for: CountryKey(code: "C7")).phase.value?.name == "N7")
    let reads = statements.withLock { $0 }
    #expect(reads.count == 2)
    #expect(reads.allSatisfy { $0.contains("WHERE id = ") })

    // A paged key with no entry is restored by items(for:) as a value key is by value(for:).
    let feed = LoaderStore(clock: TestClock(), clients: Server())
    feed.persist(in: cache)
    await feed.pagedLoader(for: FeedKey(region: "Asia")).load()
    await cache.flush()
    let relaunched = LoaderStore(clock: TestClock(), clients: Server())
    relaunched.persist(in: cache)
    #expect(relaunched.items(for: FeedKey(region: "Asia"))?.count == 3)
  }
}
