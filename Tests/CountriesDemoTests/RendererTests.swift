import AsyncContentCore
import CountriesDemo
import Foundation
import Testing

// The renderer's tests are pinned to English: every screen below is built with
// `DemoStrings(language: "en")`, whatever the machine's locale.

/// The error of a failed request, as the demo's client throws it.
private func boom() -> HTTPLoadError {
  .status(
    code: 500, url: URL(string: "http://127.0.0.1:1/countries"),
    bodyExcerpt: "Internal Server Error")
}

/// The date of the list in the freshness tests.
private let loadedAt = Date(timeIntervalSince1970: 1_700_000_000)

private let countries = [
  Country(id: 4, name: "Afghanistan", alpha2: "AF", alpha3: "AFG", flag: "🇦🇫"),
  Country(id: 248, name: "Åland Islands", alpha2: "AX", alpha3: "ALA", flag: "🇦🇽"),
  Country(id: 8, name: "Albania", alpha2: "AL", alpha3: "ALB", flag: "🇦🇱"),
]

private typealias Screen = Presentation<[Country], any Error>

private func screen(
  _ presentation: Screen, listRows: Int = 5, scroll: ScreenContext.Scroll = .top(0),
  isStyled: Bool = false, language: String = "en", loadedAt: Date? = nil, age: Int = 0,
  progress: ProgressDisplay = .source, announcement: String? = nil
) -> String {
  render(
    presentation,
    context: ScreenContext(
      source: "http://127.0.0.1:1", width: 76, listRows: listRows, scroll: scroll,
      isStyled: isStyled, strings: DemoStrings(language: language), loadedAt: loadedAt,
      now: (loadedAt ?? Date(timeIntervalSince1970: 0)).addingTimeInterval(Double(age)),
      progress: progress, announcement: announcement))
}

private let rule = String(repeating: "─", count: 76)

