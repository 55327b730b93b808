import AsyncContentCore
import AsyncContentPersistence
import Foundation

/// The fixed scenario of `countries --script`: sixteen steps against a ``CountriesServer``,
/// each printed as plain-text screens and checked against what it should show.
///
/// The screens show what the interactive app shows, decided by the core: the list and a
/// country's detail served by a ``LoaderStore`` (through a ``CountryBrowser``), first loads
/// calmed by a ``ProgressController``, the data's age, what VoiceOver would announce, an
/// optimistic rename and its rollback, and the store's inspector. Time is the script's own (a
/// clock it moves by hand, which is also the store's), so the transcript is the same on every
/// machine; its texts are English, as diagnostics for developers are.
@MainActor
public struct ScriptScenario {
  /// The outcome of a run.
  public struct Result: Equatable, Sendable {
    public var passed: Int
    public var failed: Int
    public var succeeded: Bool { failed == 0 && passed == ScriptScenario.stepCount }
    /// The closing line, for example `script: 6 passed, 0 failed`.
    public var summary: String { "script: \(passed) passed, \(failed) failed" }
  }

  /// How many steps the scenario has.
  public nonisolated static let stepCount = 16

  /// The country the detail steps open: Austria, the 15th row of the first page.
  static let code = "AT"
  /// The name the rename step sends.
  static let newName = "Österreich"
  /// The name the rename sends while the server fails.
  static let failingName = "Autriche"
  /// The name the rename made offline sends.
  static let offlineName = "Republik Österreich"
  /// The name the rename made offline before a relaunch sends.
  static let relaunchName = "Österreich"

  public var client: CountriesClient
  /// The database file of the store's cache; `nil`: a temporary file the run deletes.
  public var cache: CacheFile?
  /// Takes the server down and brings it back, and tells the script's stores.
  private let network: NetworkSwitch
  /// The width of the printed screens.
  public var width = 76
  /// The list rows of the printed screens.
  public var listRows = 6
  private let output: (String) -> Void
  /// The script's time: the anti-flicker rules' clock and the wall clock of the list's age.
  private let time = ScriptClock(date: Date(timeIntervalSince1970: 1_700_000_000))
  /// The anti-flicker rules, as the interactive app applies them, for the list.
  private let progress: ProgressController
  /// The anti-flicker rules for a country's detail.
  private let detailProgress: ProgressController
  /// What the last screen showed, and what VoiceOver would announce for the change to it.
  private let spoken = Spoken()
  private let strings = DemoStrings(language: "en")
  /// The name of the renamed country before the script renamed it.
  private let original = Original()

  /// Creates the scenario for the server behind `client`; `output` receives the transcript.
  ///
  /// - Parameters:
  ///   - client: The server's client.
  ///   - cache: The database file of the store's cache, which the script empties first; by
  ///     default a fresh temporary one, which the run deletes.
  ///   - output: Receives the transcript.
  public init(
    client: CountriesClient, cache: CacheFile? = nil, output: @escaping (String) -> Void
  ) {
    self.client = client
    self.cache = cache
    self.network = NetworkSwitch(link: client.link)
    self.output = output
    self.progress = ProgressController(clock: time)
    self.detailProgress = ProgressController(clock: time)
  }

