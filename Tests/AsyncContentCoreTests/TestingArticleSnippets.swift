import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Foundation
import Testing

// The snippets of the article "Testing" (AsyncContentCore.docc/Testing.md) on the store, the
// mutations and the app's lifecycle, verbatim: `DocSnippetTests.snippetsAreInSync` finds them
// here, and they run as tests. (Its snippets on the loaders are in DocSnippetTests.swift; those on
// persistence in Tests/AsyncContentPersistenceTests/TestingPersistenceSnippets.swift.)

// MARK: - The app's code under test

struct CountryAPI: Sendable {  // the app's client: the live one calls the server
  var country: @Sendable (Country.ID) async throws -> Country
  var countries: @Sendable () async throws -> [Country]
  var rename: @Sendable (Country.ID, String) async throws -> Country
}

struct CountryDetailKey: LoaderKey {
  let id: Country.ID

  func fetch(using api: CountryAPI) async throws -> Country {
    try await api.country(id)
  }
}

struct PolledCountriesKey: LoaderKey {
  var refetchInterval: Duration? { .seconds(60) }  // the list polls while a screen shows it

  func fetch(using api: CountryAPI) async throws -> [Country] {
    try await api.countries()
  }
}

// MARK: - The test's client

extension CountryAPI {
  /// A client whose requests wait at gates, so that the test decides what lands and when.
  @MainActor
  static func gated(
    country: OperationGate<Country> = OperationGate(),
    countries: OperationGate<[Country]> = OperationGate(),
    rename: OperationGate<Country> = OperationGate()
  ) -> CountryAPI {
    CountryAPI(
      country: { _ in try await country.call() },
      countries: { try await countries.call() },
      rename: { _, _ in try await rename.call() })
  }
}

// MARK: - Snippets

@Suite(.serialized, .timeLimit(.minutes(1)))
@MainActor
struct TestingArticleSnippets {
  @Test(.timeLimit(.minutes(1))) @MainActor func twoScreensShareOneRequest() async {
    let requests = OperationGate<Country>()
    let store = LoaderStore(clients: CountryAPI.gated(country: requests))

    let detail = store.observe(CountryDetailKey(id: "AT"))  // the detail screen
    let row = store.observe(CountryDetailKey(id: "AT"))  // a row of another screen
    let load = Task { await detail.loader.load() }
    let join = Task { await row.loader.load() }
    await eventually { requests.pending == 1 }
    requests.succeed(Country(id: "AT", name: "Austria"))
    await load.cancellableValue
    await join.cancellableValue
    #expect(requests.calls == 1)  // one request for both screens
    #expect(store.value(for: CountryDetailKey(id: "AT"))?.name == "Austria")
    detail.cancel()
    row.cancel()
  }

  @Test(.timeLimit(.minutes(1))) @MainActor func aFailedRenameRollsBack() async {
    let renames = OperationGate<Country>()
    let api = CountryAPI.gated(rename: renames)
    let store = LoaderStore(clients: api)
    store.setValue(Country(id: "AT", name: "Austria"), for: CountryDetailKey(id: "AT"))
    let rename = Mutation<Rename, Country>(
      optimistic: { store, rename in
        store.updateValue(for: CountryDetailKey(id: rename.id)) { $0.name = rename.name }
      }
    ) { rename in
      try await api.rename(rename.id, rename.name)
    }

    rename.start(Rename(id: "AT", name: "Österreich"), in: store)
    await eventually { renames.pending == 1 }
    #expect(store.value(for: CountryDetailKey(id: "AT"))?.name == "Österreich")  // at once
    renames.fail(URLError(.timedOut))
    await eventually { !rename.isRunning }
    #expect(store.value(for: CountryDetailKey(id: "AT"))?.name == "Austria")  // rolled back
    #expect(rename.phase.error != nil)
  }

  @Test(.timeLimit(.minutes(1))) @MainActor func pollingPausesInTheBackground() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let requests = OperationGate<[Country]>()
      let store = LoaderStore(clock: clock, clients: CountryAPI.gated(countries: requests))
      let scene = TestScene(store: store)  // the app is in front
      let list = store.observe(PolledCountriesKey())
      let load = Task { await list.loader.load() }
      await eventually { requests.pending == 1 }
      requests.succeed([Country(id: "AT", name: "Austria")])
      await load.cancellableValue

      scene.enter(.background)  // polling pauses
      await clock.advance(by: .seconds(300))
      await drainMainActor()
      #expect(requests.calls == 1)  // no poll in the background

      scene.enter(.active)  // back: the stale list reloads at once
      await eventually { requests.pending == 1 }
      requests.succeed([Country(id: "AT", name: "Austria"), Country(id: "BR", name: "Brazil")])
      await eventually { list.loader.phase.value?.count == 2 }
      list.cancel()
    }
  }

  @Test(.timeLimit(.minutes(1))) @MainActor func aMemoryWarningKeepsWhatIsOnScreen() async {
    let store = LoaderStore(staleness: .never, clients: CountryAPI.gated())
    store.setValue(Country(id: "AT", name: "Austria"), for: CountryDetailKey(id: "AT"))
    store.setValue(Country(id: "BR", name: "Brazil"), for: CountryDetailKey(id: "BR"))
    let screen = store.observe(CountryDetailKey(id: "AT"))  // a screen shows Austria

    #expect(store.simulateMemoryWarning() == 1)  // Brazil: cached, on no screen
    #expect(store.value(for: CountryDetailKey(id: "BR")) == nil)
    #expect(screen.loader.phase.value?.name == "Austria")
    screen.cancel()
  }

  @Test(.timeLimit(.minutes(1))) @MainActor func renamesMadeOfflineWaitInOrder() async {
    let renames = OperationGate<Country>()
    let api = CountryAPI.gated(rename: renames)
    let store = LoaderStore(clients: api)
    let (network, status) = AsyncStream.makeStream(of: NetworkStatus.self)
    store.followNetwork(network)
    status.yield(.offline)
    await eventually { store.networkStatus == .offline }
    let rename = Mutation<Rename, Country> { rename in
      try await api.rename(rename.id, rename.name)
    }

    rename.start(Rename(id: "AT", name: "Österreich"), in: store)
    rename.start(Rename(id: "AT", name: "Austria"), in: store)
    await eventually { store.pendingMutationRuns.count == 2 }
    #expect(store.pendingMutationRuns.map(\.state) == [.paused, .waiting])

    status.yield(.online)  // the first run is sent, then the second
    await eventually { renames.pending == 1 }
    renames.succeed(Country(id: "AT", name: "Österreich"))
    await eventually { renames.pending == 1 }
    renames.succeed(Country(id: "AT", name: "Austria"))
    await eventually { store.pendingMutationRuns.isEmpty }
    #expect(renames.calls == 2)
    status.finish()
  }
}
