import AsyncContentCore
import Foundation
import Testing

// The resource bundle is found without SwiftPM's `Bundle.module`, whose `fatalError` no
// `do`/`catch` can stop, and a missing bundle leaves the default texts in the English compiled
// into the code, every key with its plurals.

/// The package's root, from this file's path.
private let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh empty directory, removed by `body`'s end.
private func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("ResourceBundleTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}

/// The arguments a key's specifiers take: `count` for each integer, "«x»" for each object.
private func arguments(of key: DefaultStrings.Key, count: Int) -> [StringCatalog.Argument] {
  StringCatalog.specifiers(in: key.rawValue).map {
    $0.kind == .integer ? .int(count) : .string("«x»")
  }
}

@Suite struct ResourceBundleTests {
  // MARK: Finding the bundle

  @Test func aMissingBundleIsNilNotACrash() throws {
    try withTemporaryDirectory { empty in
      let missing = empty.appendingPathComponent("does-not-exist")
      #expect(
        ResourceBundle.find(named: DefaultStrings.resourceBundleName, in: [nil, empty, missing])
          == nil)
    }
  }

  @Test(arguments: ResourceBundle.extensions)
  func theBundleIsFoundUnderEitherExtension(_ pathExtension: String) throws {
    try withTemporaryDirectory { folder in
      let first = folder.appendingPathComponent("first")
      let second = folder.appendingPathComponent("second")
      for directory in [first, second] {
        try FileManager.default.createDirectory(
          at: directory.appendingPathComponent("Pkg_Target.\(pathExtension)"),
          withIntermediateDirectories: true)
      }
      let found = try #require(ResourceBundle.find(named: "Pkg_Target", in: [nil, first, second]))
      // The first directory that holds it wins.
      #expect(found.bundleURL.standardizedFileURL.path.hasPrefix(first.standardizedFileURL.path))
      #expect(found.bundleURL.lastPathComponent == "Pkg_Target.\(pathExtension)")
    }
  }

  @Test func aFileWithTheBundlesNameIsNoBundle() throws {
    try withTemporaryDirectory { folder in
      try Data().write(to: folder.appendingPathComponent("Pkg_Target.resources"))
      #expect(ResourceBundle.find(named: "Pkg_Target", in: [folder]) == nil)
    }
  }

  /// `swift test` on Linux runs beside the bundle, where the generated accessor looks first.
  @Test func theSearchFindsThePackagesBundleInATestRun() throws {
    final class Anchor {}
    let bundle = try #require(
      ResourceBundle.find(named: DefaultStrings.resourceBundleName, anchor: Anchor.self))
    #expect(throws: Never.self) { try StringCatalog(bundle: bundle) }
    #expect(DefaultStrings.catalogError == nil)
    #expect(DefaultStrings.languages == ["de", "en", "ja", "zh-Hans"])
  }

  // MARK: The English compiled into the code

  /// Fails on the old fallback, an empty catalog that gave each key: "1 items loaded".
  @Test func withoutABundleEveryKeyIsTheCatalogsEnglish() throws {
    let (fallback, error) = DefaultStrings.loadCatalog(from: nil)
    #expect(error == .noBundle(name: DefaultStrings.resourceBundleName))
    #expect(fallback.languages == ["en"])
    let catalog = DefaultStrings.catalog
    try #require(DefaultStrings.catalogError == nil)
    for key in DefaultStrings.Key.allCases {
      for count in [0, 1, 2, 21] {
        let arguments = arguments(of: key, count: count)
        let expected = catalog.string(key.rawValue, language: "en", arguments)
        for language in ["en", "de", "ja", "zh-Hans"] {
          #expect(
            fallback.string(key.rawValue, language: language, arguments) == expected,
            "\(key) [\(language)] with \(count)")
        }
      }
    }
    #expect(fallback.string("%lld items loaded", language: "de", [1]) == "1 item loaded")
  }

  @Test func aBundleWithoutACatalogAlsoFallsBackToEnglish() throws {
    try withTemporaryDirectory { folder in
      let bundle = try #require(Bundle(path: folder.path))
      let (fallback, error) = DefaultStrings.loadCatalog(from: bundle)
      #expect(error == .missing(table: "Localizable", bundlePath: bundle.bundlePath))
      #expect(fallback.string("Retry", language: "de") == "Retry")
      #expect(
        fallback.string("Updated %lld days ago", language: "ja", [1]) == "Updated 1 day ago")
    }
  }

  /// The compiled English covers every key of the catalog file, with its plural variations.
  @Test func theCompiledEnglishIsTheCatalogFilesEnglish() throws {
    let url = root.appendingPathComponent(
      "Sources/AsyncContentCore/Resources/Localizable.xcstrings")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let strings = try #require(json?["strings"] as? [String: Any])
    #expect(Set(strings.keys) == Set(DefaultStrings.english.keys))
    for (key, entry) in strings {
      let english = try #require(
        ((entry as? [String: Any])?["localizations"] as? [String: Any])?["en"]
          as? [String: Any])
      let compiled = try #require(DefaultStrings.english.translation(key, language: "en"))
      func value(_ unit: Any?) -> String? {
        ((unit as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String
      }
      if let plural = (english["variations"] as? [String: Any])?["plural"] as? [String: Any] {
        #expect(compiled.plural == plural.compactMapValues(value), "\(key)")
        #expect(compiled.value == value(plural["other"]), "\(key)")
      } else {
        #expect(compiled.value == value(english), "\(key)")
        #expect(compiled.plural.isEmpty, "\(key)")
      }
    }
  }

  // MARK: The sources

  /// The swift files under `folder`, with `//` comments cut off each line.
  private func code(under folder: String) throws -> [(path: String, lines: [Substring])] {
    let base = root.appendingPathComponent(folder)
    let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
    var files: [(String, [Substring])] = []
    while let relative = enumerator.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
      }
      files.append(("\(folder)/\(relative)", lines))
    }
    return files
  }

  /// `Bundle.module`, or `.module` where a bundle goes (`StringCatalog(bundle: .module)`,
  /// `{ .module }`, `return .module`), but not a member of something (`x.module`) or an enum
  /// case of that name in a pattern (`case .module:`).
  @Test func noSourceUsesTheGeneratedBundleAccessor() throws {
    // `(?!\w)`, not `\b`: Unicode word boundaries do not break "module.url".
    let pattern =
      /Bundle\s*\.\s*module(?!\w)|[(\[{,:=]\s*\.module(?!\w)|\breturn\s+\.module(?!\w)|SWIFTPM_MODULE_BUNDLE/
    let files = try code(under: "Sources")
    #expect(files.count > 20)
    for (path, lines) in files {
      for (index, line) in lines.enumerated() where line.contains(pattern) {
        Issue.record(
          """
          \(path):\(index + 1) uses SwiftPM's generated bundle accessor, which calls fatalError \
          when the bundle is missing: find it with ResourceBundle.find(named:anchor:) instead
          """)
      }
    }
    for uses in [
      "let b = Bundle.module", "Bundle.module.url(forResource: x, withExtension: nil)",
      "StringCatalog(bundle: .module)", "var bundle: Bundle { .module }",
      "var bundle: Bundle { return .module }", "let b: Bundle = .module",
    ] {
      #expect(uses.contains(pattern), "\(uses)")
    }
    for other in ["case .module:", "target.module", ".modules", "Bundle.moduleName"] {
      #expect(!other.contains(pattern), "\(other)")
    }
  }

  /// The SwiftUI layer takes the default texts' language from `asyncDefaultStrings`, never
  /// from the environment's `locale`, which an app sets to format dates.
  @Test func theSwiftUILayerNeverReadsTheLocaleForItsTexts() throws {
    let files = try code(under: "Sources/AsyncContent")
    #expect(files.count > 5)
    for (path, lines) in files {
      for (index, line) in lines.enumerated()
      where line.contains(#"\.locale"#) || line.contains("DefaultStrings(locale") {
        Issue.record(
          """
          \(path):\(index + 1) reads the environment's locale: the default texts' language \
          comes from @Environment(\\.asyncDefaultStrings)
          """)
      }
    }
  }
}
