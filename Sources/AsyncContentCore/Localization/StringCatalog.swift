package import Foundation

/// A String Catalog (`.xcstrings`) read at run time on every platform: the catalog's JSON
/// when the bundle holds it (SwiftPM, Linux), else the `.lproj` tables Xcode compiled from it.
/// Supports one-integer plurals and the specifiers `%@`, `%lld`, `%ld`, `%d`, `%n$` and `%%`.
package struct StringCatalog: Sendable {
  /// One argument of a format string.
  package enum Argument: Hashable, Sendable, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
  {
    /// An integer, for `%lld`; it also selects the plural variation.
    case int(Int)
    /// A string, for `%@`.
    case string(String)

    package init(integerLiteral value: Int) { self = .int(value) }
    package init(stringLiteral value: String) { self = .string(value) }
  }

  /// The language the keys are written in, and the fallback for every other language.
  package let sourceLanguage: String
  /// The languages the catalog has translations for, the source language included, sorted.
  package let languages: [String]
  private let storage: Storage

  private enum Storage: Sendable {
    /// The catalog's JSON, read: key → language → translation.
    case catalog([String: [String: Translation]])
    /// Tables Xcode compiled from a catalog: the table's name and each language's `.lproj`.
    case compiled(table: String, folders: [String: String])
  }

  /// The text of one key in one language: a plain string, or plural variations.
  package struct Translation: Hashable, Sendable {
    /// The plain text, or the `other` variation.
    package var value: String
    /// The plural variations by category (`one`, `other`, …); empty without variations.
    package var plural: [String: String]

    package init(value: String, plural: [String: String] = [:]) {
      self.value = value
      self.plural = plural
    }
  }

  /// Reads a catalog from the JSON of a `.xcstrings` file.
  package init(data: Data) throws(StringCatalogError) {
    let file: CatalogFile
    do {
      file = try JSONDecoder().decode(CatalogFile.self, from: data)
    } catch {
      throw .unreadable(reason: String(describing: error))
    }
    var entries: [String: [String: Translation]] = [:]
    var languages: Set<String> = [file.sourceLanguage]
    for (key, entry) in file.strings {
      var translations: [String: Translation] = [:]
      for (language, localization) in entry.localizations ?? [:] {
        guard let translation = localization.translation else { continue }
        translations[language] = translation
        languages.insert(language)
      }
      entries[key] = translations
    }
    self.init(
      sourceLanguage: file.sourceLanguage, languages: languages.sorted(),
      storage: .catalog(entries))
  }

  /// An empty catalog: every lookup gives its key.
  package init(sourceLanguage: String) {
    self.init(sourceLanguage: sourceLanguage, translations: [:])
  }

  /// A catalog of the given translations (key → language → translation).
  package init(sourceLanguage: String, translations: [String: [String: Translation]]) {
    let languages = translations.values.reduce(into: Set([sourceLanguage])) {
      $0.formUnion($1.keys)
    }
    self.init(
      sourceLanguage: sourceLanguage, languages: languages.sorted(),
      storage: .catalog(translations))
  }

  /// Reads the catalog `table` of a bundle: the `.xcstrings` file when the bundle holds it
  /// (SwiftPM builds, Linux), or else the tables Xcode compiled from it.
  package init(bundle: Bundle, table: String = "Localizable") throws(StringCatalogError) {
    if let url = bundle.url(forResource: table, withExtension: "xcstrings") {
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw .unreadable(reason: "\(url.path): \(error)")
      }
      try self.init(data: data)
      return
    }
    var folders: [String: String] = [:]
    for language in bundle.localizations where language != "Base" {
      if let path = bundle.path(forResource: language, ofType: "lproj"),
        bundle.path(
          forResource: table, ofType: "strings", inDirectory: nil,
          forLocalization: language) != nil
          || bundle.path(
            forResource: table, ofType: "stringsdict", inDirectory: nil,
            forLocalization: language) != nil
      {
        folders[language] = path
      }
    }
    guard !folders.isEmpty else {
      throw .missing(table: table, bundlePath: bundle.bundlePath)
    }
    // `Bundle.developmentLocalization` traps on Linux for a bundle without an Info.plist;
    // the dictionary does not.
    let sourceLanguage = bundle.infoDictionary?["CFBundleDevelopmentRegion"] as? String ?? "en"
    self.init(
      sourceLanguage: sourceLanguage,
      languages: Set(folders.keys).union([sourceLanguage]).sorted(),
      storage: .compiled(table: table, folders: folders))
  }

  private init(sourceLanguage: String, languages: [String], storage: Storage) {
    self.sourceLanguage = sourceLanguage
    self.languages = languages
    self.storage = storage
  }

  /// The keys of the catalog, sorted; empty for compiled tables.
  package var keys: [String] {
    guard case .catalog(let entries) = storage else { return [] }
    return entries.keys.sorted()
  }

  /// The translation of `key` in `language` exactly, if the catalog's JSON has one.
  package func translation(_ key: String, language: String) -> Translation? {
    guard case .catalog(let entries) = storage else { return nil }
    return entries[key]?[language]
  }

  // MARK: Choosing the language

  /// The catalog's language that suits `locale` best, or the source language.
  package func language(for locale: Locale) -> String {
    language(preferring: [locale.identifier])
  }

  /// The catalog's language that suits the first of `preferredLanguages` it can serve, or
  /// the source language.
  package func language(preferring preferredLanguages: [String]) -> String {
    for identifier in preferredLanguages {
      if let match = match(identifier) { return match }
    }
    return sourceLanguage
  }

  private func match(_ identifier: String) -> String? {
    Self.match(identifier, in: languages)
  }

  /// The one of `candidates` that serves `identifier`: the same identifier, or else the same
  /// language in the same (inferred) script, so `zh-CN` gives `zh-Hans` but `zh-TW` nothing.
  package static func match(_ identifier: String, in candidates: [String]) -> String? {
    let legacy = ["english": "en", "german": "de", "japanese": "ja"]
    let normalized =
      legacy[identifier.lowercased()] ?? identifier.replacingOccurrences(of: "_", with: "-")
    if let exact = candidates.first(where: {
      $0.caseInsensitiveCompare(normalized) == .orderedSame
    }) {
      return exact
    }
    let wanted = Locale.Language(identifier: normalized)
    guard let code = wanted.languageCode else { return nil }
    return candidates.first { candidate in
      let language = Locale.Language(identifier: candidate)
      return language.languageCode == code && language.script == wanted.script
    }
  }

  /// The catalog's language for an app, chosen as Foundation chooses the app's own: the first
  /// of `preferredLanguages` that both the app and the catalog have, else the app's
  /// development language, else the source language.
  package func language(preferring preferredLanguages: [String], app: AppLocalizations) -> String {
    let candidates: [String]
    if app.allowsMixedLocalizations {
      candidates = languages
    } else {
      var appLanguages = app.localizations.filter { $0 != "Base" }
      if appLanguages.isEmpty { appLanguages = [app.developmentLocalization ?? sourceLanguage] }
      candidates = languages.filter { language in
        appLanguages.contains { Self.match($0, in: [language]) != nil }
      }
    }
    for identifier in preferredLanguages {
      if let match = Self.match(identifier, in: candidates) { return match }
    }
    if let development = app.developmentLocalization,
      let match = Self.match(development, in: candidates)
    {
      return match
    }
    return sourceLanguage
  }

  /// The languages a POSIX environment asks for, most preferred first, as gettext reads
  /// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`; `de_DE.UTF-8` becomes `de-DE`.
  package static func preferredLanguages(posixEnvironment: [String: String]) -> [String] {
    var names: [String] = []
    // gettext: LC_ALL overrides everything but LANGUAGE, which is honoured unless the locale
    // is C.
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
      .compactMap { posixEnvironment[$0] }.first { !$0.isEmpty }
    if let language = posixEnvironment["LANGUAGE"], locale.map(isPOSIXDefault) != true {
      names += language.split(separator: ":").map(String.init)
    }
    if let locale { names.append(locale) }
    var result: [String] = []
    for name in names {
      // language[_territory][.codeset][@modifier]
      let base = name.split(separator: ".").first.map(String.init) ?? name
      let identifier = (base.split(separator: "@").first.map(String.init) ?? base)
        .replacingOccurrences(of: "_", with: "-")
      if identifier.isEmpty || isPOSIXDefault(identifier) || result.contains(identifier) {
        continue
      }
      result.append(identifier)
    }
    return result
  }

  private static func isPOSIXDefault(_ name: String) -> Bool {
    let base = name.split(separator: ".").first.map(String.init) ?? name
    return base == "C" || base == "POSIX"
  }

  // MARK: Looking up

  /// The text of `key` in `language`, with `arguments` in place of its format specifiers,
  /// falling back to the source language, then to the key itself.
  package func string(_ key: String, language: String, _ arguments: [Argument] = []) -> String {
    let language = languages.contains(language) ? language : self.language(preferring: [language])
    switch storage {
    case .catalog(let entries):
      let translations = entries[key]
      let translation = translations?[language] ?? translations?[sourceLanguage]
      let format =
        translation.map { translation in
          let count = arguments.lazy.compactMap { argument -> Int? in
            if case .int(let value) = argument { return value }
            return nil
          }.first
          guard let count, !translation.plural.isEmpty else { return translation.value }
          let category = Self.pluralCategory(of: count, language: language)
          return translation.plural[category] ?? translation.plural["other"] ?? translation.value
        } ?? key
      return Self.format(format, arguments)
    case .compiled(let table, let folders):
      guard let folder = folders[language] ?? folders[sourceLanguage],
        let bundle = Bundle(path: folder)
      else {
        return Self.format(key, arguments)
      }
      let format = bundle.localizedString(forKey: key, value: key, table: table)
      guard !arguments.isEmpty else { return Self.format(format, []) }
      // Foundation applies the plural rules of a compiled `.stringsdict`.
      let values: [any CVarArg] = arguments.map { argument in
        switch argument {
        case .int(let value): value
        case .string(let value): value
        }
      }
      return String(format: format, locale: Locale(identifier: language), arguments: values)
    }
  }

  /// The CLDR plural category of an integer in a language the package ships.
  package static func pluralCategory(of count: Int, language: String) -> String {
    let code = Locale.Language(identifier: language).languageCode?.identifier ?? language
    switch code {
    case "ja", "zh", "ko": return "other"
    default: return count == 1 ? "one" : "other"
    }
  }

  // MARK: Format specifiers

  /// A format specifier of a catalog string.
  package struct Specifier: Hashable, Sendable, CustomStringConvertible {
    /// What the specifier formats.
    package enum Kind: String, Hashable, Sendable {
      /// `%@`.
      case object = "@"
      /// `%lld`, `%ld`, `%d`.
      case integer = "lld"
    }
    /// The argument's position, from 1.
    package var position: Int
    package var kind: Kind
    package var description: String { "%\(position)$\(kind.rawValue)" }
  }

  /// The specifiers of a format string, each with the position of the argument it takes.
  package static func specifiers(in format: String) -> [Specifier] {
    var result: [Specifier] = []
    scan(format) { token in
      if case .specifier(let specifier) = token { result.append(specifier) }
    }
    return result
  }

  /// `format` with `arguments` in place of its specifiers.
  package static func format(_ format: String, _ arguments: [Argument]) -> String {
    var result = ""
    scan(format) { token in
      switch token {
      case .literal(let text):
        result += text
      case .specifier(let specifier):
        let index = specifier.position - 1
        guard arguments.indices.contains(index) else {
          result += "%\(specifier.kind.rawValue)"
          return
        }
        switch arguments[index] {
        case .int(let value): result += String(value)
        case .string(let value): result += value
        }
      }
    }
    return result
  }

  private enum Token {
    case literal(Substring)
    case specifier(Specifier)
  }

  /// Splits a format string into literal text and specifiers; `%%` is a literal `%`, and
  /// anything after `%` that is not a known specifier stays as it is.
  private static func scan(_ format: String, _ visit: (Token) -> Void) {
    var next = 1
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      visit(.literal(rest[..<percent]))
      var cursor = rest.index(after: percent)
      if cursor < rest.endIndex, rest[cursor] == "%" {
        visit(.literal("%"))
        rest = rest[rest.index(after: cursor)...]
        continue
      }
      // An optional position: digits followed by `$`.
      var position: Int?
      var digitsEnd = cursor
      while digitsEnd < rest.endIndex, rest[digitsEnd].isASCII, rest[digitsEnd].isNumber {
        digitsEnd = rest.index(after: digitsEnd)
      }
      if digitsEnd > cursor, digitsEnd < rest.endIndex, rest[digitsEnd] == "$" {
        position = Int(rest[cursor..<digitsEnd])
        cursor = rest.index(after: digitsEnd)
      }
      let tail = rest[cursor...]
      let kind: Specifier.Kind?
      let length: Int
      if tail.hasPrefix("@") {
        (kind, length) = (.object, 1)
      } else if tail.hasPrefix("lld") {
        (kind, length) = (.integer, 3)
      } else if tail.hasPrefix("ld") {
        (kind, length) = (.integer, 2)
      } else if tail.hasPrefix("d") {
        (kind, length) = (.integer, 1)
      } else {
        (kind, length) = (nil, 0)
      }
      guard let kind else {
        visit(.literal("%"))
        rest = rest[rest.index(after: percent)...]
        continue
      }
      let resolved = position ?? next
      next = resolved + 1
      visit(.specifier(Specifier(position: resolved, kind: kind)))
      rest = tail.dropFirst(length)
    }
    visit(.literal(rest))
  }
}

