#if Persistence
import Foundation
import GRDB

/// The queued runs of the queueing mutations of the stores a ``PersistentCache`` is attached
/// to: user data, not cache, in a file of its own that nothing done to the cache touches. It
/// opens at first use and never deletes its file; a damaged one is salvaged row by row.
final class Outbox: Sendable {
  /// The file; `nil` in memory.
  let url: URL?
  private let isShared: Bool
  private let prepare: (@Sendable (Database) throws -> Void)?
  private let report: @Sendable (PersistenceDiagnostic) -> Void
  private let now: @Sendable () -> Date
  private let state: Locked<State>
  /// Runs once, when the outbox first opens: the cache moves an earlier build's runs in.
  private let onFirstOpen: Locked<(@Sendable (Outbox) -> Void)?>

  /// A queued run, as stored.
  struct Run: Sendable, Equatable {
    var mutationID: String
    var key: String
    var input: Data
    var inputDescription: String
    var storedAt: Double
  }

  struct State {
    /// The database; `nil` while the file cannot be opened.
    var writer: (any DatabaseWriter)?
    /// The runs stored while the file could not be opened or written, in order: written at the
    /// next open, and replayed by this process meanwhile.
    var unwritten: [Run] = []
  }

  /// The table of queued runs.
  static let table = "queuedRun"

