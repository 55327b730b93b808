public import Foundation

/// Every default text of AsyncContent, in the user's language: English, German, Japanese and
/// Simplified Chinese.
///
/// The texts live in the String Catalog `Localizable.xcstrings` in this module's resources.
/// The keys are the English texts, so a missing translation shows English, never a key.
///
/// ```swift
/// let strings = DefaultStrings(language: "ja")
/// strings.retry                          // "再試行"
/// strings.updated(ago: .seconds(180))    // "3分前に更新"
/// strings.itemsLoaded(count: 25)         // "25件を読み込みました"
/// ```
///
/// The SwiftUI views speak ``current``; the environment's `locale` does not change it. To pin
/// the language, set the environment value `asyncDefaultStrings`. On Linux, a terminal app
/// passes the languages of its POSIX environment to ``init(preferring:)``.
public struct DefaultStrings: Hashable, Sendable {
  /// The catalog language the texts are in, for example `"de"` or `"zh-Hans"`.
  public let language: String

  /// The texts in the first of `preferredLanguages` the catalog has (English when it has
  /// none of them), whatever the app's own localizations.
  ///
  /// - Parameter preferredLanguages: Language identifiers, most preferred first.
  public init(preferring preferredLanguages: [String]) {
    self.language = Self.catalog.language(preferring: preferredLanguages)
  }

  /// The texts in `language`, or in the catalog language that suits it best.
  ///
  /// - Parameter language: A language identifier such as `"de"`, `"ja-JP"` or `"zh-Hans"`.
  public init(language: String) {
    self.init(preferring: [language])
  }

  /// The texts in the language an app localized in `app` shows a user who prefers
  /// `preferredLanguages` (see ``current``).
  package init(preferring preferredLanguages: [String], app: AppLocalizations) {
    self.language = Self.catalog.language(preferring: preferredLanguages, app: app)
  }

  /// The texts in the language Foundation would choose for this app: the first of the user's
  /// preferred languages (`Locale.preferredLanguages`) that both the app
  /// (`Bundle.main.localizations`) and this package are localized in, or English.
  ///
  /// An app localized only in English shows these texts in English to a user who prefers
  /// German, as it shows its own. Chosen once per process.
  public static let current = DefaultStrings(
    preferring: Locale.preferredLanguages, app: AppLocalizations(bundle: .main))

  /// The texts in the development language, English.
  public static let development = DefaultStrings(language: catalog.sourceLanguage)

  /// The name SwiftPM gives this module's resource bundle: `<package>_<target>`.
  package static let resourceBundleName = "AsyncContent_AsyncContentCore"

  /// A class of this module, whose bundle ``ResourceBundle`` searches.
  private final class BundleAnchor {}

  /// The catalog of the default texts, or ``english`` when the bundle or its catalog is
  /// missing (``catalogError`` says why).
  package static let catalog: StringCatalog = loadedCatalog.catalog

  /// Why the catalog could not be read, or `nil` when it was.
  package static let catalogError: StringCatalogError? = loadedCatalog.error

  private static let loadedCatalog = loadCatalog(
    from: ResourceBundle.find(named: resourceBundleName, anchor: BundleAnchor.self))

  /// The catalog of `bundle`, or the English compiled into the code with the reason when
  /// there is no bundle or it has no readable catalog.
  package static func loadCatalog(
    from bundle: Bundle?
  ) -> (catalog: StringCatalog, error: StringCatalogError?) {
    guard let bundle else {
      return (english, .noBundle(name: resourceBundleName))
    }
    do throws(StringCatalogError) {
      return (try StringCatalog(bundle: bundle), nil)
    } catch {
      return (english, error)
    }
  }

  /// The English texts, compiled into the code: every key with its plural variations, the
  /// same as the catalog's English (a test holds them equal).
  package static let english = StringCatalog(
    sourceLanguage: "en",
    translations: Dictionary(
      uniqueKeysWithValues: Key.allCases.map { key in
        (key.rawValue, ["en": key.english])
      }))

  /// The languages the default texts come in.
  public static var languages: [String] { catalog.languages }