  /// Runs every step in order, prints the screens and a verdict per step, and returns the
  /// tally. Steps go on after a failed one, so the transcript shows everything.
  public func run() async -> Result {
    let file = cache ?? CacheFile(path: nil)
    defer { if cache == nil { file.removeIfTemporary() } }
    // The script starts from an empty cache, so that its first load is a first load.
    let first = await launch(file, emptying: true)
    let current = Current(first)
    defer { current.launch.browser.stop() }
    defer { network.finish() }
    let browser = first.browser
    let loader = browser.list
    var result = Result(passed: 0, failed: 0)
    let steps: [(String, () async throws -> [String])] = [
      ("first load", { try await firstLoad(browser) }),
      ("page through to the end", { try await pageToEnd(loader) }),
      ("refresh", { try await refresh(loader) }),
      ("a failed refresh keeps the list", { try await failedRefresh(loader) }),
      ("a failed load-more, then a retry", { try await failedLoadMore(loader) }),
      ("a cancelled slow load", { try await cancelledSlowLoad(loader) }),
      ("open a country's detail by key", { try await openDetail(browser) }),
      (
        "back, and open again: cached at once, revalidated when stale",
        {
          try await reopenDetail(browser)
        }
      ),
      (
        "an optimistic rename in the list and the detail, then success",
        {
          try await renameSucceeds(browser)
        }
      ),
      (
        "a rename while the server fails: shown at once, then rolled back",
        {
          try await renameRolledBack(browser)
        }
      ),
      (
        "renames the server refuses: typed errors, the data kept",
        {
          try await renameRefused(browser)
        }
      ),
      ("the store inspector", { try await inspector(browser) }),
      (
        "relaunch offline: the list and the country from the cache, waiting for the network",
        {
          try await relaunchOffline(current, file: file)
        }
      ),
      ("back online: the cached values revalidate", { try await backOnline(current) }),
      (
        "a rename offline: shown at once, queued, sent once when the server is back",
        {
          try await renameOffline(current)
        }
      ),
      (
        "a rename offline, then a relaunch: queued in the cache, replayed once when back",
        {
          try await renameAcrossRelaunch(current, file: file)
        }
      ),
    ]
    for (index, (name, step)) in steps.enumerated() {
      output("=== step \(index + 1)/\(steps.count): \(name) ===\n")
      var problems: [String]
      do {
        problems = try await step()
      } catch {
        problems = ["\(error)"]
      }
      if problems.isEmpty {
        result.passed += 1
        output("PASS step \(index + 1): \(name)\n\n")
      } else {
        result.failed += 1
        output("FAIL step \(index + 1): \(name)\n")
        for problem in problems { output("  - \(problem)\n") }
        output("\n")
      }
    }
    // Leave the server as the scenario found it: up, no injected failures, the country's name
    // back.
    if network.isServerDown { await network.bringServerBack() }
    _ = try? await client.control(latencyMs: 0, failureRate: 0, failNext: 0)
    if let name = original.name { _ = try? await client.rename(code: Self.code, to: name) }
    output(result.summary + "\n")
    return result
  }

  // MARK: Steps

  private func firstLoad(_ browser: CountryBrowser) async throws -> [String] {
    try await client.control(latencyMs: 0, failureRate: 0, failNext: 0)
    var check = Check()
    let loader = browser.list
    loader.reset()
    // The list appears: it observes its key in the store, which starts the first load.
    browser.showList()
    check.expect(
      browser.store.observerCount(for: browser.listKey) == 1, "the list observes its key")
    let loading = show("while the first page loads, within the 150 ms progress delay", loader)
    check.expect(progress.display == .nothing, "nothing shown within the progress delay")
    check.expect(!loading.showsBlockingProgress, "no spinner for a load that may land at once")
    await loader.load()
    let loaded = show("first page loaded, with no spinner ever shown", loader, scroll: .top(0))
    check.expect(loaded.content?.count == client.pageSize, "\(client.pageSize) countries")
    check.expect(loaded.content?.first?.name == "Afghanistan", "Afghanistan first")
    check.expect(loaded.footer.isLoading, "a footer spinner: more pages exist")
    check.expect(
      spoken.announcement == .loaded(count: client.pageSize), "VoiceOver hears the count")
    return check.problems
  }

  private func pageToEnd(_ loader: PagedLoader<Country, Int>) async throws -> [String] {
    var check = Check()
    var pages = 1
    loader.startLoadMore()
    let loadingMore = show("while the second page loads", loader)
    check.expect(loadingMore.footer.isLoading, "the footer spinner while a page loads")
    check.expect(loadingMore.content?.count == client.pageSize, "the first page stays visible")
    await loader.loadMore()
    pages += 1
    while loader.hasMore, pages < 100 {
      await loader.loadMore()
      pages += 1
    }
    let end = show("every page loaded (\(pages) pages)", loader)
    let items = end.content.map(Array.init) ?? []
    check.expect(items.count == 249, "249 countries, got \(items.count)")
    check.expect(Set(items.map(\.id)).count == items.count, "no duplicate countries")
    check.expect(end.footer.isEndOfList, "the end-of-list marker")
    check.expect(items.last?.name == "Zimbabwe", "Zimbabwe last")
    // At the end of the list, load-more fetches nothing.
    await loader.loadMore()
    check.expect(
      loader.phase.presentation(hasMore: loader.hasMore).footer.isEndOfList,
      "load-more at the end does nothing")
    return check.problems
  }

  private func refresh(_ loader: PagedLoader<Country, Int>) async throws -> [String] {
    var check = Check()
    loader.startReload()
    let refreshing = show("while refreshing", loader)
    check.expect(refreshing.isRefreshing, "the refresh indicator")
    check.expect(!refreshing.showsBlockingProgress, "no blocking progress during a refresh")
    check.expect(refreshing.content?.count == 249, "the list stays while refreshing")
    await loader.reload()
    let refreshed = show("refreshed: back to the first page", loader)
    check.expect(!refreshed.isRefreshing, "the refresh indicator is gone")
    check.expect(refreshed.content?.count == client.pageSize, "the first page again")
    check.expect(refreshed.footer.isLoading, "a footer spinner: more pages exist")
    return check.problems
  }