/// Why a String Catalog could not be read.
package enum StringCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bundle has neither `<table>.xcstrings` nor compiled `<table>.strings` tables.
  case missing(table: String, bundlePath: String)
  /// The file is not a String Catalog.
  case unreadable(reason: String)
  /// No resource bundle of that name was found (see ``ResourceBundle``).
  case noBundle(name: String)

  package var description: String {
    switch self {
    case .missing(let table, let bundlePath):
      "no string catalog \(table).xcstrings (nor compiled \(table).strings) in \(bundlePath)"
    case .unreadable(let reason):
      "not a readable string catalog: \(reason)"
    case .noBundle(let name):
      "no resource bundle \(name) beside the app, the code or the build products"
    }
  }
}

// MARK: - The `.xcstrings` format

/// The parts of a `.xcstrings` file this reader uses.
private struct CatalogFile: Decodable {
  var sourceLanguage: String
  var strings: [String: Entry]

  struct Entry: Decodable {
    var localizations: [String: Localization]?
  }

  struct Localization: Decodable {
    var stringUnit: StringUnit?
    var variations: Variations?

    var translation: StringCatalog.Translation? {
      var plural: [String: String] = [:]
      for (category, variation) in variations?.plural ?? [:] {
        if let value = variation.stringUnit?.value { plural[category] = value }
      }
      guard let value = stringUnit?.value ?? plural["other"] else { return nil }
      return StringCatalog.Translation(value: value, plural: plural)
    }
  }

  struct StringUnit: Decodable {
    var state: String?
    var value: String
  }

  struct Variations: Decodable {
    var plural: [String: Localization]?
  }
}
