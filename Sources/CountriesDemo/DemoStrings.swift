public import AsyncContentCore
import Foundation

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
  package static let catalog: StringCatalog = {
    do {
      guard let bundle = demoResources else { return StringCatalog(sourceLanguage: "en") }
      return try StringCatalog(bundle: bundle)
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
    /// The list's help line.
    case keyHelp = "↑/↓ select · ⏎ open · r refresh · m more · d dismiss · c cancel"
    /// The help line of the keys every screen has.
    case commonKeyHelp = "f failures · o server · i inspector · q quit"
    /// The detail screen's help line.
    case detailKeyHelp = "b/Esc back · r rename · ⏎ reload · d dismiss · c cancel"
    /// The help line while a new name is typed.
    case renameKeyHelp = "Type the new name · ⏎ save · Esc cancel"
    /// The keys of the detail's failed-refresh banner.
    case detailBannerKeys = "⏎: try again · d: dismiss"
    /// A detail label: the alpha-2 code.
    case alpha2Code = "Alpha-2 code"
    /// A detail label: the alpha-3 code.
    case alpha3Code = "Alpha-3 code"
    /// A detail label: the numeric code.
    case numericCode = "Numeric code"
    /// While a country's first load runs.
    case loadingCountry = "Loading the country…"
    /// A failed first load of a country.
    case couldNotLoadCountry = "Could not load the country."
    /// Under the error of a failed first load of a country.
    case pressEnterToRetry = "Press ⏎ to retry."
    /// A country's detail before it loaded, or after its first load was cancelled.
    case countryNotLoaded = "Not loaded. Press ⏎ to load the country."
    /// The line where the new name is typed.
    case newName = "New name: %@"
    /// While a rename is sent.
    case renaming = "Renaming to “%@”…"
    /// While a rename made offline waits for the network.
    case renameQueued = "Queued: “%@” is sent when the server is back."
    /// After the server stored a rename.
    case renamed = "Renamed to “%@”."
    /// After a rename failed and was rolled back.
    case renameFailed = "Could not rename: %@ The name stays as it was."
    /// After the c key cancelled a rename.
    case renameCancelled = "Rename cancelled; the name stays as it was."
    /// Why a rename failed: the name is empty or too long.
    case invalidName = "The server refused the name: it must have 1 to %lld characters."
    /// Why a rename failed: the code is unknown.
    case unknownCountry = "The server has no country with the code %@."
    /// Why a rename failed: another refusal.
    case renameRefused = "The server refused the rename (HTTP %lld)."
    /// When r is pressed before the country loaded.
    case nothingToRename = "Nothing to rename until the country has loaded."
    /// The title of the inspector panel.
    case inspectorTitle = "Store inspector · %lld entries"
    /// An inspector heading: the key.
    case inspectorKey = "key"
    /// An inspector heading: the phase.
    case inspectorPhase = "phase"
    /// An inspector heading: the value's age.
    case inspectorAge = "age"
    /// An inspector heading: the observers.
    case inspectorObservers = "observers"
    /// An inspector heading: the failures.
    case inspectorFailures = "failures"
    /// In the inspector: the value is stale.
    case inspectorStale = "stale"
    /// In the inspector: a value's age in seconds.
    case secondsAgo = "%lld s ago"
    /// In the inspector: the store is empty.
    case inspectorEmpty = "No entries."
    /// In the title line: the server is down and the store offline.
    case serverDownMark = "[server down]"
    /// After the o key took the server down.
    case serverDown =
      "Server down: its requests are refused. The store is offline: loads wait for the network."
    /// After the o key brought the server back.
    case serverBack = "Server back: the store is online, and loads resume."
    /// When the o key could not take the server down.
    case couldNotTakeServerDown = "Could not take the server down: %@"
    /// Instead of a spinner: a first load waits for the network.
    case waitingForNetwork = "Waiting for the network…"
    /// Under the title: a reload waits for the network; the data on screen stays.
    case waitingForNetworkKept = "Waiting for the network; the data shown stays."
    /// At launch: the cache is a temporary file.
    case cacheTemporary =
      "Cache: a temporary file, deleted at exit (--cache names a file to keep)."
    /// At launch: the cache is the file `--cache` names.
    case cacheFile = "Cache: %@"
  }

  /// The text of `key`, with `arguments` in place of its specifiers.
  package func string(_ key: Key, _ arguments: StringCatalog.Argument...) -> String {
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
  /// "New name: Österreich", the line where the new name is typed.
  public func newName(_ typed: String) -> String { string(.newName, .string(typed)) }
  /// "Store inspector · 2 entries".
  public func inspectorTitle(count: Int) -> String { string(.inspectorTitle, .int(count)) }
  /// "Could not take the server down: …".
  public func couldNotTakeServerDown(_ message: String) -> String {
    string(.couldNotTakeServerDown, .string(message))
  }
  /// Where the store's cache lives: "Cache: a temporary file, deleted at exit (…)", or
  /// "Cache: <path>" for the file `--cache` names.
  public func cache(_ file: CacheFile) -> String {
    file.isTemporary ? string(.cacheTemporary) : string(.cacheFile, .string(file.url.path))
  }
  /// "12 s ago", an entry's age in the inspector.
  public func secondsAgo(_ age: Duration) -> String {
    string(.secondsAgo, .int(Int(age.components.seconds)))
  }

  /// What the message line says about a rename, from the mutation's phase: "Renaming to …"
  /// (or "Queued: …" while it waits for the network), "Renamed to …", or why it failed; `nil`
  /// when it has not run.
  ///
  /// - Parameters:
  ///   - phase: The rename mutation's phase.
  ///   - name: The new name that was sent.
  ///   - isPaused: Whether the rename waits for the network before it sends.
  public func renameStatus(
    _ phase: MutationPhase<Country>, name: String, isPaused: Bool = false
  ) -> String? {
    switch phase {
    case .idle: nil
    case .running where isPaused: string(.renameQueued, .string(name))
    case .running: string(.renaming, .string(name))
    case .succeeded(let country): string(.renamed, .string(country.name))
    case .failed(let error): string(.renameFailed, .string(renameFailure(error)))
    }
  }

  /// Why a rename failed, in a sentence: a refusal of the server (``RenameError``) says what to
  /// fix; any other failure is the library's message for it ("The server answered with an
  /// error (HTTP 500).").
  ///
  /// - Parameter error: The rename's error.
  public func renameFailure(_ error: any Error) -> String {
    switch error as? RenameError {
    case .invalidName?: string(.invalidName, .int(CountriesServer.maximumNameLength))
    case .unknownCountry(let code)?: string(.unknownCountry, .string(code))
    case .rejected(_, let status, _)?: string(.renameRefused, .int(status))
    case nil: defaults.message(for: error)
    }
  }

  /// "VoiceOver says: 25 countries loaded", the line that shows an announcement.
  package func voiceOverSays(_ announcement: Announcement) -> String {
    string(.voiceOverSays, .string(self.announcement(announcement)))
  }

  /// The announcement of a transition in the demo's words: "25 countries loaded" instead of
  /// the library's "25 items loaded".
  package func announcement(_ announcement: Announcement) -> String {
    switch announcement {
    case .loaded(let count?): string(.countriesLoaded, .int(count))
    case .endOfList(let count?): endOfList(count: count)
    default: defaults.announcement(announcement)
    }
  }
}