  private func failedRefresh(_ loader: PagedLoader<Country, Int>) async throws -> [String] {
    var check = Check()
    let knobs = try await client.control(failNext: 1)
    output("(server: fail_next=\(knobs.failNext))\n")
    time.advance(by: .seconds(5 * 60))
    output("(5 minutes later)\n")
    await loader.reload()
    let failed = show("the refresh failed", loader)
    check.expect(failed.banner != nil, "a banner with the error")
    check.expect(failed.blockingError == nil, "no blocking error")
    check.expect(failed.content?.count == client.pageSize, "the list stays")
    check.expect(
      failed.banner.map(describe)?.contains("HTTP 500") == true, "the banner names HTTP 500")
    check.expect(
      loader.loadedDate.map { strings.defaults.showingData(loadedAt: $0, now: time.date) }
        == "Showing data from 5 min ago", "the banner says how old the list is")
    return check.problems
  }

  private func failedLoadMore(_ loader: PagedLoader<Country, Int>) async throws -> [String] {
    var check = Check()
    let knobs = try await client.control(failNext: 1)
    output("(server: fail_next=\(knobs.failNext))\n")
    await loader.loadMore()
    let failed = show("loading the next page failed", loader)
    check.expect(failed.footer.failure != nil, "a footer error with retry")
    check.expect(failed.content?.count == client.pageSize, "the loaded countries stay")
    check.expect(failed.blockingError == nil && failed.banner == nil, "no blocking error")
    await loader.loadMore()
    let retried = show("retried (m): the next page loaded", loader)
    check.expect(retried.footer.failure == nil, "the footer error is gone")
    check.expect(retried.content?.count == 2 * client.pageSize, "two pages of countries")
    return check.problems
  }

  private func cancelledSlowLoad(_ loader: PagedLoader<Country, Int>) async throws -> [String] {
    var check = Check()
    let knobs = try await client.control(latencyMs: 30_000)
    output("(server: latency_ms=\(knobs.latencyMs))\n")
    loader.reset()
    loader.startLoad()
    let slow = show("a slow first load runs: nothing yet", loader)
    check.expect(!slow.showsBlockingProgress, "no spinner within the progress delay")
    time.advance(by: .milliseconds(150))
    let spinning = show("150 ms later: progress", loader)
    check.expect(spinning.showsBlockingProgress, "blocking progress once the delay has passed")
    loader.cancel()
    let cancelled = show("cancelled", loader, message: strings.string(.loadCancelled))
    check.expect(cancelled.blockingError == nil, "a cancelled load is not an error")
    check.expect(!cancelled.showsBlockingProgress, "no progress after cancelling")
    if case .idle = cancelled.body {
    } else {
      check.fail("back to the idle screen")
    }
    try await client.control(latencyMs: 0)
    await loader.load()
    let again = show("loaded again at normal speed", loader)
    check.expect(again.content?.count == client.pageSize, "the first page loads afterwards")
    return check.problems
  }

  private func openDetail(_ browser: CountryBrowser) async throws -> [String] {
    var check = Check()
    let key = CountryKey(code: Self.code)
    guard let row = browser.list.items.firstIndex(where: { $0.alpha2 == Self.code }) else {
      return ["expected \(Self.code) on the first page"]
    }
    let listed = show(
      "↓ to row \(row + 1): Austria selected", browser.list, scroll: visible(row), selection: row)
    check.expect(listed.content?[row].name == "Austria", "Austria at row \(row + 1)")
    open(browser)
    let opening = showDetail(
      "⏎ opens country(AT): its first load, within the progress delay", browser)
    check.expect(detailProgress.display == .nothing, "nothing shown within the progress delay")
    check.expect(!opening.showsBlockingProgress, "no spinner for a load that may land at once")
    check.expect(browser.store.observerCount(for: key) == 1, "the detail observes its key")
    await browser.detail.loader?.load()
    let loaded = showDetail("country(AT) loaded by its key", browser)
    original.name = loaded.content?.name
    check.expect(loaded.content?.name == "Austria", "Austria in the detail")
    check.expect(loaded.content?.alpha3 == "AUT", "its alpha-3 code")
    check.expect(
      browser.store.cachedLoader(for: key) === browser.detail.loader,
      "the detail's loader is the store's loader of the key")
    check.expect(browser.store.count == 2, "two entries: the list and the country")
    return check.problems
  }

