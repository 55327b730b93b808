public import AsyncContentCore

/// The texts of the demo's screen in English, German, Japanese or Simplified Chinese: its own
/// from the demo's String Catalog, and the library's defaults (``defaults``) for the rest.
///
/// The language comes from the POSIX environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
/// `LANG`), because `Locale.current` does not follow it on Linux.
///
/// ```swift
/// let strings = DemoStrings(language: "de")
/// strings.endOfList(count: 249)   // "Ende der Liste: 249 Länder"
/// strings.defaults.updated(ago: .seconds(12))  // "Vor 12 s aktualisiert"
/// ```
///
/// The command line's usage, its error messages and the `--script` transcript stay in
/// English: they are diagnostics for developers, and tests compare the transcript.
public struct DemoStrings: Hashable, Sendable {
  /// The catalog language of the texts.
  public let language: String
  /// The library's default texts in the same language.
  public let defaults: DefaultStrings

  /// The demo's String Catalog (`Resources/Localizable.xcstrings`).
  public static let catalog: StringCatalog = {
    do {
      return try StringCatalog(bundle: .module)
    } catch {
      // The keys are the English texts, so the demo stays readable without its catalog.
      return StringCatalog(sourceLanguage: "en")
    }
  }()

  /// The texts in the first of `preferredLanguages` the catalogs have, or English.
  ///
  /// - Parameter preferredLanguages: Language identifiers, most preferred first.
  public init(preferring preferredLanguages: [String]) {
    self.language = Self.catalog.language(preferring: preferredLanguages)
    self.defaults = DefaultStrings(language: language)
  }

  /// The texts in `language`, or English.
  ///
  /// - Parameter language: A language identifier such as `"ja"`.
  public init(language: String) {
    self.init(preferring: [language])
  }

  /// The texts in the language the POSIX environment asks for.
  ///
  /// - Parameter environment: The process environment.
  public init(environment: [String: String]) {
    self.init(preferring: StringCatalog.preferredLanguages(posixEnvironment: environment))
  }

  /// The keys of the demo's texts: each is the English text.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    /// The title line.
    case title = "Countries"
    /// In the title line: how many countries are loaded.
    case loadedCount = "%lld loaded"
    /// In the title line: the server injects failures.
    case failuresOn = "[failures: on]"
    /// In the title line: the server injects none.
    case failuresOff = "[failures: off]"
    /// While the list refreshes.
    case refreshing = "Refreshing…"
    /// The keys of the failed-refresh banner, under its title and message.
    case bannerKeys = "r: try again · d: dismiss"
    /// After the d key dismissed the failed-refresh banner.
    case bannerDismissed = "Banner dismissed; the list stays. The next failure shows again."
    /// Under the list: what VoiceOver announces for the last change.
    case voiceOverSays = "VoiceOver says: %@"
    /// Before the first load.
    case nothingLoaded = "Nothing loaded yet. Press r to load the countries."
    /// While the first page loads.
    case loadingCountries = "Loading countries…"
    /// An empty list.
    case noCountries = "No countries."
    /// A failed first load.
    case couldNotLoad = "Could not load the countries."
    /// While a failed first load runs again.
    case retrying = "Retrying…"
    /// Under the error of a failed first load.
    case pressRToRetry = "Press r to retry."
    /// At the end of the list when the next page failed.
    case couldNotLoadMore = "Could not load more. Press m to retry."
    /// At the end of the list when every page is loaded.
    case endOfList = "End of list: %lld countries"
    /// Under the list: the visible rows.
    case rows = "rows %1$lld–%2$lld of %3$lld"
    /// The help line.
    case keyHelp = "r refresh · m more · d dismiss · f failures · c cancel · ↑/↓ scroll · q quit"
    /// When more is asked for after the last page.
    case everyCountry = "That's every country: the list has ended."
    /// After the c key cancelled a load.
    case loadCancelled = "Load cancelled."
    /// While the server is asked to inject failures.
    case turningFailuresOn = "Turning injected failures on…"
    /// While the server is asked to stop injecting failures.
    case turningFailuresOff = "Turning injected failures off…"
    /// When the server injects failures, with the rate.
    case failuresOnPercent = "Injected failures on: %lld%% of requests fail."
    /// When the server injects no failures any more.
    case failuresOffDone = "Injected failures off."
    /// When the failure rate could not be changed.
    case couldNotChangeFailureRate = "Could not change the failure rate: %@"
    /// Announced when countries loaded.
    case countriesLoaded = "%lld countries loaded"
  }

  /// The text of `key`, with `arguments` in place of its specifiers.
  ///
  /// - Parameters:
  ///   - key: The text's key.
  ///   - arguments: The arguments of a format key, in order.
  public func string(_ key: Key, _ arguments: StringCatalog.Argument...) -> String {
    Self.catalog.string(key.rawValue, language: language, arguments)
  }

  /// "25 loaded", in the title line.
  public func loadedCount(_ count: Int) -> String { string(.loadedCount, .int(count)) }
  /// "End of list: 249 countries".
  public func endOfList(count: Int) -> String { string(.endOfList, .int(count)) }
  /// "rows 1–10 of 249".
  public func rows(first: Int, last: Int, of total: Int) -> String {
    string(.rows, .int(first), .int(last), .int(total))
  }
  /// "Injected failures on: 30% of requests fail."
  public func failuresOn(percent: Int) -> String { string(.failuresOnPercent, .int(percent)) }
  /// "Could not change the failure rate: …".
  public func couldNotChangeFailureRate(_ message: String) -> String {
    string(.couldNotChangeFailureRate, .string(message))
  }
  /// "VoiceOver says: 25 countries loaded", the line that shows an announcement.
  public func voiceOverSays(_ announcement: Announcement) -> String {
    string(.voiceOverSays, .string(self.announcement(announcement)))
  }

  /// The VoiceOver-style announcement of a transition, in the demo's words: "25 countries
  /// loaded" instead of the library's "25 items loaded".
  ///
  /// - Parameter announcement: What changed.
  public func announcement(_ announcement: Announcement) -> String {
    switch announcement {
    case .loaded(let count?): string(.countriesLoaded, .int(count))
    case .endOfList(let count?): endOfList(count: count)
    default: defaults.announcement(announcement)
    }
  }
}
