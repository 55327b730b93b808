#if Persistence
import Foundation

// Where the databases live on Apple platforms, and how their files are protected: the cache in
// the caches directory, the outbox in Application Support (or both in an app group's container,
// checked to be writable, and opened under a file coordinator), excluded from backups, with the
// data protection `completeUntilFirstUserAuthentication`, so that a background refresh after the
// first unlock can read and write them. Elsewhere (Linux) none of this exists: plain files.

extension PersistentCache {
  #if canImport(Darwin)
  /// The container of the app group `identifier`, once a file could be created and written in
  /// it; why not, otherwise.
  static func appGroupContainer(_ identifier: String) -> Result<URL, LocationError> {
    // https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
    // nil on iOS when the group identifier is not in the app's entitlements; on macOS a URL
    // even for an invalid group, so the container is tried.
    guard
      let container = FileManager.default.containerURL(
        forSecurityApplicationGroupIdentifier: identifier)
    else {
      return .failure(LocationError(message: "no container: the group is not in the entitlements"))
    }
    let directory = container.appendingPathComponent("Library/Caches/AsyncContent")
    let probe = directory.appendingPathComponent(".probe-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data("probe".utf8).write(to: probe)
      try FileManager.default.removeItem(at: probe)
      return .success(container)
    } catch {
      return .failure(LocationError(message: "the container cannot be written: \(error)"))
    }
  }

  /// Runs `open` on `url` under a file coordinator when other processes share the file, as
  /// GRDB's "Sharing a Database" does, so that two processes do not create or migrate it at
  /// once.
  static func coordinated<Writer>(
    _ url: URL, isShared: Bool, _ open: () throws -> Writer
  ) throws -> Writer {
    guard isShared else { return try open() }
    // https://developer.apple.com/documentation/foundation/nsfilecoordinator/coordinate(writingitemat:options:error:byaccessor:)
    let coordinator = NSFileCoordinator(filePresenter: nil)
    var coordinatorError: NSError?
    var result: Result<Writer, any Error>?
    coordinator.coordinate(writingItemAt: url, options: .forMerging, error: &coordinatorError) {
      _ in
      result = Result { try open() }
    }
    if let coordinatorError { throw coordinatorError }
    guard let result else { throw LocationError(message: "the file coordinator did not run") }
    return try result.get()
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
  /// No app groups here: the caches directory is used, and the fallback reported.
  static func appGroupContainer(_: String) -> Result<URL, LocationError> {
    .failure(LocationError(message: "app groups exist only on Apple platforms"))
  }

  /// No other process shares a file here through an app group: `open` runs as it is.
  static func coordinated<Writer>(
    _: URL, isShared _: Bool, _ open: () throws -> Writer
  ) throws -> Writer {
    try open()
  }

  /// Nothing to do: no backups or data protection here.
  static func protectDirectory(_: URL) {}

  /// Nothing to do: no data protection here.
  static func protectFiles(at _: URL) {}
  #endif
}
#endif
