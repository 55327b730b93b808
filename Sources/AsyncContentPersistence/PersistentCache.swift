#if Persistence
public import Foundation
package import GRDB

/// A cache that keeps the values of persisted keys (``PersistentKey``, ``PersistentPagedKey``)
/// across launches, in a SQLite database (through GRDB), so that the app opens on its last
/// content and revalidates it.
///
/// Attach it to a store once, before the first screen asks for a key:
///
/// ```swift
/// let cache = PersistentCache()  // a file in the caches directory
/// let store = LoaderStore(clients: LiveCountriesAPI())
/// store.persist(in: cache)
/// ```
///
/// - **Restore.** When the store creates the entry of a persisted key, the cache reads that one
///   row (by its ``PersistentStoreKey/persistenceID``), and the key's loader shows its value at
///   once, dated by its real age and stale, so its first observer revalidates it. A launch reads
///   only the rows that screens ask for.
/// - **Write-behind.** A new value (a load, an edit) is remembered, the latest per key, and
///   written after ``writeDelay`` on the store's clock, all pending rows in one transaction, off
///   the main actor; at once with ``flush()`` and when the app goes to the background.
/// - **Versions.** A row of another ``PersistentStoreKey/persistenceVersion``, or one that no
///   longer decodes, is dropped and reported; so is a row older than the key's `maxAge`.
/// - **Bounds.** After each write and at open, rows older than ``maxAge`` go, then the oldest
///   rows until the stored values take at most ``maxSize`` bytes.
/// - **Faults.** The initializer never throws: a file that is not a database, is damaged, or was
///   migrated by a newer build is replaced by an empty one, and reported. Any other failure to
///   open it (no permission, the device locked, a full disk, a lock held past the busy timeout)
///   leaves the file as it is: the cache keeps values in memory for this launch, and reports
///   it. A failed write (a full disk) is reported; memory and screens stay as they are.
/// - **Outbox.** The runs of queueing mutations (``Mutation/init(queueing:optimistic:writeBack:invalidates:retry:operation:)``)
///   are the person's edits, not cache: they live in a file of their own, in Application
///   Support, which nothing done to the cache's file touches.
/// - **Scopes.** A cache made with a `scope` (the signed-in account) keeps its files apart from
///   every other scope's; ``LoaderStore/endScope(queuedRuns:)`` ends it at sign-out.
///
/// Secrets do not belong in a persisted key's value: the file is not encrypted beyond the
/// system's data protection. Keep tokens and passwords in the Keychain.
public final class PersistentCache: Sendable {
  /// Where a ``PersistentCache`` keeps its database.
  public struct Location: Sendable {
    enum Kind {
      case cachesDirectory
      case appGroup(String)
      case file(URL)
      case memory
    }

    let kind: Kind

    /// A file in the app's caches directory (`AsyncContent/cache.sqlite`): the system may
    /// delete it when storage runs low, and it is not backed up. The default. The outbox of
    /// queued runs is `AsyncContent/outbox.sqlite` in Application Support, which the system
    /// does not purge; it is excluded from backups too.
    public static let cachesDirectory = Location(kind: .cachesDirectory)

    /// A file in the container of the app group `identifier`
    /// (`Library/Caches/AsyncContent/cache.sqlite`, and the outbox in
    /// `Library/Application Support/AsyncContent/outbox.sqlite`), which the app and its
    /// extensions share: the databases are in WAL mode, opened under a file coordinator, and
    /// suspended after the background write (GRDB's "Sharing a Database"), so two processes can
    /// read and write them at once. Where the container is unavailable or cannot be written (no
    /// entitlement, an invalid group on macOS, not an Apple platform), the caches directory,
    /// and the diagnostics hook hears ``PersistenceDiagnostic/locationFallback(requested:used:reason:)``.
    public static func appGroup(_ identifier: String) -> Location {
      Location(kind: .appGroup(identifier))
    }

    /// The database file at `url`; the outbox is beside it (`cache.sqlite` has
    /// `cache-outbox.sqlite`).
    public static func file(_ url: URL) -> Location {
      Location(kind: .file(url))
    }

    /// No file: values are kept for this process only. For previews and tests.
    public static let memory = Location(kind: .memory)
  }

