import Foundation
import Testing

/// `ARCHITECTURE.md`, the contributors' article, against the tree it describes: every file it
/// names exists, every source file of the libraries is in its map, and the load it traces
/// passes through at most the number of files it says. The layout's budgets from issue 32 are
/// checked here too, so that a change that outgrows them says so in review.
@Suite struct ArchitectureArticleTests {
  private static let root = Repository.root

  private static func read(_ path: String) throws -> String {
    try Repository.read(path)
  }

  private static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
  }

  /// The Swift files below `folder`, relative to the root, outside DocC catalogs.
  private static func swiftFiles(below folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.contains(".docc/") }
      .map { "\(folder)/\($0)" }
      .sorted()
  }

  /// The backticked repository paths in `text`: `Sources/…`, `Tests/…` and the like.
  private static func paths(in text: some StringProtocol) -> [String] {
    let prefixes = ["Sources/", "Tests/", "Benchmarks/", "Scripts/", "Tools/", "Examples/", ".ci/"]
    return text.split(separator: "`").enumerated().compactMap { index, piece in
      let candidate = String(piece)
      guard index % 2 == 1, prefixes.contains(where: candidate.hasPrefix),
        !candidate.contains(" ")
      else { return nil }
      return candidate
    }
  }

  /// The lines of the article's section whose heading starts with `heading`.
  private static func section(_ heading: String, of article: String) -> [Substring] {
    let lines = article.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("## \(heading)") }) else { return [] }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { $0.hasPrefix("## ") } ?? rest.endIndex
    return Array(rest[..<end])
  }

  @Test func everyFileTheArticleNamesExists() throws {
    let named = Self.paths(in: try Self.read("ARCHITECTURE.md"))
    #expect(named.count > 20, "ARCHITECTURE.md names too few files: \(named.count)")
    let missing = named.filter { !Self.exists($0) }
    #expect(missing.isEmpty, "ARCHITECTURE.md names files that do not exist: \(missing)")
  }

  @Test func theMapNamesEverySourceFileOfTheLibraries() throws {
    let named = Set(Self.paths(in: try Self.read("ARCHITECTURE.md")))
    let sources = [
      "Sources/AsyncContentCore", "Sources/AsyncContent", "Sources/AsyncContentPersistence",
    ].flatMap(Self.swiftFiles(below:))
    #expect(sources.count > 50)
    let unnamed = sources.filter { !named.contains($0) }
    #expect(unnamed.isEmpty, "ARCHITECTURE.md's map does not name: \(unnamed)")
  }

  /// The traced load: the section "One load" lists the files in order, each in a table row;
  /// a file the load comes back to is listed again, and counted once.
  @Test func theTracedLoadPassesThroughAtMostTwelveFiles() throws {
    let article = try Self.read("ARCHITECTURE.md")
    let rows = Self.section("One load", of: article).filter { $0.hasPrefix("|") }
    let files = rows.flatMap { Self.paths(in: $0) }
    #expect(files.count >= 8, "the section \"One load\" traces too few steps: \(files)")
    #expect(files.first == "Sources/AsyncContent/AsyncView.swift")
    let distinct = Set(files)
    #expect(
      distinct.count <= 12,
      "the traced load passes through \(distinct.count) files, more than 12: \(distinct.sorted())")
    #expect(
      article.contains("\(distinct.count) files"),
      "ARCHITECTURE.md must say the load passes through \(distinct.count) files")
    #expect(
      files.contains { $0.hasPrefix("Sources/AsyncContentPersistence/") },
      "the traced load must reach the disk")
  }

  /// Issue 32's budgets for the layout.
  @Test func theLayoutStaysWithinItsBudgets() throws {
    let store = try Self.read("Sources/AsyncContentCore/Store/LoaderStore.swift")
    let storeLines = store.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(storeLines <= 450, "LoaderStore.swift has \(storeLines) lines, more than 450")
    let coreLines = try Self.swiftFiles(below: "Sources/AsyncContentCore").reduce(0) {
      $0 + (try Self.read($1).split(separator: "\n", omittingEmptySubsequences: false).count - 1)
    }
    #expect(coreLines <= 11_000, "the core has \(coreLines) lines of Swift, more than 11,000")
  }
}
