public import AsyncContentCore
public import AsyncContentPersistence
public import Foundation
import GRDB

// The persistent cache (AsyncContentPersistence, issue 22): a restore of one key in a database
// of 10,000 entries against one GRDB primary-key fetch of the same row, the transactions that
// reach the file for 1,000 changes of one key within a second, the bytes on disk per entry, and
// the cost of a launch with an empty cache. Every store here runs on a ``ManualClock``, so its
// collection and its scheduled writes happen only when a scenario advances the clock.

// MARK: Keys

/// The persisted value of the scenarios: a small `Codable` country.
public struct Country: Codable, Sendable, Equatable {
  public var id: Int
  public var name: String
  public var region: String
  public var population: Int

  /// The country `id`, with a population of its own unless `population` is given.
  public init(id: Int, population: Int? = nil) {
    self.id = id
    name = "Country \(id)"
    region = Self.regions[id % Self.regions.count]
    self.population = population ?? (id &* 12_347) % 90_000_000 + 10_000
  }

  private static let regions = ["Africa", "Americas", "Asia", "Europe", "Oceania"]
}

/// A persisted key of a ``Country``, stored as `country/<id>`.
public struct CountryKey: PersistentKey {
  public let id: Int

  public init(id: Int) {
    self.id = id
  }

  public var persistenceID: String { "country/\(id)" }

  public func fetch(using _: Void) async throws -> Country {
    Country(id: id, population: try await immediateOperation())
  }
}

/// The entries of the prepared database, as in the issue.
public let persistedEntries = 10_000

/// The `i`th key a scenario reads among `keys`: every key once in `keys` reads, in an order
/// that jumps about the table (7,919 is a prime that does not divide 10,000).
public func spreadID(_ i: Int, keys: Int) -> Int {
  (i &* 7_919) % keys
}

/// Deletes the database at `url` with its WAL and shared-memory files.
public func deleteDatabase(at url: URL) {
  for suffix in ["", "-wal", "-shm"] {
    try? FileManager.default.removeItem(atPath: url.path + suffix)
  }
}

/// A store on a ``ManualClock`` with room for `entries` entries and no staleness.
@MainActor
public func makePersistenceStore(entries: Int, clock: ManualClock = ManualClock()) -> LoaderStore {
  LoaderStore(
    clock: clock, staleness: .never, gcAfter: .seconds(60), maxEntries: Swift.max(entries, 1))
}

// MARK: Preparing a database

/// What ``preparePersistedCountries(_:at:)`` measured of the file it wrote.
public struct PreparedDatabase: Sendable {
  /// The entries written.
  public var entries: Int
  /// The size of the database file after `PRAGMA wal_checkpoint(TRUNCATE)`.
  public var fileBytes: Int
  /// The sum of the entries' encoded values (`JSONEncoder`, as the cache encodes them).
  public var encodedBytes: Int
}

/// Writes `count` countries (``CountryKey`` `0..<count`) into a new database at `url`, through a
/// store's `setValue(_:for:)` and `PersistentCache.flush()`, then checkpoints it
/// (`PRAGMA wal_checkpoint(TRUNCATE)`), so that the file holds every row and the WAL is empty.
@MainActor
public func preparePersistedCountries(_ count: Int, at url: URL) async -> PreparedDatabase {
  deleteDatabase(at: url)
  let cache = PersistentCache(location: .file(url))
  let store = makePersistenceStore(entries: count)
  store.persist(in: cache)
  var encodedBytes = 0
  let encoder = JSONEncoder()
  for id in 0..<count {
    let country = Country(id: id)
    store.setValue(country, for: CountryKey(id: id))
    encodedBytes += (try? encoder.encode(country).count) ?? 0
  }
  await cache.flush()
  let rows = countRowsAndCheckpoint(url)
  precondition(rows == count, "the cache wrote \(rows) rows of \(count)")
  let walBytes = fileSize(atPath: url.path + "-wal")
  precondition(walBytes == 0, "the WAL holds \(walBytes) bytes after the checkpoint")
  let prepared = PreparedDatabase(
    entries: count, fileBytes: fileSize(atPath: url.path), encodedBytes: encodedBytes)
  // GRDB opens a pool on an empty WAL with a transaction of its own (it creates and drops a
  // table, so that the WAL file is not empty: GRDB issue 102). Open one now and keep it open
  // until the process exits, so that the WAL stays as it leaves it: every run that opens the
  // file later (a restore, its floor) finds it so and writes nothing.
  preparedDatabases.append(FloorDatabase(at: url))
  withExtendedLifetime((store, cache)) {}
  return prepared
}

/// The pools ``preparePersistedCountries(_:at:)`` keeps open.
@MainActor private var preparedDatabases: [FloorDatabase] = []

/// The database of 10,000 countries that ``sharedRestoreDatabase()`` prepared.
@MainActor private var sharedRestoreURL: URL?