  /// The keys of the default texts: each is the English text (a format for those with
  /// arguments).
  package enum Key: String, CaseIterable, Hashable, Sendable {
    /// The label of the blocking progress view.
    case loading = "Loading…"
    /// The label of the paging footer's spinner.
    case loadingMore = "Loading more…"
    /// The label of the paging header's spinner, while the previous page loads.
    case loadingEarlier = "Loading earlier…"
    /// The label of the progress view of a first load that waits for the network, the note of a
    /// reload that waits, and their announcement.
    case waitingForNetwork = "Waiting for the network"
    /// What a mutation button says while its edits wait for the network to be sent.
    case willBeSentWhenOnline = "Will be sent when online"
    /// The retry button.
    case retry = "Retry"
    /// The empty view's button that loads again.
    case reload = "Reload"
    /// The banner's dismiss button.
    case dismiss = "Dismiss"
    /// The title of the failure view.
    case couldNotLoad = "Couldn't load"
    /// The title of the paging footer's error.
    case couldNotLoadMore = "Couldn't load more"
    /// The title of the paging header's error.
    case couldNotLoadEarlier = "Couldn't load earlier items"
    /// The title of the empty view.
    case nothingHere = "Nothing here"
    /// The end of a paged list.
    case noMoreItems = "No more items"
    /// The start of a list paged backwards.
    case startOfList = "Start of list"
    /// The title of the failed-reload banner.
    case refreshFailed = "Refresh failed"
    /// The message of an error that has none of its own.
    case somethingWentWrong = "Something went wrong."
    /// An HTTP status error; the argument is the status code.
    case serverAnsweredWithError = "The server answered with an error (HTTP %lld)."
    /// A response that did not decode.
    case unreadableData = "The data from the server couldn't be read."
    /// A transport error.
    case serverUnreachable = "The server couldn't be reached."
    /// A timeout.
    case timedOut = "The request timed out."
    /// No internet connection.
    case offline = "You're offline."
    /// Freshness: loaded less than ten seconds ago.
    case updatedJustNow = "Updated just now"
    /// Freshness, in seconds.
    case updatedSecondsAgo = "Updated %lld s ago"
    /// Freshness, in minutes.
    case updatedMinutesAgo = "Updated %lld min ago"
    /// Freshness, in hours.
    case updatedHoursAgo = "Updated %lld h ago"
    /// Freshness, in days.
    case updatedDaysAgo = "Updated %lld days ago"
    /// A failed reload's banner: the data shown is less than ten seconds old.
    case showingDataJustNow = "Showing data from a moment ago"
    /// A failed reload's banner: the age of the data shown, in seconds.
    case showingDataSecondsAgo = "Showing data from %lld s ago"
    /// A failed reload's banner: the age of the data shown, in minutes.
    case showingDataMinutesAgo = "Showing data from %lld min ago"
    /// A failed reload's banner: the age of the data shown, in hours.
    case showingDataHoursAgo = "Showing data from %lld h ago"
    /// A failed reload's banner: the age of the data shown, in days.
    case showingDataDaysAgo = "Showing data from %lld days ago"
    /// Announced when a load finished and the number of items means nothing.
    case announceLoaded = "Loaded"
    /// Announced when a load finished.
    case announceItemsLoaded = "%lld items loaded"
    /// Announced when a load-more appended items.
    case announceMoreItemsLoaded = "%lld more items loaded"
    /// Announced when the last page arrived, without a count.
    case announceEndOfList = "End of list."
    /// Announced when the last page arrived.
    case announceEndOfListCount = "End of list. %lld items in all."
    /// Announced when a load failed; the argument is the error's message.
    case announceFailed = "Couldn't load. %@"
    /// Announced when a reload failed and the data stays; the argument is the message.
    case announceReloadFailed = "Refresh failed. The earlier data stays. %@"
    /// Announced when a load-more failed; the argument is the message.
    case announceLoadMoreFailed = "Couldn't load more. %@"
    /// Announced when a previous page put items before the loaded ones.
    case announceEarlierItemsLoaded = "%lld earlier items loaded"
    /// Announced when the first page of a list paged backwards arrived, without a count.
    case announceStartOfList = "Start of list."
    /// Announced when the first page of a list paged backwards arrived.
    case announceStartOfListCount = "Start of list. %lld items in all."
    /// Announced when the previous page failed; the argument is the message.
    case announceLoadPreviousFailed = "Couldn't load earlier items. %@"
  }

