import AsyncContentCore
import Foundation
import Testing

// The String Catalogs of the package (the core's default texts and the demo's), read as
// files: every key in all four languages, non-empty, with the same format specifiers. Then the
// reader: lookups in every language through the resource bundle, plurals, formats, the choice of
// language, and Xcode's compiled tables.

/// The package's root, from this file's path.
private let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The catalogs the package ships.
private let catalogPaths = [
  "Sources/AsyncContentCore/Resources/Localizable.xcstrings",
  "Sources/CountriesDemo/Resources/Localizable.xcstrings",
]

/// The languages every key must have.
private let shippedLanguages = ["de", "en", "ja", "zh-Hans"]

/// One text of a catalog file: a key's plain value or one plural variation.
private struct CatalogText {
  var key: String
  var language: String
  /// `nil` for a plain value, else the plural category.
  var category: String?
  var value: String
}

/// Reads a catalog file with `JSONSerialization`, independently of `StringCatalog`.
private func texts(ofCatalogAt path: String) throws -> (keys: [String], texts: [CatalogText]) {
  let data = try Data(contentsOf: root.appendingPathComponent(path))
  let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  #expect(json["sourceLanguage"] as? String == "en", "\(path): the source language")
  let strings = try #require(json["strings"] as? [String: Any])
  var result: [CatalogText] = []
  for (key, entry) in strings {
    let entry = try #require(entry as? [String: Any], "\(path): \(key)")
    let localizations = entry["localizations"] as? [String: Any] ?? [:]
    #expect(
      Set(localizations.keys) == Set(shippedLanguages),
      "\(path): \(key) has \(localizations.keys.sorted()), not \(shippedLanguages)")
    #expect(entry["comment"] as? String != nil, "\(path): \(key) has no comment for translators")
    for (language, localization) in localizations {
      let localization = try #require(localization as? [String: Any])
      if let unit = localization["stringUnit"] as? [String: Any] {
        #expect(unit["state"] as? String == "translated", "\(path): \(key) [\(language)]")
        result.append(
          CatalogText(
            key: key, language: language, category: nil, value: unit["value"] as? String ?? ""))
      }
      let variations = localization["variations"] as? [String: Any]
      let plural = variations?["plural"] as? [String: Any] ?? [:]
      for (category, variation) in plural {
        let unit = (variation as? [String: Any])?["stringUnit"] as? [String: Any]
        result.append(
          CatalogText(
            key: key, language: language, category: category,
            value: unit?["value"] as? String ?? ""))
      }
      #expect(
        localization["stringUnit"] != nil || plural["other"] != nil,
        "\(path): \(key) [\(language)] has neither a value nor an `other` variation")
      if !plural.isEmpty, ["en", "de"].contains(language) {
        #expect(plural["one"] != nil, "\(path): \(key) [\(language)] lacks the `one` variation")
      }
    }
  }
  return (strings.keys.sorted(), result)
}

/// The specifiers of a text, as a set of "position$kind" (the order may differ by language).
private func specifiers(_ text: String) -> [String] {
  StringCatalog.specifiers(in: text).map(\.description).sorted()
}

@Suite struct StringCatalogTests {
  // MARK: The catalog files

