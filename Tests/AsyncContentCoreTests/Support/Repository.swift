import Foundation

/// The package's own files, for the tests that check the docs and the layout against the tree.
enum Repository {
  /// The package root: this file is `Tests/AsyncContentCoreTests/Support/Repository.swift`.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The text of the file at `path`, relative to the root.
  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }
}