  /// The text of `key`, with `arguments` in place of its specifiers.
  package func string(_ key: Key, _ arguments: StringCatalog.Argument...) -> String {
    Self.catalog.string(key.rawValue, language: language, arguments)
  }

  // MARK: The texts of the default views

  /// "Loading…", the label of the blocking progress view.
  public var loading: String { string(.loading) }
  /// "Loading more…", the label of the paging footer's spinner.
  public var loadingMore: String { string(.loadingMore) }
  /// "Loading earlier…", the label of the paging header's spinner.
  public var loadingEarlier: String { string(.loadingEarlier) }
  /// "Waiting for the network": the label of the progress view while a first load waits for
  /// the network, the note over the content while a reload waits, and their announcement.
  public var waitingForNetwork: String { string(.waitingForNetwork) }
  /// "Will be sent when online": what a mutation button says while its edits wait for the
  /// network.
  package var willBeSentWhenOnline: String { string(.willBeSentWhenOnline) }
  /// "Retry".
  public var retry: String { string(.retry) }
  /// "Reload", the empty view's button.
  public var reload: String { string(.reload) }
  /// "Dismiss".
  public var dismiss: String { string(.dismiss) }
  /// "Couldn't load", the title of the failure view.
  public var couldNotLoad: String { string(.couldNotLoad) }
  /// "Couldn't load more", the title of the paging footer's error.
  public var couldNotLoadMore: String { string(.couldNotLoadMore) }
  /// "Couldn't load earlier items", the title of the paging header's error.
  public var couldNotLoadEarlier: String { string(.couldNotLoadEarlier) }
  /// "Nothing here", the title of the empty view.
  public var nothingHere: String { string(.nothingHere) }
  /// "No more items", the end of a paged list.
  public var noMoreItems: String { string(.noMoreItems) }
  /// "Start of list", the start of a list paged backwards.
  public var startOfList: String { string(.startOfList) }
  /// "Refresh failed", the title of the failed-reload banner.
  public var refreshFailed: String { string(.refreshFailed) }

  /// A message for an error, in words a user can read.
  ///
  /// ``HTTPLoadError`` and the common `URLError`s get a text of the catalog, a
  /// `LocalizedError` its own description, and any other "Something went wrong.".
  ///
  /// - Parameter error: The error to explain.
  public func message(for error: any Error) -> String {
    if let http = error as? HTTPLoadError {
      switch http {
      case .status(let code, _, _, _): return string(.serverAnsweredWithError, .int(code))
      case .decoding, .invalidResponse: return string(.unreadableData)
      case .transport: return string(.serverUnreachable)
      case .timeout: return string(.timedOut)
      }
    }
    if let url = error as? URLError {
      switch url.code {
      case .notConnectedToInternet, .dataNotAllowed: return string(.offline)
      case .timedOut: return string(.timedOut)
      case .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed:
        return string(.serverUnreachable)
      default: return string(.somethingWentWrong)
      }
    }
    if let description = (error as? any LocalizedError)?.errorDescription, !description.isEmpty {
      return description
    }
    return string(.somethingWentWrong)
  }

  // MARK: Freshness

  /// "Updated 3 min ago": how old the shown data is.
  package func updated(_ age: RelativeAge) -> String {
    text(
      for: age,
      keys: [
        .updatedJustNow, .updatedSecondsAgo, .updatedMinutesAgo, .updatedHoursAgo,
        .updatedDaysAgo,
      ])
  }

  /// "Updated 3 min ago", for a value loaded `age` ago.
  ///
  /// - Parameter age: How long ago the value was loaded, for example the time since a
  ///   loader's `loadedAt` on its clock.
  public func updated(ago age: Duration) -> String {
    updated(RelativeAge(age))
  }

  /// "Updated 3 min ago", for a value loaded at `date`.
  ///
  /// - Parameters:
  ///   - date: When the value was loaded.
  ///   - now: The moment to measure at.
  public func updated(at date: Date, now: Date) -> String {
    updated(RelativeAge(since: date, now: now))
  }

