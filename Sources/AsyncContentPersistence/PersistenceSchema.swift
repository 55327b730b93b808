#if Persistence
import GRDB

/// The cache's schema, changed only through GRDB's migrator: a migration is never edited once
/// shipped, a change is a new migration.
enum PersistenceSchema {
  /// The name of the entries' table.
  static let entryTable = "entry"
  /// The table where earlier builds queued runs.
  static let legacyQueuedRunsTable = "queuedMutation"

  /// Every migration this build knows, in order. A database that has applied a migration not in
  /// this list was written by a newer build (`hasBeenSuperseded`).
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: entries") { db in
      try db.create(table: entryTable) { table in
        table.primaryKey("id", .text)
        table.column("version", .integer).notNull()
        table.column("value", .blob).notNull()
        table.column("savedAt", .double).notNull().indexed()
        table.column("invalidated", .boolean).notNull().defaults(to: false)
        table.column("size", .integer).notNull()
      }
    }
    // Shipped: where queued runs were before the outbox had its own file.
    migrator.registerMigration("v2: queued mutations") { db in
      try db.create(table: legacyQueuedRunsTable) { table in
        table.autoIncrementedPrimaryKey("sequence")
        table.column("mutationID", .text).notNull().indexed()
        table.column("idempotencyKey", .text).notNull().unique()
        table.column("input", .blob).notNull()
        table.column("inputDescription", .text).notNull()
        table.column("storedAt", .double).notNull()
      }
    }
    // Further migrations go here, after the ones above.
    return migrator
  }
}
#endif