  @Test(arguments: catalogPaths)
  func everyKeyHasFourTranslationsWithTheSameSpecifiers(_ path: String) throws {
    let (keys, texts) = try texts(ofCatalogAt: path)
    #expect(keys.count >= 20, "\(path): only \(keys.count) keys")
    for text in texts {
      let place = "\(path): \(text.key) [\(text.language)\(text.category.map { " \($0)" } ?? "")]"
      #expect(!text.value.trimmingCharacters(in: .whitespaces).isEmpty, "\(place) is empty")
      #expect(specifiers(text.value) == specifiers(text.key), "\(place): \(text.value)")
      if text.category != nil {
        // Xcode varies a string by plural only when it has exactly one argument.
        #expect(
          StringCatalog.specifiers(in: text.key).count == 1,
          "\(place): plural with several arguments")
      }
      if text.language != "en" {
        #expect(text.value != text.key || text.key.hasPrefix("%"), "\(place) is not translated")
      }
    }
  }

  @Test func theTypedKeysAreExactlyTheCatalogsKeys() throws {
    let (keys, _) = try texts(ofCatalogAt: catalogPaths[0])
    #expect(Set(keys) == Set(DefaultStrings.Key.allCases.map(\.rawValue)))
    #expect(DefaultStrings.catalog.keys == keys)
  }

  @Test func specifiersAreCheckedByPositionAndKind() {
    #expect(specifiers("rows %1$lld–%2$lld of %3$lld") == ["%1$lld", "%2$lld", "%3$lld"])
    #expect(specifiers("%3$lld件中 %1$lld–%2$lld行目") == ["%1$lld", "%2$lld", "%3$lld"])
    #expect(specifiers("%lld%% of %@") == ["%1$lld", "%2$@"])
    #expect(specifiers("%2$@ %1$@") == ["%1$@", "%2$@"])
    #expect(specifiers("100%") == [])
    #expect(specifiers("%d and %ld") == ["%1$lld", "%2$lld"])
    #expect(specifiers("%lld items") != specifiers("%@ items"))
  }

  // MARK: Lookups, through the resource bundle

  @Test func theDefaultCatalogIsReadFromTheModulesBundle() {
    #expect(DefaultStrings.catalogError == nil)
    #expect(DefaultStrings.languages == shippedLanguages)
    #expect(DefaultStrings.catalog.sourceLanguage == "en")
  }

  @Test(arguments: shippedLanguages)
  func everyKeyLooksUpItsTranslation(_ language: String) throws {
    let (_, texts) = try texts(ofCatalogAt: catalogPaths[0])
    let strings = DefaultStrings(language: language)
    #expect(strings.language == language)
    for key in DefaultStrings.Key.allCases {
      let expected = try #require(
        texts.first { $0.key == key.rawValue && $0.language == language && $0.category != "one" })
      let arguments: [StringCatalog.Argument] = StringCatalog.specifiers(in: key.rawValue).map {
        $0.kind == .integer ? .int(7) : .string("«x»")
      }
      let looked = DefaultStrings.catalog.string(key.rawValue, language: language, arguments)
      let formatted = expected.value
        .replacingOccurrences(of: "%lld", with: "7").replacingOccurrences(of: "%@", with: "«x»")
      #expect(looked == formatted, "\(key) [\(language)]")
      if language != "en" {
        #expect(looked != key.rawValue, "\(key) [\(language)] gave its key")
      }
    }
  }

  @Test func pluralsFollowTheLanguage() {
    let catalog = DefaultStrings.catalog
    #expect(catalog.string("%lld items loaded", language: "en", [1]) == "1 item loaded")
    #expect(catalog.string("%lld items loaded", language: "en", [0]) == "0 items loaded")
    #expect(catalog.string("%lld items loaded", language: "en", [2]) == "2 items loaded")
    #expect(catalog.string("%lld items loaded", language: "de", [1]) == "1 Eintrag geladen")
    #expect(catalog.string("%lld items loaded", language: "de", [21]) == "21 Einträge geladen")
    #expect(catalog.string("%lld items loaded", language: "ja", [1]) == "1件を読み込みました")
    #expect(catalog.string("%lld items loaded", language: "zh-Hans", [1]) == "已加载1项")
  }

  @Test func aMissingKeyGivesTheKeyFormatted() {
    let catalog = DefaultStrings.catalog
    #expect(
      catalog.string("Not in the catalog: %lld", language: "de", [3]) == "Not in the catalog: 3")
  }

  @Test func theTypedTextsInEveryLanguage() {
    let expected: [String: [String]] = [
      "en": [
        "Loading…", "Retry", "Couldn't load", "Nothing here", "No more items", "Refresh failed",
      ],
      "de": [
        "Wird geladen …", "Erneut versuchen", "Laden fehlgeschlagen", "Keine Einträge",
        "Keine weiteren Einträge", "Aktualisierung fehlgeschlagen",
      ],
      "ja": ["読み込み中…", "再試行", "読み込めませんでした", "項目がありません", "これ以上の項目はありません", "更新できませんでした"],
      "zh-Hans": ["正在加载…", "重试", "无法加载", "暂无内容", "没有更多内容了", "刷新失败"],
    ]
    for (language, texts) in expected {
      let s = DefaultStrings(language: language)
      #expect(
        [s.loading, s.retry, s.couldNotLoad, s.nothingHere, s.noMoreItems, s.refreshFailed] == texts
      )
      #expect(!s.loadingMore.isEmpty && !s.dismiss.isEmpty && !s.couldNotLoadMore.isEmpty)
    }
  }

  @Test func errorMessagesAreFriendlyAndLocalized() {
    struct Described: LocalizedError {
      var errorDescription: String? { "The bookmark is gone." }
    }
    struct Opaque: Error {}
    let en = DefaultStrings(language: "en")
    let de = DefaultStrings(language: "de")
    #expect(
      en.message(for: HTTPLoadError.status(code: 404, url: nil, bodyExcerpt: ""))
        == "The server answered with an error (HTTP 404).")
    #expect(
      de.message(for: HTTPLoadError.status(code: 404, url: nil, bodyExcerpt: ""))
        == "Der Server hat mit einem Fehler geantwortet (HTTP 404).")
    #expect(en.message(for: HTTPLoadError.timeout(url: nil)) == "The request timed out.")
    #expect(
      en.message(for: HTTPLoadError.decoding(description: "", codingPath: "", url: nil))
        == "The data from the server couldn't be read.")
    #expect(
      en.message(for: HTTPLoadError.transport(code: -1004, message: "", url: nil))
        == "The server couldn't be reached.")
    #expect(en.message(for: URLError(.notConnectedToInternet)) == "You're offline.")
    #expect(DefaultStrings(language: "ja").message(for: URLError(.timedOut)) == "リクエストがタイムアウトしました。")
    #expect(en.message(for: URLError(.badURL)) == "Something went wrong.")
    #expect(en.message(for: Described()) == "The bookmark is gone.")
    #expect(DefaultStrings(language: "zh-Hans").message(for: Opaque()) == "出了点问题。")
  }

  // MARK: Choosing the language

  @Test(arguments: [
    ("de_AT", "de"), ("de-CH", "de"), ("ja_JP.UTF-8", "ja"), ("ja", "ja"), ("zh_CN", "zh-Hans"),
    ("zh-Hans-SG", "zh-Hans"), ("zh-hans", "zh-Hans"), ("zh", "zh-Hans"), ("zh_TW", "en"),
    ("zh-Hant-HK", "en"), ("en_001", "en"), ("fr_FR", "en"), ("pt-BR", "en"),
  ])
  func theLanguageThatSuitsALocale(_ identifier: String, _ expected: String) {
    #expect(DefaultStrings.catalog.language(for: Locale(identifier: identifier)) == expected)
    #expect(DefaultStrings(preferring: [identifier]).language == expected)
  }

  @Test func theFirstPreferredLanguageTheCatalogHas() {
    let catalog = DefaultStrings.catalog
    #expect(catalog.language(preferring: ["fr", "zh-TW", "ja-JP", "de"]) == "ja")
    #expect(catalog.language(preferring: []) == "en")
  }

  @Test(arguments: [
    (["LANG": "de_DE.UTF-8"], ["de-DE"]),
    (["LANG": "C.UTF-8"], []),
    (["LANG": "POSIX"], []),
    (["LANGUAGE": "ja:de", "LANG": "en_US.UTF-8"], ["ja", "de", "en-US"]),
    (["LANGUAGE": "ja", "LC_ALL": "C"], []),  // gettext ignores LANGUAGE under the C locale
    (["LC_ALL": "zh_CN.GB18030", "LANG": "de_DE.UTF-8"], ["zh-CN"]),
    (["LC_MESSAGES": "ja_JP.UTF-8@cjknarrow", "LANG": "de_DE.UTF-8"], ["ja-JP"]),
    (["LANG": ""], []),
    ([:], []),
  ])
  func preferredLanguagesOfAPOSIXEnvironment(_ environment: [String: String], _ expected: [String])
  {
    #expect(StringCatalog.preferredLanguages(posixEnvironment: environment) == expected)
  }

  @Test func aTerminalInJapaneseGetsJapanese() {
    let languages = StringCatalog.preferredLanguages(posixEnvironment: ["LANG": "ja_JP.UTF-8"])
    #expect(DefaultStrings(preferring: languages).retry == "再試行")
  }

  // MARK: Formats

  @Test func formatsPutArgumentsInPlace() {
    #expect(StringCatalog.format("%lld of %@", [3, "ten"]) == "3 of ten")
    #expect(StringCatalog.format("%2$@ before %1$@", ["a", "b"]) == "b before a")
    #expect(StringCatalog.format("%3$lld件中 %1$lld–%2$lld行目", [1, 10, 249]) == "249件中 1–10行目")
    #expect(StringCatalog.format("%lld%% fail", [30]) == "30% fail")
    #expect(StringCatalog.format("100% sure", []) == "100% sure")
    #expect(StringCatalog.format("%lld and %lld", [1]) == "1 and %lld")  // a missing argument
    #expect(StringCatalog.format("%x stays", [1]) == "%x stays")
  }

  // MARK: Reading

  @Test func aFileThatIsNotACatalogIsATypedError() {
    let error = #expect(throws: StringCatalogError.self) {
      try StringCatalog(data: Data("[1, 2]".utf8))
    }
    guard case .unreadable(let reason)? = error else {
      Issue.record("expected unreadable, got \(String(describing: error))")
      return
    }
    #expect(!reason.isEmpty)
  }

  @Test func aBundleWithoutACatalogIsATypedError() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("StringCatalogTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try #require(Bundle(path: folder.path))
    #expect(throws: StringCatalogError.missing(table: "Localizable", bundlePath: bundle.bundlePath))
    {
      try StringCatalog(bundle: bundle)
    }
    #expect("\(StringCatalogError.missing(table: "T", bundlePath: "/b"))".contains("T.xcstrings"))
  }

  /// What an Xcode build leaves: no `.xcstrings`, one compiled `.strings` table per language.
  @Test func compiledTablesAreReadThroughBundle() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("StringCatalogTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tables = [
      "en": #""Retry" = "Retry";"# + "\n" + #""%lld items loaded" = "%lld items loaded";"#,
      "de": #""Retry" = "Erneut versuchen";"# + "\n"
        + #""%lld items loaded" = "%lld Einträge geladen";"#,
    ]
    for (language, table) in tables {
      let lproj = folder.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      try Data(table.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
    }
    let catalog = try StringCatalog(bundle: try #require(Bundle(path: folder.path)))
    #expect(catalog.languages == ["de", "en"])
    #expect(catalog.keys.isEmpty)
    #expect(catalog.string("Retry", language: "de") == "Erneut versuchen")
    #expect(catalog.string("Retry", language: "de-AT") == "Erneut versuchen")
    #expect(catalog.string("%lld items loaded", language: "de", [25]) == "25 Einträge geladen")
    #expect(catalog.string("Retry", language: "ja") == "Retry")  // the source language
    #expect(catalog.string("Missing", language: "de") == "Missing")
  }
}