/// A database of ``persistedEntries`` countries (``preparePersistedCountries(_:at:)``) in a
/// temporary directory of the process, prepared on the first call: what the benchmarks restore
/// from.
@MainActor
public func sharedRestoreDatabase() async -> URL {
  if let url = sharedRestoreURL { return url }
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("AsyncContentBenchmarks-\(ProcessInfo.processInfo.processIdentifier)")
    .appendingPathComponent("restore.sqlite")
  _ = await preparePersistedCountries(persistedEntries, at: url)
  sharedRestoreURL = url
  return url
}

/// The rows of the database at `url`, read through a pool of its own, which then checkpoints the
/// WAL into the file and truncates it (`PRAGMA wal_checkpoint(TRUNCATE)`).
func countRowsAndCheckpoint(_ url: URL) -> Int {
  do {
    let pool = try DatabasePool(path: url.path)
    let rows = try pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM entry") } ?? 0
    let busy = try pool.writeWithoutTransaction { db in
      try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
    precondition(busy == 0, "the checkpoint of \(url.path) was blocked")
    try pool.close()
    return rows
  } catch {
    preconditionFailure("preparing \(url.path): \(error)")
  }
}

/// The country stored in the row `id` of the database at `url`, read through a pool of its own.
func storedCountry(_ id: String, at url: URL) -> Country? {
  do {
    let pool = try DatabasePool(path: url.path)
    let stored = try pool.read { db in
      try Data.fetchOne(db, sql: "SELECT value FROM entry WHERE id = ?", arguments: [id])
    }
    try pool.close()
    return try stored.map { try JSONDecoder().decode(Country.self, from: $0) }
  } catch {
    preconditionFailure("reading \(url.path): \(error)")
  }
}

/// The size of the file at `path`; 0 if there is none.
public func fileSize(atPath path: String) -> Int {
  let attributes = try? FileManager.default.attributesOfItem(atPath: path)
  return (attributes?[.size] as? NSNumber)?.intValue ?? 0
}

// MARK: Restore

/// A store with `persist(in:)` on a cache opened on the prepared database at `url`, the cache's
/// maintenance after opening done: what ``restoreCountries(_:count:keys:)`` restores from.
@MainActor
public func openRestoringStore(at url: URL, entries: Int) async -> (LoaderStore, PersistentCache) {
  let cache = PersistentCache(location: .file(url))
  await cache.flush()  // waits for the trim after opening, which writes nothing here
  let store = makePersistenceStore(entries: entries)
  store.persist(in: cache)
  return (store, cache)
}

/// `count` restores: `loader(for:)` of keys the store has no entry for but whose rows are in
/// the database (``spreadID(_:keys:)``: each key once), so that each creates its entry and
/// lands the row's value, decoded. Returns a checksum of the populations restored.
@MainActor
public func restoreCountries(_ store: LoaderStore, count: Int, keys: Int) -> Int {
  var checksum = 0
  for i in 0..<count {
    let id = spreadID(i, keys: keys)
    guard let country = store.loader(for: CountryKey(id: id)).phase.value else {
      preconditionFailure("country/\(id) was not restored")
    }
    checksum &+= country.population
  }
  return checksum
}

/// The floor of a restore: a `DatabasePool` of its own on the same file.
public final class FloorDatabase: Sendable {
  let pool: DatabasePool

  /// Opens a pool on the database at `url`.
  public init(at url: URL) {
    do {
      pool = try DatabasePool(path: url.path)
    } catch {
      preconditionFailure("opening \(url.path): \(error)")
    }
  }
}

/// The floor of ``restoreCountries(_:count:keys:)``: `count` primary-key fetches of the same
/// rows, in the same order, one `pool.read { Row.fetchOne(db, sql: …) }` each, GRDB's plain API,
/// with the SQL the cache reads (the cache itself reads with a cached statement and no
/// transaction). Returns how many rows it found.
public func fetchCountryRows(_ database: FloorDatabase, count: Int, keys: Int) -> Int {
  let pool = database.pool
  var found = 0
  do {
    for i in 0..<count {
      let id = "country/\(spreadID(i, keys: keys))"
      let row = try pool.read { db in
        try Row.fetchOne(
          db, sql: "SELECT version, value, savedAt, invalidated FROM entry WHERE id = ?",
          arguments: [id])
      }
      if row != nil { found += 1 }
    }
  } catch {
    preconditionFailure("fetching rows: \(error)")
  }
  return found
}

// MARK: Writes

/// What ``changeOneKeyForOneSecond(_:at:)`` counted.
public struct WriteOutcome: Sendable, Equatable {
  /// The changes made.
  public var changes: Int
  /// The transactions committed to the file meanwhile: the commit frames added to its WAL.
  public var transactions: Int
  /// The pages those transactions wrote (the WAL's frames).
  public var frames: Int
}

/// `changes` changes of one persisted key (`setValue(_:for:)`) while the store's manual clock
/// advances one second in equal steps, on a cache with the default write delay (one second) on
/// a new file at `url`; then the scheduled write runs (the clock has reached its deadline) and
/// `flush()` waits for it. Counts the transactions that reached the file by reading its WAL
/// (``WALCommits``), which no checkpoint resets meanwhile (the scenario checks its salt), and
/// checks that the file holds the last value.
@MainActor
public func changeOneKeyForOneSecond(_ changes: Int, at url: URL) async -> WriteOutcome {
  deleteDatabase(at: url)
  let cache = PersistentCache(location: .file(url))
  await cache.flush()  // the migration and the trim after opening, before counting
  let before = WALCommits(walPath: url.path + "-wal")
  let clock = ManualClock()
  let store = makePersistenceStore(entries: 1, clock: clock)
  store.persist(in: cache)
  let key = CountryKey(id: 1)
  let step = Duration.seconds(1) / Swift.max(changes, 1)
  for change in 0..<changes {
    store.setValue(Country(id: 1, population: change), for: key)
    clock.advance(by: step)
    await Task.yield()  // lets a wake-up that is due run, as the main actor would
  }
  await cache.flush()
  let after = WALCommits(walPath: url.path + "-wal")
  precondition(
    before.salt == nil || before.salt == after.salt,
    "the WAL was restarted (a checkpoint ran) between the two counts")
  let last = storedCountry("country/1", at: url)
  precondition(
    last == Country(id: 1, population: changes - 1), "the file holds \(String(describing: last))")
  withExtendedLifetime(store) {}
  return WriteOutcome(
    changes: changes, transactions: after.commits - before.commits,
    frames: after.frames - before.frames)
}

/// The valid frames of a WAL file and how many of them end a transaction, read as
/// https://www.sqlite.org/fileformat2.html#walformat says: a 32-byte header (magic, version,
/// page size, checkpoint sequence, two salts, two checksums), then frames of a 24-byte header
/// (page number, the size of the database after the commit — non-zero only on a commit frame —
/// the salts, two checksums) and a page. A frame is valid while its salts are the header's and
/// its cumulative checksum matches; what follows the first invalid frame is left over from
/// before the WAL was restarted.
public struct WALCommits: Sendable {
  /// The header's salts; `nil` for an empty (or missing) WAL.
  public var salt: UInt64?
  /// The valid frames.
  public var frames = 0
  /// The valid commit frames: one per transaction written.
  public var commits = 0

  public init(walPath: String) {
    guard let data = FileManager.default.contents(atPath: walPath), data.count >= 32 else {
      return
    }
    let bytes = [UInt8](data)
    func word(_ offset: Int) -> UInt32 {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    let magic = word(0)
    guard magic == 0x377f_0682 || magic == 0x377f_0683 else { return }
    // The checksums read the file's 32-bit words big-endian when the magic's low bit is set,
    // little-endian otherwise.
    let bigEndian = magic & 1 == 1
    func checksumWord(_ offset: Int) -> UInt32 {
      bigEndian ? word(offset) : word(offset).byteSwapped
    }
    func checksum(_ range: Range<Int>, from start: (UInt32, UInt32)) -> (UInt32, UInt32) {
      var (s0, s1) = start
      var offset = range.lowerBound
      while offset < range.upperBound {
        s0 = s0 &+ checksumWord(offset) &+ s1
        s1 = s1 &+ checksumWord(offset + 4) &+ s0
        offset += 8
      }
      return (s0, s1)
    }
    var sum = checksum(0..<24, from: (0, 0))
    guard sum == (word(24), word(28)) else { return }
    let pageSize = Int(word(8))
    let (salt1, salt2) = (word(16), word(20))
    salt = UInt64(salt1) << 32 | UInt64(salt2)
    var offset = 32
    while offset + 24 + pageSize <= bytes.count {
      guard word(offset + 8) == salt1, word(offset + 12) == salt2 else { break }
      sum = checksum(offset..<offset + 8, from: sum)
      sum = checksum(offset + 24..<offset + 24 + pageSize, from: sum)
      guard sum == (word(offset + 16), word(offset + 20)) else { break }
      frames += 1
      if word(offset + 4) != 0 { commits += 1 }
      offset += 24 + pageSize
    }
  }
}

// MARK: Launch

/// A launch with persistence: a store, a cache opened on the new file `url` (it does not exist
/// before), `persist(in:)`, and one lookup (`loader(for:)`) of a persisted key, whose row the
/// cache reads and does not find; then the cache's trim after opening (off the main actor),
/// awaited so that the process does not exit before it.
@MainActor
public func launchWithPersistence(at url: URL) async -> (LoaderStore, PersistentCache) {
  let store = LoaderStore(clock: ManualClock(), staleness: .never)
  let cache = PersistentCache(location: .file(url))
  store.persist(in: cache)
  let loader = store.loader(for: CountryKey(id: 0))
  precondition(loader.phase.value == nil, "a new cache restored a value")
  await cache.flush()
  return (store, cache)
}

/// The floor of ``launchWithPersistence(at:)``: the store and the same lookup, no cache.
@MainActor
public func launchWithoutPersistence() -> LoaderStore {
  let store = LoaderStore(clock: ManualClock(), staleness: .never)
  let loader = store.loader(for: CountryKey(id: 0))
  precondition(loader.phase.value == nil, "a new store held a value")
  return store
}
