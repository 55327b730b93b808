#if Persistence
public import Foundation

/// Something a ``PersistentCache`` noticed and handled, told to its diagnostics hook: a row it
/// dropped, a database it replaced or could not open, a write that failed, a queued run it
/// salvaged or discarded. None of them stops a screen: the cache shows nothing it cannot trust,
/// and memory stays as it was. Log them, or count them.
public enum PersistenceDiagnostic: Sendable {
  /// Why a stored row was dropped instead of shown.
  public enum DropReason: Sendable, Equatable {
    /// The row was written by another version of the key type (``PersistentStoreKey/persistenceVersion``).
    case otherVersion(stored: Int, current: Int)
    /// The row's value no longer decodes as the key's value; the decoder's message.
    case undecodable(String)
    /// The row is older than the key's (or the cache's) `maxAge`.
    case tooOld(age: Duration)
  }

  /// Why the database file was replaced by an empty one.
  public enum ReplaceReason: Sendable, Equatable {
    /// The file is not a database, or is damaged (truncated, overwritten); SQLite's message.
    case corrupt(String)
    /// A newer version of the app migrated the file to a schema this one does not know.
    case newerSchema
  }

  /// A stored row was dropped (deleted) instead of shown.
  case droppedRow(id: String, reason: DropReason)
  /// The cache's database file at `url` was deleted and replaced by an empty one. Only the
  /// cache's: the outbox of queued runs is never replaced (``queuedRunsSalvaged(url:recovered:unreadable:damagedFile:)``).
  case databaseReplaced(url: URL, reason: ReplaceReason)
  /// The database file at `url` could not be opened for a reason other than damage or a newer
  /// schema: no permission, the device locked (data protection), a full disk, a lock another
  /// process held longer than the busy timeout. The file is left as it is. The cache keeps
  /// values in memory for this launch; the outbox of queued runs keeps new runs in memory and
  /// tries the file again at its next use.
  case openFailed(url: URL, reason: String)
  /// The outbox file at `url` was damaged: the queued runs that still read (`recovered`) were
  /// copied into a new outbox, `unreadable` did not read, and the damaged file was kept at
  /// `damagedFile` (`nil` if it could not be moved).
  case queuedRunsSalvaged(url: URL, recovered: Int, unreadable: Int, damagedFile: URL?)
  /// A queued run was discarded unsent, when its scope ended
  /// (``LoaderStore/endScope(queuedRuns:)`` with ``PersistentCache/QueuedRuns/discard``): the
  /// mutation's id, the run's idempotency key, and its input as text.
  case queuedRunDiscarded(mutationID: String, idempotencyKey: String, input: String)
  /// The location asked for could not be used (an app group whose container is missing or
  /// cannot be written): the files are at `used` instead.
  case locationFallback(requested: String, used: URL?, reason: String)
  /// The app's background time ran out before the background write ended: the write was
  /// stopped, and what it had not written stays in memory.
  case backgroundTimeExpired
  /// Not even an empty database file could be made: the cache keeps its values in memory for
  /// this launch only.
  case memoryOnly(reason: String)
  /// Writing the rows `ids` failed (a full disk, say): they stay in memory, and are written
  /// with their next change.
  case writeFailed(ids: [String], reason: String)
}
#endif
