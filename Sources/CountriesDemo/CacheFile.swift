public import Foundation

/// The SQLite database file the store's cache lives in: the one `--cache` names, kept at exit
/// so that the next run starts from it, or a fresh temporary file, deleted at exit.
///
/// ```swift
/// let cache = CacheFile(path: options.cachePath)
/// defer { cache.removeIfTemporary() }
/// ```
public struct CacheFile: Hashable, Sendable {
  /// The database file.
  public var url: URL
  /// Whether the file is a fresh temporary one, deleted at exit.
  public var isTemporary: Bool

  /// The file at `path`, or a fresh temporary file when `path` is `nil`.
  ///
  /// - Parameter path: The database file's path, relative to the current directory or absolute.
  public init(path: String?) {
    if let path {
      self.url = URL(fileURLWithPath: path)
      self.isTemporary = false
    } else {
      self.url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "countries-cache-\(UUID().uuidString).sqlite")
      self.isTemporary = true
    }
  }

  /// The database file and the files SQLite keeps beside it in WAL mode (`-wal`, `-shm`).
  public var files: [URL] {
    [url] + ["-wal", "-shm"].map { URL(fileURLWithPath: url.path + $0) }
  }

  /// Deletes the file and its companions when it is a temporary one; a named file stays.
  public func removeIfTemporary() {
    guard isTemporary else { return }
    for file in files {
      try? FileManager.default.removeItem(at: file)
    }
  }
}