@Suite("render(_:context:)")
struct RendererTests {
  @Test("idle: nothing loaded, with how to load")
  func idle() {
    #expect(
      screen(Screen(body: .idle)) == """
        Countries · http://127.0.0.1:1                               [failures: off]
        \(rule)
        Nothing loaded yet. Press r to load the countries.
        \(rule)
        \(keyHelp)

        """)
  }

  @Test("progress: one blocking spinner")
  func progress() {
    let text = screen(Screen(body: .progress))
    #expect(text.contains("⠋ Loading countries…"))
    #expect(!text.contains("Refreshing"))
  }

  @Test("content with more pages: rows with flag, name and codes, then the footer spinner")
  func contentWithFooterSpinner() {
    #expect(
      screen(Screen(body: .content(countries, isPlaceholder: false), footer: .loading)) == """
        Countries · 3 loaded · http://127.0.0.1:1                    [failures: off]
        \(rule)
          🇦🇫  Afghanistan                                   AF  AFG
          🇦🇽  Åland Islands                                 AX  ALA
          🇦🇱  Albania                                       AL  ALB
          ⠋ Loading more…
        \(rule)
        \(keyHelp)

        """)
  }

  @Test("a failed page: the footer error with its message and the retry key")
  func footerError() {
    let text = screen(
      Screen(body: .content(countries, isPlaceholder: false), footer: .failed(boom())))
    #expect(text.contains("  ✗ Could not load more. Press m to retry.\n"))
    #expect(text.contains("    The server answered with an error (HTTP 500).\n"))
    #expect(text.contains("Albania"))
  }

  @Test("every page loaded: the end-of-list marker")
  func endOfList() {
    let text = screen(Screen(body: .content(countries, isPlaceholder: false), footer: .endOfList))
    #expect(text.contains("  — End of list: 3 countries —\n"))
    #expect(!text.contains("Loading more"))
  }

  @Test("a refresh: the indicator above the list that stays, no blocking spinner")
  func refreshing() {
    let text = screen(Screen(body: .content(countries, isPlaceholder: false), isRefreshing: true))
    #expect(
      text.hasPrefix(
        "Countries · 3 loaded · http://127.0.0.1:1                    [failures: off]\n⠋ Refreshing…\n"
      ))
    #expect(text.contains("Afghanistan"))
    #expect(!text.contains("Loading countries"))
  }

  @Test("a failed refresh: the banner over the list that stays says how old the list is")
  func banner() {
    let presentation = Screen(
      body: .content(countries, isPlaceholder: false), banner: boom(), footer: .loading)
    let text = screen(presentation, loadedAt: loadedAt, age: 5 * 60 + 12)
    #expect(
      text.contains(
        "! Refresh failed · Showing data from 5 min ago\n"
          + "  The server answered with an error (HTTP 500).\n"
          + "  r: try again · d: dismiss\n"))
    #expect(text.contains("Afghanistan"))
    // Without a date, the banner leaves the age out.
    #expect(screen(presentation).contains("! Refresh failed\n"))
  }

  @Test("the header shows how old the list is")
  func headerShowsTheAge() {
    let content = Screen(body: .content(countries, isPlaceholder: false), footer: .endOfList)
    #expect(
      screen(content, loadedAt: loadedAt, age: 12).hasPrefix(
        "Countries · 3 loaded · Updated 12 s ago · http://127.0.0.1:1 [failures: off]\n"))
    #expect(screen(content, loadedAt: loadedAt, age: 3).contains("· Updated just now ·"))
    #expect(screen(content, loadedAt: loadedAt, age: 7_300).contains("· Updated 2 h ago ·"))
    #expect(!screen(content).contains("Updated"))  // no date, no age
  }

  @Test("within a first load's progress delay the screen is blank, not even 'nothing loaded'")
  func blankWithinTheProgressDelay() {
    let blank = screen(Screen(body: .idle), progress: .nothing)
    #expect(blank.contains("\(rule)\n\n\(rule)\n"))
    #expect(!blank.contains("Nothing loaded"))
    #expect(!blank.contains("Loading"))
  }

  @Test("what VoiceOver would say shows above the key help")
  func announcementLine() {
    let text = screen(
      Screen(body: .content(countries, isPlaceholder: false), footer: .endOfList),
      announcement: DemoStrings(language: "en").voiceOverSays(.loaded(count: 3)))
    #expect(text.hasSuffix("\(rule)\nVoiceOver says: 3 countries loaded\n\(keyHelp)\n"))
  }

  @Test("every text follows the language: German and Japanese screens")
  func otherLanguages() {
    let presentation = Screen(
      body: .content(countries, isPlaceholder: false), banner: boom(), footer: .loading)
    let german = screen(presentation, language: "de", loadedAt: loadedAt, age: 12)
    #expect(german.hasPrefix("Länder · 3 geladen · Vor 12 s aktualisiert"))
    #expect(german.contains("! Aktualisierung fehlgeschlagen"))
    #expect(german.contains("r: erneut versuchen · d: schließen"))
    let japanese = screen(Screen(body: .failure(boom(), isRetrying: false)), language: "ja")
    #expect(!japanese.contains("Could not"))
    #expect(japanese.contains("✗ "))
  }

  @Test("a failed first load: the blocking error with retry, then the retry in progress")
  func blockingError() {
    let failed = screen(Screen(body: .failure(boom(), isRetrying: false)))
    #expect(
      failed.contains(
        "✗ Could not load the countries.\n  The server answered with an error (HTTP 500).\n"))
    #expect(failed.contains("Press r to retry.\n"))
    let retrying = screen(Screen(body: .failure(boom(), isRetrying: true)))
    #expect(retrying.contains("⠋ Retrying…\n"))
    #expect(!retrying.contains("Press r to retry."))
  }

  @Test("empty: the empty state")
  func empty() {
    #expect(screen(Screen(body: .empty)).contains("\nNo countries.\n"))
  }

  @Test("a placeholder: redacted rows of the same shape, no footer, no count")
  func placeholder() {
    let text = screen(Screen(body: .content(countries, isPlaceholder: true), footer: .loading))
    #expect(text.contains("  ▒▒  ▒▒▒▒▒▒▒▒▒▒▒\n"))
    #expect(!text.contains("Afghanistan"))
    #expect(!text.contains("loaded"))
    #expect(!text.contains("Loading more"))
  }

  @Test("a long list shows a window of rows and where it is")
  func scrolling() {
    let content = Screen(body: .content(countries, isPlaceholder: false), footer: .endOfList)
    let top = screen(content, listRows: 2)
    #expect(top.contains("Afghanistan") && top.contains("Åland") && !top.contains("Albania"))
    #expect(top.contains("  rows 1–2 of 3\n"))
    #expect(!top.contains("End of list"))
    let end = screen(content, listRows: 2, scroll: .end)
    #expect(end.contains("Albania") && end.contains("End of list") && !end.contains("Åland"))
    let context = ScreenContext(source: "", listRows: 2, scroll: .end)
    #expect(context.showsFooter(count: 3))
    #expect(!ScreenContext(source: "", listRows: 2).showsFooter(count: 3))
  }

  @Test("plain text has no escapes; styled text uses ANSI")
  func styling() {
    let presentation = Screen(body: .failure(boom(), isRetrying: false))
    #expect(!screen(presentation).contains("\u{1B}"))
    let styled = screen(presentation, isStyled: true)
    #expect(styled.contains(ANSI.red("✗ Could not load the countries.")))
  }

  @Test("the same presentation always renders the same text")
  func pure() {
    let presentation = Screen(body: .content(countries, isPlaceholder: false), footer: .loading)
    #expect(screen(presentation) == screen(presentation))
  }
}