  /// "Showing data from 5 min ago": the age of the data a failed reload's banner keeps.
  package func showingData(_ age: RelativeAge) -> String {
    text(
      for: age,
      keys: [
        .showingDataJustNow, .showingDataSecondsAgo, .showingDataMinutesAgo,
        .showingDataHoursAgo, .showingDataDaysAgo,
      ])
  }

  /// "Showing data from 5 min ago", for a value loaded `age` ago.
  ///
  /// - Parameter age: How long ago the shown value was loaded.
  public func showingData(ago age: Duration) -> String {
    showingData(RelativeAge(age))
  }

  /// "Showing data from 5 min ago", for a value loaded at `date`.
  ///
  /// - Parameters:
  ///   - date: When the shown value was loaded.
  ///   - now: The moment to measure at.
  public func showingData(loadedAt date: Date, now: Date) -> String {
    showingData(RelativeAge(since: date, now: now))
  }

  /// The text of an age: `keys` are the keys for just now, seconds, minutes, hours and days.
  private func text(for age: RelativeAge, keys: [Key]) -> String {
    switch age {
    case .justNow: string(keys[0])
    case .seconds(let count): string(keys[1], .int(count))
    case .minutes(let count): string(keys[2], .int(count))
    case .hours(let count): string(keys[3], .int(count))
    case .days(let count): string(keys[4], .int(count))
    }
  }

  // MARK: Announcements

  /// "25 items loaded": the announcement a load finishing makes.
  ///
  /// - Parameter count: How many items loaded.
  public func itemsLoaded(count: Int) -> String {
    string(.announceItemsLoaded, .int(count))
  }

  /// The text VoiceOver speaks for an announcement, in this language: "Loading…", "25 items
  /// loaded", "Couldn't load. You're offline.".
  ///
  /// An `AsyncAnnouncementStyle` that keeps some default texts returns this for them.
  ///
  /// - Parameter announcement: What changed.
  /// - Returns: The text to speak.
  public func announcement(_ announcement: Announcement) -> String {
    let text =
      switch announcement {
      case .loading: loading
      case .loadingMore: loadingMore
      case .loadingEarlier: loadingEarlier
      case .loaded(let count?): itemsLoaded(count: count)
      case .loaded(nil): string(.announceLoaded)
      case .loadedMore(let count): string(.announceMoreItemsLoaded, .int(count))
      case .endOfList(let count?): string(.announceEndOfListCount, .int(count))
      case .endOfList(nil): string(.announceEndOfList)
      case .failed(let message): string(.announceFailed, .string(message))
      case .reloadFailed(let message): string(.announceReloadFailed, .string(message))
      case .loadMoreFailed(let message): string(.announceLoadMoreFailed, .string(message))
      case .loadedEarlier(let count): string(.announceEarlierItemsLoaded, .int(count))
      case .startOfList(let count?): string(.announceStartOfListCount, .int(count))
      case .startOfList(nil): string(.announceStartOfList)
      case .loadPreviousFailed(let message):
        string(.announceLoadPreviousFailed, .string(message))
      case .waitingForNetwork: waitingForNetwork
      }
    return text.trimmingCharacters(in: .whitespaces)
  }
}

extension DefaultStrings.Key {
  /// The English text of the key, compiled in for when the bundle is missing: the key, with
  /// the singular for the keys that vary by plural.
  package var english: StringCatalog.Translation {
    let one: String? =
      switch self {
      case .updatedDaysAgo: "Updated %lld day ago"
      case .showingDataDaysAgo: "Showing data from %lld day ago"
      case .announceItemsLoaded: "%lld item loaded"
      case .announceMoreItemsLoaded: "%lld more item loaded"
      case .announceEndOfListCount: "End of list. %lld item in all."
      case .announceEarlierItemsLoaded: "%lld earlier item loaded"
      case .announceStartOfListCount: "Start of list. %lld item in all."
      default: nil
      }
    return StringCatalog.Translation(
      value: rawValue, plural: one.map { ["one": $0, "other": rawValue] } ?? [:])
  }
}
