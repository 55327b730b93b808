public import AsyncContentCore
import Foundation
import GRDB

extension Mutation where Input: Codable {
  /// Creates a mutation whose runs made while the network is down are stored in the persisted
  /// cache of the run's store (``LoaderStore/persist(in:)``) and replayed after a relaunch by
  /// ``LoaderStore/resumeQueuedMutations(_:)``. TanStack Query's paused mutations with a
  /// persister and `resumePausedMutations`.
  ///
  /// ```swift
  /// let rename = Mutation<Rename, Country>(
  ///   queueing: "rename",
  ///   optimistic: { store, rename in
  ///     store.updateValue(for: CountryKey(code: rename.code)) { $0.name = rename.name }
  ///   }
  /// ) { rename, idempotencyKey in
  ///   try await api.rename(rename.code, to: rename.name, idempotencyKey: idempotencyKey)
  /// }
  ///
  /// // At launch, after store.persist(in: cache):
  /// store.resumeQueuedMutations(rename)
  /// ```
  ///
  /// A run whose store knows the network to be down (``LoaderStore/followNetwork(_:)``) when it
  /// is asked for, or when its turn comes, is stored with its input (as JSON) and its
  /// idempotency key, after the runs of the mutation before it; its row is deleted when it ends:
  /// it succeeded, failed (its edits rolled back) or was cancelled. A run made online lives in
  /// memory only, as any mutation's.
  ///
  /// The idempotency key is a UUID string made when the run is asked for, the same for each of
  /// its attempts and for its replay after a relaunch: send it with the request (an
  /// `Idempotency-Key` header) so that the server applies a change it already received once
  /// only. A replay may send a request the server received before the app was killed.
  ///
  /// - Parameters:
  ///   - id: The mutation's id, stable across launches and unique among the app's queueing
  ///     mutations: the stored runs carry it, and ``LoaderStore/resumeQueuedMutations(_:)``
  ///     finds them by it.
  ///   - optimistic: Edits the store's values before the request goes out, as in
  ///     ``Mutation/init(optimistic:writeBack:invalidates:retry:operation:)``; a replay applies
  ///     it again.
  ///   - writeBack: Writes the server's answer into the store after a success.
  ///   - invalidates: The keys to invalidate after a success.
  ///   - retry: How a failed request is retried; none by default.
  ///   - operation: The request, given the input and the run's idempotency key. It runs off the
  ///     main actor.
  public convenience init(
    queueing id: String,
    optimistic: (@MainActor (LoaderStore, Input) -> Void)? = nil,
    writeBack: (@MainActor (LoaderStore, Input, Output) -> Void)? = nil,
    invalidates: @escaping @MainActor (Input, Output) -> [any StoreKey] = { _, _ in [] },
    retry: RetryPolicy = .never,
    operation: @escaping @Sendable (Input, _ idempotencyKey: String) async throws -> Output
  ) {
    self.init(
      optimistic: optimistic, writeBack: writeBack, invalidates: invalidates, retry: retry,
      queueing: MutationQueueing(id: id) { try JSONEncoder().encode($0) }
    ) { (input, idempotencyKey, _: Void) in
      try await operation(input, idempotencyKey)
    }
  }
}

extension LoaderStore {
  /// Enqueues again the runs of `mutation` stored in this store's persisted cache, in the order
  /// they were asked for, each with its idempotency key: their optimistic edits show again when
  /// their turn comes, and their requests go out when the network is up. Call it at launch,
  /// after ``persist(in:)`` and ``followNetwork(_:)``, once per queueing mutation, before the
  /// app starts new runs of it.
  ///
  /// ```swift
  /// store.persist(in: cache)
  /// store.followNetwork(NetworkStatus.updates())
  /// store.resumeQueuedMutations(rename)
  /// ```
  ///
  /// A replay ends as any run: a success writes back and invalidates; a failure rolls its edits
  /// back and shows in the mutation's phase; either way its row is deleted. A stored input that
  /// no longer decodes is dropped and reported to the cache's diagnostics hook. A run already
  /// pending in this store is not enqueued twice. Without a persisted cache, or for a mutation
  /// made without `queueing:`, it does nothing.
  ///
  /// - Parameter mutation: A mutation made with ``Mutation/init(queueing:optimistic:writeBack:invalidates:retry:operation:)``.
  public func resumeQueuedMutations<Input: Codable, Output>(_ mutation: Mutation<Input, Output>) {
    guard let queueing = mutation.queueing, let cache = persistentCache else { return }
    let pending = Set(mutationRunsSnapshot().map(\.idempotencyKey))
    for row in cache.queuedMutationRuns(of: queueing.id) where !pending.contains(row.key) {
      do {
        let input = try JSONDecoder().decode(Input.self, from: row.input)
        mutation.resume(input, idempotencyKey: row.key, in: self)
      } catch {
        let id = QueuedMutationTable.diagnosticID(queueing.id, row.key)
        cache.report(.droppedRow(id: id, reason: .undecodable("\(error)")))
        cache.deleteQueuedMutationRun(mutationID: queueing.id, idempotencyKey: row.key)
      }
    }
  }
}

