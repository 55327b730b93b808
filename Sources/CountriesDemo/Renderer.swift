public import AsyncContentCore
public import Foundation

/// Everything a screen needs besides the presentation: the size, the scroll position, the
/// state of the app's own controls, the language, and how old the list is. None of it decides
/// *what* the list shows; that comes from the core's ``Presentation``, calmed by the core's
/// ``ProgressController`` (``progress``).
public struct ScreenContext: Sendable, Equatable {
  /// Where the list is scrolled.
  public enum Scroll: Sendable, Equatable {
    /// The first visible row is the item at this index.
    case top(Int)
    /// The last rows and the footer are visible.
    case end
  }

  /// The title line's source, for example the server's base URL.
  public var source: String
  /// The width in terminal columns; longer lines are cut.
  public var width: Int
  /// How many list rows fit on the screen.
  public var listRows: Int
  public var scroll: Scroll
  /// The frame of the spinner animation.
  public var spinnerFrame: Int
  /// Whether the server injects failures (the `f` key), shown in the title line.
  public var injectsFailures: Bool
  /// A one-line message from the app, for example "Load cancelled.".
  public var message: String?
  /// Bold, dim and colours through ANSI escapes; plain text when `false` (script mode).
  public var isStyled: Bool
  /// The texts, in the user's language.
  public var strings: DemoStrings
  /// When the list on screen was loaded (a loader's `loadedDate`), for the header's
  /// "Updated 12 s ago" and the banner's "Showing data from 5 min ago"; `nil` leaves them out.
  public var loadedAt: Date?
  /// The moment the screen is drawn, to measure the list's age.
  public var now: Date
  /// What the anti-flicker rules show of the phase: during a first load's delay
  /// (``ProgressDisplay/nothing``) the screen stays blank, not even "nothing loaded yet".
  public var progress: ProgressDisplay
  /// What VoiceOver would announce for the last change, already in words; `nil` for nothing.
  public var announcement: String?

  public init(
    source: String, width: Int = 80, listRows: Int = 10, scroll: Scroll = .top(0),
    spinnerFrame: Int = 0, injectsFailures: Bool = false, message: String? = nil,
    isStyled: Bool = false, strings: DemoStrings = DemoStrings(language: "en"),
    loadedAt: Date? = nil, now: Date = Date(), progress: ProgressDisplay = .source,
    announcement: String? = nil
  ) {
    self.source = source
    self.width = width
    self.listRows = listRows
    self.scroll = scroll
    self.spinnerFrame = spinnerFrame
    self.injectsFailures = injectsFailures
    self.message = message
    self.isStyled = isStyled
    self.strings = strings
    self.loadedAt = loadedAt
    self.now = now
    self.progress = progress
    self.announcement = announcement
  }

  /// The index of the first visible row for a list of `count` items.
  public func firstVisibleRow(count: Int) -> Int {
    // The footer takes a row of its own below the items.
    let last = max(0, count + 1 - listRows)
    switch scroll {
    case .top(let index): return min(max(0, index), last)
    case .end: return last
    }
  }

  /// Whether the paging footer is on screen, that is, whether it "appears" and should trigger
  /// the next page the way a SwiftUI footer's `onAppear` does.
  public func showsFooter(count: Int) -> Bool {
    firstVisibleRow(count: count) + listRows > count
  }
}

/// The help line at the bottom of every screen, in English.
public let keyHelp = "r refresh · m more · d dismiss · f failures · c cancel · ↑/↓ scroll · q quit"

private let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

