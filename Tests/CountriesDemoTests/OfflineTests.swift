import AsyncContentCore
import CountriesDemo
import Foundation
import Testing

/// The app's texts in these tests, whatever the machine's locale.
private let english = DemoStrings(language: "en")

@Suite("Offline: the cache file, the server link, the network switch", .timeLimit(.minutes(1)))
@MainActor
struct OfflineTests {
  @Test("--cache names the cache's file; without it the cache is a temporary file")
  func cacheFlag() throws {
    #expect(try Options.parse(["--cache", "countries.sqlite"]).cachePath == "countries.sqlite")
    #expect(try Options.parse(["--cache=/tmp/c.sqlite"]).cachePath == "/tmp/c.sqlite")
    #expect(try Options.parse([]).cachePath == nil)
    #expect(throws: UsageError.missingValue(flag: "--cache")) { try Options.parse(["--cache"]) }
    #expect(throws: UsageError.invalidValue(flag: "--cache", value: "", expected: "a file path")) {
      try Options.parse(["--cache="])
    }
    #expect(Options.usage.contains("--cache <path>"))
    #expect(Options.usage.contains("By default the cache is a fresh temporary file, deleted"))
    #expect(Options.usage.contains("o  take the server down"))
  }

  @Test("a temporary cache file is deleted with its WAL companions; a named one stays")
  func cacheFileLifetime() throws {
    let temporary = CacheFile(path: nil)
    #expect(temporary.isTemporary)
    #expect(temporary.url.lastPathComponent.hasPrefix("countries-cache-"))
    #expect(CacheFile(path: nil).url != temporary.url, "a fresh file each run")
    for file in temporary.files {
      try Data("x".utf8).write(to: file)
    }
    temporary.removeIfTemporary()
    for file in temporary.files {
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
    let named = CacheFile(
      path: FileManager.default.temporaryDirectory.appendingPathComponent(
        "countries-named-\(UUID().uuidString).sqlite"
      ).path)
    #expect(!named.isTemporary)
    try Data("x".utf8).write(to: named.url)
    named.removeIfTemporary()
    #expect(FileManager.default.fileExists(atPath: named.url.path), "a named cache stays")
    try FileManager.default.removeItem(at: named.url)
    #expect(english.cache(temporary).hasPrefix("Cache: a temporary file, deleted at exit"))
    #expect(english.cache(named) == "Cache: \(named.url.path)")
  }

  @Test("a cut link refuses every request, as a server that is down; restored, they reach it")
  func cutLink() async throws {
    try await withServer { server, baseURL in
      let client = CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession())
      #expect(try await client.country(code: "AT").name == "Austria")
      try client.link.cut()
      #expect(client.link.isCut)
      await #expect {
        try await client.country(code: "AT")
      } throws: { error in
        guard case .transport? = error as? HTTPLoadError else { return false }
        return true
      }
      // The operator's side channel bypasses the link: the server keeps running.
      #expect(try await client.knobs() == ServerKnobs())
      client.link.restore()
      #expect(try await client.country(code: "AT").name == "Austria")
    }
  }

  @Test("the network switch tells the store offline before the link is cut, online after")
  func networkSwitch() async throws {
    try await withServer { _, baseURL in
      let client = CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession())
      let store = LoaderStore(clients: client)
      let network = NetworkSwitch(link: client.link)
      await network.follow(in: store)
      #expect(store.networkStatus == .online)
      try await network.takeServerDown()
      #expect(store.networkStatus == .offline)
      #expect(network.isServerDown && client.link.isCut)
      // A store that starts following later hears the current status.
      let later = LoaderStore(clients: client)
      await network.follow(in: later)
      #expect(later.networkStatus == .offline)
      await network.bringServerBack()
      #expect(store.networkStatus == .online && later.networkStatus == .online)
      #expect(!client.link.isCut)
      network.finish()
    }
  }

  @Test("PUT with an Idempotency-Key applies once: a repeat answers the same and changes nothing")
  func idempotentRename() async throws {
    try await withServer { server, baseURL in
      let client = CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession())
      let first = try await client.rename(code: "AT", to: "Österreich", idempotencyKey: "k-1")
      #expect(first.name == "Österreich")
      _ = try await client.rename(code: "AT", to: "Autriche")
      // The repeat of k-1 after another rename: it answers what k-1 did, and stores nothing.
      let repeated = try await client.rename(code: "AT", to: "Österreich", idempotencyKey: "k-1")
      #expect(repeated == first)
      #expect(await server.country(alpha2: "AT")?.name == "Autriche")
      let applied = try await client.appliedRenames()
      #expect(
        applied == [
          AppliedRename(code: "AT", name: "Österreich", idempotencyKey: "k-1", deliveries: 2),
          AppliedRename(code: "AT", name: "Autriche"),
        ])
      #expect(await server.appliedRenames == applied)
      // An injected failure applies nothing, so the same key may be sent again.
      try await client.control(failNext: 1)
      await #expect(throws: HTTPLoadError.self) {
        try await client.rename(code: "AT", to: "Austria", idempotencyKey: "k-2")
      }
      #expect(try await client.appliedRenames().count == 2)
      _ = try await client.rename(code: "AT", to: "Austria", idempotencyKey: "k-2")
      #expect(try await client.appliedRenames().last?.deliveries == 1)
    }
  }

  @Test("o takes the server down and brings it back; the title line says so")
  func serverKey() async throws {
    try await withServer { _, baseURL in
      let app = InteractiveApp(
        client: CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession()),
        failureRate: 0, strings: english, cache: CacheFile(path: "/tmp/countries.sqlite"))
      #expect(app.message == "Cache: /tmp/countries.sqlite")
      #expect(app.handle(.character("o")) == .keepRunning)
      await app.waitForServerToggle()
      #expect(app.store.networkStatus == .offline)
      #expect(app.client.link.isCut)
      #expect(
        app.message
          == "Server down: its requests are refused. The store is offline: loads wait for the network."
      )
      let down = app.screen(columns: 100, rows: 20, isStyled: false)
      #expect(down.split(separator: "\n").first?.hasSuffix("[server down] [failures: off]") == true)
      #expect(app.handle(.character("o")) == .keepRunning)
      await app.waitForServerToggle()
      #expect(app.store.networkStatus == .online)
      #expect(!app.client.link.isCut)
      #expect(app.message == "Server back: the store is online, and loads resume.")
      let up = app.screen(columns: 100, rows: 20, isStyled: false)
      #expect(up.split(separator: "\n").first?.hasSuffix(" [failures: off]") == true)
      #expect(!up.contains("[server down]"))
      app.stop()
    }
  }
}

