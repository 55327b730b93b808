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
  package var progress: ProgressDisplay
  /// What VoiceOver would announce for the last change, already in words; `nil` for nothing.
  public var announcement: String?
  /// The index of the list's selected row, marked with `▸`; `nil` marks none.
  public var selection: Int?
  /// The new name typed so far while a country is renamed; `nil` when no name is typed.
  public var editingName: String?
  /// The store inspector's rows, shown under the screen; `nil` hides the inspector.
  public var inspector: [InspectorRow]?
  /// Whether the server is down (the `o` key), shown in the title line.
  public var isServerDown: Bool

  package init(
    source: String, width: Int = 80, listRows: Int = 10, scroll: Scroll = .top(0),
    spinnerFrame: Int = 0, injectsFailures: Bool = false, message: String? = nil,
    isStyled: Bool = false, strings: DemoStrings = DemoStrings(language: "en"),
    loadedAt: Date? = nil, now: Date = Date(), progress: ProgressDisplay = .source,
    announcement: String? = nil, selection: Int? = nil, editingName: String? = nil,
    inspector: [InspectorRow]? = nil, isServerDown: Bool = false
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
    self.selection = selection
    self.editingName = editingName
    self.inspector = inspector
    self.isServerDown = isServerDown
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

extension AsyncPhase {
  /// The presentation of the phase, calmed by `progress`, that says whether its load waits for
  /// the network: a first load that waits says so at once, as no request is out.
  func presentation(
    hasMore: Bool? = nil, isWaitingForNetwork: Bool, progress: ProgressDisplay
  ) -> Presentation<Value, Failure> {
    var shown = presentation(hasMore: hasMore, progress: progress)
    shown.isWaitingForNetwork =
      presentation(hasMore: hasMore, isWaitingForNetwork: isWaitingForNetwork)
      .isWaitingForNetwork
    return shown
  }
}

/// The first help line of the list screen, in English.
public let keyHelp = "↑/↓ select · ⏎ open · r refresh · m more · d dismiss · c cancel"

/// The help line under the list's and the detail's, in English: the keys every screen has.
public let commonKeyHelp = "f failures · o server · i inspector · q quit"

private let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

/// The mark of a load that waits for the network: it does not spin, as nothing is sent.
private let waitingMark = "⏸"

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
  var screen = ScreenWriter(
    context: context, presentation: presentation, bannerKeys: .bannerKeys,
    subtitle: { " · " + context.strings.loadedCount($0.count) })
  let spinner = screen.spinner
  let strings = context.strings
  let defaults = strings.defaults

  switch presentation.body {
  case .idle where presentation.isWaitingForNetwork, .progress:
    screen.firstLoad(.loadingCountries, isWaitingForNetwork: presentation.isWaitingForNetwork)
  case .idle:
    // During a first load's delay nothing shows: no spinner, and no "nothing loaded" either.
    screen.line(context.progress == .nothing ? "" : strings.string(.nothingLoaded), style: .dim)
  case .empty:
    screen.line(strings.string(.noCountries), style: .dim)
  case .failure(let error, let isRetrying):
    screen.failure(error, isRetrying: isRetrying, title: .couldNotLoad, retryHint: .pressRToRetry)
  case .content(let items, let isPlaceholder):
    let first = context.firstVisibleRow(count: items.count)
    var row = 0
    for country in items.dropFirst(first).prefix(context.listRows) {
      let isSelected = !isPlaceholder && context.selection == first + row
      screen.line(
        countryRow(country, isPlaceholder: isPlaceholder, isSelected: isSelected),
        style: isPlaceholder ? .dim : isSelected ? .inverse : nil)
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

  screen.footer(help: [strings.string(.keyHelp), strings.string(.commonKeyHelp)])
  return screen.text
}

/// Renders a presentation of one country's detail as the text of one screen, as
/// ``render(_:context:)`` does for the list: a stale country that revalidates shows with the
/// refresh indicator, a failed revalidation with the banner over the country that stays.
///
/// While ``ScreenContext/editingName`` is set, the line where the new name is typed shows under
/// the country, and the help line is the rename's.
public func renderDetail(
  _ presentation: Presentation<Country, any Error>, context: ScreenContext
) -> String {
  var screen = ScreenWriter(
    context: context, presentation: presentation, bannerKeys: .detailBannerKeys,
    subtitle: { " › " + $0.name })
  let strings = context.strings

  switch presentation.body {
  case .idle where presentation.isWaitingForNetwork, .progress:
    screen.firstLoad(.loadingCountry, isWaitingForNetwork: presentation.isWaitingForNetwork)
  case .idle, .empty:
    screen.line(context.progress == .nothing ? "" : strings.string(.countryNotLoaded), style: .dim)
  case .failure(let error, let isRetrying):
    screen.failure(
      error, isRetrying: isRetrying, title: .couldNotLoadCountry, retryHint: .pressEnterToRetry)
  case .content(let country, let isPlaceholder):
    screen.line(
      countryRow(country, isPlaceholder: isPlaceholder, codes: false),
      style: isPlaceholder ? .dim : .bold)
    screen.line("")
    let labels = [
      (strings.string(.alpha2Code), country.alpha2), (strings.string(.alpha3Code), country.alpha3),
      (strings.string(.numericCode), numericCode(country.id)),
    ]
    let width = labels.map { ScreenWriter.cells($0.0) }.max() ?? 0
    for (label, value) in labels {
      screen.line("    " + ScreenWriter.padded(label, to: width) + "  " + value)
    }
    if let editingName = context.editingName {
      screen.line("")
      screen.line("  " + strings.newName(editingName + "▏"), style: .bold)
    }
  }

  screen.footer(
    help: context.editingName != nil
      ? [strings.string(.renameKeyHelp)]
      : [strings.string(.detailKeyHelp), strings.string(.commonKeyHelp)])
  return screen.text
}

/// The ISO 3166-1 numeric code with its leading zeros: `040` for Austria.
func numericCode(_ id: Int) -> String {
  let digits = String(id)
  return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}

/// One list row: flag, name and ISO codes; a placeholder row keeps the shape with blocks. The
/// selected row starts with `▸`.
func countryRow(
  _ country: Country, isPlaceholder: Bool, isSelected: Bool = false, codes: Bool = true
) -> String {
  let lead = isSelected ? "▸ " : "  "
  if isPlaceholder {
    return lead + "▒▒  " + String(repeating: "▒", count: min(country.name.count, 30))
  }
  guard codes else { return "\(lead)\(country.flag)  \(country.name)" }
  let name = country.name.count > 44 ? String(country.name.prefix(43)) + "…" : country.name
  let padding = String(repeating: " ", count: max(1, 46 - ScreenWriter.cells(name)))
  return "\(lead)\(country.flag)  \(name)\(padding)\(country.alpha2)  \(country.alpha3)"
}

/// The lines of the store inspector: its title, the headings and one row per entry, in
/// columns as wide as their widest text.
func inspectorLines(_ rows: [InspectorRow], strings: DemoStrings) -> [String] {
  var lines = [strings.inspectorTitle(count: rows.count)]
  guard !rows.isEmpty else { return lines + ["  " + strings.string(.inspectorEmpty)] }
  let headings = [
    strings.string(.inspectorKey), strings.string(.inspectorPhase), strings.string(.inspectorAge),
    strings.string(.inspectorObservers), strings.string(.inspectorFailures),
  ]
  let cells = rows.map { row in
    var age = row.age.map(strings.secondsAgo) ?? "—"
    if row.isStale { age += " · " + strings.string(.inspectorStale) }
    return [row.key, row.kind.rawValue, age, String(row.observers), String(row.failures)]
  }
  let widths = headings.indices.map { column in
    ([headings] + cells).map { ScreenWriter.cells($0[column]) }.max() ?? 0
  }
  for line in [headings] + cells {
    let padded = zip(line, widths).map { ScreenWriter.padded($0, to: $1) }
    lines.append("  " + padded.joined(separator: "  ").trimmingTrailingSpaces())
  }
  return lines
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
  enum Style { case bold, dim, red, yellow, inverse }

  let context: ScreenContext
  private(set) var text = ""

  /// A screen that starts with its header: the title (with `subtitle` of the value and its age
  /// once loaded) and the failure switch, the refresh indicator, the banner, and a rule.
  init<Value>(
    context: ScreenContext, presentation: Presentation<Value, any Error>,
    bannerKeys: DemoStrings.Key, subtitle: (Value) -> String
  ) {
    self.context = context
    let strings = context.strings
    let defaults = strings.defaults
    var title = strings.string(.title)
    if let value = presentation.content, !presentation.isPlaceholder {
      title += subtitle(value)
      if let loadedAt = context.loadedAt {
        title += " · " + defaults.updated(at: loadedAt, now: context.now)
      }
    }
    var failures = strings.string(context.injectsFailures ? .failuresOn : .failuresOff)
    if context.isServerDown { failures = strings.string(.serverDownMark) + " " + failures }
    line(
      title + " · \(context.source)", padTo: context.width - Self.cells(failures) - 1,
      then: " " + failures, style: .bold)
    if presentation.isRefreshing, presentation.isWaitingForNetwork {
      line(waitingMark + " " + strings.string(.waitingForNetworkKept), style: .yellow)
    } else if presentation.isRefreshing {
      line("\(spinner) " + strings.string(.refreshing), style: .yellow)
    }
    if let banner = presentation.banner {
      var headline = "! " + defaults.refreshFailed
      if let loadedAt = context.loadedAt {
        headline += " · " + defaults.showingData(loadedAt: loadedAt, now: context.now)
      }
      line(headline, style: .red)
      wrapped(defaults.message(for: banner), indent: "  ", style: .red)
      line("  " + strings.string(bannerKeys), style: .red)
    }
    rule()
  }

  /// The frame of the spinners on this screen.
  var spinner: Character { spinnerFrames[context.spinnerFrame % spinnerFrames.count] }

  /// A first load: its spinner and `label`, or the mark of a wait for the network.
  mutating func firstLoad(_ label: DemoStrings.Key, isWaitingForNetwork: Bool) {
    if isWaitingForNetwork {
      line(waitingMark + " " + context.strings.string(.waitingForNetwork), style: .yellow)
    } else {
      line("\(spinner) " + context.strings.string(label), style: .yellow)
    }
  }

  /// A blocking failure: `title`, the error's message, and the retry's spinner or `retryHint`.
  mutating func failure(
    _ error: any Error, isRetrying: Bool, title: DemoStrings.Key, retryHint: DemoStrings.Key
  ) {
    let strings = context.strings
    line("✗ " + strings.string(title), style: .red)
    wrapped(strings.defaults.message(for: error), indent: "  ", style: .red)
    line("")
    if isRetrying {
      line("\(spinner) " + strings.string(.retrying), style: .yellow)
    } else {
      line(strings.string(retryHint), style: .bold)
    }
  }

  /// The rule under the screen's content, the inspector when it shows, the message, what
  /// VoiceOver says, and the help lines.
  mutating func footer(help: [String]) {
    rule()
    if let inspector = context.inspector {
      let lines = inspectorLines(inspector, strings: context.strings)
      for (index, text) in lines.enumerated() {
        line(text, style: index == 0 ? .bold : nil)
      }
      rule()
    }
    if let message = context.message {
      wrapped(message, indent: "", style: .bold)
    }
    if let announcement = context.announcement {
      line(announcement, style: .dim)
    }
    for text in help {
      line(text, style: .dim)
    }
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
    let width = max(10, context.width - Self.cells(indent))
    var lines: [String] = []
    var rest = Substring(content)
    while !rest.isEmpty, lines.count < maxLines {
      if Self.cells(String(rest)) <= width || lines.count == maxLines - 1 {
        lines.append(String(rest))
        break
      }
      let window = Self.prefix(of: rest, cells: width)
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
    case .inverse: return ANSI.inverse(content)
    }
  }

  /// The terminal cells a string takes: a flag (two regional indicators) and a wide East
  /// Asian character take two.
  static func cells(_ content: String) -> Int {
    content.reduce(0) { total, character in
      guard let scalar = character.unicodeScalars.first?.value else { return total }
      return total + (isWide(scalar) ? 2 : 1)
    }
  }

  /// Whether a character starting with `scalar` takes two cells: a flag, or a wide or
  /// full-width East Asian character (Hangul, CJK, kana, full-width forms).
  private static func isWide(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x1F1E6...0x1F1FF, 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6:
      true
    default:
      false
    }
  }

  /// The longest start of `text` that takes at most `width` cells.
  static func prefix(of text: Substring, cells width: Int) -> Substring {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      used += cells(String(text[index]))
      if used > width { break }
      end = text.index(after: index)
    }
    return text[..<end]
  }

  /// `content` followed by spaces up to `width` cells.
  static func padded(_ content: String, to width: Int) -> String {
    content + String(repeating: " ", count: max(0, width - cells(content)))
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
