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

private typealias Detail = Presentation<Country, any Error>

private func context(
  listRows: Int = 5, scroll: ScreenContext.Scroll = .top(0), isStyled: Bool = false,
  language: String = "en", loadedAt: Date? = nil, age: Int = 0,
  progress: ProgressDisplay = .source, message: String? = nil, announcement: String? = nil,
  selection: Int? = nil, editingName: String? = nil, inspector: [InspectorRow]? = nil
) -> ScreenContext {
  ScreenContext(
    source: "http://127.0.0.1:1", width: 76, listRows: listRows, scroll: scroll, message: message,
    isStyled: isStyled, strings: DemoStrings(language: language), loadedAt: loadedAt,
    now: (loadedAt ?? Date(timeIntervalSince1970: 0)).addingTimeInterval(Double(age)),
    progress: progress, announcement: announcement, selection: selection,
    editingName: editingName, inspector: inspector)
}

private func screen(
  _ presentation: Screen, listRows: Int = 5, scroll: ScreenContext.Scroll = .top(0),
  isStyled: Bool = false, language: String = "en", loadedAt: Date? = nil, age: Int = 0,
  progress: ProgressDisplay = .source, message: String? = nil, announcement: String? = nil,
  selection: Int? = nil, inspector: [InspectorRow]? = nil
) -> String {
  render(
    presentation,
    context: context(
      listRows: listRows, scroll: scroll, isStyled: isStyled, language: language,
      loadedAt: loadedAt, age: age, progress: progress, message: message,
      announcement: announcement, selection: selection, inspector: inspector))
}

private func detail(
  _ presentation: Detail, isStyled: Bool = false, language: String = "en", loadedAt: Date? = nil,
  age: Int = 0, progress: ProgressDisplay = .source, message: String? = nil,
  editingName: String? = nil, inspector: [InspectorRow]? = nil
) -> String {
  renderDetail(
    presentation,
    context: context(
      isStyled: isStyled, language: language, loadedAt: loadedAt, age: age, progress: progress,
      message: message, editingName: editingName, inspector: inspector))
}

private let austria = Country(id: 40, name: "Austria", alpha2: "AT", alpha3: "AUT", flag: "🇦🇹")

private let rule = String(repeating: "─", count: 76)

