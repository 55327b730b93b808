// The SwiftUI snippets of the DocC articles (Sources/AsyncContentCore/AsyncContentCore.docc and
// Sources/AsyncContent/AsyncContent.docc), verbatim, with the stubs they use. `.ci/swiftui-typecheck` type-checks this file against the
// SwiftUI shim; `DocSnippetTests.snippetsAreInSync` checks that every article's ```swift block
// is here or in Tests/AsyncContentCoreTests/DocSnippetTests.swift.

import AsyncContent
import Foundation
import Observation
import SwiftUI

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Stubs the snippets use

// `Country` is README.md's, in ReadmeSnippets.swift.

/// A post of a paged feed.
struct Post: Identifiable, Hashable, Sendable {
  var id: Int
  var title: String
}

/// An article, for the `LoadableObject` snippets.
struct Article: Identifiable, Hashable, Sendable {
  var id: Int
  var title: String
}

/// A stand-in for a web service.
struct Message: Identifiable, Hashable, Sendable {
  var id: Int
  var text: String
}

struct MessagesPage: Sendable {
  var messages: [Message]
  var earlier: Int?
}

struct Profile: Sendable {
  var name: String
  var homeCountry: Country.ID
}

struct API: Sendable {
  func messages(before: Int?) async throws -> MessagesPage {
    MessagesPage(messages: [], earlier: nil)
  }

  func countries() async throws -> [Country] { [Country(id: "AT", name: "Austria")] }

  func countries(offset: Int, limit: Int) async throws -> [Country] { [] }

  func countries(matching query: String) async throws -> [Country] { [] }

  func countries(region: String, offset: Int, limit: Int) async throws -> [Country] { [] }

  func countryList() async throws -> [Country] { [] }

  func rename(_ id: Country.ID, to name: String) async throws -> Country {
    Country(id: id, name: name)
  }

  func country(id: Country.ID) async throws -> Country { Country(id: id, name: id) }

  func profile() async throws -> Profile { Profile(name: "Ada", homeCountry: "AT") }

  func neighbours(of id: Country.ID) async throws -> [Country] { [] }

  func posts(minId: Int, count: Int) async throws -> [Post] { [] }

  func article(id: Article.ID) async throws -> Article { Article(id: id, title: "Article") }

  func randomColor() async throws -> String { ["teal", "coral", "gold"].randomElement() ?? "teal" }

  func articlePublisher(id: Article.ID) -> AnyPublisher<Article, any Error> {
    Just(Article(id: id, title: "Article"))
      .setFailureType(to: (any Error).self)
      .eraseToAnyPublisher()
  }
}

let api = API()

/// The keys and the input of SharingDataAcrossScreens.md, as its core snippets (compiled in
/// DocSnippetTests.swift) write them.
struct CountryKey: LoaderKey {
  let id: Country.ID

  func fetch(using api: API) async throws -> Country {
    try await api.country(id: id)
  }
}

struct CountriesKey: LoaderKey {
  func fetch(using api: API) async throws -> [Country] {
    try await api.countryList()
  }
}

struct Rename: Sendable {
  var id: Country.ID
  var name: String
}

/// The `LoadableObject` of MigratingFromCommonLoadingPatterns.md (compiled in DocSnippetTests.swift
/// too).
@MainActor
@Observable
final class ArticleModel: LoadableObject {
  private(set) var phase: LoadPhase<Article, any Error> = .idle
  private let id: Article.ID

  init(id: Article.ID) { self.id = id }

  func load() async {  // as AsyncLoader's: loads when nothing is current
    switch phase.kind {
    case .idle, .failed, .reloadFailed: await reload()
    default: break
    }
  }

  func reload() async {
    guard phase.startLoading() == .started else { return }
    do {
      let article = try await api.article(id: id)
      phase.succeed(article)
    } catch {
      if isCancellation(error) { phase.cancel() } else { phase.fail(error) }
    }
  }

  func cancel() { phase.cancel() }

  func dismissError() { phase.dismissError() }  // the banner's Dismiss keeps the article
}

// MARK: - GettingStarted.md

struct CountriesView: View {
  var body: some View {
    AsyncView(operation: { try await api.countries() }) { countries in
      List(countries) { Text($0.name) }
    }
  }
}

struct CountriesScreen: View {
  @State private var countries = AsyncLoader { try await api.countries() }

  var body: some View {
    AsyncView(countries) { countries in
      List(countries) { Text($0.name) }
    }
  }
}

// MARK: - RefreshAndCancellation.md

struct RefreshableCountries: View {
  @State private var loader = AsyncLoader { try await api.countries() }

  var body: some View {
    List(loader.phase.value ?? []) { Text($0.name) }
      .task { await loader.load() }
      .refreshable { await loader.reload() }
  }
}

