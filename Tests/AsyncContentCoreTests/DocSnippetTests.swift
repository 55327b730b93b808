import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Foundation
import Observation
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The Swift snippets of the DocC articles (Sources/AsyncContentCore/AsyncContentCore.docc and
// Sources/AsyncContent/AsyncContent.docc) and of README.md, verbatim, so that they compile as
// part of the tests. `snippetsAreInSync` fails
// when an article's block is not found here (or, for SwiftUI snippets, in
// Examples/Snippets/DocSnippets.swift and MigrationSnippets.swift, which .ci/swiftui-typecheck
// type-checks; or, for the source articles' own patterns, in ArticlePatterns.swift).
//
// A block is exempt when it is fenced as ```swift-ui or preceded by
// `<!-- snippet: skip (reason) -->`.

// MARK: - Stubs the snippets use

/// A country, as the snippets load it.
struct Country: Identifiable, Hashable, Sendable, Decodable {
  var id: String
  var name: String
}

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

/// A message of a chat, which pages backwards from the newest.
struct Message: Identifiable, Hashable, Sendable {
  var id: Int
  var text: String
}

/// A page of a chat: its messages, oldest first, and where the earlier ones end.
struct MessagesPage: Sendable {
  var messages: [Message]
  var earlier: Int?
}

/// A page of a token-paged feed.
struct FeedResponse: Sendable {
  var posts: [Post]
  var nextToken: String?
}

/// A stand-in for a web service: fixed data, no network.
struct API: Sendable {
  static let allCountries = (0..<60).map { Country(id: "C\($0)", name: "Country \($0)") }
  static let twoCountries = [
    Country(id: "AT", name: "Austria"), Country(id: "BR", name: "Brazil"),
  ]

  func countries() async throws -> [Country] { Self.twoCountries }

  func countries(offset: Int, limit: Int) async throws -> [Country] {
    Array(Self.allCountries.dropFirst(offset).prefix(limit))
  }

  func posts(minId: Int, count: Int) async throws -> [Post] {
    (minId..<min(minId + count, 100)).map { Post(id: $0, title: "Post \($0)") }
  }

  /// The 20 messages before the message `before` (the newest 20 when `nil`) of a chat of 200.
  func messages(before: Int?) async throws -> MessagesPage {
    let end = before ?? 200
    let start = max(0, end - 20)
    return MessagesPage(
      messages: (start..<end).map { Message(id: $0, text: "Message \($0)") },
      earlier: start > 0 ? start : nil)
  }

  func feed(after token: String?) async throws -> FeedResponse {
    token == nil
      ? FeedResponse(posts: [Post(id: 1, title: "First")], nextToken: "2")
      : FeedResponse(posts: [Post(id: 2, title: "Second")], nextToken: nil)
  }

  func countryUpdates() -> AsyncStream<[Country]> {
    AsyncStream { continuation in
      continuation.yield(Self.twoCountries)
      continuation.finish()
    }
  }

  func article(id: Article.ID) async throws -> Article {
    Article(id: id, title: "Article \(id)")
  }

  func articlePublisher(id: Article.ID) -> AnyPublisher<Article, any Error> {
    Just(Article(id: id, title: "Article \(id)"))
      .setFailureType(to: (any Error).self)
      .eraseToAnyPublisher()
  }
}

let api = API()

/// Fails its first call, then succeeds: the "success after a failed first try" of
/// "AsyncResourceView — simplified resource loading".
actor FlakyColorService {
  private(set) var calls = 0

  func randomColor() async throws -> String {
    calls += 1
    if calls == 1 { throw URLError(.networkConnectionLost) }
    return "teal"
  }
}

// MARK: - AsyncContentCore.md (the landing page)

@MainActor
func snippetLandingPage() async -> AsyncLoader<[Country]> {
  let loader = AsyncLoader { try await api.countries() }
  await loader.load()  // what `.task` calls: loads once, joins a load that runs
  await loader.reload()  // what pull-to-refresh calls: the list stays visible
  return loader
}

// MARK: - GettingStarted.md

@MainActor
func snippetGettingStarted() async -> AsyncLoader<[Country]> {
  let loader = AsyncLoader { try await api.countries() }
  await loader.load()
  if case .loaded(let countries) = loader.phase {
    print("\(countries.count) countries")
  }
  return loader
}

func summary(of phase: LoadPhase<[Country], any Error>) -> String {
  let presentation = phase.presentation()
  var text: String
  switch presentation.body {
  case .idle: text = "Nothing requested yet"
  case .progress: text = "Loading…"
  case .content(let countries, _): text = countries.map(\.name).joined(separator: ", ")
  case .empty: text = "No countries"
  case .failure(let error, let isRetrying): text = isRetrying ? "Retrying…" : "Failed: \(error)"
  }
  if let banner = presentation.banner { text += " (reload failed: \(banner))" }
  return text
}

// MARK: - PhasesAndTransitions.md

func snippetPhaseTransitions() -> (LoadPhase<[String], any Error>, LoadStart, LoadStart) {
  var phase = LoadPhase<[String], any Error>.idle
  phase.startLoading()  // .loading
  phase.succeed(["Austria"])  // .loaded(["Austria"])
  let start = phase.startLoading()  // .started: .reloading(["Austria"]), the list stays
  let again = phase.startLoading()  // .alreadyLoading: join the running load
  phase.fail(URLError(.timedOut))  // .reloadFailed(["Austria"], error): the list stays
  return (phase, start, again)
}

// MARK: - RefreshAndCancellation.md

@MainActor
func snippetTriggersJoin() async -> AsyncLoader<[Country]> {
  let loader = AsyncLoader { try await api.countries() }
  let refresh = Task { await loader.reload() }  // pull-to-refresh
  let retry = Task { await loader.retry() }  // a retry button, at the same time
  await refresh.value
  await retry.value  // one operation ran; both returned when it landed
  return loader
}

@MainActor
func snippetCallerCancellation(_ loader: AsyncLoader<[Country]>) async {
  let waiting = Task { await loader.reload() }
  waiting.cancel()  // what SwiftUI does when it tears the refreshable view down
  await waiting.value  // returns at once…
  await loader.load()  // …while the load goes on: this joins it and returns when it lands
}

@MainActor
func snippetCancelAndReset(_ loader: AsyncLoader<[Country]>) {
  loader.cancel()  // the operation is cancelled; the phase returns to where the load started
  loader.reset()  // cancels too, and forgets the value and the error: back to idle
}

// MARK: - Paging.md

@MainActor
func snippetOffsetPaging() async -> PagedLoader<Country, Int> {
  let countries = PagedLoader<Country, Int>.offset(pageSize: 25) { offset, limit in
    try await api.countries(offset: offset, limit: limit)
  }
  await countries.load()  // the first 25
  await countries.loadMore()  // 25 more, appended in place
  print(countries.items.count, countries.hasMore)
  return countries
}

@MainActor
func snippetAfterLastID() -> PagedLoader<Post, Post.ID> {
  let posts = PagedLoader<Post, Post.ID>.afterLastID(pageSize: 30) { lastID, limit in
    try await api.posts(minId: (lastID ?? -1) + 1, count: limit)
  }
  return posts
}

@MainActor
func snippetAnyCursor() -> PagedLoader<Post, String> {
  let feed = PagedLoader<Post, String> { token in
    let response = try await api.feed(after: token)
    return Page(items: response.posts, nextCursor: response.nextToken)
  }
  return feed
}

@MainActor
func snippetChat() async -> PagedLoader<Message, Int> {
  let chat = PagedLoader<Message, Int>(maxPages: 5) { before in
    let page = try await api.messages(before: before)  // the newest when `before` is nil
    return Page(items: page.messages, nextCursor: nil, previousCursor: page.earlier)
  }
  await chat.load()  // the newest 20 messages
  await chat.loadPrevious()  // the 20 before them, put in front
  print(chat.items.count, chat.hasPrevious == true)
  return chat
}

@MainActor
func footerText(for countries: PagedLoader<Country, Int>) -> String? {
  switch countries.phase.presentation(hasMore: countries.hasMore).footer {
  case .none: return nil
  case .loading:
    countries.startLoadMore()  // the spinner appeared: load the next page
    return "Loading more…"
  case .failed(let error): return "Couldn't load more: \(error.localizedDescription)"
  case .endOfList: return "That's all"
  }
}

// MARK: - Sources.md

@MainActor
func snippetClosureSource() -> AsyncLoader<[Country]> {
  let countries = AsyncLoader { try await api.countries() }
  return countries
}

@MainActor
func snippetClosureOptions() -> AsyncLoader<[Country]> {
  let retrying = AsyncLoader(
    retry: .exponentialBackoff(maxAttempts: 3),
    staleness: .after(.seconds(300))
  ) { try await api.countries() }
  return retrying
}

final class CountriesModel: AsyncLoader<[Country]> {
  init() { super.init() }

  override func makeOperation() -> Operation {
    { try await api.countries().sorted { $0.name < $1.name } }
  }
}

@MainActor
func snippetPublisherSource() async -> AsyncLoader<[Country]> {
  let subject = CurrentValueSubject<[Country], any Error>([])
  let published = AsyncLoader(publisher: subject)
  await published.load()  // returns with the subject's current value
  subject.send([Country(id: "AT", name: "Austria")])  // lands as loaded
  return published
}

@MainActor
func snippetSequenceSource() -> AsyncLoader<[Country]> {
  let live = AsyncLoader(sequence: { api.countryUpdates() })
  return live
}

@MainActor
func snippetJSONLoaders() -> (AsyncLoader<[Country]>, AsyncLoader<[Country]>, URLRequest) {
  let url = api.baseURL.appending(path: "countries")
  let fromURL = AsyncLoader<[Country]>(url: url)

  var request = URLRequest(url: url)
  request.setValue("Bearer token", forHTTPHeaderField: "Authorization")
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let fromRequest = AsyncLoader<[Country]>(request: request, decoder: decoder)
  return (fromURL, fromRequest, request)
}

@MainActor
func snippetJSONRequest(url: URL) -> AsyncLoader<[Country]> {
  let endpoint = JSONRequest<[Country]>(url: url)
  let sorted = AsyncLoader { try await endpoint.fetch().sorted { $0.name < $1.name } }
  return sorted
}

func message(for error: any Error) -> String {
  switch error as? HTTPLoadError {
  case .status(let code, _, _, _)?: "The server answered \(code)."
  case .decoding(_, let codingPath, _)?: "Unexpected data at \(codingPath)."
  case .transport?, .timeout?: "Check your connection."
  case .invalidResponse?, nil: "Something went wrong."
  }
}

// MARK: - Testing.md

@Test(.timeLimit(.minutes(1))) @MainActor func pullToRefreshKeepsTheListUntilTheLoadLands() async {
  let gate = OperationGate<[String]>()
  let loader = AsyncLoader(phase: .loaded(["Austria"])) { try await gate.call() }

  let refresh = Task { await loader.reload() }
  await eventually { gate.pending == 1 }
  #expect(loader.phase.kind == .reloading)
  #expect(loader.phase.value == ["Austria"])  // the list stays visible

  gate.succeed(["Austria", "Brazil"])
  await refresh.cancellableValue  // the refresh returns when the load lands
  #expect(loader.phase.value == ["Austria", "Brazil"])
}

@Test(.timeLimit(.minutes(1))) @MainActor func retriesAfterOneSecond() async {
  await withMainSerialExecutor {
    let clock = TestClock()
    let gate = OperationGate<[String]>()
    let loader = AsyncLoader(
      clock: clock,
      retry: .exponentialBackoff(maxAttempts: 2, initialDelay: .seconds(1), jitter: 0)
    ) { try await gate.call() }

    let load = Task { await loader.load() }
    await eventually { gate.pending == 1 }
    gate.fail(URLError(.notConnectedToInternet))
    await eventually { loader.failureCount == 1 }
    #expect(loader.phase.kind == .loading)  // no failure shows between attempts

    await clock.advance(by: .seconds(1))  // the backoff, without waiting a second
    await eventually { gate.pending == 1 }
    gate.succeed(["Austria"])
    await load.cancellableValue
    #expect(loader.phase.value == ["Austria"])
  }
}

@Test(.timeLimit(.minutes(1))) @MainActor func loadMoreAppendsTheNextPage() async {
  let pages = PagedGate<Country, Int>()
  let loader = PagedLoader { try await pages.fetch($0) }

  let load = Task { await loader.load() }
  await eventually { pages.pending == 1 }
  pages.succeed([Country(id: "AT", name: "Austria")], next: 1)
  await load.cancellableValue

  let more = Task { await loader.loadMore() }
  await eventually { pages.pending == 1 }
  pages.succeed([Country(id: "BR", name: "Brazil")], next: nil)
  await more.cancellableValue
  #expect(loader.items.map(\.id) == ["AT", "BR"])
  #expect(pages.cursors == [nil, 1])
}

@MainActor
func snippetInitialPhases() -> (
  AsyncLoader<[String]>, AsyncLoader<[String]>, PagedLoader<Country, Int>
) {
  let loaded = AsyncLoader(phase: .loaded(["Austria", "Brazil"])) { ["Austria", "Brazil"] }
  let failed = AsyncLoader<[String]>(phase: .failed(URLError(.timedOut))) { [] }
  let paged = PagedLoader<Country, Int>(
    phase: .loaded(IdentifiedItems([Country(id: "AT", name: "Austria")])),
    nextCursor: 1
  ) { _ in Page(items: [], nextCursor: nil) }
  return (loaded, failed, paged)
}

@Test(.timeLimit(.minutes(1))) @MainActor func joiningNotifiesNobody() async {
  let gate = OperationGate<[String]>()
  let loader = AsyncLoader { try await gate.call() }
  let recorder = PhaseRecorder(loader)

  let load = Task { await loader.load() }
  await eventually { gate.pending == 1 }
  let joined = Task { await loader.reload() }
  await drainMainActor()
  #expect(recorder.notifications == 1)  // idle → loading; the joining reload notified nobody

  gate.succeed(["Austria"])
  await load.cancellableValue
  await joined.cancellableValue
  await drainMainActor()
  #expect(recorder.kinds == [.idle, .loading, .loaded])
}

@Test(.timeLimit(.minutes(1))) @MainActor func theContainerStartsTheFirstLoad() async {
  let gate = OperationGate<[String]>()
  let loader = AsyncLoader { try await gate.call() }
  let controller = ContentController()
  let actions = LoadActions(loader)
  let lifecycle = ViewLifecycle()
  lifecycle.appear(
    "container",
    ViewHooks().onAppear {
      let state = ContentState(
        source: ObjectIdentifier(loader), kind: loader.phase.kind, hasBanner: false)
      controller.appeared(state, actions: actions)
    })
  lifecycle.appear("idle")
  await eventually { gate.pending == 1 }
  lifecycle.swapBranch(from: "idle", to: "loading")  // the load replaces the idle view
  gate.succeed(["Austria"])
  await controller.loads.waitUntilIdle()
  #expect(loader.phase.value == ["Austria"])
  #expect(gate.cancelledCalls == 0)  // no view owned the load, so no swap cancelled it
}

// MARK: - MigratingFromCommonLoadingPatterns.md (the articles' own patterns: ArticlePatterns.swift)

func snippetDataState() -> PagedPhase<[Post], any Error> {
  var dataState = PagedPhase<[Post], any Error>.idle
  dataState.startLoading()  // .loading
  dataState.succeed([Post(id: 1, title: "Hello")])  // .loaded
  dataState.startLoadingMore()  // .loadingMore, the posts stay
  dataState.finishLoadingMore { $0.append(Post(id: 2, title: "Again")) }  // .loaded, appended
  return dataState
}

@MainActor
func snippetResourceStore() async -> (AsyncLoader<String>, FlakyColorService) {
  let service = FlakyColorService()  // fails the first call, then succeeds
  let store = AsyncLoader { try await service.randomColor() }
  await store.load()  // .failed: the failure view shows a retry button
  await store.retry()  // .retrying, then .loaded
  return (store, service)
}

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

// MARK: - LoadingExperience.md

@MainActor
func snippetCalmPhase(
  loader: AsyncLoader<[Country]>
) -> (
  CalmPhase<LoadPhase<[Country], any Error>>, Presentation<[Country], any Error>
) {
  let calm = CalmPhase(loader.phase)  // the default timing: 150 ms delay, 400 ms minimum
  calm.update(to: loader.phase)  // on every change of the loader's phase
  let presentation = calm.phase.presentation()  // what the screen shows
  return (calm, presentation)
}

@MainActor
func snippetProgressTiming() -> (ProgressTiming, CalmPhase<LoadPhase<[Country], any Error>>) {
  let brisk = ProgressTiming(
    progressDelay: .milliseconds(100), minimumProgressDuration: .milliseconds(300))
  let plain = CalmPhase(LoadPhase<[Country], any Error>.idle, timing: .immediate)
  return (brisk, plain)
}

func snippetStateMachine() -> ProgressTimingStateMachine.State {
  var machine = ProgressTimingStateMachine(timing: .default)
  let start = LoaderClock.Instant(offset: .zero)
  machine.loadStarted(at: start, hasVisibleContent: false)  // .showNothing(wakeUpAt: 150 ms)
  machine.deadlineReached(at: start.advanced(by: .milliseconds(150)))  // .showSource: progress
  machine.loadFinished(at: start.advanced(by: .milliseconds(200)))  // holds progress to 550 ms
  return machine.state
}

@Test(.timeLimit(.minutes(1))) @MainActor func aQuickFirstLoadShowsNoSpinner() async {
  await withMainSerialExecutor {
    let clock = TestClock()
    let calm = CalmPhase(LoadPhase<[String], any Error>.idle, clock: clock)
    calm.update(to: .loading)
    await clock.advanceAndDrain(by: .milliseconds(100))
    #expect(calm.phase.isIdle)  // no spinner yet
    calm.update(to: .loaded(["Austria"]))
    #expect(calm.phase.value == ["Austria"])  // a quick load shows its value at once
  }
}

@MainActor
func snippetLoaderTiming() -> AsyncLoader<[Country]> {
  let countries = AsyncLoader { try await api.countries() }
  countries.progressTiming = .immediate  // this loader's spinner shows at once
  return countries
}

@MainActor
func snippetProgressController(
  loader: AsyncLoader<[Country]>
) -> (ProgressController, Presentation<[Country], any Error>) {
  let progress = ProgressController(clock: loader.clock)
  progress.update(kind: loader.phase.kind)  // on every change of the loader's phase
  let display = progress.display(for: loader.phase.kind)
  let presentation = loader.phase.presentation(progress: display)
  return (progress, presentation)
}

@MainActor
func snippetLoadedDate(loader: AsyncLoader<[Country]>) -> [String] {
  var printed: [String] = []
  func print(_ text: String) { printed.append(text) }
  loader.wallClock = { Date(timeIntervalSince1970: 1_700_000_000) }  // fixed dates in tests
  if let loadedDate = loader.loadedDate {
    let strings = DefaultStrings(language: "en")
    print(strings.updated(at: loadedDate, now: Date()))  // "Updated 12 s ago"
  }
  return printed
}

@MainActor
func snippetAnnounceHook() -> (ContentController, () -> [String]) {
  final class Printed { var lines: [String] = [] }
  let printed = Printed()
  func print(_ text: String) { printed.lines.append(text) }
  let controller = ContentController()
  controller.announce = { announcement in
    print(DefaultStrings(language: "en").announcement(announcement))  // "25 items loaded"
  }
  return (controller, { printed.lines })
}

func snippetFreshness(loadedAt: Date, now: Date) -> (String, String) {
  let strings = DefaultStrings(language: "de")
  let label = strings.updated(ago: .seconds(180))  // "Vor 3 Min. aktualisiert"
  // "Es werden Daten von vor 5 Min. angezeigt." for data loaded 5 minutes ago
  let banner = strings.showingData(loadedAt: loadedAt, now: now)
  return (label, banner)
}

func announce(
  from before: LoadPhase<[Country], any Error>, to after: LoadPhase<[Country], any Error>,
  language: String
) -> String? {
  guard let announcement = Announcement(from: before, to: after) else { return nil }
  return DefaultStrings(language: language).announcement(announcement)
}

func snippetDefaultStrings() -> [String] {
  let strings = DefaultStrings(language: "ja")
  let retry = strings.retry  // "再試行"
  let loaded = strings.itemsLoaded(count: 25)  // "25件を読み込みました"
  let message = strings.message(for: URLError(.timedOut))  // "リクエストがタイムアウトしました。"
  return [retry, loaded, message]
}

func snippetTerminalLanguage() -> DefaultStrings {
  let languages = StringCatalog.preferredLanguages(
    posixEnvironment: ProcessInfo.processInfo.environment)
  let terminal = DefaultStrings(preferring: languages)
  return terminal
}

func snippetOwnCatalog() throws -> String {
  let catalog = DefaultStrings.catalog
  let text = catalog.string("%lld items loaded", language: "de", [25])  // "25 Einträge geladen"
  return text
}

// MARK: - SharingDataAcrossScreens.md

/// The server of the store snippets: every request for a country, for the list and every rename
/// waits at its gate until the test answers it, so the tests decide what lands and when.
let countryRequests = OperationGate<Country>()
let countryListRequests = OperationGate<[Country]>()
let renameRequests = OperationGate<Country>()

extension API {
  func country(id: Country.ID) async throws -> Country { try await countryRequests.call() }

  func countryList() async throws -> [Country] { try await countryListRequests.call() }

  func rename(_ id: Country.ID, to name: String) async throws -> Country {
    try await renameRequests.call()
  }
}

struct CountryKey: LoaderKey {
  let id: Country.ID

  func fetch(using api: API) async throws -> Country {
    try await api.country(id: id)
  }
}

struct CountriesKey: LoaderKey {
  var staleness: Staleness? { .after(.seconds(60)) }  // the list changes rarely

  func fetch(using api: API) async throws -> [Country] {
    try await api.countryList()
  }
}

@MainActor
func snippetOneLoaderPerKey() -> (AsyncLoader<Country>, AsyncLoader<Country>, LoaderStore) {
  let store = LoaderStore(clients: api)  // the keys fetch with it
  let detail = store.loader(for: CountryKey(id: "AT"))  // the detail screen
  let row = store.loader(for: CountryKey(id: "AT"))  // a row of another screen
  // detail === row: one loader, so one request and one phase
  return (detail, row, store)
}

@MainActor
func snippetObserve(_ store: LoaderStore) -> StoreSubscription<AsyncLoader<Country>> {
  let subscription = store.observe(CountryKey(id: "AT"))  // the screen appears: it loads
  return subscription
}

@MainActor
func snippetComeBack(
  _ store: LoaderStore, _ subscription: StoreSubscription<AsyncLoader<Country>>
) -> StoreSubscription<AsyncLoader<Country>> {
  subscription.cancel()  // the screen goes away; the entry stays for gcAfter
  let again = store.observe(CountryKey(id: "AT"))  // it comes back before then
  if case .reloading(let country) = again.loader.phase {
    print("\(country.name), revalidating")  // the value at once, refreshed in the background
  }
  return again
}

@MainActor
func snippetStoreOptions(clock: some Clock<Duration>) -> LoaderStore {
  let store = LoaderStore(
    clock: clock,
    staleness: .after(.seconds(30)),  // a new observer revalidates values older than 30 s
    gcAfter: .seconds(60),  // an entry goes a minute after its last observer left
    maxEntries: 100,
    clients: api
  )
  return store
}

@MainActor
func snippetInvalidate(_ store: LoaderStore) {
  store.invalidate(CountryKey(id: "AT"))  // one key
  store.invalidate(CountryKey.self) { $0.id.hasPrefix("A") }  // the keys of one type
  store.invalidate { $0 is CountriesKey }  // any keys
  store.invalidateAll()  // every entry
}

@MainActor
func snippetPrefetch(_ store: LoaderStore) async throws -> Country {
  store.prefetch(CountryKey(id: "AT"))  // a row appeared: warm its detail
  let austria = try await store.ensureValue(for: CountryKey(id: "AT"))  // cached, or loaded
  return austria
}

@MainActor
func snippetCancel(_ store: LoaderStore) {
  store.cancel(CountryKey(id: "AT"))  // one key
  store.cancel(CountryKey.self) { $0.id.hasPrefix("A") }  // the keys of one type
  store.cancel { $0 is CountriesKey }  // any keys
  store.cancelAll()  // every running load
}

@MainActor
func snippetEdits(_ store: LoaderStore) {
  store.setValue(Country(id: "AT", name: "Österreich"), for: CountryKey(id: "AT"))
  store.updateValue(for: CountriesKey()) { countries in
    for index in countries.indices where countries[index].id == "AT" {
      countries[index].name = "Österreich"
    }
  }
}

@MainActor
func snippetSelect(_ store: LoaderStore) -> String? {
  let name = store.value(for: CountryKey(id: "AT"), select: \.name)
  return name
}

struct Rename: Sendable {
  var id: Country.ID
  var name: String
}

@MainActor
func snippetRenameMutation() -> Mutation<Rename, Country> {
  let rename = Mutation<Rename, Country>(
    optimistic: { store, rename in
      store.updateValue(for: CountryKey(id: rename.id)) { $0.name = rename.name }
      store.updateValue(for: CountriesKey()) { countries in
        for index in countries.indices where countries[index].id == rename.id {
          countries[index].name = rename.name
        }
      }
    },
    writeBack: { store, rename, country in
      store.setValue(country, for: CountryKey(id: rename.id))  // the server's answer
    },
    invalidates: { _, _ in [CountriesKey()] }
  ) { rename in
    try await api.rename(rename.id, to: rename.name)
  }
  return rename
}

@MainActor
func snippetRunRename(
  _ rename: Mutation<Rename, Country>, in store: LoaderStore
) async -> String? {
  do {
    let country = try await rename.run(Rename(id: "AT", name: "Österreich"), in: store)
    return "Renamed to \(country.name)"  // the server's answer, written back
  } catch is CancellationError {
    return nil  // cancelled: not a failure
  } catch {
    return "Rename failed: \(error)"  // the list and the detail show the old name again
  }
}

/// The pages of the feed snippets and the searches wait at their gates.
let feedRequests = PagedGate<Country, Int>()
let searchRequests = OperationGate<[Country]>()

extension API {
  func countries(region: String, after cursor: Int?) async throws -> Page<Country, Int> {
    try await feedRequests.fetch(cursor)
  }

  func search(_ query: String) async throws -> [Country] { try await searchRequests.call() }
}

struct CountryFeedKey: PagedLoaderKey {
  let region: String

  func fetchPage(at cursor: Int?, using api: API) async throws -> Page<Country, Int> {
    try await api.countries(region: region, after: cursor)
  }
}

struct SearchKey: LoaderKey {
  let query: String

  func fetch(using api: API) async throws -> [Country] { try await api.search(query) }
}

@MainActor
func snippetPagedKey(_ store: LoaderStore) -> StoreSubscription<PagedLoader<Country, Int>> {
  let feed = store.observe(CountryFeedKey(region: "Europe"))  // loads the first page, if stale
  store.updateItems(for: CountryFeedKey(region: "Europe")) { countries in
    countries[id: "AT"]?.name = "Österreich"  // an edit keeps the cursors
  }
  feed.loader.startLoadMore()  // the footer appeared: the page after the edited items
  return feed
}

@MainActor
func snippetSearchFirst(_ store: LoaderStore) -> ValueScreen<SearchKey> {
  let search = ValueScreen<SearchKey>(store: store, keepsPreviousValue: true)
  search.select(SearchKey(query: "aus"))
  return search
}

@MainActor
func snippetSearchNext(_ search: ValueScreen<SearchKey>) -> [String] {
  var printed: [String] = []
  func print(_ text: String) { printed.append(text) }
  search.select(SearchKey(query: "aust"))
  if search.isPlaceholder, case .reloading(let results) = search.phase {
    print("\(results.count) results for the previous query")  // dimmed while "aust" loads
  }
  return printed
}

@MainActor
func snippetInspect(_ store: LoaderStore) -> [String] {
  var printed: [String] = []
  func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
  for entry in store.snapshot() {
    print(entry.id, entry.kind, entry.observers, entry.failureCount)
  }
  if let failing = store.snapshot().first(where: { $0.failureCount > 0 }) {
    store.reset(failing.key)  // forgets the value and loads again if observed
  }
  return printed
}

@MainActor
func snippetRefetchOn(
  _ store: LoaderStore
) -> (StoreSubscription<Void>, AsyncStream<RefetchEvent>.Continuation) {
  let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
  let triggers = store.refetch(on: events)  // the store consumes the events from now on
  continuation.yield(.becameActive)  // the observed entries with nothing current reload
  return (triggers, continuation)
}

struct AllCountriesKey: LoaderKey {
  var refetchesOn: Set<RefetchEvent> { [.networkAvailable] }  // a large list: not on every return

  func fetch(using api: API) async throws -> [Country] {
    try await api.countryList()
  }
}

struct LiveCountriesKey: LoaderKey {
  var refetchInterval: Duration? { .seconds(30) }  // reloads every 30 seconds while shown

  func fetch(using api: API) async throws -> [Country] {
    try await api.countries()
  }
}

@MainActor
func snippetCancelTriggers(_ triggers: StoreSubscription<Void>) {
  triggers.cancel()  // later events reload nothing; a reload that runs goes on
}

// MARK: - README.md

@MainActor
func snippetReadmeCore() async -> AsyncLoader<[Country]> {
  let loader = AsyncLoader { try await api.countries() }
  await loader.load()  // .task: loads when nothing is current
  await loader.reload()  // pull-to-refresh: the list stays visible while it runs
  switch loader.phase.presentation().body {
  case .content(let countries, _): print(countries.count)
  default: break
  }
  return loader
}

// MARK: - Tests

/// Yields the main actor until `condition` holds, a bounded number of times.
@MainActor
private func settle(until condition: () -> Bool) async {
  for _ in 0..<10_000 where !condition() { await Task.yield() }
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DocSnippetTests {
  @Test func landingPageLoadsAndReloads() async {
    let loader = await snippetLandingPage()
    #expect(loader.phase.value == API.twoCountries)
  }

  @Test func gettingStartedLandsLoaded() async {
    let loader = await snippetGettingStarted()
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value?.map(\.name) == ["Austria", "Brazil"])
  }

  @Test func gettingStartedSummary() {
    #expect(summary(of: .idle) == "Nothing requested yet")
    #expect(summary(of: .loading) == "Loading…")
    #expect(summary(of: .loaded(API.twoCountries)) == "Austria, Brazil")
    #expect(summary(of: .loaded([])) == "No countries")
    #expect(summary(of: .retrying(URLError(.timedOut))) == "Retrying…")
    let banner = summary(of: .reloadFailed(API.twoCountries, HTTPLoadError.timeout(url: nil)))
    #expect(banner == "Austria, Brazil (reload failed: The request to the request timed out)")
  }

  @Test func phasesAndTransitions() {
    let (phase, start, again) = snippetPhaseTransitions()
    #expect(start == .started)
    #expect(again == .alreadyLoading)
    #expect(phase.kind == .reloadFailed)
    #expect(phase.value == ["Austria"])
  }

  @Test func refreshAndCancellation() async {
    let joined = await snippetTriggersJoin()
    #expect(joined.phase.value == API.twoCountries)

    let gate = OperationGate<[Country]>()
    let loader = AsyncLoader { try await gate.call() }
    let cancelled = Task { await snippetCallerCancellation(loader) }
    await settle { gate.pending == 1 }
    #expect(loader.phase.kind == .loading)  // the waiting task was cancelled; the load runs on
    gate.succeed(API.twoCountries)
    await cancelled.cancellableValue
    #expect(loader.phase.value == API.twoCountries)
    #expect(gate.pending == 0)

    snippetCancelAndReset(loader)
    #expect(loader.phase.kind == .idle)
  }

  @Test func pagingBackwards() async {
    let chat = await snippetChat()
    #expect(chat.items.map(\.id) == Array(160..<200))
    #expect(chat.hasPrevious == true)
    #expect(!chat.hasMore)
    // Three more earlier pages fill the window of five; a fourth drops the newest, which
    // loadMore() brings back, dropping the oldest.
    for _ in 0..<4 { await chat.loadPrevious() }
    #expect(chat.items.map(\.id) == Array(80..<180))
    #expect(chat.hasPrevious == true)
    #expect(chat.hasMore)
    await chat.loadMore()
    #expect(chat.items.map(\.id) == Array(100..<200))
    #expect(!chat.hasMore)
  }

  @Test func paging() async {
    let countries = await snippetOffsetPaging()
    #expect(countries.items.count == 50)
    #expect(countries.hasMore)
    #expect(footerText(for: countries) == "Loading more…")  // starts the third page
    await settle { countries.phase.kind == .loaded }
    #expect(countries.items.count == 60)
    #expect(footerText(for: countries) == "That's all")

    let posts = snippetAfterLastID()
    await posts.load()
    await posts.loadMore()
    #expect(posts.items.map(\.id) == Array(0..<60))

    let feed = snippetAnyCursor()
    await feed.load()
    await feed.loadMore()
    #expect(feed.items.map(\.title) == ["First", "Second"])
    #expect(!feed.hasMore)
  }

  @Test func sources() async throws {
    let closure = snippetClosureSource()
    await closure.load()
    #expect(closure.phase.value == API.twoCountries)

    let options = snippetClosureOptions()
    #expect(options.staleness == .after(.seconds(300)))
    #expect(options.retryPolicy.maxAttempts == 3)

    let model = CountriesModel()
    await model.load()
    #expect(model.phase.value?.map(\.name) == ["Austria", "Brazil"])

    let published = await snippetPublisherSource()
    await settle { published.phase.value?.count == 1 }
    #expect(published.phase.value?.map(\.name) == ["Austria"])
    published.cancel()

    let live = snippetSequenceSource()
    await live.load()
    #expect(live.phase.value == API.twoCountries)

    let (fromURL, fromRequest, request) = snippetJSONLoaders()
    #expect(fromURL.phase.isIdle && fromRequest.phase.isIdle)  // nothing is fetched here
    #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer token")
    let url = try #require(request.url)
    #expect(snippetJSONRequest(url: url).phase.isIdle)

    #expect(
      message(for: HTTPLoadError.status(code: 404, url: url, bodyExcerpt: ""))
        == "The server answered 404.")
    #expect(
      message(for: HTTPLoadError.decoding(description: "", codingPath: "items[3]", url: url))
        == "Unexpected data at items[3].")
    #expect(message(for: HTTPLoadError.timeout(url: url)) == "Check your connection.")
    #expect(message(for: URLError(.badURL)) == "Something went wrong.")
  }

  @Test func testing() async {
    let (loaded, failed, paged) = snippetInitialPhases()
    #expect(loaded.phase.value == ["Austria", "Brazil"])
    #expect(failed.phase.kind == .failed)
    #expect(paged.hasMore)
  }

  @Test func migratingFromCommonLoadingPatterns() async {
    let dataState = snippetDataState()
    #expect(dataState.kind == .loaded)
    #expect(dataState.value?.map(\.id) == [1, 2])

    let (store, service) = await snippetResourceStore()
    #expect(store.phase.value == "teal")
    #expect(await service.calls == 2)  // the first call failed, the retry succeeded

    let model = ArticleModel(id: 42)
    await model.load()
    #expect(model.phase.value == Article(id: 42, title: "Article 42"))
    await model.reload()
    #expect(model.phase.kind == .loaded)
  }

  /// The articles' own patterns behave as the page says they do.
  @Test func theArticlesPatterns() async throws {
    // Ralf Ebert's AsyncModel: a reload swaps the list for `inProgress`.
    let gate = OperationGate<[Country]>()
    let countries = RalfEbertPattern.AsyncModel { try await gate.call() }
    let first = Task { await countries.reload() }
    await settle { gate.pending == 1 }
    gate.succeed(API.twoCountries)
    await first.cancellableValue
    let refresh = Task { await countries.reload() }
    await settle { gate.pending == 1 }
    let listIsGone = if case .inProgress = countries.result { true } else { false }
    #expect(listIsGone)
    gate.succeed(API.twoCountries)
    await refresh.cancellableValue
    let loaded: [Country] = if case .success(let value) = countries.result { value } else { [] }
    #expect(loaded == API.twoCountries)

    // kntkymt's PagingDataState: the value stays through paging, its failure and a reload.
    var posts = KntkymtPattern.PagingDataState<[Int], any Error>.idle
    posts.startLoading()
    #expect(posts.isBusy && posts.value == nil)
    posts = .success([1])
    posts.startPaging()
    #expect(posts.isBusy && posts.value == [1])
    posts = .pagingFailure([1], URLError(.timedOut))
    posts.startLoading()
    let reloading = if case .reLoading([1]) = posts { true } else { false }
    #expect(reloading)

    // The AsyncResourceView store: success after a failed first try, as the article tests it.
    let flaky = FlakyColorService()
    let color = AsyncResourceViewPattern.AsyncResourceViewStore { try await flaky.randomColor() }
    await color.loadResource()
    let failed = if case .failure = color.state { true } else { false }
    #expect(failed)
    await color.loadResource()
    let teal = if case .success(let name) = color.state { name } else { "" }
    #expect(teal == "teal")

    // Swift by Sundell's view model keeps the list and the error side by side.
    let bookmarks = SundellPattern.BookmarkListViewModel()
    await bookmarks.reload()
    #expect(bookmarks.bookmarks.count == 20)
    #expect(bookmarks.error == nil)

    // PublishedObject: a publisher that delivers at once, here on the main actor.
    let article = LoadingStatesPattern.PublishedObject(publisher: api.articlePublisher(id: 7))
    article.load()
    let title = if case .loaded(let loaded) = article.state { loaded.title } else { "" }
    #expect(title == "Article 7")
    let broken = LoadingStatesPattern.PublishedObject(
      publisher: Fail<Article, any Error>(error: URLError(.badURL)))
    broken.load()
    let brokenFailed = if case .failed = broken.state { true } else { false }
    #expect(brokenFailed)
  }

  @Test func loadingExperience() async throws {
    let (calm, presentation) = snippetCalmPhase(loader: AsyncLoader { API.twoCountries })
    #expect(calm.phase.isIdle)
    #expect(presentation.content == nil && !presentation.showsBlockingProgress)
    let (brisk, plain) = snippetProgressTiming()
    #expect(brisk.progressDelay == .milliseconds(100))
    #expect(plain.timing == .immediate)
    #expect(snippetStateMachine() == .holdingProgress(end: .init(offset: .milliseconds(550))))

    let loadedAt = Date(timeIntervalSince1970: 1_700_000_000)
    let (label, banner) = snippetFreshness(loadedAt: loadedAt, now: loadedAt + 300)
    #expect(label == "Vor 3 Min. aktualisiert")
    #expect(banner == "Es werden Daten von vor 5 Min. angezeigt.")

    let german = "de-DE"
    #expect(
      announce(from: .loading, to: .loaded(API.twoCountries), language: german)
        == "2 Einträge geladen")
    #expect(
      announce(from: .loaded(API.twoCountries), to: .reloading(API.twoCountries), language: german)
        == nil)

    #expect(snippetLoaderTiming().progressTiming == .immediate)
    let idle = AsyncLoader { API.twoCountries }
    let (progress, calmed) = snippetProgressController(loader: idle)
    #expect(progress.display == .source)
    #expect(calmed.content == nil && !calmed.showsBlockingProgress)
    let loaded = AsyncLoader(phase: .loaded(API.twoCountries)) { API.twoCountries }
    let lines = snippetLoadedDate(loader: loaded)
    #expect(lines.count == 1 && lines[0].hasPrefix("Updated "))
    #expect(snippetLoadedDate(loader: idle).isEmpty)
    let (controller, announced) = snippetAnnounceHook()
    controller.announce?(.loaded(count: 25))
    #expect(announced() == ["25 items loaded"])

    #expect(snippetDefaultStrings() == ["再試行", "25件を読み込みました", "リクエストがタイムアウトしました。"])
    #expect(DefaultStrings.languages.contains(snippetTerminalLanguage().language))
    #expect(try snippetOwnCatalog() == "25 Einträge geladen")
  }

  @Test func readme() async {
    let loader = await snippetReadmeCore()
    #expect(loader.phase.value == API.twoCountries)
  }

  // MARK: Keeping the snippets in sync

  /// Every ```swift block of every article (the core's and the SwiftUI module's) and of
  /// README.md appears, whitespace aside, in this file, in ArticlePatterns.swift or in
  /// Examples/Snippets (DocSnippets.swift, MigrationSnippets.swift).
  @Test func snippetsAreInSync() throws {
    let root = Repository.root
    let catalog = root.appendingPathComponent("Sources/AsyncContentCore/AsyncContentCore.docc")
    var documents = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
      .filter { $0.hasSuffix(".md") }.sorted()
      .map { catalog.appendingPathComponent($0) }
    let swiftUICatalog = root.appendingPathComponent("Sources/AsyncContent/AsyncContent.docc")
    documents += try FileManager.default.contentsOfDirectory(atPath: swiftUICatalog.path)
      .filter { $0.hasSuffix(".md") }.sorted()
      .map { swiftUICatalog.appendingPathComponent($0) }
    let readme = root.appendingPathComponent("README.md")
    if FileManager.default.fileExists(atPath: readme.path) { documents.append(readme) }
    #expect(documents.count >= 9, "the articles were not found under \(catalog.path)")

    // Every Swift file of Examples/Snippets: the SwiftUI snippets, the migration recipes and
    // README.md's first example.
    let snippetFiles = try FileManager.default
      .contentsOfDirectory(atPath: root.appendingPathComponent("Examples/Snippets").path)
      .filter { $0.hasSuffix(".swift") }.sorted().map { "Examples/Snippets/\($0)" }
    let sources =
      [
        "Tests/AsyncContentCoreTests/DocSnippetTests.swift",
        "Tests/AsyncContentCoreTests/ArticleSnippets.swift",
        "Tests/AsyncContentCoreTests/ArticlePatterns.swift",
        // The snippets of "Working offline" that use AsyncContentPersistence.
        "Tests/AsyncContentPersistenceTests/PersistenceSnippets.swift",
        // The snippets of "Testing" on the store, mutations, the app's lifecycle and persistence.
        "Tests/AsyncContentCoreTests/TestingArticleSnippets.swift",
        "Tests/AsyncContentPersistenceTests/TestingPersistenceSnippets.swift",
      ]
      + snippetFiles
    let compiled = try sources.map {
      try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
    }
    let haystacks = compiled.map(SnippetBlock.normalize)

    var checked = 0
    for document in documents {
      let text = try String(contentsOf: document, encoding: .utf8)
      for block in try SnippetBlock.extract(from: text, file: document.lastPathComponent) {
        checked += 1
        let needle = SnippetBlock.normalize(block.code)
        #expect(
          haystacks.contains { $0.contains(needle) },
          """
          The snippet \(block.name) is out of sync: copy it verbatim into \
          DocSnippetTests.swift or ArticleSnippets.swift (core), ArticlePatterns.swift (a source \
          article's pattern) or a file of Examples/Snippets (SwiftUI), \
          or mark it `<!-- snippet: skip (reason) -->`.
          """)
      }
    }
    #expect(checked >= 30, "only \(checked) snippets were found")
  }

  @Test func snippetExtraction() throws {
    let text = """
      Intro
      ```swift
      let a = 1
      ```
      <!-- snippet: skip (not compiled) -->
      ```swift
      let b = 2
      ```
      ```swift-ui
      Text("c")
      ```
      ```mermaid
      graph
      ```
      """
    let blocks = try SnippetBlock.extract(from: text, file: "Example.md")
    #expect(blocks.map(\.code) == ["let a = 1"])
    #expect(blocks.first?.name == "Example.md:2 (let a = 1)")
    #expect(SnippetBlock.normalize("let  a =\n  1") == "leta=1")
    #expect(throws: SnippetBlock.MissingReason.self) {
      try SnippetBlock.extract(from: "<!-- snippet: skip -->\n```swift\nx\n```", file: "Bad.md")
    }
  }
}