  private func reopenDetail(_ browser: CountryBrowser) async throws -> [String] {
    var check = Check()
    let key = CountryKey(code: Self.code)
    let row = browser.list.items.firstIndex { $0.alpha2 == Self.code } ?? 0
    browser.back()
    show(
      "b: back to the list, the selection kept", browser.list, scroll: visible(row), selection: row)
    check.expect(browser.store.observerCount(for: key) == 0, "nobody observes country(AT)")
    check.expect(browser.store.value(for: key)?.name == "Austria", "the store keeps country(AT)")
    open(browser)
    let fresh = showDetail("⏎ again at once: the cached country, fresh, no request", browser)
    check.expect(fresh.content?.name == "Austria", "the country at once")
    check.expect(!fresh.isRefreshing, "no revalidation of a fresh value")
    check.expect(browser.detail.loader?.isActive == false, "no request")
    browser.back()
    time.advance(by: .seconds(60))
    output("(b, then 1 minute later: the country is older than the store's 30 s)\n")
    check.expect(browser.detail.loader?.isStale == true, "country(AT) is stale")
    open(browser)
    let stale = showDetail(
      "⏎ again: the cached country at once, revalidating in the background", browser)
    check.expect(stale.content?.name == "Austria", "the country at once, from the cache")
    check.expect(stale.isRefreshing, "the reload state: the refresh indicator")
    check.expect(!stale.showsBlockingProgress, "no blocking progress")
    await browser.detail.loader?.load()
    let revalidated = showDetail("revalidated", browser)
    check.expect(!revalidated.isRefreshing, "the refresh indicator is gone")
    check.expect(
      browser.detail.loader?.loadedDate == time.date, "the country is dated now: updated just now")
    return check.problems
  }

  private func renameSucceeds(_ browser: CountryBrowser) async throws -> [String] {
    var check = Check()
    let row = browser.list.items.firstIndex { $0.alpha2 == Self.code } ?? 0
    guard let austria = browser.detail.value else { return ["expected Austria in the detail"] }
    showDetail("r: type the new name", browser, editingName: Self.newName)
    browser.startRename(Rename(country: austria, name: Self.newName))
    let optimistic = showDetail(
      "⏎: the new name at once, while the server has not answered", browser,
      message: renameStatus(browser))
    check.expect(optimistic.content?.name == Self.newName, "the new name in the detail")
    check.expect(browser.rename.isRunning, "the rename runs")
    let list = show(
      "the list under the detail shows it too", browser.list, scroll: visible(row), selection: row,
      message: renameStatus(browser))
    check.expect(list.content?[row].name == Self.newName, "the new name in the list")
    await browser.waitForRename()
    check.expect(browser.rename.phase.output?.name == Self.newName, "the server answered")
    let saved = showDetail(
      "the server stored it: its answer written back, the list revalidating", browser,
      message: renameStatus(browser))
    check.expect(!saved.isRefreshing, "the detail shows the server's answer: no request")
    check.expect(
      browser.detail.loader?.isActive == false, "the written-back detail needs no reload")
    check.expect(browser.list.phase.isReloading, "the list revalidates from its first page")
    check.expect(saved.content?.name == Self.newName, "the server's name in the detail")
    await browser.list.load()
    let fresh = showDetail("revalidated: the name the server stored", browser)
    check.expect(fresh.content?.name == Self.newName, "the server's name in the detail")
    check.expect(
      browser.list.items.first { $0.alpha2 == Self.code }?.name == Self.newName,
      "the server's name in the list")
    check.expect(
      try await client.country(code: Self.code).name == Self.newName,
      "a later load sees the rename")
    return check.problems
  }

  private func renameRolledBack(_ browser: CountryBrowser) async throws -> [String] {
    var check = Check()
    let row = browser.list.items.firstIndex { $0.alpha2 == Self.code } ?? 0
    guard let country = browser.detail.value else { return ["expected the country"] }
    let knobs = try await client.control(failureRate: 1)
    output("(f: the server fails every request, failure_rate=\(knobs.failureRate))\n")
    browser.startRename(Rename(country: country, name: Self.failingName))
    let optimistic = showDetail(
      "r, “\(Self.failingName)”, ⏎: the new name at once", browser, injectsFailures: true,
      message: renameStatus(browser))
    check.expect(optimistic.content?.name == Self.failingName, "the new name in the detail")
    check.expect(
      browser.list.items[row].name == Self.failingName, "the new name in the list")
    await browser.waitForRename()
    let failed = showDetail(
      "the server failed: the edit is rolled back", browser, injectsFailures: true,
      message: renameStatus(browser))
    check.expect(failed.content?.name == Self.newName, "the old name back in the detail")
    check.expect(
      browser.rename.phase.error.map(describe)?.contains("HTTP 500") == true,
      "the rename failed with HTTP 500")
    check.expect(
      renameStatus(browser)
        == "Could not rename: The server answered with an error (HTTP 500). The name stays as it was.",
      "the message says so")
    let list = show(
      "the list: rolled back too", browser.list, scroll: visible(row), selection: row,
      injectsFailures: true, message: renameStatus(browser))
    check.expect(list.content?[row].name == Self.newName, "the old name back in the list")
    try await client.control(failureRate: 0)
    output("(f: failures off)\n")
    check.expect(
      try await client.country(code: Self.code).name == Self.newName,
      "the server stored nothing")
    return check.problems
  }

