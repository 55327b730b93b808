import AsyncContentCore
import CountriesDemo
import Testing

private struct Boom: Error, CustomStringConvertible {
  var description = "HTTP 500 (Internal Server Error) from http://127.0.0.1:1/countries"
}

private let countries = [
  Country(id: 4, name: "Afghanistan", alpha2: "AF", alpha3: "AFG", flag: "🇦🇫"),
  Country(id: 248, name: "Åland Islands", alpha2: "AX", alpha3: "ALA", flag: "🇦🇽"),
  Country(id: 8, name: "Albania", alpha2: "AL", alpha3: "ALB", flag: "🇦🇱"),
]

private typealias Screen = Presentation<[Country], any Error>

private func screen(
  _ presentation: Screen, listRows: Int = 5, scroll: ScreenContext.Scroll = .top(0),
  isStyled: Bool = false
) -> String {
  render(
    presentation,
    context: ScreenContext(
      source: "http://127.0.0.1:1", width: 76, listRows: listRows, scroll: scroll,
      isStyled: isStyled))
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
      Screen(body: .content(countries, isPlaceholder: false), footer: .failed(Boom())))
    #expect(text.contains("  ✗ Could not load more. Press m to retry.\n"))
    #expect(
      text.contains("    HTTP 500 (Internal Server Error) from http://127.0.0.1:1/countries\n"))
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

  @Test("a failed refresh: the banner over the list that stays")
  func banner() {
    let text = screen(
      Screen(body: .content(countries, isPlaceholder: false), banner: Boom(), footer: .loading))
    #expect(
      text.contains(
        "! Refresh failed, showing the last loaded list. r: try again, d: dismiss.\n"
          + "  HTTP 500 (Internal Server Error) from http://127.0.0.1:1/countries\n"))
    #expect(text.contains("Afghanistan"))
  }

  @Test("a failed first load: the blocking error with retry, then the retry in progress")
  func blockingError() {
    let failed = screen(Screen(body: .failure(Boom(), isRetrying: false)))
    #expect(failed.contains("✗ Could not load the countries.\n  HTTP 500"))
    #expect(failed.contains("Press r to retry.\n"))
    let retrying = screen(Screen(body: .failure(Boom(), isRetrying: true)))
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
    let presentation = Screen(body: .failure(Boom(), isRetrying: false))
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