/// The two help lines of the list.
private let listHelp = "\(keyHelp)\n\(commonKeyHelp)\n"

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
        \(commonKeyHelp)

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
        \(commonKeyHelp)

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
    #expect(text.hasSuffix("\(rule)\nVoiceOver says: 3 countries loaded\n\(listHelp)"))
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
    let country = Detail(body: .content(austria, isPlaceholder: false))
    #expect(detail(country) == detail(country))
  }

  @Test("the selected row starts with ▸ and is inverse when styled; placeholders never are")
  func selection() {
    let content = Screen(body: .content(countries, isPlaceholder: false), footer: .endOfList)
    let text = screen(content, selection: 1)
    #expect(text.contains("\n  🇦🇫  Afghanistan "))
    #expect(text.contains("\n▸ 🇦🇽  Åland Islands                                 AX  ALA\n"))
    #expect(text.contains("\n  🇦🇱  Albania "))
    #expect(!screen(content).contains("▸"), "no selection, no marker")
    let styled = screen(content, isStyled: true, selection: 2)
    #expect(
      styled.contains(ANSI.inverse("▸ 🇦🇱  Albania                                       AL  ALB")))
    let scrolled = screen(content, listRows: 2, scroll: .top(1), selection: 2)
    #expect(scrolled.contains("▸ 🇦🇱  Albania"), "the index counts from the first item")
    let placeholder = screen(Screen(body: .content(countries, isPlaceholder: true)), selection: 0)
    #expect(!placeholder.contains("▸"))
  }

  @Test("a country's detail: flag and name, its codes, and the detail's keys")
  func detailScreen() {
    #expect(
      detail(Detail(body: .content(austria, isPlaceholder: false)), loadedAt: loadedAt, age: 12)
        == """
        Countries › Austria · Updated 12 s ago · http://127.0.0.1:1  [failures: off]
        \(rule)
          🇦🇹  Austria

            Alpha-2 code  AT
            Alpha-3 code  AUT
            Numeric code  040
        \(rule)
        b/Esc back · r rename · ⏎ reload · d dismiss · c cancel
        \(commonKeyHelp)

        """)
  }

  @Test("a stale detail revalidates with the refresh indicator over the country that stays")
  func detailRevalidating() {
    let text = detail(Detail(body: .content(austria, isPlaceholder: false), isRefreshing: true))
    #expect(
      text.hasPrefix(
        "Countries › Austria · http://127.0.0.1:1                     [failures: off]\n"
          + "⠋ Refreshing…\n\(rule)\n  🇦🇹  Austria\n"))
    #expect(!text.contains("Loading the country"))
  }

  @Test("a failed revalidation: the banner with the detail's keys, the country stays")
  func detailBanner() {
    let text = detail(
      Detail(body: .content(austria, isPlaceholder: false), banner: boom()), loadedAt: loadedAt,
      age: 90)
    #expect(
      text.contains(
        "! Refresh failed · Showing data from 1 min ago\n"
          + "  The server answered with an error (HTTP 500).\n  ⏎: try again · d: dismiss\n"))
    #expect(text.contains("  🇦🇹  Austria\n"))
  }

  @Test("a detail's first load: blank within the delay, then progress; a failure offers a retry")
  func detailLoadingAndFailure() {
    let blank = detail(Detail(body: .idle), progress: .nothing)
    #expect(blank.contains("\(rule)\n\n\(rule)\n"))
    #expect(detail(Detail(body: .idle)).contains("\nNot loaded. Press ⏎ to load the country.\n"))
    #expect(detail(Detail(body: .progress)).contains("\n⠋ Loading the country…\n"))
    let failed = detail(Detail(body: .failure(boom(), isRetrying: false)))
    #expect(
      failed.contains(
        "✗ Could not load the country.\n  The server answered with an error (HTTP 500).\n\n"
          + "Press ⏎ to retry.\n"))
    #expect(
      detail(Detail(body: .failure(boom(), isRetrying: true))).contains("\n⠋ Retrying…\n"))
  }

  @Test("typing a new name: the line under the country, and the rename's keys alone")
  func detailEditing() {
    let text = detail(
      Detail(body: .content(austria, isPlaceholder: false)), editingName: "Österr")
    #expect(
      text.hasSuffix(
        """
            Numeric code  040

          New name: Österr▏
        \(rule)
        Type the new name · ⏎ save · Esc cancel

        """))
    #expect(!text.contains(commonKeyHelp), "q types a letter while a name is typed")
  }

  @Test("a long message wraps over lines instead of being cut")
  func messageWraps() {
    let message = DemoStrings(language: "en").renameStatus(.failed(boom()), name: "Österreich")
    #expect(
      message
        == "Could not rename: The server answered with an error (HTTP 500). The name stays as it was."
    )
    let text = detail(Detail(body: .content(austria, isPlaceholder: false)), message: message)
    #expect(
      text.contains(
        "\(rule)\nCould not rename: The server answered with an error (HTTP 500). The name\n"
          + "stays as it was.\nb/Esc back"))
    #expect(!text.contains("…\n"))
  }

  @Test("the store inspector: its entries in columns, key, phase, age, observers, failures")
  func inspector() {
    let rows = [
      InspectorRow(key: "countries", kind: .loaded, age: .seconds(72), observers: 1),
      InspectorRow(
        key: "country(AT)", kind: .reloadFailed, age: .seconds(5), isStale: true, observers: 0,
        failures: 2),
      InspectorRow(key: "country(JP)", kind: .loading, observers: 1),
    ]
    let text = screen(
      Screen(body: .content(countries, isPlaceholder: false), footer: .endOfList),
      inspector: rows)
    #expect(
      text.hasSuffix(
        """
        \(rule)
        Store inspector · 3 entries
          key          phase         age              observers  failures
          countries    loaded        72 s ago         1          0
          country(AT)  reloadFailed  5 s ago · stale  0          2
          country(JP)  loading       —                1          0
        \(rule)
        \(listHelp)
        """))
    let one = detail(Detail(body: .idle), inspector: [InspectorRow(key: "countries", kind: .idle)])
    #expect(one.contains("Store inspector · 1 entry\n"))
    #expect(
      detail(Detail(body: .idle), inspector: []).contains(
        "Store inspector · 0 entries\n  No entries.\n"))
    #expect(!screen(Screen(body: .idle)).contains("Store inspector"), "hidden without rows")
  }

  @Test("the detail and the inspector follow the language; wide characters count two cells")
  func detailAndInspectorInOtherLanguages() {
    let rows = [InspectorRow(key: "countries", kind: .loaded, age: .seconds(3), observers: 1)]
    let german = detail(
      Detail(body: .content(austria, isPlaceholder: false)), language: "de", inspector: rows)
    #expect(german.hasPrefix("Länder › Austria"))
    #expect(german.contains("    Numerischer Code  040\n"))
    #expect(german.contains("    Alpha-2-Code      AT\n"))
    #expect(german.contains("b/Esc zurück · r umbenennen"))
    #expect(german.contains("  Schlüssel  Phase   Alter    Beobachter  Fehlschläge\n"))
    #expect(german.contains("  countries  loaded  vor 3 s  1           0\n"))
    let japanese = detail(
      Detail(body: .content(austria, isPlaceholder: false)), language: "ja", inspector: rows)
    // "キー" takes four cells, so "countries" (nine) sets the width of the first column.
    #expect(japanese.contains("  キー       フェーズ  経過   監視数  失敗数\n"))
    #expect(japanese.contains("  countries  loaded    3秒前  1       0\n"))
    #expect(!japanese.contains("Alpha-2 code"))
  }
}