// MARK: - SharingDataAcrossScreens.md, run

/// The store snippets, run against the gated server on a `TestClock`. The gates are shared by
/// these tests only, and every test leaves none of their calls waiting.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct StoreDocSnippetTests {
  private let austria = Country(id: "AT", name: "Austria")

  /// A store on a test clock whose entries for Austria and the list are observed and loaded.
  private func loadedStore(
    staleness: Staleness = .never
  ) async -> (
    LoaderStore, StoreSubscription<AsyncLoader<Country>>, StoreSubscription<AsyncLoader<[Country]>>
  ) {
    let store = LoaderStore(clock: TestClock(), staleness: staleness, clients: api)
    let detail = store.observe(CountryKey(id: "AT"))
    let list = store.observe(CountriesKey())
    await eventually { countryRequests.pending == 1 && countryListRequests.pending == 1 }
    countryRequests.succeed(austria)
    countryListRequests.succeed(API.twoCountries)
    await eventually { detail.loader.phase.kind == .loaded && list.loader.phase.kind == .loaded }
    return (store, detail, list)
  }

  @Test func aKeyGivesOneLoader() {
    let calls = countryRequests.calls
    let (detail, row, store) = snippetOneLoaderPerKey()
    #expect(detail === row)
    #expect(store.count == 1)
    #expect(countryRequests.calls == calls)  // asking for a loader starts no load
  }

  @Test func twoScreensShareOneRequestAndAReturningScreenRevalidates() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock(), clients: api)
      let calls = countryRequests.calls
      let first = snippetObserve(store)
      let second = snippetObserve(store)  // a second screen of the same country
      await eventually { countryRequests.pending == 1 }
      await drainMainActor()
      #expect(countryRequests.calls == calls + 1)
      #expect(first.loader === second.loader)
      #expect(store.observerCount(for: CountryKey(id: "AT")) == 2)
      countryRequests.succeed(austria)
      await eventually { first.loader.phase.kind == .loaded }
      second.cancel()

      let again = snippetComeBack(store, first)
      #expect(first.isCancelled)
      #expect(again.loader === first.loader)
      #expect(again.loader.phase.kind == .reloading)  // staleness .after(.zero): revalidates
      #expect(again.loader.phase.value == austria)  // with the value on screen
      await eventually { countryRequests.pending == 1 }
      countryRequests.succeed(Country(id: "AT", name: "Österreich"))
      await eventually { again.loader.phase.kind == .loaded }
      #expect(again.loader.phase.value?.name == "Österreich")
      again.cancel()
    }
  }

  @Test func stalenessGarbageCollectionAndTheLimitRunOnTheInjectedClock() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = snippetStoreOptions(clock: clock)
      #expect(store.staleness == .after(.seconds(30)))
      #expect(store.gcAfter == .seconds(60))
      #expect(store.maxEntries == 100)

      let key = CountryKey(id: "BR")
      let first = store.observe(key)
      await eventually { countryRequests.pending == 1 }
      countryRequests.succeed(Country(id: "BR", name: "Brazil"))
      await eventually { first.loader.phase.kind == .loaded }
      first.cancel()

      await clock.advanceAndDrain(by: .seconds(29))
      let fresh = store.observe(key)
      #expect(fresh.loader.phase.kind == .loaded)  // 29 seconds old: no request
      #expect(countryRequests.pending == 0)
      fresh.cancel()
      await clock.advanceAndDrain(by: .seconds(1))
      let stale = store.observe(key)
      #expect(stale.loader.phase.kind == .reloading)  // 30 seconds old: revalidates
      await eventually { countryRequests.pending == 1 }
      countryRequests.succeed(Country(id: "BR", name: "Brasil"))
      await eventually { stale.loader.phase.kind == .loaded }

      stale.cancel()  // the garbage collection counts from here
      await clock.advanceAndDrain(by: .seconds(59))
      #expect(store.cachedLoader(for: key) === stale.loader)
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(store.cachedLoader(for: key) == nil)

      // Beyond maxEntries the least recently used entry without observers goes first.
      let observed = store.observe(CountryKey(id: "C0"))
      for index in 1...100 { _ = store.loader(for: CountryKey(id: "C\(index)")) }
      #expect(store.count == 100)
      #expect(store.cachedLoader(for: CountryKey(id: "C1")) == nil)
      #expect(store.cachedLoader(for: CountryKey(id: "C0")) === observed.loader)
      await eventually { countryRequests.pending == 1 }
      countryRequests.succeed(Country(id: "C0", name: "Country 0"))
      await eventually { observed.loader.phase.kind == .loaded }
      observed.cancel()
    }
  }

  @Test func aPrefetchWarmsTheKeyAndEnsureValueJoinsIt() async throws {
    try await withMainSerialExecutor { () async throws in
      let store = LoaderStore(clock: TestClock(), clients: api)
      let calls = countryRequests.calls
      let value = Task { try await snippetPrefetch(store) }
      await eventually { countryRequests.pending == 1 }
      countryRequests.succeed(austria)
      #expect(try await value.value == austria)
      #expect(countryRequests.calls == calls + 1)  // one request for both
    }
  }

  @Test func cancelReturnsThePhasesToWhereTheLoadsStarted() async {
    await withMainSerialExecutor {
      let (store, detail, list) = await loadedStore()
      store.invalidateAll()
      #expect(detail.loader.phase.kind == .reloading)
      snippetCancel(store)
      #expect(detail.loader.phase.isKind(.loaded, value: austria))
      #expect(list.loader.phase.kind == .loaded)
      await drainMainActor()
      #expect(countryRequests.pending == 0 && countryListRequests.pending == 0)
    }
  }

  @Test func invalidationReloadsObservedKeysAndMarksTheOthersStale() async {
    await withMainSerialExecutor {
      let (store, detail, list) = await loadedStore()
      list.cancel()
      let listCalls = countryListRequests.calls

      snippetInvalidate(store)
      #expect(detail.loader.phase.kind == .reloading)
      #expect(store.cachedLoader(for: CountriesKey())?.isStale == true)
      await drainMainActor()
      #expect(countryListRequests.calls == listCalls)  // unobserved: marked stale only

      // Each invalidation superseded the load before it: only the newest answer lands.
      await eventually { countryRequests.pending >= 1 }
      let newest = countryRequests.pending - 1
      countryRequests.succeed(Country(id: "AT", name: "Österreich"), at: newest)
      while countryRequests.pending > 0 { countryRequests.succeed(austria) }
      await eventually { detail.loader.phase.kind == .loaded }
      await drainMainActor()
      #expect(detail.loader.phase.value?.name == "Österreich")

      let back = store.observe(CountriesKey())  // the next observer reloads the stale list
      #expect(back.loader.phase.kind == .reloading)
      await eventually { countryListRequests.pending == 1 }
      countryListRequests.succeed(API.twoCountries)
      await eventually { back.loader.phase.kind == .loaded }
      back.cancel()
      detail.cancel()
    }
  }

  @Test func refetchTriggersReloadTheObservedKeysThatOptIn() async {
    await withMainSerialExecutor {
      let (store, detail, list) = await loadedStore(staleness: .after(.zero))  // stale once loaded
      list.cancel()  // nobody shows the list
      let listCalls = countryListRequests.calls

      let (triggers, continuation) = snippetRefetchOn(store)
      await eventually { countryRequests.pending == 1 }
      #expect(detail.loader.phase.kind == .reloading)  // with the value on screen
      countryRequests.succeed(austria)
      await eventually { detail.loader.phase.kind == .loaded }
      await drainMainActor()
      #expect(countryListRequests.calls == listCalls)  // unobserved: left alone

      let all = store.observe(AllCountriesKey())
      await eventually { countryListRequests.pending == 1 }
      countryListRequests.succeed(API.twoCountries)
      await eventually { all.loader.phase.kind == .loaded }
      store.refetch(after: .becameActive, minimumInterval: .zero)
      #expect(all.loader.phase.kind == .loaded)  // it left becameActive out
      await eventually { countryRequests.pending == 1 }
      countryRequests.succeed(austria)
      await eventually { detail.loader.phase.kind == .loaded }

      continuation.yield(.networkAvailable)  // both keys reload on reconnect
      await eventually { countryRequests.pending == 1 && countryListRequests.pending == 1 }
      countryRequests.succeed(austria)
      countryListRequests.succeed(API.twoCountries)
      await eventually { detail.loader.phase.kind == .loaded && all.loader.phase.kind == .loaded }

      snippetCancelTriggers(triggers)
      continuation.yield(.networkAvailable)
      await drainMainActor()
      #expect(countryRequests.pending == 0)
      #expect(countryListRequests.pending == 0)
      detail.cancel()
      all.cancel()
    }
  }

  @Test func editsShowEverywhereAtOnce() async {
    await withMainSerialExecutor {
      let (store, detail, list) = await loadedStore()
      snippetEdits(store)
      #expect(detail.loader.phase.value?.name == "Österreich")
      #expect(list.loader.phase.value?.map(\.name) == ["Österreich", "Brazil"])
      #expect(store.value(for: CountryKey(id: "AT"))?.name == "Österreich")
      detail.cancel()
      list.cancel()
    }
  }

  @Test func aFailedRenameIsRolledBackUnlessANewerValueLanded() async {
    await withMainSerialExecutor {
      let (store, detail, list) = await loadedStore()
      let rename = snippetRenameMutation()

      let run = Task { await snippetRunRename(rename, in: store) }
      await eventually { renameRequests.pending == 1 }
      #expect(rename.isRunning)
      #expect(detail.loader.phase.value?.name == "Österreich")  // before the server answers
      #expect(list.loader.phase.value?.map(\.name) == ["Österreich", "Brazil"])
      renameRequests.fail(URLError(.badServerResponse))
      #expect(await run.value?.hasPrefix("Rename failed") == true)
      #expect(detail.loader.phase.value == austria)
      #expect(list.loader.phase.value == API.twoCountries)
      #expect(detail.loader.isStale)  // restored from memory: the next observer revalidates

      // A value that lands after the edit is newer than it: the rollback leaves it.
      let second = Task { await snippetRunRename(rename, in: store) }
      await eventually { renameRequests.pending == 1 }
      store.invalidate(CountryKey(id: "AT"))
      await eventually { countryRequests.pending == 1 }
      let fromServer = Country(id: "AT", name: "Austria (from the server)")
      countryRequests.succeed(fromServer)
      await eventually { detail.loader.phase.kind == .loaded }
      renameRequests.fail(URLError(.badServerResponse))
      #expect(await second.value != nil)
      #expect(detail.loader.phase.value == fromServer)
      #expect(list.loader.phase.value == API.twoCountries)  // no newer value: rolled back
      detail.cancel()
      list.cancel()
    }
  }

  @Test func aCancelledRenameIsRolledBackAndIsNotAFailure() async {
    await withMainSerialExecutor {
      let (store, detail, list) = await loadedStore()
      let rename = snippetRenameMutation()
      let run = Task { await snippetRunRename(rename, in: store) }
      await eventually { renameRequests.pending == 1 }
      rename.cancel()
      #expect(await run.value == nil)  // no failure to show
      let idle = if case .idle = rename.phase { true } else { false }
      #expect(idle)
      #expect(detail.loader.phase.value == austria)
      #expect(list.loader.phase.value == API.twoCountries)
      await drainMainActor()
      #expect(renameRequests.pending == 0)
      detail.cancel()
      list.cancel()
    }
  }

  @Test func aSuccessfulRenameWritesTheAnswerBackAndRefreshesTheList() async {
    await withMainSerialExecutor {
      let (store, detail, list) = await loadedStore()
      let rename = snippetRenameMutation()
      let run = Task { await snippetRunRename(rename, in: store) }
      await eventually { renameRequests.pending == 1 }
      let renamed = Country(id: "AT", name: "Österreich (as stored)")
      renameRequests.succeed(renamed)
      #expect(await run.value == "Renamed to Österreich (as stored)")
      #expect(rename.phase.output == renamed)
      // The server's answer is written back: the detail shows it, with no request.
      #expect(detail.loader.phase.kind == .loaded)
      #expect(detail.loader.phase.value == renamed)
      // The edit of the list stays on screen while the list revalidates.
      #expect(list.loader.phase.kind == .reloading)
      await eventually { countryListRequests.pending == 1 }
      #expect(countryRequests.pending == 0)
      countryListRequests.succeed([renamed, Country(id: "BR", name: "Brazil")])
      await eventually { list.loader.phase.kind == .loaded }
      #expect(list.loader.phase.value?.first == renamed)
      detail.cancel()
      list.cancel()
    }
  }

  @Test func aPagedKeyIsServedAsAPagedLoaderAndEditedInPlace() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock(), staleness: .never, clients: api)
      let calls = feedRequests.calls
      let shown = store.observe(CountryFeedKey(region: "Europe"))  // the first page lands
      await eventually { feedRequests.pending == 1 }
      feedRequests.succeed(API.twoCountries, next: 2)
      await eventually { shown.loader.phase.kind == .loaded }
      let feed = snippetPagedKey(store)
      #expect(feed.loader === shown.loader)
      #expect(feed.loader.items[id: "AT"]?.name == "Österreich")
      #expect(feed.loader.phase.kind == .loadingMore)
      await eventually { feedRequests.pending == 1 }
      #expect(feedRequests.calls == calls + 2)
      #expect(feedRequests.cursors.last == 2)  // the edit kept the cursor
      feedRequests.succeed([], next: nil)
      await eventually { feed.loader.phase.kind == .loaded && !feed.loader.hasMore }
      #expect(feed.loader.items[id: "AT"]?.name == "Österreich")
      feed.cancel()
      shown.cancel()
    }
  }

  @Test func aSearchKeepsThePreviousResultsUntilTheNewOnesLand() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock(), clients: api)
      let search = snippetSearchFirst(store)
      await eventually { searchRequests.pending == 1 }
      searchRequests.succeed(API.twoCountries)
      await eventually { search.phase.kind == .loaded }
      #expect(snippetSearchNext(search) == ["2 results for the previous query"])
      await eventually { searchRequests.pending == 1 }
      searchRequests.succeed([austria])
      await eventually { search.value == [austria] }
      #expect(!search.isPlaceholder)
      search.stop()
    }
  }

  @Test func theInspectorListsTheEntriesAndResetsAFailingOne() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock(), clients: api)
      let search = store.observe(SearchKey(query: "x"))
      await eventually { searchRequests.pending == 1 }
      searchRequests.fail(URLError(.notConnectedToInternet))
      await eventually { search.loader.phase.kind == .failed }
      let printed = snippetInspect(store)
      #expect(printed == ["SearchKey(query: \"x\") failed 1 1"])
      #expect(search.loader.phase.kind == .loading)  // reset, and observed: loads again
      await eventually { searchRequests.pending == 1 }
      searchRequests.succeed([austria])
      await eventually { search.loader.phase.kind == .loaded }
      search.cancel()
    }
  }
}

