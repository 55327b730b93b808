import AsyncContentCore
import AsyncContentPersistence
import AsyncContentTestSupport
import Clocks
import Foundation
import Testing

// The snippet of the article "Testing" (AsyncContentCore.docc/Testing.md) on persistence,
// verbatim: `DocSnippetTests.snippetsAreInSync` finds it here, and it runs as a test. It uses the
// key and the API of the article "Working offline" (PersistenceSnippets.swift).

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct TestingPersistenceSnippets {
  @Test(.timeLimit(.minutes(1))) @MainActor func aRelaunchShowsWhatTheBackgroundWrote() async {
    let file = URL.temporaryDirectory.appending(path: "\(UUID()).sqlite")
    defer { try? FileManager.default.removeItem(at: file) }
    let cache = PersistentCache(location: .file(file))
    let store = LoaderStore(clock: TestClock(), clients: LiveCountriesAPI())
    store.persist(in: cache)
    let scene = TestScene(store: store)
    await store.loader(for: SavedCountryKey(code: "AT")).load()

    scene.enter(.background)  // the cache writes now, without waiting for its write delay
    await cache.flush()  // returns when that write is on disk

    let relaunched = LoaderStore(clock: TestClock(), clients: LiveCountriesAPI())
    relaunched.persist(in: PersistentCache(location: .file(file)))
    #expect(relaunched.value(for: SavedCountryKey(code: "AT"))?.name == "Country AT")
  }

  /// Not a snippet: the background alone writes (the store's clock never reaches the cache's
  /// write delay, and the test starts no write of its own).
  @Test func theSceneGoingToTheBackgroundFlushesTheCache() async {
    let directory = TemporaryDirectory()
    let cache = PersistentCache(location: .file(directory.file()))
    let store = LoaderStore(clock: TestClock(), clients: LiveCountriesAPI())
    store.persist(in: cache)
    let scene = TestScene(store: store)
    await store.loader(for: SavedCountryKey(code: "AT")).load()
    await drain()
    await cache.waitForWrites()  // the maintenance after opening
    #expect(cache.rowsWritten == 0)
    #expect(cache.hasPendingChanges)

    scene.enter(.inactive)  // not the background: nothing is written
    await drain()
    await cache.waitForWrites()
    #expect(cache.rowsWritten == 0)

    scene.enter(.background)
    await drain()
    await cache.waitForWrites()
    #expect(cache.rowsWritten == 1)
    #expect(!cache.hasPendingChanges)
  }
}