  private func renameRefused(_ browser: CountryBrowser) async throws -> [String] {
    var check = Check()
    let listKey = browser.listKey
    guard let country = browser.detail.value else { return ["expected the country"] }
    let listBefore = browser.store.items(for: listKey)
    browser.startRename(Rename(country: country, name: ""))
    await browser.waitForRename()
    let empty = showDetail(
      "r, an empty name, ⏎: the server answers 422, the edit rolls back", browser,
      message: renameStatus(browser))
    check.expect(
      browser.rename.phase.error as? RenameError
        == .invalidName(code: Self.code, message: "the name must not be empty"),
      "a typed error: RenameError.invalidName")
    check.expect(empty.content?.name == Self.newName, "the name stays in the detail")
    check.expect(browser.store.items(for: listKey) == listBefore, "the list stays")
    let nowhere = Country(id: 999, name: "Nowhere", alpha2: "ZZ", alpha3: "ZZZ", flag: "🏳")
    browser.startRename(Rename(country: nowhere, name: "Somewhere"))
    await browser.waitForRename()
    showDetail(
      "a rename of an unknown code (ZZ): the server answers 404", browser,
      message: renameStatus(browser))
    check.expect(
      browser.rename.phase.error as? RenameError == .unknownCountry(code: "ZZ"),
      "a typed error: RenameError.unknownCountry")
    check.expect(
      browser.store.cachedLoader(for: CountryKey(code: "ZZ")) == nil,
      "no entry made for the unknown code")
    check.expect(browser.store.items(for: listKey) == listBefore, "the list stays")
    check.expect(browser.detail.value?.name == Self.newName, "the detail stays")
    return check.problems
  }

  private func inspector(_ browser: CountryBrowser) async throws -> [String] {
    var check = Check()
    let knobs = try await client.control(failNext: 1)
    output("(server: fail_next=\(knobs.failNext))\n")
    await browser.detail.loader?.reload()
    time.advance(by: .seconds(12))
    output("(⏎ reloads the country and fails; 12 seconds later)\n")
    let rows = browser.inspectorRows()
    showDetail("i: the inspector under the detail", browser, inspector: rows)
    check.expect(rows.map(\.key) == ["countries", "country(AT)"], "two entries, by key")
    check.expect(rows.map(\.observers) == [1, 1], "each observed once")
    check.expect(
      rows.map(\.kind) == [.loaded, .reloadFailed], "the list loaded, the country failed")
    check.expect(rows.map(\.failures) == [0, 1], "one failure of the country")
    check.expect(rows.allSatisfy { $0.age == .seconds(12) }, "both 12 s old")
    // Step 11 rolled both values back, and a value restored from memory is marked stale.
    check.expect(rows.allSatisfy(\.isStale), "both stale: rolled back in step 11")
    browser.back()
    let back = browser.inspectorRows()
    let row = browser.list.items.firstIndex { $0.alpha2 == Self.code } ?? 0
    show(
      "b: the list, with the inspector", browser.list, scroll: visible(row), selection: row,
      inspector: back)
    check.expect(back.map(\.observers) == [1, 0], "country(AT) has no observer any more")
    check.expect(browser.store.count == 2, "its entry stays cached")
    return check.problems
  }

