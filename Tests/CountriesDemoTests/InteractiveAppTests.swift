import AsyncContentCore
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
}
