#if Persistence
import Foundation

// Where the database lives on Apple platforms, and how its files are protected: in the caches
// directory (or an app group's container), excluded from backups, with the data protection
// `completeUntilFirstUserAuthentication`, so that a background refresh after the first unlock
// can read and write it. Elsewhere (Linux) none of this exists: the file is a plain file.

extension PersistentCache {
  #if canImport(Darwin)
  /// `Library/Caches/AsyncContent/cache.sqlite` in the container of the app group
  /// `identifier`, or `nil` when the app has no such container.
  static func appGroupURL(_ identifier: String) -> URL? {
    // https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
    // nil on iOS when the group identifier is not in the app's entitlements.
    guard
      let container = FileManager.default.containerURL(
        forSecurityApplicationGroupIdentifier: identifier)
    else { return nil }
    return container.appendingPathComponent("Library/Caches/AsyncContent", isDirectory: true)
      .appendingPathComponent("cache.sqlite")
  }

  /// Excludes the database's directory from backups and gives it the data protection
  /// `completeUntilFirstUserAuthentication`, which the files SQLite creates in it (the
  /// database, its WAL and shared-memory files) take too. Best effort: a failure leaves the
  /// system's defaults.
  static func protectDirectory(_ directory: URL) {
    var directory = directory
    // https://developer.apple.com/documentation/foundation/urlresourcevalues/isexcludedfrombackup
    var values = URLResourceValues()
    values.isExcludedFromBackup = true
    try? directory.setResourceValues(values)
    protect(path: directory.path)
  }

  /// Gives the database's files the data protection `completeUntilFirstUserAuthentication`.
  static func protectFiles(at url: URL) {
    for suffix in ["", "-wal", "-shm"] {
      let path = url.path + suffix
      if FileManager.default.fileExists(atPath: path) { protect(path: path) }
    }
  }

  /// Sets the data protection of the item at `path`.
  private static func protect(path: String) {
    // https://developer.apple.com/documentation/foundation/filemanager/setattributes(_:ofitematpath:)
    // https://developer.apple.com/documentation/foundation/fileattributekey/protectionkey
    // https://developer.apple.com/documentation/foundation/fileprotectiontype/completeuntilfirstuserauthentication
    try? FileManager.default.setAttributes(
      [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication],
      ofItemAtPath: path)
  }
  #else
  /// No app groups here: `nil`, so the caches directory is used.
  static func appGroupURL(_: String) -> URL? { nil }

  /// Nothing to do: no backups or data protection here.
  static func protectDirectory(_: URL) {}

  /// Nothing to do: no data protection here.
  static func protectFiles(at _: URL) {}
  #endif
}
#endif