  private func relaunchOffline(_ current: Current, file: CacheFile) async throws -> [String] {
    var check = Check()
    let quitting = current.launch
    let row = quitting.browser.list.items.firstIndex { $0.alpha2 == Self.code } ?? 0
    // The app quits: its screens go, and its cache writes what it has not written yet.
    quitting.browser.stop()
    await quitting.cache.flush()
    output("(q: the app quits; its cache is written to the database file)\n")
    try await network.takeServerDown()
    output("(the server goes down: its requests are refused, and the network is offline)\n")
    time.advance(by: .seconds(60 * 60))
    output("(an hour later, the app launches again: a new store and cache on the same file)\n")
    let launch = await launch(file)
    current.launch = launch
    let browser = launch.browser
    check.expect(launch.store.networkStatus == .offline, "the new store knows it is offline")
    browser.showList()
    let list = show(
      "at once: the list the last run showed, from the cache, waiting for the network",
      browser.list, scroll: visible(row), selection: row)
    check.expect(list.content?.count == client.pageSize, "the \(client.pageSize) countries")
    check.expect(
      list.content.map(Array.init)?[row].name == Self.newName, "the name the server stored")
    check.expect(browser.list.isStale, "the list is stale")
    check.expect(browser.list.isWaitingForNetwork, "its revalidation waits for the network")
    check.expect(list.isWaitingForNetwork, "the screen says so")
    check.expect(list.blockingError == nil && list.banner == nil, "no error")
    check.expect(!list.showsBlockingProgress, "no spinner over the list")
    open(browser)
    let detail = showDetail(
      "⏎ opens country(AT): the country from the cache at once, waiting too", browser)
    check.expect(detail.content?.name == Self.newName, "the country at once")
    check.expect(browser.detail.loader?.isWaitingForNetwork == true, "it waits for the network")
    check.expect(detail.blockingError == nil && detail.banner == nil, "no error")
    check.expect(
      browser.detail.loader.map { $0.failureCount == 0 } ?? false, "no attempt failed")
    return check.problems
  }

  private func backOnline(_ current: Current) async throws -> [String] {
    var check = Check()
    let browser = current.launch.browser
    let row = browser.list.items.firstIndex { $0.alpha2 == Self.code } ?? 0
    await network.bringServerBack()
    output("(the server is back, and the network online: the waiting loads send)\n")
    // The loads that waited go on; wait until both have landed.
    await waitUntil {
      !browser.list.phase.isLoading && browser.detail.loader?.phase.isLoading == false
    }
    let detail = showDetail("revalidated: the country, updated just now", browser)
    check.expect(detail.content?.name == Self.newName, "the server's name")
    check.expect(!detail.isRefreshing && !detail.isWaitingForNetwork, "nothing waits")
    check.expect(browser.detail.loader?.loadedDate == time.date, "dated now")
    check.expect(detail.banner == nil, "no error")
    browser.back()
    let list = show(
      "b: the list, revalidated too", browser.list, scroll: visible(row), selection: row)
    check.expect(list.content?.count == client.pageSize, "the first page")
    check.expect(!list.isRefreshing && !list.isWaitingForNetwork, "nothing waits")
    check.expect(browser.list.loadedDate == time.date, "dated now")
    check.expect(list.banner == nil && list.blockingError == nil, "no error")
    return check.problems
  }

  private func renameOffline(_ current: Current) async throws -> [String] {
    var check = Check()
    let browser = current.launch.browser
    let row = browser.list.items.firstIndex { $0.alpha2 == Self.code } ?? 0
    open(browser)
    guard let country = browser.detail.value else { return ["expected the country"] }
    try await network.takeServerDown()
    output("(⏎ opens country(AT); the server goes down again)\n")
    let before = try await client.appliedRenames().count
    browser.startRename(Rename(country: country, name: Self.offlineName))
    // The edit shows at once; the run pauses when its turn comes, on the next main-actor turns.
    await waitUntil { browser.rename.isPaused || !browser.rename.isRunning }
    let queued = showDetail(
      "r, “\(Self.offlineName)”, ⏎ while the server is down: the new name at once, queued",
      browser, message: renameStatus(browser))
    check.expect(queued.content?.name == Self.offlineName, "the new name in the detail")
    check.expect(browser.rename.isPaused, "the rename waits for the network")
    check.expect(
      renameStatus(browser) == "Queued: “\(Self.offlineName)” is sent when the server is back.",
      "the message says it is queued")
    let list = show(
      "the list under the detail shows it too", browser.list, scroll: visible(row),
      selection: row, message: renameStatus(browser))
    check.expect(
      list.content.map(Array.init)?[row].name == Self.offlineName, "the new name in the list")
    check.expect(
      try await client.appliedRenames().count == before, "the server has received nothing")
    await network.bringServerBack()
    output("(the server is back, and the network online: the queued rename is sent)\n")
    await browser.waitForRename()
    // Its success invalidates the list, which reloads; wait for it too.
    await waitUntil { !browser.list.phase.isLoading }
    let sent = showDetail(
      "the server stored it: its answer written back", browser, message: renameStatus(browser))
    check.expect(browser.rename.phase.output?.name == Self.offlineName, "the server answered")
    check.expect(sent.content?.name == Self.offlineName, "the server's name in the detail")
    check.expect(
      browser.list.items.first { $0.alpha2 == Self.code }?.name == Self.offlineName,
      "the server's name in the list")
    try await expectAppliedOnce(Self.offlineName, after: before, keyed: true, &check)
    return check.problems
  }