  /// What ``LoaderStore/endScope(queuedRuns:)`` does with the queued runs of the scope it ends.
  public enum QueuedRuns: Sendable {
    /// Deletes them unsent, reporting each one
    /// (``PersistenceDiagnostic/queuedRunDiscarded(mutationID:idempotencyKey:input:)``).
    case discard
    /// Keeps them in the scope's outbox, unsent, for that scope's next cache (the account's
    /// next sign-in), which ``LoaderStore/resumeQueuedMutations(_:)`` replays.
    case keep
  }

  /// The database file; `nil` when the cache keeps values in memory only.
  public let url: URL?
  /// The scope the cache's rows and queued runs belong to (the signed-in account); `nil` for
  /// the app's one unnamed scope.
  public let scope: String?
  /// How many bytes the stored values may take; the oldest rows go first beyond it.
  public let maxSize: Int
  /// How old a stored value may be: older rows are not shown and are deleted. A key's own
  /// ``PersistentStoreKey/maxAge`` can be shorter; a key whose `maxAge` is `nil` uses this one.
  public let maxAge: Duration
  /// How long a new value waits before it is written, on the store's clock, so that values that
  /// change often cost one write.
  public let writeDelay: Duration

  let diagnostics: @Sendable (PersistenceDiagnostic) -> Void
  /// The wall clock that dates saved rows and measures their age.
  let now: @Sendable () -> Date
  /// Prepares each connection: what the tests use to simulate a full disk.
  private let prepare: (@Sendable (Database) throws -> Void)?
  private let state: Locked<State>
  /// The queued runs of queueing mutations, in a file of their own.
  let outbox: Outbox
  /// Whether the files are shared with other processes (an app group): suspended after the
  /// background write, resumed on activation.
  let isShared: Bool

  /// What the main actor and the writes share.
  struct State {
    /// The database; `nil` only when not even memory could be had.
    var writer: (any DatabaseWriter)?
    /// The changes not written yet, the latest per row.
    var pending: [String: PendingChange] = [:]
    /// Whether every row goes, before the pending changes.
    var clearsAll = false
    /// The changes a write is writing now.
    var inFlight: [String: PendingChange] = [:]
    var inFlightClearsAll = false
    /// The last write started: each write waits for the one before.
    var lastWrite: Task<Void, Never>?
    var transactions = 0
    var rowsWritten = 0
  }

  /// Opens (or creates) the cache's database.
  ///
  /// It never throws and never blocks on more than opening the file: a file that is not a
  /// database, or is damaged, or was migrated by a newer build of the app, is replaced by an
  /// empty one, and `diagnostics` hears of it; if no file can be made, the cache keeps values in
  /// memory for this launch. Old and oversized rows are dropped off the main actor after
  /// opening.
  ///
  /// - Parameters:
  ///   - location: Where the database is: ``Location/cachesDirectory`` (the default), an app
  ///     group's container, a file, or memory.
  ///   - scope: The scope of the cache's rows and queued runs, such as the signed-in account's
  ///     id: its files are apart from every other scope's. `nil` (the default) for an app
  ///     without accounts.
  ///   - maxSize: How many bytes the stored values may take; 50 MB by default.
  ///   - maxAge: How old a stored value may be; 30 days by default.
  ///   - writeDelay: How long a new value waits before it is written; one second by default.
  ///   - diagnostics: Hears every row dropped, database replaced or not opened, write failed,
  ///     queued run salvaged or discarded, and location fallen back from. It is called on any
  ///     thread.
  ///   - now: The wall clock that dates rows; `Date.init` by default. Tests pass a fixed one.
  public convenience init(
    location: Location = .cachesDirectory,
    scope: String? = nil,
    maxSize: Int = 50_000_000,
    maxAge: Duration = .seconds(30 * 24 * 3600),
    writeDelay: Duration = .seconds(1),
    diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = { _ in },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(
      location: location, scope: scope, maxSize: maxSize, maxAge: maxAge,
      writeDelay: writeDelay, diagnostics: diagnostics, now: now, prepare: nil)
  }

