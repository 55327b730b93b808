#if Persistence
public import Foundation

/// Something a ``PersistentCache`` noticed and handled, told to its diagnostics hook: a row it
/// dropped, a database it replaced, a write that failed. None of them stops a screen: the cache
/// shows nothing it cannot trust, and memory stays as it was. Log them, or count them.
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
    /// The file could not be opened; SQLite's or the file system's message.
    case unreadable(String)
    /// A newer version of the app migrated the file to a schema this one does not know.
    case newerSchema
  }

  /// A stored row was dropped (deleted) instead of shown.
  case droppedRow(id: String, reason: DropReason)
  /// The database file at `url` was deleted and replaced by an empty one.
  case databaseReplaced(url: URL, reason: ReplaceReason)
  /// Not even an empty database file could be made: the cache keeps its values in memory for
  /// this launch only.
  case memoryOnly(reason: String)
  /// Writing the rows `ids` failed (a full disk, say): they stay in memory, and are written
  /// with their next change.
  case writeFailed(ids: [String], reason: String)
}
#endif