  private func renameAcrossRelaunch(_ current: Current, file: CacheFile) async throws -> [String] {
    var check = Check()
    let quitting = current.launch
    guard let country = quitting.browser.detail.value else { return ["expected the country"] }
    try await network.takeServerDown()
    output("(the server goes down again)\n")
    let before = try await client.appliedRenames().count
    quitting.browser.startRename(Rename(country: country, name: Self.relaunchName))
    await waitUntil { quitting.browser.rename.isPaused || !quitting.browser.rename.isRunning }
    showDetail(
      "r, “\(Self.relaunchName)”, ⏎ while the server is down: at once, queued", quitting.browser,
      message: renameStatus(quitting.browser))
    check.expect(quitting.browser.rename.isPaused, "the rename waits for the network")
    // The app is killed with the rename queued: its store hears of the network no more, so its
    // run never sends; the cache has the run on disk.
    await quitting.cache.flush()
    network.stopTelling(quitting.store)
    quitting.browser.stop()
    output("(the app is killed with the rename queued; the cache has it on disk)\n")
    time.advance(by: .seconds(60))
    output("(a minute later, the app launches again, the server still down)\n")
    let launch = await launch(file)
    current.launch = launch
    let browser = launch.browser
    browser.showList()
    open(browser)
    await waitUntil { browser.rename.isPaused || !browser.rename.isRunning }
    let replayed = showDetail(
      "⏎ opens country(AT): the queued rename shows again, waiting for the network", browser)
    check.expect(replayed.content?.name == Self.relaunchName, "the queued name, again")
    check.expect(browser.rename.isPaused, "the replayed rename waits for the network")
    check.expect(
      try await client.appliedRenames().count == before, "the server has received nothing")
    await network.bringServerBack()
    output("(the server is back: the replayed rename is sent)\n")
    await browser.waitForRename()
    await waitUntil {
      !browser.list.phase.isLoading && browser.detail.loader?.phase.isLoading == false
    }
    let sent = showDetail("the server stored it", browser)
    check.expect(sent.content?.name == Self.relaunchName, "the server's name in the detail")
    check.expect(browser.rename.phase.output?.name == Self.relaunchName, "the server answered")
    try await expectAppliedOnce(Self.relaunchName, after: before, &check)
    return check.problems
  }

  /// Writes the renames the server applied after the first `before` to the transcript, and
  /// expects one: `name`, delivered once, with its idempotency key when `keyed`.
  private func expectAppliedOnce(
    _ name: String, after before: Int, keyed: Bool = false, _ check: inout Check
  ) async throws {
    let applied = Array(try await client.appliedRenames().dropFirst(before))
    output(
      "(server: GET /renames lists \(applied.count) new rename(s): "
        + applied.map {
          "\($0.code) → “\($0.name)”, Idempotency-Key "
            + ($0.idempotencyKey == nil ? "none" : "set") + ", delivered \($0.deliveries)×"
        }.joined(separator: "; ") + ")\n")
    check.expect(applied.count == 1, "the server applied the rename once")
    check.expect(applied.first?.name == name, "the queued name")
    if keyed { check.expect(applied.first?.idempotencyKey != nil, "with its idempotency key") }
    check.expect(applied.first?.deliveries == 1, "delivered once")
  }

  // MARK: Helpers

  /// Launches the app: a store on the script's clock, persisted in `file` (emptied first when
  /// `emptying`) and following the network's status, and the screens over it; returns once the
  /// store has heard the status.
  private func launch(_ file: CacheFile, emptying: Bool = false) async -> Launch {
    // The cache dates its rows by the script's wall clock, so restored ages are the script's.
    let cache = PersistentCache(location: .file(file.url), now: { [time] in time.date })
    // The store runs on the script's clock: staleness, garbage collection, the cache's
    // write-behind and the ages in the inspector follow the time the script moves.
    let store = LoaderStore(clock: time, staleness: .after(.seconds(30)), clients: client)
    // It persists before any screen asks for a key, so that what the cache holds shows at once.
    store.persist(in: cache)
    if emptying {
      store.removeAll()
      await cache.flush()
    }
    // It follows the network's status, which the script sets as it takes the server down and
    // brings it back.
    await network.follow(in: store)
    let browser = CountryBrowser(client: client, store: store)
    browser.list.wallClock = { [time] in time.date }
    // The renames the last launch made offline and could not send go again, with their keys.
    store.resumeQueuedMutations(browser.rename)
    return Launch(cache: cache, store: store, browser: browser)
  }

  /// Opens the detail of ``code``, with its dates on the script's wall clock.
  private func open(_ browser: CountryBrowser) {
    browser.open(code: Self.code)
    browser.detail.loader?.wallClock = { [time] in time.date }
  }

  /// The scroll position that shows `row` at the bottom of the list.
  private func visible(_ row: Int) -> ScreenContext.Scroll {
    .top(max(0, row - listRows + 1))
  }