// MARK: - Paging.md

struct CountryList: View {
  @State private var countries = PagedLoader<Country, Int>.offset(pageSize: 25) { offset, limit in
    try await api.countries(offset: offset, limit: limit)
  }

  var body: some View {
    PagingList(countries) { country in
      Text(country.name)
    }
  }
}

// MARK: - MigratingFromCommonLoadingPatterns.md (the rest is in MigrationSnippets.swift)

struct ChatView: View {
  @State private var chat = PagedLoader<Message, Int>(maxPages: 5) { before in
    let page = try await api.messages(before: before)
    return Page(items: page.messages, nextCursor: nil, previousCursor: page.earlier)
  }

  var body: some View {
    PagingList(chat) { message in
      Text(message.text)
    }
  }
}

struct BookmarkList: View {
  @State private var bookmarks = AsyncLoader { try await api.countries() }

  var body: some View {
    List(bookmarks.phase.value ?? []) { Text($0.name) }
      .failedReloadBanner(bookmarks.phase.presentation().banner)
      .overlay { if bookmarks.phase.kind == .failed { RetryButton() } }
      .task { await bookmarks.load() }
      .refreshable { await bookmarks.reload() }
  }
}

// MARK: - LoadingExperience.md

struct CalmCountries: View {
  var body: some View {
    CountriesView()
      .asyncProgressTiming(
        ProgressTiming(
          progressDelay: .milliseconds(100), minimumProgressDuration: .milliseconds(300)))
  }
}

struct FreshCountries: View {
  let loader: AsyncLoader<[Country]>
  var countries: [Country] { loader.phase.value ?? [] }

  var body: some View {
    List(countries) { Text($0.name) }
      .safeAreaInset(edge: .bottom) { UpdatedLabel(loadedAt: loader.loadedDate) }
  }
}

struct CountriesInGerman: View {
  var body: some View {
    CountriesScreen()
      .asyncDefaultStrings(DefaultStrings(language: "de"))
  }
}

struct LoudFailure: AsyncFailureStyle {
  func title(for error: any Error, strings: DefaultStrings) -> Text {
    Text(verbatim: strings.couldNotLoad.uppercased())
  }
}

struct CountryAnnouncements: AsyncAnnouncementStyle {
  func text(for announcement: Announcement, strings: DefaultStrings) -> String? {
    switch announcement {
    case .loaded(let count?): "\(count) countries loaded"
    case .loading: nil  // the refresh control says enough
    default: strings.announcement(announcement)
    }
  }
}

struct NoAnnouncements: AsyncAnnouncementStyle {
  func text(for announcement: Announcement, strings: DefaultStrings) -> String? { nil }
}

struct AnnouncedCountries: View {
  var body: some View {
    CountriesView()
      .asyncAnnouncementStyle(CountryAnnouncements())
  }
}

struct QuietCountries: View {
  var body: some View {
    CountriesView()
      .asyncAnnouncementStyle(NoAnnouncements())  // the app announces on its own
  }
}

// MARK: - AsyncContent.md (the SwiftUI module's landing page)

struct CountryDetail: View {
  let country: Country

  var body: some View {
    AsyncView(id: country.id) { [id = country.id] in
      try await api.country(id: id)
    } content: { country in
      Text(country.name)
    }
    .navigationTitle(country.name)
  }
}

struct CountrySearch: View {
  let query: String

  var body: some View {
    AsyncView(id: query, keepsPreviousValue: true) { [query] in
      try await api.countries(matching: query)
    } empty: {
      ContentUnavailableView("No countries match", systemImage: "magnifyingglass")
    } content: { countries in
      List(countries) { Text($0.name) }
    }
  }
}

struct CountryFeed: View {
  @State private var countries = PagedLoader<Country, Int>.offset(pageSize: 25) { offset, limit in
    try await api.countries(offset: offset, limit: limit)
  }

  var body: some View {
    PagingList(countries) { country in
      Text(country.name)
    } footer: { footer in
      if case .endOfList = footer {
        Text("That's every country")
      } else {
        DefaultFooterView(footer)
      }
    }
    .asyncBannerPolicy(.transient(.seconds(4)))
    .asyncPullToRefresh(false)
  }
}

struct BrandedCountryFeed: View {
  @State private var countries = PagedLoader<Country, Int>.offset(pageSize: 25) { offset, limit in
    try await api.countries(offset: offset, limit: limit)
  }

  var body: some View {
    PagingList(countries) { country in
      Text(country.name)
    } loading: {
      ProgressView("Fetching countries…")
    } failure: { error, isRetrying in
      VStack {
        Text(error.localizedDescription)
        RetryButton(isRunning: isRetrying)
      }
    } empty: {
      ContentUnavailableView("No countries yet", systemImage: "globe")
    }
  }
}