/// Renders a presentation of the countries list as the text of one screen.
///
/// A pure function: the same presentation and context always give the same text, which is
/// what the tests and the `--script` transcript compare. Every decision (blocking progress or
/// content, banner, refresh indicator, footer, nothing at all during a first load's delay) is
/// read off the presentation and the context's ``ScreenContext/progress``; this only maps it to
/// lines, in the language of ``ScreenContext/strings``.
public func render<Items: Collection>(
  _ presentation: Presentation<Items, any Error>, context: ScreenContext
) -> String where Items.Element == Country {
  var screen = ScreenWriter(context: context)
  let spinner = spinnerFrames[context.spinnerFrame % spinnerFrames.count]
  let strings = context.strings
  let defaults = strings.defaults

  var title = strings.string(.title)
  if let items = presentation.content, !presentation.isPlaceholder {
    title += " · " + strings.loadedCount(items.count)
    if let loadedAt = context.loadedAt {
      title += " · " + defaults.updated(at: loadedAt, now: context.now)
    }
  }
  title += " · \(context.source)"
  let failures = strings.string(context.injectsFailures ? .failuresOn : .failuresOff)
  screen.line(
    title, padTo: context.width - ScreenWriter.cells(failures) - 1, then: " " + failures,
    style: .bold)

  if presentation.isRefreshing {
    screen.line("\(spinner) " + strings.string(.refreshing), style: .yellow)
  }
  if let banner = presentation.banner {
    var headline = "! " + defaults.refreshFailed
    if let loadedAt = context.loadedAt {
      headline += " · " + defaults.showingData(loadedAt: loadedAt, now: context.now)
    }
    screen.line(headline, style: .red)
    screen.wrapped(defaults.message(for: banner), indent: "  ", style: .red)
    screen.line("  " + strings.string(.bannerKeys), style: .red)
  }
  screen.rule()

  switch presentation.body {
  case .idle:
    // During a first load's delay nothing shows: no spinner, and no "nothing loaded" either.
    screen.line(context.progress == .nothing ? "" : strings.string(.nothingLoaded), style: .dim)
  case .progress:
    screen.line("\(spinner) " + strings.string(.loadingCountries), style: .yellow)
  case .empty:
    screen.line(strings.string(.noCountries), style: .dim)
  case .failure(let error, let isRetrying):
    screen.line("✗ " + strings.string(.couldNotLoad), style: .red)
    screen.wrapped(defaults.message(for: error), indent: "  ", style: .red)
    screen.line("")
    if isRetrying {
      screen.line("\(spinner) " + strings.string(.retrying), style: .yellow)
    } else {
      screen.line(strings.string(.pressRToRetry), style: .bold)
    }
  case .content(let items, let isPlaceholder):
    let first = context.firstVisibleRow(count: items.count)
    var row = 0
    for country in items.dropFirst(first).prefix(context.listRows) {
      screen.line(
        countryRow(country, isPlaceholder: isPlaceholder), style: isPlaceholder ? .dim : nil)
      row += 1
    }
    if row < context.listRows, !isPlaceholder {
      switch presentation.footer {
      case .none:
        break
      case .loading:
        screen.line("  \(spinner) " + defaults.loadingMore, style: .yellow)
      case .failed(let error):
        screen.line("  ✗ " + strings.string(.couldNotLoadMore), style: .red)
        screen.wrapped(defaults.message(for: error), indent: "    ", style: .red)
      case .endOfList:
        screen.line("  — " + strings.endOfList(count: items.count) + " —", style: .dim)
      }
    }
    if items.count > context.listRows {
      let last = min(items.count, first + context.listRows)
      screen.line("  " + strings.rows(first: first + 1, last: last, of: items.count), style: .dim)
    }
  }

  screen.rule()
  if let message = context.message {
    screen.line(message, style: .bold)
  }
  if let announcement = context.announcement {
    screen.line(announcement, style: .dim)
  }
  screen.line(strings.string(.keyHelp), style: .dim)
  return screen.text
}

/// One list row: flag, name and ISO codes; a placeholder row keeps the shape with blocks.
func countryRow(_ country: Country, isPlaceholder: Bool) -> String {
  if isPlaceholder {
    return "  ▒▒  " + String(repeating: "▒", count: min(country.name.count, 30))
  }
  let name = country.name.count > 44 ? String(country.name.prefix(43)) + "…" : country.name
  let padding = String(repeating: " ", count: max(1, 46 - name.count))
  return "  \(country.flag)  \(name)\(padding)\(country.alpha2)  \(country.alpha3)"
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}

/// The message of an error, on one line.
func describe(_ error: any Error) -> String {
  String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
}

/// Collects the lines of a screen, cutting them to the width and styling them when asked.
private struct ScreenWriter {
  enum Style { case bold, dim, red, yellow }

  let context: ScreenContext
  private(set) var text = ""

  init(context: ScreenContext) {
    self.context = context
  }

  mutating func line(_ content: String, style: Style? = nil) {
    let cut = Self.cut(content, to: context.width)
    text += apply(style, to: cut) + "\n"
  }

  /// A line with `content` padded or cut to `width`, followed by `suffix`.
  mutating func line(_ content: String, padTo width: Int, then suffix: String, style: Style) {
    let cut = Self.cut(content, to: max(1, width))
    let padding = String(repeating: " ", count: max(0, width - Self.cells(cut)))
    text += apply(style, to: cut) + padding + suffix + "\n"
  }

  /// The text wrapped at spaces (or anywhere in a long word) over at most `maxLines` lines.
  mutating func wrapped(_ content: String, indent: String, maxLines: Int = 3, style: Style) {
    let width = max(10, context.width - indent.count)
    var lines: [String] = []
    var rest = Substring(content)
    while !rest.isEmpty, lines.count < maxLines {
      if rest.count <= width || lines.count == maxLines - 1 {
        lines.append(String(rest))
        break
      }
      let window = rest.prefix(width)
      let breakAt = window.lastIndex(of: " ").map { rest.index(after: $0) } ?? window.endIndex
      lines.append(String(rest[..<breakAt]).trimmingTrailingSpaces())
      rest = rest[breakAt...]
    }
    for line in lines {
      self.line(indent + line, style: style)
    }
  }

  mutating func rule() {
    text += apply(.dim, to: String(repeating: "─", count: context.width)) + "\n"
  }

  private func apply(_ style: Style?, to content: String) -> String {
    guard context.isStyled, let style else { return content }
    switch style {
    case .bold: return ANSI.bold(content)
    case .dim: return ANSI.dim(content)
    case .red: return ANSI.red(content)
    case .yellow: return ANSI.yellow(content)
    }
  }

  /// The terminal cells a string takes: a flag (two regional indicators) takes two.
  static func cells(_ content: String) -> Int {
    content.reduce(0) { total, character in
      let isFlag = character.unicodeScalars.first.map { (0x1F1E6...0x1F1FF).contains($0.value) }
      return total + (isFlag == true ? 2 : 1)
    }
  }

  static func cut(_ content: String, to width: Int) -> String {
    guard cells(content) > width else { return content }
    var result = ""
    var used = 0
    for character in content {
      let size = cells(String(character))
      if used + size > width - 1 { break }
      result.append(character)
      used += size
    }
    return result + "…"
  }
}