  /// The message line about the last rename, as the interactive app shows it.
  private func renameStatus(_ browser: CountryBrowser) -> String? {
    browser.lastRename.flatMap {
      strings.renameStatus(
        browser.rename.phase, name: $0.name, isPaused: browser.rename.isPaused)
    }
  }

  /// Prints the detail's screen under a caption and returns the presentation it shows, calmed
  /// by the anti-flicker rules at the script's time.
  @discardableResult
  private func showDetail(
    _ caption: String, _ browser: CountryBrowser, injectsFailures: Bool = false,
    message: String? = nil, editingName: String? = nil, inspector: [InspectorRow]? = nil
  ) -> Presentation<Country, any Error> {
    let detail = browser.detail
    let phase = detail.phase
    detailProgress.update(kind: phase.kind)
    let presentation = phase.presentation(
      isWaitingForNetwork: detail.loader?.isWaitingForNetwork == true,
      progress: detailProgress.display)
    let context = ScreenContext(
      source: client.baseURL.absoluteString, width: width, listRows: listRows,
      injectsFailures: injectsFailures, message: message, strings: strings,
      loadedAt: detail.loader?.loadedDate, now: time.date, progress: detailProgress.display,
      editingName: editingName, inspector: inspector, isServerDown: network.isServerDown)
    output("--- \(caption) ---\n" + renderDetail(presentation, context: context))
    return presentation
  }

  /// Prints the loader's screen under a caption and returns the presentation it shows: calmed
  /// by the anti-flicker rules at the script's time, with the list's age and what VoiceOver
  /// would announce for the change since the last screen.
  @discardableResult
  private func show(
    _ caption: String, _ loader: PagedLoader<Country, Int>, scroll: ScreenContext.Scroll = .end,
    selection: Int? = nil, injectsFailures: Bool = false, message: String? = nil,
    inspector: [InspectorRow]? = nil
  ) -> Presentation<PagedLoader<Country, Int>.Items, any Error> {
    let phase = loader.phase
    progress.update(kind: phase.kind)
    let presentation = phase.presentation(
      hasMore: loader.hasMore, isWaitingForNetwork: loader.isWaitingForNetwork,
      progress: progress.display)
    spoken.update(
      Announcement.Snapshot(
        phase, hasMore: loader.hasMore, isCancellation: loader.lastLoadWasCancelled,
        isWaitingForNetwork: loader.isWaitingForNetwork,
        message: { [strings] in strings.defaults.message(for: $0) }))
    let context = ScreenContext(
      source: client.baseURL.absoluteString, width: width, listRows: listRows, scroll: scroll,
      injectsFailures: injectsFailures, message: message, strings: strings,
      loadedAt: loader.loadedDate, now: time.date, progress: progress.display,
      announcement: spoken.announcement.map(strings.voiceOverSays), selection: selection,
      inspector: inspector, isServerDown: network.isServerDown)
    output("--- \(caption) ---\n" + render(presentation, context: context))
    return presentation
  }
}

/// What the last screen of the script showed, as an announcement sees it, and what VoiceOver
/// would announce for the change to it (`nil` when the change deserves none).
@MainActor
private final class Spoken {
  private var shown: Announcement.Snapshot?
  private(set) var announcement: Announcement?

  func update(_ snapshot: Announcement.Snapshot) {
    announcement = shown.flatMap { Announcement(from: $0, to: snapshot) }
    shown = snapshot
  }
}

/// One launch of the app: the store, persisted in the cache's file and following the network,
/// and the screens over it.
@MainActor
private final class Launch {
  let cache: PersistentCache
  let store: LoaderStore
  let browser: CountryBrowser

  init(cache: PersistentCache, store: LoaderStore, browser: CountryBrowser) {
    self.cache = cache
    self.store = store
    self.browser = browser
  }
}

/// The launch the steps run in: the first, then the relaunched one.
@MainActor
private final class Current {
  var launch: Launch

  init(_ launch: Launch) {
    self.launch = launch
  }
}

/// What the script changed on the server, to put back at the end.
@MainActor
private final class Original {
  var name: String?
}

/// Collects the expectations a step missed.
private struct Check {
  var problems: [String] = []

  mutating func expect(_ condition: Bool, _ what: String) {
    if !condition { problems.append("expected \(what)") }
  }

  mutating func fail(_ what: String) {
    problems.append("expected \(what)")
  }
}

extension Presentation.Footer {
  var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  var isEndOfList: Bool {
    if case .endOfList = self { return true }
    return false
  }

  var failure: Failure? {
    if case .failed(let error) = self { return error }
    return nil
  }
}