  /// ``init(location:scope:maxSize:maxAge:writeDelay:diagnostics:now:)``, with `prepare` run on
  /// each new connection of the cache (a test's `PRAGMA max_page_count`, or an injected open
  /// failure), and `outboxPrepare` on each of the outbox's; `isShared` treats the files as an
  /// app group's (suspended in the background) wherever they are.
  package init(
    location: Location, scope: String? = nil, maxSize: Int = 50_000_000,
    maxAge: Duration = .seconds(30 * 24 * 3600),
    writeDelay: Duration = .seconds(1),
    diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = { _ in },
    now: @escaping @Sendable () -> Date = { Date() },
    prepare: (@Sendable (Database) throws -> Void)?,
    outboxPrepare: (@Sendable (Database) throws -> Void)? = nil,
    isShared: Bool? = nil
  ) {
    self.maxSize = maxSize
    self.maxAge = maxAge
    self.writeDelay = writeDelay
    self.diagnostics = diagnostics
    self.now = now
    self.prepare = prepare
    self.scope = scope
    var files = Self.files(of: location, scope: scope, report: diagnostics)
    if let isShared { files.isShared = isShared }
    self.isShared = files.isShared
    let writer: (any DatabaseWriter)?
    if let url = files.cache {
      writer = Self.open(url, isShared: files.isShared, prepare: prepare, report: diagnostics)
    } else {
      writer = Self.openInMemory(report: diagnostics)
    }
    self.url = writer is DatabasePool ? files.cache : nil
    let state = Locked(State(writer: writer))
    self.state = state
    outbox = Outbox(
      url: files.outbox, isShared: files.isShared, prepare: outboxPrepare, report: diagnostics,
      now: now,
      onFirstOpen: { outbox in
        Self.moveQueuedRuns(from: state.withLock { $0.writer }, to: outbox, report: diagnostics)
      })
    startMaintenance()
  }

  /// A cache on `writer`, a database the caller made (a test's shared in-memory database, which
  /// outlives the caches that open it, as a file outlives a process).
  package init(
    writer: any DatabaseWriter, maxSize: Int = 50_000_000,
    maxAge: Duration = .seconds(30 * 24 * 3600), writeDelay: Duration = .seconds(1),
    diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = { _ in },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.maxSize = maxSize
    self.maxAge = maxAge
    self.writeDelay = writeDelay
    self.diagnostics = diagnostics
    self.now = now
    self.prepare = nil
    self.url = nil
    self.scope = nil
    isShared = false
    outbox = Outbox(url: nil, isShared: false, prepare: nil, report: diagnostics, now: now)
    var usable: (any DatabaseWriter)? = writer
    do {
      try PersistenceSchema.migrator.migrate(writer)
    } catch {
      diagnostics(.memoryOnly(reason: "\(error)"))
      usable = Self.openInMemory(report: diagnostics)
    }
    state = Locked(State(writer: usable))
    startMaintenance()
  }

  // MARK: Opening

  /// The files of a location and scope.
  struct Files {
    /// The cache's database; `nil` in memory.
    var cache: URL?
    /// The outbox's database; `nil` in memory.
    var outbox: URL?
    /// Whether other processes share them (an app group).
    var isShared = false
  }

  /// The files of `location` for `scope`: a scope's files are in a directory of its own. An app
  /// group that cannot be used falls back to the caches directory, and `report` hears it.
  static func files(
    of location: Location, scope: String?, report: @Sendable (PersistenceDiagnostic) -> Void
  ) -> Files {
    let scoped = { (directory: URL) -> URL in
      guard let scope else { return directory }
      return directory.appendingPathComponent(scopeDirectoryName(scope), isDirectory: true)
    }
    switch location.kind {
    case .memory:
      return Files()
    case .file(let url):
      let directory = scoped(url.deletingLastPathComponent())
      let name = url.deletingPathExtension().lastPathComponent
      return Files(
        cache: directory.appendingPathComponent(url.lastPathComponent),
        outbox: directory.appendingPathComponent("\(name)-outbox.sqlite"))
    case .cachesDirectory:
      return standardFiles(scoped: scoped)
    case .appGroup(let identifier):
      switch appGroupContainer(identifier) {
      case .success(let container):
        let library = container.appendingPathComponent("Library", isDirectory: true)
        return Files(
          cache: scoped(library.appendingPathComponent("Caches/AsyncContent", isDirectory: true))
            .appendingPathComponent("cache.sqlite"),
          outbox: scoped(
            library.appendingPathComponent("Application Support/AsyncContent", isDirectory: true)
          ).appendingPathComponent("outbox.sqlite"),
          isShared: true)
      case .failure(let reason):
        let files = standardFiles(scoped: scoped)
        report(
          .locationFallback(
            requested: "app group \(identifier)", used: files.cache, reason: reason.message))
        return files
      }
    }
  }

