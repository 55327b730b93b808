import AsyncContentCore
import AsyncContentPersistence
import Clocks
import Foundation
import GRDB
import Testing

/// The outbox (issue 30): queued runs are user data in a file of their own, which nothing done
/// to the cache touches; opening deletes only for damage or a newer schema, and salvages a
/// damaged outbox; scopes keep accounts apart; the background write runs inside background
/// time.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct OutboxTests {
  let directory = TemporaryDirectory()
  let server = Server()
  let renames = RenameServer()
  let diagnostics = Diagnostics()
  let key = CountryKey(code: "AT")

  struct Launch {
    let cache: PersistentCache
    let store: LoaderStore
    let rename: Mutation<Rename, Country>
  }

  func makeCache(
    scope: String? = nil, prepare: (@Sendable (Database) throws -> Void)? = nil,
    outboxPrepare: (@Sendable (Database) throws -> Void)? = nil, isShared: Bool? = nil
  ) -> PersistentCache {
    PersistentCache(
      location: .file(directory.file()), scope: scope,
      diagnostics: diagnostics.hook, prepare: prepare, outboxPrepare: outboxPrepare,
      isShared: isShared)
  }

  func launch(_ cache: PersistentCache) -> Launch {
    let store = LoaderStore(clock: TestClock(), staleness: .never, clients: server)
    store.persist(in: cache)
    return Launch(cache: cache, store: store, rename: rename())
  }

  func launch(scope: String? = nil) -> Launch { launch(makeCache(scope: scope)) }

  func rename() -> Mutation<Rename, Country> {
    let renames = renames
    return Mutation<Rename, Country>(
      queueing: "rename",
      optimistic: { store, rename in
        store.updateValue(for: CountryKey(code: rename.code)) { $0.name = rename.name }
      }
    ) { rename, idempotencyKey in
      try await renames.rename(rename, idempotencyKey: idempotencyKey)
    }
  }

  /// A launch that loads Austria, writes it, goes offline and queues a rename.
  func queueOffline(_ name: String = "Österreich", scope: String? = nil) async -> Launch {
    server.set("AT", "Austria")
    let first = launch(scope: scope)
    await first.store.loader(for: key).load()
    await first.cache.flush()
    first.store.networkChanged(to: .offline)
    first.rename.start(Rename(code: "AT", name: name), in: first.store)
    return first
  }

  /// A relaunch resumes the queued renames online, and they are applied.
  func expectReplayed(_ names: [String], scope: String? = nil) async {
    let next = launch(scope: scope)
    next.store.resumeQueuedMutations(next.rename)
    await waitFor { !next.rename.isRunning }
    #expect(renames.applied == names)
    #expect(next.cache.queuedMutationRunCount == 0)
  }

  /// Deletes the cache's files, as the system does when it purges the caches directory.
  func deleteCacheFiles() {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: directory.file().path + suffix)
    }
  }

  var openFailures: [String] {
    diagnostics.all.compactMap {
      if case .openFailed(let url, _) = $0 { return url.lastPathComponent }
      return nil
    }
  }

  // MARK: User data, not cache

  @Test func theOutboxIsAFileOfItsOwnBesideTheCache() async {
    let cache = makeCache()
    #expect(cache.url == directory.file())
    #expect(cache.outboxURL == directory.file("cache-outbox.sqlite"))
    let standard = PersistentCache(location: .cachesDirectory, scope: "test-\(UUID().uuidString)")
    let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
    let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)
    #expect(standard.outboxURL?.path.hasPrefix(support[0].path) == true)
    #expect(standard.url?.path.hasPrefix(caches[0].path) == true)
    for url in [standard.url, standard.outboxURL].compactMap({ $0 }) {
      try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
  }

  @Test func aStoragePurgeOfTheCacheKeepsTheQueuedRuns() async {
    _ = await queueOffline()
    deleteCacheFiles()  // the system purges Caches
    await expectReplayed(["Österreich"])
  }

  @Test func resettingTheCacheKeepsTheQueuedRuns() async {
    let first = await queueOffline()
    first.store.removeAll()
    await first.cache.flush()
    await expectReplayed(["Österreich"])
  }

  @Test func aCacheOfANewerBuildIsReplacedButTheOutboxKept() async throws {
    let first = await queueOffline()
    try await first.cache.writer?.write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: newer')")
    }
    await expectReplayed(["Österreich"])
    #expect(diagnostics.replacements == [.newerSchema])
  }

  @Test func aCorruptCacheIsReplacedButTheOutboxKept() async throws {
    _ = await queueOffline()
    deleteCacheFiles()
    try Data(repeating: 0x5A, count: 8_192).write(to: directory.file())
    await expectReplayed(["Österreich"])
    guard case .corrupt = diagnostics.replacements.first else {
      Issue.record("no replacement as corrupt: \(diagnostics.all)")
      return
    }
  }

  @Test func runsAnEarlierBuildQueuedInTheCacheMoveToTheOutbox() async throws {
    let earlier = makeCache()
    let input = try JSONEncoder().encode(Rename(code: "AT", name: "Österreich"))
    try await earlier.writer?.write { db in
      try db.execute(
        sql: """
          INSERT INTO queuedMutation (mutationID, idempotencyKey, input, inputDescription, storedAt)
          VALUES ('rename', 'K1', ?, 'AT → Österreich', 0)
          """, arguments: [input])
    }
    await expectReplayed(["Österreich"])
    #expect(renames.received == ["K1"])
    let count = try await makeCache().writer?.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queuedMutation")
    }
    #expect(count == 0)
  }

  // MARK: Opening

  /// The SQLite errors the tests inject at open, other than damage: busy past the timeout, no
  /// permission, refused authorization (data protection while locked), an I/O error, a full
  /// disk, a file that cannot be opened.
  nonisolated static let openErrors: [ResultCode] = [
    .SQLITE_BUSY, .SQLITE_PERM, .SQLITE_AUTH, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN,
  ]

  @Test(arguments: openErrors)
  func aCacheThatFailsToOpenIsLeftAsItIsAndRunsInMemory(_ code: ResultCode) async throws {
    server.set("AT", "Austria")
    do {
      let first = launch()
      await first.store.loader(for: key).load()
      await first.cache.flush()
    }
    let failing = makeCache(prepare: { _ in throw DatabaseError(resultCode: code) })
    #expect(failing.url == nil)  // in memory
    #expect(openFailures == ["cache.sqlite"])
    #expect(diagnostics.replacements.isEmpty)
    #expect(FileManager.default.fileExists(atPath: directory.file().path))
    let store = launch(failing).store
    server.set("BE", "Belgium")
    await store.loader(for: CountryKey(code: "BE")).load()
    #expect(store.value(for: CountryKey(code: "BE"))?.name == "Belgium")
    // The next launch opens the file, with its row.
    #expect(launch().store.value(for: key)?.name == "Austria")
  }

  @Test func aDirectoryInPlaceOfTheCacheIsLeftAsItIs() throws {
    try FileManager.default.createDirectory(at: directory.file(), withIntermediateDirectories: true)
    let cache = makeCache()
    #expect(cache.url == nil)
    #expect(openFailures == ["cache.sqlite"])
    var isDirectory: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: directory.file().path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }

  @Test func anOutboxThatFailsToOpenKeepsRunsInMemoryAndOpensAgainLater() async throws {
    let outbox = directory.file("cache-outbox.sqlite")
    try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true)
    let first = await queueOffline("Österreich")
    #expect(openFailures.contains("cache-outbox.sqlite"))
    #expect(first.cache.queuedRunDescriptions == ["AT → Österreich"])  // in memory
    try FileManager.default.removeItem(at: outbox)
    first.rename.start(Rename(code: "AT", name: "Autriche"), in: first.store)
    let reopened = makeCache()
    #expect(reopened.queuedRunDescriptions == ["AT → Österreich", "AT → Autriche"])
    await expectReplayed(["Österreich", "Autriche"])
  }

  @Test(arguments: openErrors)
  func anOutboxOpenErrorLeavesTheFileAndIsRetried(_ code: ResultCode) async throws {
    _ = await queueOffline("Österreich")
    let fails = LockedBox(1)  // the first open fails
    let cache = makeCache(outboxPrepare: { _ in
      let failing = fails.withLock { count in
        defer { count -= 1 }
        return count > 0
      }
      if failing { throw DatabaseError(resultCode: code) }
    })
    #expect(openFailures.isEmpty)  // the outbox opens at its first use
    #expect(cache.queuedMutationRunCount == 0)  // which fails
    #expect(openFailures == ["cache-outbox.sqlite"])
    #expect(FileManager.default.fileExists(atPath: directory.file("cache-outbox.sqlite").path))
    #expect(cache.queuedRunDescriptions == ["AT → Österreich"])  // opened again
  }

  @Test func anOutboxOfANewerBuildIsLeftAsItIs() async throws {
    let first = await queueOffline()
    try await first.cache.outboxWriter?.write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: newer')")
    }
    let cache = makeCache()
    #expect(cache.queuedMutationRunCount == 0)  // tries again, and leaves it again
    #expect(!openFailures.isEmpty)
    #expect(openFailures.allSatisfy { $0 == "cache-outbox.sqlite" })
    #expect(FileManager.default.fileExists(atPath: directory.file("cache-outbox.sqlite").path))
  }

  @Test func aDamagedOutboxIsSalvagedRowByRowAndReported() async throws {
    let first = await queueOffline("Österreich")
    first.rename.start(Rename(code: "AT", name: "Autriche"), in: first.store)
    let outbox = directory.file("cache-outbox.sqlite")
    // Damage the migrations' table, which opening reads, and not the runs'.
    let (page, pageSize) = try await first.cache.outboxWriter!.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
      let page = try Int.fetchOne(
        db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'grdb_migrations'")!
      return (page, try Int.fetchOne(db, sql: "PRAGMA page_size")!)
    }
    let handle = try FileHandle(forWritingTo: outbox)
    try handle.seek(toOffset: UInt64((page - 1) * pageSize))
    try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
    try handle.close()

    let cache = makeCache()
    #expect(cache.queuedRunDescriptions == ["AT → Österreich", "AT → Autriche"])
    let salvaged = diagnostics.all.compactMap { diagnostic -> (Int, Int, URL?)? in
      if case .queuedRunsSalvaged(_, let recovered, let unreadable, let damaged) = diagnostic {
        return (recovered, unreadable, damaged)
      }
      return nil
    }
    #expect(salvaged.count == 1)
    #expect(salvaged.first?.0 == 2)
    #expect(salvaged.first?.1 == 0)
    #expect(salvaged.first?.2.map { FileManager.default.fileExists(atPath: $0.path) } == true)
    await expectReplayed(["Österreich", "Autriche"])
  }

  @Test func anOutboxOfGarbageIsKeptAsideNeverSilentlyEmptied() async throws {
    let outbox = directory.file("cache-outbox.sqlite")
    let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try garbage.write(to: outbox)
    let cache = makeCache()
    #expect(cache.queuedMutationRunCount == 0)
    guard
      case .queuedRunsSalvaged(_, 0, _, let damaged?) = diagnostics.all.first(where: {
        if case .queuedRunsSalvaged = $0 { return true }
        return false
      })
    else {
      Issue.record("no salvage reported: \(diagnostics.all)")
      return
    }
    #expect(try Data(contentsOf: damaged) == garbage)
  }

  // MARK: Scopes

  @Test func aRunQueuedByOneAccountIsNeverSentAfterAnotherSignsIn() async throws {
    let alice = await queueOffline("Österreich", scope: "alice")
    let aliceKey = alice.cache.queuedRunKeys
    #expect(aliceKey.count == 1)
    await alice.store.endScope(queuedRuns: .keep)
    #expect(!alice.rename.isRunning)  // cancelled in memory, not sent
    #expect(alice.store.value(for: key) == nil)

    // Bob signs in on the same store, online: nothing of Alice's shows or is sent.
    let bob = makeCache(scope: "bob")
    alice.store.persist(in: bob)
    alice.store.resumeQueuedMutations(alice.rename)
    alice.store.networkChanged(to: .online)
    await drain()
    #expect(!alice.rename.isRunning)
    #expect(alice.store.value(for: key) == nil)
    #expect(bob.queuedMutationRunCount == 0)
    #expect(renames.received.isEmpty)

    // Alice signs in again: her run is sent, with its key.
    await expectReplayed(["Österreich"], scope: "alice")
    #expect(renames.received == aliceKey)
  }

  @Test func endingAScopeCanDiscardItsQueuedRunsReportingEach() async throws {
    let alice = await queueOffline("Österreich", scope: "alice")
    alice.rename.start(Rename(code: "AT", name: "Autriche"), in: alice.store)
    let keys = alice.cache.queuedRunKeys
    await alice.store.endScope(queuedRuns: .discard)
    let discarded = diagnostics.all.compactMap { diagnostic -> String? in
      if case .queuedRunDiscarded(let mutation, let key, let input) = diagnostic {
        #expect(mutation == "rename")
        #expect(input.hasPrefix("AT → "))
        return key
      }
      return nil
    }
    #expect(discarded == keys)
    let again = launch(scope: "alice")
    #expect(again.cache.queuedMutationRunCount == 0)
    #expect(again.store.value(for: key) == nil)  // the scope's rows went too
    #expect(renames.received.isEmpty)
  }

  @Test func rowsOfOneScopeDoNotShowInAnother() async throws {
    server.set("AT", "Austria")
    let alice = launch(scope: "alice")
    await alice.store.loader(for: key).load()
    await alice.cache.flush()
    #expect(launch(scope: "bob").store.value(for: key) == nil)
    #expect(launch(scope: nil).store.value(for: key) == nil)
    #expect(launch(scope: "alice").store.value(for: key)?.name == "Austria")
    let odd = makeCache(scope: "../x/..")
    #expect(
      odd.url?.deletingLastPathComponent().deletingLastPathComponent().path == directory.url.path)
    #expect(odd.url?.deletingLastPathComponent().lastPathComponent.hasPrefix("scope-") == true)
  }

  // MARK: Background

  @Test func theBackgroundWriteRunsInsideBackgroundTimeAndSuspendsASharedFile() async throws {
    let suspensions = NotificationCounter(Database.suspendNotification)
    let resumptions = NotificationCounter(Database.resumeNotification)
    let cache = makeCache(isShared: true)
    let app = launch(cache)
    let time = FakeBackgroundTime()
    app.store.setBackgroundTime(time)
    server.set("AT", "Austria")
    await app.store.loader(for: key).load()
    app.store.sceneChanged(from: nil, to: .active)
    app.store.sceneChanged(from: .active, to: .background)
    #expect(time.begun == 1)
    #expect(time.ended.isEmpty)  // the write has not ended yet
    await waitFor { !time.ended.isEmpty }
    #expect(time.ended == [1])
    #expect(suspensions.count == 1)
    #expect(cache.rowsWritten == 1)
    app.store.sceneChanged(from: .background, to: .active)
    #expect(resumptions.count == 1)
  }

  @Test func backgroundTimeThatRunsOutEndsTheTaskOnceAndIsReported() async throws {
    let cache = makeCache()
    let app = launch(cache)
    let time = FakeBackgroundTime()
    app.store.setBackgroundTime(time)
    server.set("AT", "Austria")
    await app.store.loader(for: key).load()
    app.store.sceneChanged(from: nil, to: .active)
    app.store.sceneChanged(from: .active, to: .background)
    time.expire()
    #expect(time.ended == [1])
    #expect(
      diagnostics.all.contains {
        if case .backgroundTimeExpired = $0 { return true }
        return false
      })
    await cache.waitForWrites()
    await drain()
    #expect(time.ended == [1])  // not twice
  }

  @Test func anAppGroupThatCannotBeUsedFallsBackAndSaysSo() {
    // No app groups on Linux; on Apple platforms an identifier the app is not entitled to.
    let cache = PersistentCache(
      location: .appGroup("group.invalid.\(UUID().uuidString)"), scope: "test-fallback",
      diagnostics: diagnostics.hook)
    #expect(
      diagnostics.all.contains {
        if case .locationFallback = $0 { return true }
        return false
      })
    for url in [cache.url, cache.outboxURL].compactMap({ $0 }) {
      try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
  }
}