extension OfflineTests {
  @Test("the app keeps its cache in the file: relaunched with the server down, the list shows")
  func relaunchFromTheCacheFile() async throws {
    let file = CacheFile(
      path: FileManager.default.temporaryDirectory.appendingPathComponent(
        "countries-app-\(UUID().uuidString).sqlite"
      ).path)
    defer {
      for url in file.files { try? FileManager.default.removeItem(at: url) }
    }
    try await withServer { _, baseURL in
      let first = InteractiveApp(
        client: CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession()),
        failureRate: 0, strings: english, cache: file)
      first.start()
      await first.loader.load()
      #expect(first.loader.items.count == 25)
      await first.close()
      // The next launch, with the server down from the start.
      let client = CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession())
      let second = InteractiveApp(
        client: client, failureRate: 0, strings: english, cache: file)
      #expect(second.handle(.character("o")) == .keepRunning)
      await second.waitForServerToggle()
      second.start()
      #expect(second.loader.items.count == 25, "the list from the cache, at once")
      let text = second.screen(columns: 100, rows: 20, isStyled: false)
      #expect(text.contains("Afghanistan"))
      // Loaded a moment ago, within the app's 30 s, it is fresh: nothing needs the network.
      #expect(text.contains("Countries · 25 loaded · Updated just now"))
      #expect(!second.loader.phase.isLoading)
      #expect(!text.contains("✗") && !text.contains("Refresh failed"), "no error")
      await second.close()
    }
  }
}

@Suite("render: waiting for the network")
struct WaitingRendererTests {
  private let austria = Country(
    id: 40, name: "Austria", alpha2: "AT", alpha3: "AUT", flag: "🇦🇹")

  private func context(serverDown: Bool = true) -> ScreenContext {
    ScreenContext(
      source: "http://127.0.0.1:1", width: 76, listRows: 5, strings: english,
      now: Date(timeIntervalSince1970: 0), isServerDown: serverDown)
  }

  @Test("a first load that waits says so instead of its spinner, even within the delay")
  func firstLoad() {
    let list = Presentation<[Country], any Error>(body: .progress, isWaitingForNetwork: true)
    let text = render(list, context: context())
    #expect(text.contains("⏸ Waiting for the network…"))
    #expect(!text.contains("Loading countries"))
    #expect(text.hasPrefix("Countries · http://127.0.0.1:1"))
    #expect(text.split(separator: "\n")[0].hasSuffix("[server down] [failures: off]"))
    // Within the progress delay the body is idle: the wait shows all the same.
    let detail = renderDetail(
      Presentation<Country, any Error>(body: .idle, isWaitingForNetwork: true),
      context: context())
    #expect(detail.contains("⏸ Waiting for the network…"))
    #expect(!detail.contains("Loading the country"))
    let notWaiting = render(
      Presentation<[Country], any Error>(body: .progress), context: context(serverDown: false))
    #expect(notWaiting.contains("Loading countries…"))
    #expect(!notWaiting.contains("Waiting"))
  }

  @Test("a reload that waits keeps the data, with a note instead of the refresh spinner")
  func reload() {
    let detail = renderDetail(
      Presentation<Country, any Error>(
        body: .content(austria, isPlaceholder: false), isRefreshing: true,
        isWaitingForNetwork: true),
      context: context())
    #expect(detail.contains("⏸ Waiting for the network; the data shown stays.\n"))
    #expect(!detail.contains("Refreshing…"))
    #expect(detail.contains("  🇦🇹  Austria\n"))
  }
}