struct CountryBrowser: View {
  let countries: [Country]

  var body: some View {
    NavigationStack {
      List(countries) { country in
        NavigationLink(value: country) { Text(country.name) }
      }
      .navigationTitle("Countries")
      .navigationDestination(for: Country.self) { country in
        CountryDetail(country: country)
      }
    }
  }
}

// MARK: - SharingDataAcrossScreens.md (its SwiftUI part; the rest is in DocSnippetTests.swift)

struct CountryScreen: View {
  let id: Country.ID

  var body: some View {
    AsyncView(key: CountryKey(id: id)) { country in
      Text(country.name)
    }
    .navigationTitle("Country")
  }
}

struct CountryCountBadge: View {
  var body: some View {
    AsyncView(key: CountriesKey(), select: \.count) { count in
      Text("\(count) countries")
    }
  }
}

struct RegionKey: PagedLoaderKey {
  let region: String

  func fetchPage(at offset: Int?, using api: API) async throws -> Page<Country, Int> {
    let start = offset ?? 0
    let countries = try await api.countries(region: region, offset: start, limit: 25)
    return Page(items: countries, nextCursor: countries.count < 25 ? nil : start + 25)
  }
}

struct RegionList: View {
  let region: String

  var body: some View {
    PagingList(key: RegionKey(region: region)) { country in
      Text(country.name)
    }
  }
}

struct SearchKey: LoaderKey {
  let query: String

  func fetch(using api: API) async throws -> [Country] {
    try await api.countries(matching: query)
  }
}

struct SearchResults: View {
  let query: String

  var body: some View {
    AsyncView(key: SearchKey(query: query), keepsPreviousValue: true) { countries in
      List(countries) { SearchRow(country: $0) }
    }
  }
}

struct SearchRow: View {
  @Environment(\.isAsyncPlaceholder) private var isPlaceholder
  let country: Country

  var body: some View {
    Text(country.name).opacity(isPlaceholder ? 0.5 : 1)
  }
}

struct ProfileKey: LoaderKey {
  func fetch(using api: API) async throws -> Profile {
    try await api.profile()
  }
}

struct NeighboursKey: LoaderKey {
  var country: Country.ID?  // nil until the profile is there

  var isEnabled: Bool { country != nil }

  func fetch(using api: API) async throws -> [Country] {
    guard let country else { return [] }  // never runs: the key is disabled
    return try await api.neighbours(of: country)
  }
}

struct HomeScreen: View {
  @Environment(\.loaderStore) private var store

  var body: some View {
    VStack {
      AsyncView(key: ProfileKey()) { profile in
        Text(profile.name)
      }
      AsyncView(key: NeighboursKey(country: store.value(for: ProfileKey())?.homeCountry)) {
        neighbours in
        List(neighbours) { Text($0.name) }
      }
    }
  }
}

struct CountryOverview: View {
  let id: Country.ID

  var body: some View {
    AsyncView(keys: ProfileKey(), CountryKey(id: id), NeighboursKey(country: id)) {
      profile, country, neighbours in
      VStack {
        Text(country.name)
        Text("\(neighbours.count) neighbours")
        if country.id == profile.homeCountry {
          Text("Your home country")
        }
      }
    }
  }
}

extension LoaderStore {
  static let countries = LoaderStore(staleness: .after(.seconds(30)), clients: api)
}

struct CountriesRoot: View {
  var body: some View {
    NavigationStack {
      RegionList(region: "Europe")
    }
    .loaderStore(.countries)
  }
}

struct CountriesScene: View {
  var body: some View {
    NavigationStack {
      RegionList(region: "Europe")
    }
    .loaderStore(.countries)
    .refetchesOnActivation()
  }
}

@MainActor
@Observable
final class CountryEditor {
  let rename = Mutation<Rename, Country>(
    optimistic: { store, rename in
      store.updateValue(for: CountryKey(id: rename.id)) { $0.name = rename.name }
    },
    writeBack: { store, rename, country in
      store.setValue(country, for: CountryKey(id: rename.id))
    },
    invalidates: { _, _ in [CountriesKey()] }
  ) { rename in
    try await api.rename(rename.id, to: rename.name)
  }
}

struct RenameButton: View {
  let editor: CountryEditor
  let rename: Rename

  var body: some View {
    MutationButton("Rename", mutation: editor.rename, input: rename)
    if case .failed(let error) = editor.rename.phase {
      Text(error.localizedDescription)
    }
  }
}

struct DebugRoot: View {
  @State private var showsStore = false

  var body: some View {
    VStack {
      RegionList(region: "Europe")
      #if DEBUG
      Button("Loader store") { showsStore = true }
      #endif
    }
    .loaderStoreInspector(isPresented: $showsStore)
  }
}