/// Background time that a test grants and expires.
@MainActor
final class FakeBackgroundTime: BackgroundTime {
  private(set) var begun = 0
  private(set) var ended: [Int] = []
  private var expirations: [@MainActor () -> Void] = []

  func begin(_: String, expired: @escaping @MainActor () -> Void) -> Int? {
    begun += 1
    expirations.append(expired)
    return begun
  }

  func end(_ token: Int) { ended.append(token) }

  /// The time runs out.
  func expire() {
    for expiration in expirations { expiration() }
  }
}

/// Counts the notifications of a name posted.
final class NotificationCounter: Sendable {
  private let box = LockedBox(0)
  private let observer = LockedBox<(any NSObjectProtocol)?>(nil)
  var count: Int { box.withLock { $0 } }

  init(_ name: Notification.Name) {
    let box = box
    let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) {
      _ in box.withLock { $0 += 1 }
    }
    observer.withLock { $0 = token }
  }

  deinit {
    if let token = observer.withLock({ $0 }) { NotificationCenter.default.removeObserver(token) }
  }
}

/// Lets other tasks run until `condition` holds (a bounded number of turns).
@MainActor
func waitFor(_ condition: () -> Bool) async {
  var turns = 0
  while !condition(), turns < 100_000 {
    turns += 1
    await Task.yield()
  }
  #expect(condition())
}
