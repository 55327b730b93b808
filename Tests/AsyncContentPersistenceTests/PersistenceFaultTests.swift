import AsyncContentCore
import AsyncContentPersistence
import Clocks
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The faults of the issue "Offline-first", each a test: a process killed mid-write, a corrupt
/// or truncated file, a full disk, a newer schema, and two processes writing at once.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PersistenceFaultTests {
  let directory = TemporaryDirectory()
  let server = Server()
  let diagnostics = Diagnostics()

  func makeCache(
    _ url: URL? = nil, prepare: (@Sendable (Database) throws -> Void)? = nil
  ) -> PersistentCache {
    PersistentCache(
      location: .file(url ?? directory.file()), diagnostics: diagnostics.hook, prepare: prepare)
  }

  func makeStore(_ cache: PersistentCache) -> LoaderStore {
    let store = LoaderStore(clock: TestClock(), clients: server)
    store.persist(in: cache)
    return store
  }

  func integrityCheck(_ cache: PersistentCache) throws -> String? {
    try cache.writer?.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
  }

  func rowCount(_ cache: PersistentCache) throws -> Int {
    try cache.writer?.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry") } ?? -1
  }

  /// The cache still works: a value loads, is written, and a relaunch restores it.
  func expectWorking(_ cache: PersistentCache) async {
    server.set("AT", "Austria")
    let store = makeStore(cache)
    await store.loader(for: CountryKey(code: "AT")).load()
    await cache.flush()
    let relaunched = makeStore(cache)
    #expect(relaunched.value(for: CountryKey(code: "AT"))?.name == "Austria")
  }

  // MARK: A process killed mid-write

  /// The kill test's child process, built next to the test binary (`.build/debug`,
  /// `.build-tsan/debug`, or inside an `.xctest` bundle on macOS).
  nonisolated static func killWriterURL() -> URL? {
    var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    if let executable = Bundle.main.executableURL {
      starts.append(executable.deletingLastPathComponent())
    }
    starts.append(Bundle.main.bundleURL)
    for start in starts {
      var directory = start
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("PersistenceKillWriter")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    return nil
  }

  /// Runs the child on `url` until it reports `commits` committed batches, kills it with
  /// SIGKILL, and returns the last batch it reported.
  nonisolated static func writeAndKill(_ url: URL, commits: Int) throws -> Int {
    guard let writer = killWriterURL() else {
      Issue.record("PersistenceKillWriter is not built next to the tests")
      return 0
    }
    let process = Process()
    process.executableURL = writer
    process.arguments = [url.path, "20"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var text = ""
    var last = 0
    while last < commits {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }  // the child ended
      text += String(decoding: data, as: UTF8.self)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
      // Only whole lines count: the last may be cut.
      for line in lines.dropLast(text.hasSuffix("\n") ? 0 : 1) {
        if line.hasPrefix("committed "), let batch = Int(line.dropFirst(10)) {
          last = max(last, batch)
        }
      }
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    return last
  }

  @Test func aProcessKilledMidWriteLeavesAConsistentDatabaseWithEveryCommittedValue() async throws {
    let url = directory.file()
    let reported = try Self.writeAndKill(url, commits: 25)
    #expect(reported >= 25)

    let cache = makeCache(url)
    #expect(diagnostics.replacements.isEmpty)
    #expect(try integrityCheck(cache) == "ok")
    let values = try await cache.writer!.read { db in
      try Row.fetchAll(db, sql: "SELECT id, value FROM entry").map { row -> Int in
        let data: Data = row["value"]
        return try JSONDecoder().decode(Int.self, from: data)
      }
    }
    // Every row of the last reported batch is there, with that batch's value or a later one, and
    // each batch is one transaction: all rows hold the same batch.
    #expect(values.count == 20)
    #expect(values.allSatisfy { $0 >= reported })
    #expect(Set(values).count == 1)
  }

  // MARK: A corrupt file

  @Test func aFileOfGarbageBytesIsReplacedByAnEmptyCacheAndReported() async throws {
    let url = directory.file()
    try Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: url)
    let cache = makeCache(url)
    #expect(cache.url == url)
    guard case .corrupt = diagnostics.replacements.first else {
      Issue.record("no replacement as corrupt: \(diagnostics.all)")
      return
    }
    #expect(try rowCount(cache) == 0)
    await expectWorking(cache)
  }

  @Test func aTruncatedFileIsReplacedByAnEmptyCacheAndReported() async throws {
    let url = directory.file()
    do {
      let cache = makeCache(url)
      for index in 0..<300 {
        cache.stage(
          String(repeating: "v", count: 1_000), for: "row/\(index)", version: 1, savedDate: Date())
      }
      await cache.flush()
      _ = try await cache.writer?.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
      }
    }
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    #expect(size > 300_000)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(size / 3))
    try handle.close()

    let cache = makeCache(url)
    await cache.waitForWrites()  // the maintenance after opening reads the table
    guard case .corrupt = diagnostics.replacements.first else {
      Issue.record("no replacement as corrupt: \(diagnostics.all)")
      return
    }
    #expect(try rowCount(cache) == 0)
    #expect(try integrityCheck(cache) == "ok")
    await expectWorking(cache)
  }

  // MARK: A full disk

  @Test func aFullDiskFailsTheWritesAndReportsThemWhileMemoryAndScreensAreUnaffected() async throws
  {
    // SQLite's max_page_count on every connection: the database cannot grow past 12 pages.
    let cache = makeCache(prepare: { db in try db.execute(sql: "PRAGMA max_page_count = 12") })
    #expect(diagnostics.replacements.isEmpty)
    let store = makeStore(cache)
    let big = String(repeating: "x", count: 200_000)
    server.set("AT", big)
    let key = CountryKey(code: "AT")
    let subscription = store.observe(key)
    await subscription.loader.load()
    await cache.flush()
    #expect(diagnostics.writeFailures == 1)
    #expect(subscription.loader.phase.kind == .loaded)
    #expect(subscription.loader.phase.value?.name == big)
    #expect(store.value(for: key)?.name == big)
    // Small values still fit, and are written.
    server.set("BE", "Belgium")
    await store.loader(for: CountryKey(code: "BE")).load()
    await cache.flush()
    #expect(diagnostics.writeFailures == 1)
    #expect(try rowCount(cache) == 1)
    subscription.cancel()
  }

  // MARK: A newer schema

  @Test func aDatabaseMigratedByANewerBuildIsReplacedAndReported() async throws {
    let url = directory.file()
    do {
      let cache = makeCache(url)
      await expectWorking(cache)
      try await cache.writer?.write { db in
        try db.execute(
          sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from a newer build')")
      }
    }
    let cache = makeCache(url)
    #expect(diagnostics.replacements == [.newerSchema])
    #expect(try rowCount(cache) == 0)
    await expectWorking(cache)
  }

  @Test func aRowOfANewerVersionIsDroppedAndReported() async throws {
    let cache = makeCache()
    let store = makeStore(cache)
    server.set("AT", "Austria")
    await store.loader(for: CountryKeyV2(code: "AT")).load()
    await cache.flush()
    let relaunched = makeStore(makeCache())
    #expect(relaunched.loader(for: CountryKey(code: "AT")).phase.kind == .idle)
    #expect(diagnostics.drops == [.otherVersion(stored: 2, current: 1)])
  }

  // MARK: Two processes

  @Test func twoConnectionsWritingAtOnceLoseNothing() async throws {
    let url = directory.file()
    let app = makeCache(url)
    let appExtension = makeCache(url)
    let batches = 40
    let rows = 10
    await withTaskGroup(of: Void.self) { group in
      for (name, cache) in [("app", app), ("extension", appExtension)] {
        group.addTask {
          for batch in 0..<batches {
            for row in 0..<rows {
              cache.stage(batch, for: "\(name)/\(row)", version: 1, savedDate: Date())
              cache.stage(batch, for: "\(name)/batch\(batch)/\(row)", version: 1, savedDate: Date())
            }
            await cache.flush()
          }
        }
      }
    }
    #expect(diagnostics.writeFailures == 0)
    let reopened = makeCache(url)
    #expect(try rowCount(reopened) == 2 * (rows + batches * rows))
    let last = try await reopened.writer!.read { db in
      try Row.fetchAll(db, sql: "SELECT value FROM entry WHERE id NOT LIKE '%batch%'").map {
        row -> Int in
        let data: Data = row["value"]
        return try JSONDecoder().decode(Int.self, from: data)
      }
    }
    #expect(last == Array(repeating: batches - 1, count: 2 * rows))
  }
}