  /// `AsyncContent/cache.sqlite` in the caches directory, and `AsyncContent/outbox.sqlite` in
  /// Application Support, in `scoped` directories.
  static func standardFiles(scoped: (URL) -> URL) -> Files {
    let manager = FileManager.default
    let caches =
      manager.urls(for: .cachesDirectory, in: .userDomainMask).first ?? manager.temporaryDirectory
    let support =
      manager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? manager.temporaryDirectory
    return Files(
      cache: scoped(caches.appendingPathComponent("AsyncContent", isDirectory: true))
        .appendingPathComponent("cache.sqlite"),
      outbox: scoped(support.appendingPathComponent("AsyncContent", isDirectory: true))
        .appendingPathComponent("outbox.sqlite"))
  }

  /// A directory name for `scope`, safe whatever its characters: letters, digits, `-` and `_`
  /// as they are, the rest percent-encoded, and a prefix so that `.` and `..` cannot occur.
  static func scopeDirectoryName(_ scope: String) -> String {
    var allowed = CharacterSet(charactersIn: "-_")
    allowed.formUnion(CharacterSet(charactersIn: "a"..."z"))
    allowed.formUnion(CharacterSet(charactersIn: "A"..."Z"))
    allowed.formUnion(CharacterSet(charactersIn: "0"..."9"))
    return "scope-" + (scope.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
  }

  /// Why a location cannot be used.
  struct LocationError: Error {
    var message: String
  }

  /// The database at `url`, opened and migrated. A file that is damaged or was migrated by a
  /// newer build is replaced by an empty one; any other failure leaves it as it is, and the
  /// cache keeps values in memory for this launch. Every case is reported.
  static func open(
    _ url: URL, isShared: Bool, prepare: (@Sendable (Database) throws -> Void)?,
    report: @Sendable (PersistenceDiagnostic) -> Void
  ) -> (any DatabaseWriter)? {
    do {
      return try openPool(url, isShared: isShared, prepare: prepare)
    } catch is NewerSchema {
      report(.databaseReplaced(url: url, reason: .newerSchema))
    } catch let error where isCorruption(error) {
      report(.databaseReplaced(url: url, reason: .corrupt("\(error)")))
    } catch {
      // Busy past the timeout, no permission, locked, full: the file may be fine.
      report(.openFailed(url: url, reason: "\(error)"))
      return openInMemory(report: report)
    }
    deleteFiles(at: url)
    do {
      return try openPool(url, isShared: isShared, prepare: prepare)
    } catch {
      report(.memoryOnly(reason: "\(error)"))
      return openInMemory(report: report)
    }
  }

  /// A migrated database in memory; `nil` if not even that opens.
  static func openInMemory(
    report: @Sendable (PersistenceDiagnostic) -> Void
  ) -> (any DatabaseWriter)? {
    do {
      let queue = try DatabaseQueue()
      try PersistenceSchema.migrator.migrate(queue)
      return queue
    } catch {
      report(.memoryOnly(reason: "\(error)"))
      return nil
    }
  }

  /// A migration of a newer build is in the database.
  struct NewerSchema: Error {}

  /// Opens the pool at `url` (WAL mode), refuses a database a newer build migrated, and
  /// migrates it with `migrator` (the cache's, or the outbox's).
  static func openPool(
    _ url: URL, isShared: Bool, prepare: (@Sendable (Database) throws -> Void)?,
    migrator: DatabaseMigrator = PersistenceSchema.migrator
  ) throws -> DatabasePool {
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    protectDirectory(directory)
    return try coordinated(url, isShared: isShared) {
      var configuration = Configuration()
      // Two processes (an app and its extension) write the same file: a writer waits for the
      // other's transaction instead of failing at once.
      configuration.busyMode = .timeout(10)
      // GRDB's "Sharing a Database": a suspended database takes no lock that would get the
      // app killed (0xDEAD10CC) while iOS suspends it.
      configuration.observesSuspensionNotifications = isShared
      if let prepare { configuration.prepareDatabase(prepare) }
      let pool = try DatabasePool(path: url.path, configuration: configuration)
      if try pool.read({ try migrator.hasBeenSuperseded($0) }) { throw NewerSchema() }
      try migrator.migrate(pool)
      protectFiles(at: url)
      return pool
    }
  }

  /// Moves the runs an earlier build queued in the cache's own table (`writer`) into `outbox`,
  /// so that they outlive the cache's file: when the outbox first opens.
  private static func moveQueuedRuns(
    from writer: (any DatabaseWriter)?, to outbox: Outbox,
    report diagnostics: @Sendable (PersistenceDiagnostic) -> Void
  ) {
    guard let writer else { return }
    let legacy = PersistenceSchema.legacyQueuedRunsTable
    do {
      let runs = try writer.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT mutationID, idempotencyKey, input, inputDescription, storedAt
            FROM \(legacy) ORDER BY sequence
            """)
      }
      guard !runs.isEmpty else { return }
      for row in runs {
        outbox.store(
          mutationID: row["mutationID"], key: row["idempotencyKey"], input: row["input"],
          inputDescription: row["inputDescription"])
      }
      try writer.write { db in try db.execute(sql: "DELETE FROM \(legacy)") }
    } catch {
      diagnostics(.writeFailed(ids: [legacy], reason: "\(error)"))
    }
  }

  /// Deletes the database at `url` with its WAL and shared-memory files.
  static func deleteFiles(at url: URL) {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: url.path + suffix)
    }
  }

  /// Whether `error` says the file is not a database or is damaged.
  static func isCorruption(_ error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
  }

  /// The database is damaged (a read or a write failed as corrupt): it is replaced by an empty
  /// one, and reported.
  private func replaceDamagedDatabase(_ error: any Error) {
    guard let url else { return }
    // Once: a read on the main actor and a write may both find the damage; the first replaces.
    let replaces = state.withLock { state in
      guard state.writer != nil else { return false }
      state.writer = nil
      return true
    }
    guard replaces else { return }
    diagnostics(.databaseReplaced(url: url, reason: .corrupt("\(error)")))
    Self.deleteFiles(at: url)
    let writer: (any DatabaseWriter)?
    do {
      writer = try Self.openPool(url, isShared: isShared, prepare: prepare)
    } catch {
      diagnostics(.memoryOnly(reason: "\(error)"))
      writer = Self.openInMemory(report: diagnostics)
    }
    state.withLock { $0.writer = writer }
  }

  /// Drops old and oversized rows off the main actor, first in the queue of writes.
  private func startMaintenance() {
    state.withLock { state in
      state.lastWrite = Task { [self] in await trimAtOpen() }
    }
  }

  private func trimAtOpen() async {
    guard let writer = state.withLock({ $0.writer }) else { return }
    let now = self.now()
    let (maxAge, maxSize) = (self.maxAge, self.maxSize)
    do {
      try await writer.write { db in
        try Self.trim(db, now: now, maxAge: maxAge, maxSize: maxSize)
      }
    } catch {
      if Self.isCorruption(error) { replaceDamagedDatabase(error) }
    }
  }

  // MARK: Reading

  /// What the cache holds for a row.
  package enum Lookup: Sendable {
    /// Nothing.
    case none
    /// A value not written yet (or being written), as the store gave it.
    case memory(PendingWrite)
    /// A stored row.
    case row(version: Int, data: Data, savedDate: Date, isInvalidated: Bool)
  }

  /// What the cache holds for the row `id`: a pending value, or the stored row, read at once by
  /// its primary key. A damaged database reads as nothing (and is replaced).
  package func lookup(_ id: String) -> Lookup {
    var forcesInvalidated = false
    let (found, writer): (Lookup?, (any DatabaseWriter)?) = state.withLock { state in
      for (layer, clears) in [
        (state.pending, state.clearsAll), (state.inFlight, state.inFlightClearsAll),
      ] {
        switch layer[id] {
        case .write(var write):
          write.isInvalidated = write.isInvalidated || forcesInvalidated
          return (.memory(write), nil)
        case .delete: return (Lookup.none, nil)
        case .invalidate: forcesInvalidated = true
        case nil: break
        }
        if clears { return (Lookup.none, nil) }
      }
      return (nil, state.writer)
    }
    if let found { return found }
    guard let writer else { return .none }
    do {
      // One statement reads one row: it needs no transaction of its own, which `read` would open
      // (and, on a queue, a read-only mode to set and reset) around it.
      let row = try writer.unsafeRead { db in
        // Cached statements: a launch reads and writes the same few, prepared once per connection.
        try Row.fetchOne(
          db.cachedStatement(
            sql: "SELECT version, value, savedAt, invalidated FROM \(PersistenceSchema.entryTable) "
              + "WHERE id = ?"),
          arguments: [id])
      }
      guard let row else { return .none }
      let data: Data = row["value"]
      return .row(
        version: row["version"], data: data,
        savedDate: Date(timeIntervalSince1970: row["savedAt"]),
        isInvalidated: forcesInvalidated || row["invalidated"])
    } catch {
      if Self.isCorruption(error) { replaceDamagedDatabase(error) }
      return .none
    }
  }

  // MARK: Writing

  /// A change of a row, not written yet.
  package enum PendingChange: Sendable {
    /// A new value.
    case write(PendingWrite)
    /// The row's value is stale.
    case invalidate
    /// The row goes.
    case delete
  }

  /// A new value of a row, and how to encode it off the main actor.
  package struct PendingWrite: Sendable {
    /// The value as the store gave it, for a restore before it is written.
    package var value: any Sendable
    /// The version of its key type.
    package var version: Int
    /// When it was loaded, on the wall clock.
    package var savedDate: Date
    /// Whether it is stale.
    package var isInvalidated: Bool
    /// Encodes the value.
    package var encode: @Sendable () throws -> Data

    package init(
      value: any Sendable, version: Int, savedDate: Date, isInvalidated: Bool,
      encode: @escaping @Sendable () throws -> Data
    ) {
      self.value = value
      self.version = version
      self.savedDate = savedDate
      self.isInvalidated = isInvalidated
      self.encode = encode
    }
  }

  /// Remembers `change` of the row `id` (the latest change per row wins, an invalidation marks
  /// a pending value), to write with the next flush.
  package func stage(_ change: PendingChange, for id: String) {
    state.withLock { state in
      switch (state.pending[id], change) {
      case (.write(var write), .invalidate):
        write.isInvalidated = true
        state.pending[id] = .write(write)
      case (.delete, .invalidate):
        break
      default:
        state.pending[id] = change
      }
    }
  }

  /// Remembers that every row goes (and every pending change), to do with the next flush.
  package func stageRemoveAll() {
    state.withLock { state in
      state.pending.removeAll()
      state.clearsAll = true
    }
  }

  /// Stages a new value of the row `id`: `value`, encoded as JSON when it is written.
  package func stage<Value: Encodable & Sendable>(
    _ value: Value, for id: String, version: Int, savedDate: Date, isInvalidated: Bool = false
  ) {
    stage(
      .write(
        PendingWrite(
          value: value, version: version, savedDate: savedDate, isInvalidated: isInvalidated,
          encode: { try JSONEncoder().encode(value) })),
      for: id)
  }

  /// Whether changes wait to be written.
  package var hasPendingChanges: Bool {
    state.withLock { !$0.pending.isEmpty || $0.clearsAll }
  }

  /// How many transactions the cache has written: what the tests and the benchmark count.
  package var transactionCount: Int { state.withLock { $0.transactions } }
  /// How many rows the cache has written (inserted or replaced).
  package var rowsWritten: Int { state.withLock { $0.rowsWritten } }
  /// The database, for the package's other tables (queued mutations) and the tests.
  package var writer: (any DatabaseWriter)? { state.withLock { $0.writer } }

  /// Reports `diagnostic` to the diagnostics hook.
  package func report(_ diagnostic: PersistenceDiagnostic) {
    diagnostics(diagnostic)
  }

  /// Writes every change the cache holds now, in one transaction, off the main actor, and
  /// returns when it is on disk (or failed, which the diagnostics hook hears).
  ///
  /// The stores the cache is attached to call it after their write delay and when the app goes
  /// to the background; call it yourself where the app must not lose a value (before a planned
  /// exit, in a test).
  public func flush() async {
    let write = state.withLock { state in
      let previous = state.lastWrite
      let write = Task { [self] in
        await previous?.value
        await writePending()
      }
      state.lastWrite = write
      return write
    }
    await write.value
  }

  /// Waits for the writes started so far (a scheduled flush, the maintenance after opening),
  /// without starting one: what the tests await after moving the store's clock.
  package func waitForWrites() async {
    await state.withLock { $0.lastWrite }?.value
  }

  /// Writes the pending changes in one transaction, then drops old and oversized rows in it.
  private func writePending() async {
    let (batch, clearsAll, writer) = state.withLock { state in
      let taken = (state.pending, state.clearsAll, state.writer)
      state.inFlight = state.pending
      state.inFlightClearsAll = state.clearsAll
      state.pending = [:]
      state.clearsAll = false
      return taken
    }
    defer {
      state.withLock { state in
        state.inFlight = [:]
        state.inFlightClearsAll = false
      }
    }
    guard !batch.isEmpty || clearsAll, let writer else { return }
    let now = self.now()
    let (maxAge, maxSize) = (self.maxAge, self.maxSize)
    let table = PersistenceSchema.entryTable
    do {
      let (written, unencodable) = try await writer.write { db in
        if clearsAll { try db.execute(sql: "DELETE FROM \(table)") }
        var written = 0
        var unencodable: [(String, String)] = []
        for (id, change) in batch {
          switch change {
          case .write(let write):
            let data: Data
            do {
              data = try write.encode()
            } catch {
              unencodable.append((id, "\(error)"))
              continue
            }
            try db.cachedStatement(
              sql: """
                INSERT OR REPLACE INTO \(table) (id, version, value, savedAt, invalidated, size)
                VALUES (?, ?, ?, ?, ?, ?)
                """
            ).execute(
              arguments: [
                id, write.version, data, write.savedDate.timeIntervalSince1970,
                write.isInvalidated, data.count,
              ])
            written += 1
          case .invalidate:
            try db.cachedStatement(sql: "UPDATE \(table) SET invalidated = 1 WHERE id = ?")
              .execute(arguments: [id])
          case .delete:
            try db.cachedStatement(sql: "DELETE FROM \(table) WHERE id = ?")
              .execute(arguments: [id])
          }
        }
        try Self.trim(db, now: now, maxAge: maxAge, maxSize: maxSize)
        return (written, unencodable)
      }
      state.withLock { state in
        state.transactions += 1
        state.rowsWritten += written
      }
      for (id, reason) in unencodable { diagnostics(.writeFailed(ids: [id], reason: reason)) }
    } catch {
      diagnostics(.writeFailed(ids: batch.keys.sorted(), reason: "\(error)"))
      if Self.isCorruption(error) { replaceDamagedDatabase(error) }
    }
  }

  /// Deletes the rows older than `maxAge`, then the oldest rows until the values take at most
  /// `maxSize` bytes.
  static func trim(_ db: Database, now: Date, maxAge: Duration?, maxSize: Int) throws {
    let table = PersistenceSchema.entryTable
    if let maxAge {
      let oldest = now.timeIntervalSince1970 - maxAge.timeInterval
      try db.cachedStatement(sql: "DELETE FROM \(table) WHERE savedAt < ?")
        .execute(arguments: [oldest])
    }
    let total =
      try Double.fetchOne(db.cachedStatement(sql: "SELECT TOTAL(size) FROM \(table)")) ?? 0
    guard total > Double(maxSize) else { return }
    try db.execute(
      sql: """
        DELETE FROM \(table) WHERE id IN (
          SELECT id FROM (
            SELECT id, SUM(size) OVER (ORDER BY savedAt DESC, id) AS running FROM \(table)
          ) WHERE running > ?
        )
        """,
      arguments: [maxSize])
  }
}

extension Duration {
  /// The duration in seconds.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
#endif