/// The persisted cache keeps the runs of the queueing mutations of the store it is attached to.
extension StorePersister: MutationJournal {
  func store(_ run: JournaledMutationRun) {
    cache.storeQueuedMutationRun(run)
  }

  func remove(mutationID: String, idempotencyKey: String) {
    cache.deleteQueuedMutationRun(mutationID: mutationID, idempotencyKey: idempotencyKey)
  }
}

/// The table of the queued mutation runs: one row per stored run, in the order the runs were
/// asked for.
enum QueuedMutationTable {
  static let name = "queuedMutation"

  /// The migration that adds the table.
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v2: queued mutations") { db in
      try db.create(table: name) { table in
        // The order the runs were stored in: a replay follows it.
        table.autoIncrementedPrimaryKey("sequence")
        table.column("mutationID", .text).notNull().indexed()
        table.column("idempotencyKey", .text).notNull().unique()
        table.column("input", .blob).notNull()
        table.column("inputDescription", .text).notNull()
        table.column("storedAt", .double).notNull()
      }
    }
  }

  /// The id a diagnostic names a stored run by.
  static func diagnosticID(_ mutationID: String, _ idempotencyKey: String) -> String {
    "mutation/\(mutationID)/\(idempotencyKey)"
  }
}

extension PersistentCache {
  /// A stored run: its idempotency key and its encoded input.
  struct QueuedMutationRow {
    let key: String
    let input: Data
  }

  /// Stores `run`, after the runs stored before it. It writes at once, on the calling thread: a
  /// run made offline is on disk when the call that asked for it returns, so a relaunch finds it
  /// even if the app is killed right after. (One small row, when a user acts.) A failure is
  /// reported; the run goes on in memory.
  func storeQueuedMutationRun(_ run: JournaledMutationRun) {
    let id = QueuedMutationTable.diagnosticID(run.mutationID, run.idempotencyKey)
    let input: Data
    switch run.input {
    case .success(let data): input = data
    case .failure(let error):
      report(.writeFailed(ids: [id], reason: "\(error)"))
      return
    }
    guard let writer else { return }
    let storedAt = now().timeIntervalSince1970
    do {
      try writer.write { db in
        try db.execute(
          sql: """
            INSERT OR REPLACE INTO \(QueuedMutationTable.name)
              (mutationID, idempotencyKey, input, inputDescription, storedAt)
            VALUES (?, ?, ?, ?, ?)
            """,
          arguments: [run.mutationID, run.idempotencyKey, input, run.inputDescription, storedAt])
      }
    } catch {
      report(.writeFailed(ids: [id], reason: "\(error)"))
    }
  }

  /// Deletes the stored run `idempotencyKey` of `mutationID`, at once.
  func deleteQueuedMutationRun(mutationID: String, idempotencyKey: String) {
    guard let writer else { return }
    do {
      try writer.write { db in
        try db.execute(
          sql:
            "DELETE FROM \(QueuedMutationTable.name) WHERE mutationID = ? AND idempotencyKey = ?",
          arguments: [mutationID, idempotencyKey])
      }
    } catch {
      report(
        .writeFailed(
          ids: [QueuedMutationTable.diagnosticID(mutationID, idempotencyKey)],
          reason: "\(error)"))
    }
  }

  /// The stored runs of `mutationID`, in the order they were stored.
  func queuedMutationRuns(of mutationID: String) -> [QueuedMutationRow] {
    guard let writer else { return [] }
    do {
      return try writer.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT idempotencyKey, input FROM \(QueuedMutationTable.name)
            WHERE mutationID = ? ORDER BY sequence
            """,
          arguments: [mutationID]
        ).map { QueuedMutationRow(key: $0["idempotencyKey"], input: $0["input"]) }
      }
    } catch {
      return []
    }
  }

  /// How many runs are stored, of every mutation: for the tests.
  package var queuedMutationRunCount: Int {
    guard let writer else { return 0 }
    return
      (try? writer.read {
        try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(QueuedMutationTable.name)")
      }) ?? 0
  }
}
