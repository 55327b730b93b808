import AsyncContentCore
import Foundation

/// The fixed scenario of `countries --script`: six steps against a ``CountriesServer``, each
/// printed as plain-text screens and checked against what it should show.
///
/// The screens show what the interactive app shows, decided by the core: a first load calmed
/// by a ``ProgressController``, the list's age, and what VoiceOver would announce. Time is the
/// script's own (a clock it moves by hand), so the transcript is the same on every machine; its
/// texts are English, as diagnostics for developers are.
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
  public nonisolated static let stepCount = 6

  public var client: CountriesClient
  /// The width of the printed screens.
  public var width = 76
  /// The list rows of the printed screens.
  public var listRows = 6
  private let output: (String) -> Void
  /// The script's time: the anti-flicker rules' clock and the wall clock of the list's age.
  private let time = ScriptClock(date: Date(timeIntervalSince1970: 1_700_000_000))
  /// The anti-flicker rules, as the interactive app applies them.
  private let progress: ProgressController
  /// What the last screen showed, and what VoiceOver would announce for the change to it.
  private let spoken = Spoken()
  private let strings = DemoStrings(language: "en")

  /// Creates the scenario for the server behind `client`; `output` receives the transcript.
  public init(client: CountriesClient, output: @escaping (String) -> Void) {
    self.client = client
    self.output = output
    self.progress = ProgressController(clock: time)
  }

  /// Runs every step in order, prints the screens and a verdict per step, and returns the
  /// tally. Steps go on after a failed one, so the transcript shows everything.
  public func run() async -> Result {
    let loader = client.makeLoader()
    loader.wallClock = { [time] in time.date }
    var result = Result(passed: 0, failed: 0)
    let steps: [(String, (PagedLoader<Country, Int>) async throws -> [String])] = [
      ("first load", firstLoad),
      ("page through to the end", pageToEnd),
      ("refresh", refresh),
      ("a failed refresh keeps the list", failedRefresh),
      ("a failed load-more, then a retry", failedLoadMore),
      ("a cancelled slow load", cancelledSlowLoad),
    ]
    for (index, (name, step)) in steps.enumerated() {
      output("=== step \(index + 1)/\(steps.count): \(name) ===\n")
      var problems: [String]
      do {
        problems = try await step(loader)
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
    // Leave the server as the scenario found it.
    _ = try? await client.control(latencyMs: 0, failureRate: 0, failNext: 0)
    output(result.summary + "\n")
    return result
  }

  // MARK: Steps

  private func firstLoad(_ loader: PagedLoader<Country, Int>) async throws -> [String] {
    try await client.control(latencyMs: 0, failureRate: 0, failNext: 0)
    var check = Check()
    loader.reset()
    loader.startLoad()
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

  // MARK: Helpers

  /// Prints the loader's screen under a caption and returns the presentation it shows: calmed
  /// by the anti-flicker rules at the script's time, with the list's age and what VoiceOver
  /// would announce for the change since the last screen.
  private func show(
    _ caption: String, _ loader: PagedLoader<Country, Int>, scroll: ScreenContext.Scroll = .end,
    message: String? = nil
  ) -> Presentation<PagedLoader<Country, Int>.Items, any Error> {
    let phase = loader.phase
    progress.update(kind: phase.kind)
    let presentation = phase.presentation(hasMore: loader.hasMore, progress: progress.display)
    spoken.update(
      Announcement.Snapshot(
        phase, hasMore: loader.hasMore, isCancellation: loader.lastLoadWasCancelled,
        message: { [strings] in strings.defaults.message(for: $0) }))
    let context = ScreenContext(
      source: client.baseURL.absoluteString, width: width, listRows: listRows, scroll: scroll,
      message: message, strings: strings, loadedAt: loader.loadedDate, now: time.date,
      progress: progress.display, announcement: spoken.announcement.map(strings.voiceOverSays))
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