/// A fenced ```swift block of a Markdown document.
struct SnippetBlock {
  /// Where it is: the file, the line of its fence and its first line of code.
  var name: String
  var code: String

  /// A skip marker without a reason.
  struct MissingReason: Error, CustomStringConvertible {
    var place: String
    var description: String { "\(place): `<!-- snippet: skip -->` needs a reason" }
  }

  /// The ```swift blocks of `text`, without those fenced ```swift-ui or marked
  /// `<!-- snippet: skip (reason) -->` on the line before the fence.
  static func extract(from text: String, file: String) throws -> [SnippetBlock] {
    let lines = text.components(separatedBy: "\n")
    var blocks: [SnippetBlock] = []
    var index = 0
    while index < lines.count {
      let fence = lines[index].trimmingCharacters(in: .whitespaces)
      guard fence.hasPrefix("```"), fence.count > 3 else {
        index += 1
        continue
      }
      let start = index
      index += 1
      var body: [String] = []
      while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
        body.append(lines[index])
        index += 1
      }
      index += 1
      guard fence == "```swift" else { continue }
      let previous = start > 0 ? lines[start - 1].trimmingCharacters(in: .whitespaces) : ""
      if previous.hasPrefix("<!-- snippet: skip") {
        let reason = previous.dropFirst("<!-- snippet: skip".count)
          .replacingOccurrences(of: "-->", with: "")
          .trimmingCharacters(in: CharacterSet(charactersIn: " ():—-"))
        guard !reason.isEmpty else { throw MissingReason(place: "\(file):\(start + 1)") }
        continue
      }
      let code = body.joined(separator: "\n")
      let firstLine = body.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
      blocks.append(
        SnippetBlock(
          name: "\(file):\(start + 1) (\(firstLine.trimmingCharacters(in: .whitespaces)))",
          code: code))
    }
    return blocks
  }

  /// The text without any whitespace, so indentation and line breaks do not matter.
  static func normalize(_ text: String) -> String {
    String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
  }
}