  /// The outbox's schema, its own: changed only by new migrations.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: queued runs") { db in
      try db.create(table: table) { table in
        // The order the runs were asked for: a replay follows it.
        table.autoIncrementedPrimaryKey("sequence")
        table.column("mutationID", .text).notNull().indexed()
        table.column("idempotencyKey", .text).notNull().unique()
        table.column("input", .blob).notNull()
        table.column("inputDescription", .text).notNull()
        table.column("storedAt", .double).notNull()
      }
    }
    return migrator
  }

  init(
    url: URL?, isShared: Bool, prepare: (@Sendable (Database) throws -> Void)?,
    report: @escaping @Sendable (PersistenceDiagnostic) -> Void,
    now: @escaping @Sendable () -> Date,
    onFirstOpen: (@Sendable (Outbox) -> Void)? = nil
  ) {
    self.url = url
    self.isShared = isShared
    self.prepare = prepare
    self.report = report
    self.now = now
    self.onFirstOpen = Locked(onFirstOpen)
    state = Locked(State(writer: url == nil ? try? Self.inMemory() : nil))
  }

  // MARK: Opening

  /// An empty outbox in memory.
  static func inMemory() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try migrator.migrate(queue)
    return queue
  }

  /// The outbox at `url`; salvaged when damaged; `nil` (the file untouched) on any other failure.
  private func open(_ url: URL) -> (any DatabaseWriter)? {
    do {
      return try Self.openPool(url, isShared: isShared, prepare: prepare)
    } catch is PersistentCache.NewerSchema {
      // A newer build's outbox: its runs are not this build's to replay or to delete.
      report(.openFailed(url: url, reason: "a newer build of the app migrated the outbox"))
      return nil
    } catch let error where PersistentCache.isCorruption(error) {
      return salvage(url)
    } catch {
      report(.openFailed(url: url, reason: "\(error)"))
      return nil
    }
  }

  /// Opens the pool at `url` (WAL mode), refuses a newer build's outbox, and migrates.
  static func openPool(
    _ url: URL, isShared: Bool, prepare: (@Sendable (Database) throws -> Void)?
  ) throws -> DatabasePool {
    try PersistentCache.openPool(url, isShared: isShared, prepare: prepare, migrator: migrator)
  }

  /// Reads the runs of the damaged outbox at `url` one by one, keeps the file aside
  /// (`…damaged-<date>`), and opens a new outbox holding the runs that read.
  private func salvage(_ url: URL) -> (any DatabaseWriter)? {
    var recovered: [Run] = []
    var unreadable = 0
    var configuration = Configuration()
    configuration.readonly = true
    if let damaged = try? DatabaseQueue(path: url.path, configuration: configuration) {
      damaged.inDatabase { db in
        let sequences: [Int64]
        do {
          sequences = try Int64.fetchAll(
            db, sql: "SELECT sequence FROM \(Self.table) ORDER BY sequence")
        } catch {
          // The table's own pages are damaged: try the row ids SQLite handed out.
          let last = (try? Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence")) ?? nil
          sequences = last.map { Array(1...max(1, $0)) } ?? []
        }
        for sequence in sequences {
          do {
            guard
              let row = try Row.fetchOne(
                db,
                sql: """
                  SELECT mutationID, idempotencyKey, input, inputDescription, storedAt
                  FROM \(Self.table) WHERE sequence = ?
                  """, arguments: [sequence])
            else { continue }
            recovered.append(
              Run(
                mutationID: row["mutationID"], key: row["idempotencyKey"], input: row["input"],
                inputDescription: row["inputDescription"], storedAt: row["storedAt"]))
          } catch {
            unreadable += 1
          }
        }
      }
    }
    let stamp = Int(Date().timeIntervalSince1970)
    let aside = URL(fileURLWithPath: url.path + ".damaged-\(stamp)")
    var moved: URL? = aside
    do {
      try FileManager.default.moveItem(at: url, to: aside)
      for suffix in ["-wal", "-shm"] {
        try? FileManager.default.moveItem(
          atPath: url.path + suffix, toPath: aside.path + suffix)
      }
    } catch {
      moved = nil
    }
    guard moved != nil else {
      // The damaged file stays where it is: it is not replaced, and the outbox stays closed.
      report(
        .queuedRunsSalvaged(
          url: url, recovered: 0, unreadable: recovered.count + unreadable, damagedFile: nil))
      return nil
    }
    do {
      let pool = try Self.openPool(url, isShared: isShared, prepare: prepare)
      try pool.write { db in
        for run in recovered { try Self.insert(run, in: db) }
      }
      report(
        .queuedRunsSalvaged(
          url: url, recovered: recovered.count, unreadable: unreadable, damagedFile: aside))
      return pool
    } catch {
      report(
        .queuedRunsSalvaged(
          url: url, recovered: 0, unreadable: recovered.count + unreadable, damagedFile: aside))
      report(.openFailed(url: url, reason: "\(error)"))
      return nil
    }
  }

  /// Inserts `run`, after the runs stored before it.
  static func insert(_ run: Run, in db: Database) throws {
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO \(table)
          (mutationID, idempotencyKey, input, inputDescription, storedAt)
        VALUES (?, ?, ?, ?, ?)
        """,
      arguments: [run.mutationID, run.key, run.input, run.inputDescription, run.storedAt])
  }

  /// The database, opened again if it was not (and the runs kept in memory meanwhile written to
  /// it); `nil` while it still does not open.
  private func openWriter() -> (any DatabaseWriter)? {
    if let writer = state.withLock({ $0.writer }) {
      runFirstOpen()
      return writer
    }
    guard let url else { return nil }
    guard let writer = open(url) else { return nil }
    let unwritten = state.withLock { state in
      state.writer = writer
      return state.unwritten
    }
    flushUnwritten(unwritten, to: writer)
    runFirstOpen()
    return writer
  }

  /// Runs `onFirstOpen`, once.
  private func runFirstOpen() {
    let first = onFirstOpen.withLock { hook in
      defer { hook = nil }
      return hook
    }
    first?(self)
  }

  /// Writes the runs kept in memory to `writer`, and forgets those written.
  private func flushUnwritten(_ runs: [Run], to writer: any DatabaseWriter) {
    guard !runs.isEmpty else { return }
    do {
      try writer.write { db in
        for run in runs { try Self.insert(run, in: db) }
      }
      let keys = Set(runs.map(\.key))
      state.withLock { $0.unwritten.removeAll { keys.contains($0.key) } }
    } catch {
      report(.writeFailed(ids: runs.map(Self.diagnosticID), reason: "\(error)"))
    }
  }

  /// The id a diagnostic names a run by.
  static func diagnosticID(_ run: Run) -> String {
    diagnosticID(run.mutationID, run.key)
  }

  static func diagnosticID(_ mutationID: String, _ key: String) -> String {
    "mutation/\(mutationID)/\(key)"
  }

  // MARK: Runs

  /// Stores `run` on disk before returning, after the runs stored before it; while the file
  /// cannot be written, the run is kept in memory and written at the next open.
  func store(mutationID: String, key: String, input: Data, inputDescription: String) {
    let run = Run(
      mutationID: mutationID, key: key, input: input, inputDescription: inputDescription,
      storedAt: now().timeIntervalSince1970)
    if let writer = openWriter() {
      do {
        try writer.write { db in try Self.insert(run, in: db) }
        return
      } catch {
        report(.writeFailed(ids: [Self.diagnosticID(run)], reason: "\(error)"))
      }
    }
    state.withLock { $0.unwritten.append(run) }
  }

  /// Deletes the run `key` of `mutationID`: it ended.
  func remove(mutationID: String, key: String) {
    state.withLock { $0.unwritten.removeAll { $0.key == key } }
    guard let writer = openWriter() else { return }
    do {
      try writer.write { db in
        try db.execute(
          sql: "DELETE FROM \(Self.table) WHERE mutationID = ? AND idempotencyKey = ?",
          arguments: [mutationID, key])
      }
    } catch {
      // The row stays: a relaunch resends the run with its key, which the server deduplicates.
      report(.writeFailed(ids: [Self.diagnosticID(mutationID, key)], reason: "\(error)"))
    }
  }

  /// The runs of `mutationID` (every mutation's when `nil`), in the order they were stored:
  /// the file's, then those kept in memory.
  func runs(of mutationID: String? = nil) -> [Run] {
    var runs: [Run] = []
    if let writer = openWriter() {
      do {
        runs = try writer.read { db in
          try Row.fetchAll(
            db,
            sql: """
              SELECT mutationID, idempotencyKey, input, inputDescription, storedAt
              FROM \(Self.table) WHERE ? IS NULL OR mutationID = ? ORDER BY sequence
              """,
            arguments: [mutationID, mutationID]
          ).map {
            Run(
              mutationID: $0["mutationID"], key: $0["idempotencyKey"], input: $0["input"],
              inputDescription: $0["inputDescription"], storedAt: $0["storedAt"])
          }
        }
      } catch {
        report(.openFailed(url: url ?? URL(fileURLWithPath: "/dev/null"), reason: "\(error)"))
      }
    }
    let stored = Set(runs.map(\.key))
    let unwritten = state.withLock { $0.unwritten }
    return runs
      + unwritten.filter {
        !stored.contains($0.key) && (mutationID == nil || $0.mutationID == mutationID)
      }
  }

  /// Deletes every run, reporting each one as discarded; a run that cannot be deleted stays,
  /// and is reported as a failed write.
  func discardAll() {
    let runs = runs()
    for run in runs {
      remove(mutationID: run.mutationID, key: run.key)
      report(
        .queuedRunDiscarded(
          mutationID: run.mutationID, idempotencyKey: run.key, input: run.inputDescription))
    }
  }

  /// The database, for the tests; `nil` while it does not open.
  var writer: (any DatabaseWriter)? { openWriter() }
}
#endif
