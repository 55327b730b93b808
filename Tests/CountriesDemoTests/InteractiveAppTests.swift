import AsyncContentCore
import Clocks
import CountriesDemo
import Foundation
import Testing

/// The app's texts in these tests, whatever the machine's locale.
private let english = DemoStrings(language: "en")

@Suite("InteractiveApp keys", .timeLimit(.minutes(1)))
@MainActor
struct InteractiveAppTests {
  @Test("q and end of input quit with 0, Ctrl-C with 130")
  func quitting() async throws {
    try await withServer { _, baseURL in
      let app = InteractiveApp(
        client: CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession()),
        failureRate: 0, strings: english)
      #expect(app.handle(.character("q")) == .quit(status: 0))
      #expect(app.handle(.endOfInput) == .quit(status: 0))
      #expect(app.handle(.interrupt) == .quit(status: 130))
      #expect(app.handle(.character("x")) == .keepRunning)
    }
  }

  @Test("m loads the next page, r reloads from the first, c cancels")
  func pagingKeys() async throws {
    try await withServer { _, baseURL in
      let app = InteractiveApp(
        client: CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession()),
        failureRate: 0, strings: english)
      app.start()
      await app.loader.load()
      #expect(app.loader.items.count == 25)
      #expect(app.handle(.character("m")) == .keepRunning)
      #expect(app.loader.phase.isLoadingMore)
      await app.loader.loadMore()
      #expect(app.loader.items.count == 50)
      #expect(app.handle(.character("r")) == .keepRunning)
      #expect(app.loader.phase.isReloading)
      #expect(app.handle(.character("c")) == .keepRunning)
      #expect(app.message == "Load cancelled.")
      #expect(!app.loader.phase.isLoading)
      #expect(app.loader.items.count == 50)
    }
  }

  @Test("a footer spinner on screen asks for the next page, as onAppear does")
  func footerOnScreenLoadsMore() async throws {
    try await withServer { _, baseURL in
      let app = InteractiveApp(
        client: CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession()),
        failureRate: 0, strings: english)
      app.start()
      await app.loader.load()
      _ = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(!app.loader.phase.isLoadingMore)  // 25 rows do not fit: the footer is off screen
      let text = app.screen(columns: 80, rows: 60, isStyled: true)
      #expect(text.contains("Loading more…"))
      #expect(app.loader.phase.isLoadingMore)
      await app.loader.loadMore()
      #expect(app.loader.items.count == 50)
    }
  }

  @Test("d dismisses the failed-reload banner; the list stays and the next failure shows again")
  func dismissingTheBanner() async throws {
    try await withServer { _, baseURL in
      let app = InteractiveApp(
        client: CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession()),
        failureRate: 0, strings: english)
      app.start()
      await app.loader.load()
      #expect(app.handle(.character("d")) == .keepRunning)  // no banner: nothing to dismiss
      #expect(app.message == nil)
      #expect(app.handle(.character("f")) == .keepRunning)
      await app.waitForFailureToggle()
      #expect(app.handle(.character("r")) == .keepRunning)
      await app.loader.reload()
      #expect(app.loader.phase.kind == .reloadFailed)
      #expect(app.screen(columns: 80, rows: 20, isStyled: false).contains("Refresh failed"))

      #expect(app.handle(.character("d")) == .keepRunning)
      let dismissed = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(!dismissed.contains("Refresh failed"))
      #expect(dismissed.contains("25 loaded"), "the list stays")
      #expect(app.loader.phase.kind == .loaded, "the loader's phase is dismissed as the banner is")

      #expect(app.handle(.character("r")) == .keepRunning)
      await app.loader.reload()
      #expect(app.screen(columns: 80, rows: 20, isStyled: false).contains("Refresh failed"))
    }
  }

  @Test(
    "a first load within its delay leaves the screen blank; then the list, its age, and what VoiceOver says"
  )
  func calmFirstLoadAgeAndAnnouncement() async throws {
    try await withServer { _, baseURL in
      let app = InteractiveApp(
        client: CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession()),
        failureRate: 0, strings: english)
      // A delay no machine outlasts, so the check does not depend on the machine's speed.
      app.loader.progressTiming = ProgressTiming(
        progressDelay: .seconds(3_600), minimumProgressDuration: .zero)
      let loadedAt = Date(timeIntervalSince1970: 1_700_000_000)
      app.loader.wallClock = { loadedAt }
      app.wallClock = { loadedAt + 12 }
      app.start()
      let blank = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(app.progress.display == .nothing)
      #expect(!blank.contains("Loading countries"))
      #expect(!blank.contains("Nothing loaded"))
      await app.loader.load()
      let loaded = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(loaded.hasPrefix("Countries · 25 loaded · Updated 12 s ago ·"))
      #expect(loaded.contains("VoiceOver says: 25 countries loaded\n"))
      #expect(app.announcement == .loaded(count: 25))
    }
  }

  @Test("f switches the server's injected failures on and off")
  func toggleFailures() async throws {
    try await withServer { server, baseURL in
      let app = InteractiveApp(
        client: CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession()),
        failureRate: 0, strings: english)
      #expect(app.handle(.character("f")) == .keepRunning)
      await app.waitForFailureToggle()
      #expect(app.injectsFailures)
      #expect(await server.knobs.failureRate == 1)
      #expect(app.message == "Injected failures on: 100% of requests fail.")
      #expect(app.handle(.character("f")) == .keepRunning)
      await app.waitForFailureToggle()
      #expect(!app.injectsFailures)
      #expect(await server.knobs.failureRate == 0)
    }
  }

  @Test("the list is the store's: start observes the list's key, whose loader is the app's")
  func listFromTheStore() async throws {
    try await withServer { _, baseURL in
      let app = makeApp(baseURL)
      let key = CountryListKey()
      #expect(app.store.observerCount(for: key) == 0, "nothing observed before start")
      app.start()
      #expect(app.store.observerCount(for: key) == 1)
      #expect(app.store.cachedPagedLoader(for: key) === app.loader)
      await app.loader.load()
      #expect(app.store.items(for: key)?.count == 25)
      app.stop()
      #expect(app.store.observerCount(for: key) == 0, "stop ends the observation")
    }
  }

  @Test("↓/↑ and j/k move the selection; ⏎ opens its country by key; b and Esc go back")
  func selectOpenAndBack() async throws {
    try await withServer { _, baseURL in
      let app = makeApp(baseURL)
      app.start()
      await app.loader.load()
      _ = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(app.selection == 0)
      _ = app.handle(.down)
      _ = app.handle(.character("j"))
      _ = app.handle(.character("j"))
      _ = app.handle(.up)
      _ = app.handle(.character("k"))
      #expect(app.selection == 1)
      #expect(app.screen(columns: 80, rows: 20, isStyled: false).contains("\n▸ 🇦🇽  Åland Islands"))

      #expect(app.handle(.enter) == .keepRunning)
      #expect(app.browser.screen == .detail(code: "AX"))
      let key = CountryKey(code: "AX")
      #expect(app.store.observerCount(for: key) == 1)
      await app.browser.detail.loader?.load()
      let detail = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(detail.hasPrefix("Countries › Åland Islands ·"))
      #expect(detail.contains("    Alpha-3 code  ALA\n"))
      #expect(detail.contains("b/Esc back · r rename"))

      #expect(app.handle(.character("b")) == .keepRunning)
      #expect(app.browser.screen == .list)
      #expect(app.store.observerCount(for: key) == 0, "the detail's observation ended")
      #expect(app.store.value(for: key)?.name == "Åland Islands", "its entry stays cached")
      #expect(app.selection == 1, "the selection stays")
      _ = app.handle(.enter)
      _ = app.handle(.escape)
      #expect(app.browser.screen == .list)
    }
  }

  @Test("opening a country again shows the cached one at once; when stale, it revalidates")
  func reopenCachedAndRevalidate() async throws {
    try await withServer { server, baseURL in
      let clock = TestClock()
      let app = makeApp(baseURL, clock: clock)
      app.start()
      await app.loader.load()
      _ = app.handle(.enter)  // Afghanistan
      await app.browser.detail.loader?.load()
      _ = app.handle(.character("b"))
      await clock.advance(by: .seconds(60))
      #expect(
        app.store.cachedLoader(for: CountryKey(code: "AF"))?.isStale == true)
      // The revalidation is held by the server, so the screen shows it as it runs.
      await server.setKnobs(ServerKnobs(latencyMs: 60_000))
      _ = app.handle(.enter)
      let reopened = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(reopened.hasPrefix("Countries › Afghanistan ·"), "the cached country at once")
      #expect(reopened.contains("\n⠋ Refreshing…\n"), "revalidating in the background")
      #expect(!reopened.contains("Loading the country"))
      #expect(app.browser.detail.phase.isReloading)
      app.stop()
    }
  }

  @Test("a fresh country opened again shows at once without a request")
  func reopenFresh() async throws {
    try await withServer { _, baseURL in
      let app = makeApp(baseURL, staleness: .never)
      app.start()
      await app.loader.load()
      _ = app.handle(.enter)
      await app.browser.detail.loader?.load()
      _ = app.handle(.character("b"))
      _ = app.handle(.enter)
      #expect(app.browser.detail.loader?.isActive == false, "no request")
      let text = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(text.hasPrefix("Countries › Afghanistan ·"))
      #expect(!text.contains("Refreshing"))
    }
  }

  @Test("r, a name, ⏎: the rename shows at once in the detail and the list, then the server's")
  func renameSucceeds() async throws {
    try await withServer { server, baseURL in
      let app = makeApp(baseURL)
      app.start()
      await app.loader.load()
      _ = app.handle(.down)
      _ = app.handle(.enter)  // Åland Islands
      await app.browser.detail.loader?.load()
      #expect(app.handle(.character("r")) == .keepRunning)
      #expect(app.editingName == "")
      for character in "Ahvenanmaaq" { _ = app.handle(.character(character)) }
      #expect(app.editingName == "Ahvenanmaaq", "q types a letter, it does not quit")
      _ = app.handle(.backspace)
      let typing = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(typing.contains("  New name: Ahvenanmaa▏\n"))
      #expect(typing.hasSuffix("Type the new name · ⏎ save · Esc cancel\n"))

      // Every value that lands (a load or an edit) reads the wall clock once: counting the reads
      // tells the invalidation's reload from no reload, whether or not it has landed yet.
      let listLandings = Landings()
      let detailLandings = Landings()
      app.loader.wallClock = { listLandings.next() }
      app.browser.detail.loader?.wallClock = { detailLandings.next() }
      _ = app.handle(.enter)
      #expect(app.editingName == nil)
      #expect(listLandings.count == 1 && detailLandings.count == 1, "the optimistic edits")
      let optimistic = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(optimistic.hasPrefix("Countries › Ahvenanmaa ·"), "the detail at once")
      #expect(optimistic.contains("Renaming to “Ahvenanmaa”…"))
      #expect(app.loader.items[1].name == "Ahvenanmaa", "the list at once")

      await app.waitForRename()
      #expect(app.message == nil)
      #expect(
        app.screen(columns: 80, rows: 20, isStyled: false).contains("Renamed to “Ahvenanmaa”."))
      #expect(await server.country(alpha2: "AX")?.name == "Ahvenanmaa", "the server stored it")
      // The server's answer was written back to the row and the detail, and the list was
      // invalidated: it reloads once (joined here, or landed already); the detail does not.
      await app.browser.detail.loader?.load()
      await app.loader.load()
      #expect(listLandings.count == 3, "the write-back, then the list reloaded once")
      #expect(detailLandings.count == 2, "the write-back, and no reload of the detail")
      #expect(app.browser.detail.value?.name == "Ahvenanmaa")
      #expect(app.loader.items[1].name == "Ahvenanmaa")
      _ = app.handle(.character("b"))
      #expect(app.screen(columns: 80, rows: 20, isStyled: false).contains("▸ 🇦🇽  Ahvenanmaa "))
    }
  }

  @Test("with f on, the rename shows at once, then rolls back in the detail and the list")
  func renameRolledBackWhenTheServerFails() async throws {
    try await withServer { server, baseURL in
      let app = makeApp(baseURL)
      app.start()
      await app.loader.load()
      _ = app.handle(.enter)  // Afghanistan
      await app.browser.detail.loader?.load()
      _ = app.handle(.character("f"))
      await app.waitForFailureToggle()
      #expect(app.injectsFailures)
      _ = app.handle(.character("r"))
      for character in "Afghanistan 2" { _ = app.handle(.character(character)) }
      _ = app.handle(.enter)
      #expect(app.browser.detail.value?.name == "Afghanistan 2", "the detail at once")
      #expect(app.loader.items[0].name == "Afghanistan 2", "the list at once")
      await app.waitForRename()
      #expect(app.browser.detail.value?.name == "Afghanistan", "rolled back in the detail")
      #expect(app.loader.items[0].name == "Afghanistan", "rolled back in the list")
      let text = app.screen(columns: 100, rows: 20, isStyled: false)
      #expect(text.hasPrefix("Countries › Afghanistan ·"))
      #expect(
        text.contains(
          "Could not rename: The server answered with an error (HTTP 500). The name stays as it was."
        ))
      #expect(await server.country(alpha2: "AF")?.name == "Afghanistan", "nothing stored")
    }
  }

  @Test("an empty name: the server's 422 becomes a typed RenameError, shown; the data stays")
  func emptyNameRefused() async throws {
    try await withServer { server, baseURL in
      let app = makeApp(baseURL)
      app.start()
      await app.loader.load()
      _ = app.handle(.enter)
      await app.browser.detail.loader?.load()
      _ = app.handle(.character("r"))
      _ = app.handle(.enter)  // nothing typed
      await app.waitForRename()
      #expect(
        app.browser.rename.phase.error as? RenameError
          == .invalidName(code: "AF", message: "the name must not be empty"))
      #expect(app.browser.detail.value?.name == "Afghanistan")
      #expect(app.loader.items[0].name == "Afghanistan")
      #expect(
        app.screen(columns: 100, rows: 20, isStyled: false).contains(
          "Could not rename: The server refused the name: it must have 1 to 100 characters."))
      #expect(await server.country(alpha2: "AF")?.name == "Afghanistan")
    }
  }

  @Test("Esc gives up typing; c cancels a running rename, which rolls back")
  func escapeAndCancelRename() async throws {
    try await withServer { server, baseURL in
      let app = makeApp(baseURL)
      app.start()
      await app.loader.load()
      _ = app.handle(.enter)
      await app.browser.detail.loader?.load()
      _ = app.handle(.character("r"))
      _ = app.handle(.character("X"))
      _ = app.handle(.escape)
      #expect(app.editingName == nil)
      #expect(app.browser.screen == .detail(code: "AF"), "Esc left the typing, not the detail")
      #expect(!app.browser.rename.isRunning)

      // The server holds the rename, so it runs when c cancels it.
      await server.setKnobs(ServerKnobs(latencyMs: 60_000))
      _ = app.handle(.character("r"))
      _ = app.handle(.character("X"))
      _ = app.handle(.enter)
      #expect(app.browser.rename.isRunning)
      #expect(app.browser.detail.value?.name == "X")
      _ = app.handle(.character("c"))
      #expect(!app.browser.rename.isRunning)
      #expect(app.browser.detail.value?.name == "Afghanistan", "rolled back")
      #expect(app.loader.items[0].name == "Afghanistan")
      #expect(app.message == "Rename cancelled; the name stays as it was.")
      await app.waitForRename()
    }
  }

  @Test("r before the country loaded asks to wait; r on the list still refreshes")
  func renameNeedsACountry() async throws {
    try await withServer { server, baseURL in
      let app = makeApp(baseURL)
      app.start()
      await app.loader.load()
      await server.setKnobs(ServerKnobs(latencyMs: 60_000))
      _ = app.handle(.enter)
      _ = app.handle(.character("r"))
      #expect(app.editingName == nil)
      #expect(app.message == "Nothing to rename until the country has loaded.")
      _ = app.handle(.character("c"))
      #expect(app.message == "Load cancelled.")
      #expect(
        app.screen(columns: 80, rows: 20, isStyled: false).contains(
          "Not loaded. Press ⏎ to load the country."))
      _ = app.handle(.character("b"))
      await server.setKnobs(ServerKnobs())
      _ = app.handle(.character("r"))
      #expect(app.loader.phase.isReloading)
      await app.loader.load()
    }
  }

  @Test("i toggles the store inspector: every entry with its phase, age, observers, failures")
  func inspector() async throws {
    try await withServer { server, baseURL in
      let clock = TestClock()
      let app = makeApp(baseURL, clock: clock)
      app.start()
      await app.loader.load()
      #expect(!app.screen(columns: 80, rows: 30, isStyled: false).contains("Store inspector"))
      _ = app.handle(.character("i"))
      #expect(app.showsInspector)
      await clock.advance(by: .seconds(12))
      let list = app.screen(columns: 80, rows: 30, isStyled: false)
      #expect(list.contains("Store inspector · 1 entry\n"))
      #expect(list.contains("  key        phase   age       observers  failures\n"))
      #expect(list.contains("  countries  loaded  12 s ago  1          0\n"))
      _ = app.handle(.enter)
      await app.browser.detail.loader?.load()
      await server.setKnobs(ServerKnobs(failNext: 1))
      _ = app.handle(.enter)  // reloads the country, and fails
      await app.browser.detail.loader?.load()
      await clock.advance(by: .seconds(40))
      let detail = app.screen(columns: 80, rows: 30, isStyled: false)
      #expect(detail.contains("Store inspector · 2 entries\n"))
      #expect(detail.contains("  countries    loaded        52 s ago · stale  1          0\n"))
      #expect(detail.contains("  country(AF)  reloadFailed  40 s ago · stale  1          1\n"))
      _ = app.handle(.character("b"))
      #expect(
        app.screen(columns: 80, rows: 30, isStyled: false).contains(
          "  country(AF)  reloadFailed  40 s ago · stale  0          1\n"))
      _ = app.handle(.character("i"))
      #expect(!app.screen(columns: 80, rows: 30, isStyled: false).contains("Store inspector"))
    }
  }

  @Test("moving the selection past the last row brings the footer in, which loads a page")
  func selectionPagesOn() async throws {
    try await withServer { _, baseURL in
      let app = makeApp(baseURL)
      app.start()
      await app.loader.load()
      _ = app.screen(columns: 80, rows: 20, isStyled: false)
      for _ in 0..<24 { _ = app.handle(.down) }
      #expect(app.selection == 24)
      let text = app.screen(columns: 80, rows: 20, isStyled: false)
      #expect(text.contains("▸ 🇧🇲  Bermuda"))
      #expect(app.loader.phase.isLoadingMore, "the footer came into view")
      await app.loader.loadMore()
      _ = app.handle(.down)
      #expect(app.selection == 25)
    }
  }
}

/// An app over the server at `baseURL`, with English texts.
@MainActor
private func makeApp(
  _ baseURL: URL, clock: some Clock<Duration> = ContinuousClock(),
  staleness: Staleness = .after(.seconds(30))
) -> InteractiveApp {
  let client = CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession())
  let store = LoaderStore(clock: clock, staleness: staleness, clients: client)
  return InteractiveApp(client: client, failureRate: 0, store: store, strings: english)
}

/// Counts the reads of a loader's wall clock, each a value that landed, and dates them.
@MainActor
private final class Landings {
  private(set) var count = 0

  func next() -> Date {
    count += 1
    return Date(timeIntervalSince1970: Double(count))
  }
}
