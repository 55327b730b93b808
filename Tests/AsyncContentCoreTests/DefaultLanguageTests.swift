import AsyncContentCore
import Foundation
import Testing

// The language of the default texts, chosen as Foundation chooses an app's: the first of the
// user's preferred languages that both the app and the package have, else the app's
// development language, else English. Fixed preference lists and fixed app localizations, so
// the choice is tested on Linux, where `Locale.preferredLanguages` ignores `LANG` and
// `Bundle.preferredLocalizations(from:forPreferences:)` maps `de-CH` to English.
//
// The SwiftUI views used `DefaultStrings(locale: \.locale)`: the first preference alone (the
// locale), whatever the app ships. `oldChoice` is that rule, so each test below says whether it
// tells the two apart.

/// The package's languages, as the catalog has them.
private let packageLanguages = ["de", "en", "ja", "zh-Hans"]

/// The choice for `preferences` in an app with `localizations`.
private func choice(
  _ preferences: [String], app localizations: [String], development: String? = nil,
  mixed: Bool = false
) -> String {
  DefaultStrings(
    preferring: preferences,
    app: AppLocalizations(
      localizations: localizations, developmentLocalization: development,
      allowsMixedLocalizations: mixed)
  ).language
}

/// What the views chose before: the language of the environment's locale, which is the
/// user's first preference.
private func oldChoice(_ preferences: [String]) -> String {
  DefaultStrings.catalog.language(for: Locale(identifier: preferences.first ?? "en"))
}

/// An app localized in every language the package has, and French.
private let everything = ["en", "de", "fr", "ja", "zh-Hans", "Base"]

@Suite struct DefaultLanguageTests {
  @Test func thePackageHasFourLanguages() {
    #expect(DefaultStrings.languages == packageLanguages)
  }

  @Test func theFirstPreferenceWins() {
    #expect(choice(["ja-JP", "de-DE", "en"], app: everything) == "ja")
    #expect(choice(["de", "ja"], app: everything) == "de")
  }

  /// Fails on the old rule, which gave English for French.
  @Test func theSecondPreferenceIsTriedWhenThePackageLacksTheFirst() {
    #expect(choice(["fr-FR", "de-DE"], app: everything) == "de")
    #expect(oldChoice(["fr-FR", "de-DE"]) == "en")
    #expect(choice(["pt-BR", "es", "ja"], app: everything) == "ja")
  }

  /// Fails on the old rule, which followed the user alone.
  @Test func anAppLocalizedOnlyInEnglishShowsEnglish() {
    #expect(choice(["de-DE", "ja-JP"], app: ["en"]) == "en")
    #expect(choice(["de-DE"], app: ["en", "Base"], development: "en") == "en")
    #expect(oldChoice(["de-DE", "ja-JP"]) == "de")
  }

  /// The second preference the app and the package share, when the app lacks the first.
  @Test func theSecondPreferenceIsTriedWhenTheAppLacksTheFirst() {
    #expect(choice(["ja", "de"], app: ["en", "de"]) == "de")
    #expect(oldChoice(["ja", "de"]) == "ja")
  }

  @Test func aRegionPicksItsLanguage() {
    #expect(choice(["de-CH"], app: everything) == "de")
    #expect(choice(["de_AT"], app: everything) == "de")
    #expect(choice(["en-GB", "de"], app: everything) == "en")
    #expect(choice(["de-CH"], app: ["en", "de-CH"]) == "de")  // the app ships a region
    #expect(choice(["ja"], app: ["en", "ja-JP"]) == "ja")
  }

  @Test(arguments: [
    (["zh-Hans"], "zh-Hans"), (["zh-CN"], "zh-Hans"), (["zh-SG"], "zh-Hans"), (["zh"], "zh-Hans"),
    (["zh-Hans-HK"], "zh-Hans"), (["zh-TW"], "en"), (["zh-HK"], "en"), (["zh-MO"], "en"),
    (["zh-Hant"], "en"), (["zh-Hant-CN"], "en"), (["zh-TW", "ja"], "ja"),
    (["zh-Hant", "zh-Hans"], "zh-Hans"),
  ])
  func chineseFollowsItsScript(_ preferences: [String], _ expected: String) {
    #expect(choice(preferences, app: everything) == expected)
  }

  /// An app in Traditional Chinese shows no Simplified Chinese defaults.
  @Test func anAppInTraditionalChineseGetsNoSimplifiedDefaults() {
    #expect(choice(["zh-Hant-TW", "zh-Hans"], app: ["en", "zh-Hant"]) == "en")
    #expect(choice(["zh-HK"], app: ["en", "zh-HK", "zh-Hans"]) == "en")
    #expect(choice(["zh-Hans-CN"], app: ["zh_CN", "en"]) == "zh-Hans")
  }

  /// An app without localizations is in its development language, English unless it says.
  @Test func anAppWithoutLocalizationsIsInItsDevelopmentLanguage() {
    #expect(choice(["de-DE", "ja"], app: []) == "en")
    #expect(choice(["de-DE", "ja"], app: ["Base"]) == "en")
    #expect(choice(["ja", "de"], app: [], development: "de") == "de")
    #expect(choice(["ja"], app: [], development: "fr") == "en")
  }

  /// When no preferred language is shared, the app's development language, else English.
  @Test func withNothingSharedTheAppsDevelopmentLanguage() {
    #expect(choice(["fr"], app: ["de", "ja", "fr"], development: "de") == "de")
    #expect(choice(["fr"], app: ["de", "ja", "fr"], development: "fr") == "en")
    #expect(choice(["fr"], app: ["de", "ja", "fr"]) == "en")
    #expect(choice([], app: everything) == "en")
  }

  @Test func mixedLocalizationsFollowTheUserAlone() {
    #expect(choice(["de-DE"], app: ["en"], mixed: true) == "de")
    #expect(choice(["fr", "ja"], app: ["en"], mixed: true) == "ja")
  }

  @Test func legacyFolderNamesCount() {
    #expect(choice(["de"], app: ["English", "German"]) == "de")
    #expect(choice(["ja"], app: ["English", "German"]) == "en")
  }

  @Test func anAppsBundleIsReadWithoutAnInfoPlist() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("DefaultLanguageTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for language in ["en", "de", "Base"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("\(language).lproj"), withIntermediateDirectories: true)
    }
    let app = AppLocalizations(bundle: try #require(Bundle(path: folder.path)))
    #expect(Set(app.localizations) == ["en", "de", "Base"])
    #expect(app.developmentLocalization == nil)
    #expect(!app.allowsMixedLocalizations)
    #expect(DefaultStrings(preferring: ["ja", "de-AT"], app: app).language == "de")
  }

  /// The views' texts: the test process is an app without localizations, so English.
  @Test func currentIsTheAppsChoice() {
    let app = AppLocalizations(bundle: .main)
    #expect(
      DefaultStrings.current
        == DefaultStrings(preferring: Locale.preferredLanguages, app: app))
    #expect(DefaultStrings.current.language == "en")
  }
}
