import AsyncContentCore
import Foundation
import Testing

/// The generated parts of the docs: the state diagrams (from ``PhaseDiagram``) and the
/// transition tables (from the table test's rows, which the table test holds the code to).
///
/// Each part follows a marker comment in the Markdown file: a fenced block (the diagrams) or a
/// table that ends at the first blank line.
enum PhaseDocs {
  static let loadDiagramMarker = "<!-- phase-diagram -->"
  static let pagedDiagramMarker = "<!-- phase-diagram: paged -->"
  static let loadTableMarker = "<!-- transition-table -->"
  static let pagedTableMarker = "<!-- transition-table: paged -->"

  /// The text each marker must be followed by.
  static var sections: [String: String] {
    [
      loadDiagramMarker: "```mermaid\n\(PhaseDiagram.loadPhase)\n```",
      pagedDiagramMarker: "```mermaid\n\(PhaseDiagram.pagedPhase)\n```",
      loadTableMarker: table(TransitionTable.load, kinds: PhaseKind.loadCases),
      pagedTableMarker: table(TransitionTable.paged, kinds: PhaseKind.allCases),
    ]
  }

  /// How a payload reads in the docs: `v` and `e` are what a phase holds, `v′` and `e′` what
  /// an event brings.
  private static func symbol(_ value: [Int]) -> String {
    switch value {
    case PhaseFixture.value: "v"
    case PhaseFixture.newValue: "v′"
    case PhaseFixture.value + PhaseFixture.page: "v + page"
    default: "\(value)"
    }
  }

  private static func symbol(_ error: PhaseTestError) -> String {
    switch error {
    case PhaseFixture.error: "e"
    case PhaseFixture.newError: "e′"
    default: "\(error)"
    }
  }

  static func symbol(_ phase: some AsyncPhase<[Int], PhaseTestError>) -> String {
    let payload = [phase.value.map(symbol), phase.error.map(symbol)].compactMap { $0 }
    return payload.isEmpty ? "\(phase.kind)" : "\(phase.kind)(\(payload.joined(separator: ", ")))"
  }

  private static func header(_ event: PhaseEvent) -> String {
    switch event {
    case .startLoading: "`startLoading()`"
    case .succeed: "`succeed(v′)`"
    case .fail: "`fail(e′)`"
    case .cancel: "`cancel()`"
    case .reset: "`reset()`"
    case .dismissError: "`dismissError()`"
    case .startLoadingMore: "`startLoadingMore()`"
    case .finishLoadingMore: "`finishLoadingMore(page)`"
    case .failLoadingMore: "`failLoadingMore(e′)`"
    case .cancelLoadingMore: "`cancelLoadingMore()`"
    }
  }

  private static func cell<Phase: AsyncPhase<[Int], PhaseTestError>>(
    _ row: TransitionRow<Phase>
  )
    -> String
  {
    guard row.to == row.from else { return "`\(symbol(row.to))`" }
    return switch row.returns {
    case .start(.alreadyLoading), .loadMore(.alreadyLoadingMore): "— (joins)"
    case .loadMore(.unavailable): "— (unavailable)"
    case .changed(false) where row.event == .finishLoadingMore: "— (page dropped)"
    case .changed(false) where row.event == .failLoadingMore || row.event == .cancelLoadingMore:
      "— (dropped)"
    default: "—"
    }
  }

  /// A Markdown table: one line per phase, one column per event.
  static func table<Phase: AsyncPhase<[Int], PhaseTestError>>(
    _ rows: [TransitionRow<Phase>], kinds: [PhaseKind]
  ) -> String {
    let events = PhaseEvent.allCases.filter { event in rows.contains { $0.event == event } }
    var lines = [
      "| Phase | " + events.map(header).joined(separator: " | ") + " |",
      "|---|" + String(repeating: "---|", count: events.count),
    ]
    for kind in kinds {
      let kindRows = rows.filter { $0.from.kind == kind }
      guard let from = kindRows.first?.from else { continue }
      let cells = events.map { event in kindRows.first { $0.event == event }.map(cell) ?? "?" }
      lines.append("| `\(symbol(from))` | " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// The result of comparing a Markdown text with the generated sections.
  struct Comparison {
    /// The text with every marked section replaced by the generated one.
    var updated: String
    /// The markers whose section differs from the generated text.
    var outdated: [String] = []
    /// The markers found.
    var found: Set<String> = []
    /// Mermaid state diagrams that follow no marker, so no test guards them.
    var unguardedDiagrams = 0
  }

  /// Compares the sections after each marker in `text` with `sections`.
  static func compare(_ text: String, with sections: [String: String]) -> Comparison {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var output: [String] = []
    var comparison = Comparison(updated: "")
    var index = 0
    var previous = ""  // the last non-blank line, to find unguarded diagrams
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let expected = sections[trimmed] {
        comparison.found.insert(trimmed)
        output.append(line)
        // The section: a fenced block, or the lines up to the first blank line.
        var end = index + 1
        if end < lines.count, lines[end].hasPrefix("```") {
          end += 1
          while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
            end += 1
          }
          end = min(end + 1, lines.count)
        } else {
          while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).isEmpty {
            end += 1
          }
        }
        let committed = lines[(index + 1)..<end].joined(separator: "\n")
        if committed != expected { comparison.outdated.append(trimmed) }
        output.append(expected)
        previous = ""  // a block after this section follows no marker
        index = end
        continue
      }
      if trimmed == "```mermaid", index + 1 < lines.count,
        lines[index + 1].trimmingCharacters(in: .whitespaces) == "stateDiagram-v2",
        !sections.keys.contains(previous)
      {
        comparison.unguardedDiagrams += 1
      }
      if !trimmed.isEmpty { previous = trimmed }
      output.append(line)
      index += 1
    }
    comparison.updated = output.joined(separator: "\n")
    return comparison
  }
}

@Suite("Diagram")
struct DiagramTests {
  /// The package root: this file is `Tests/AsyncContentCoreTests/DiagramTests.swift`.
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  private static let articlePath =
    "Sources/AsyncContentCore/AsyncContentCore.docc/PhasesAndTransitions.md"
  private static let regenerate =
    "Regenerate it with `UPDATE_DIAGRAMS=1 swift test --filter DiagramTests` and commit the result."
  private static var updating: Bool {
    ProcessInfo.processInfo.environment["UPDATE_DIAGRAMS"] == "1"
  }

  /// Checks the generated sections of the file at `path`, or rewrites them when
  /// `UPDATE_DIAGRAMS=1`. Returns the markers found.
  private func check(
    _ path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws
    -> Set<String>
  {
    let url = Self.root.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    let comparison = PhaseDocs.compare(text, with: PhaseDocs.sections)
    if Self.updating {
      if comparison.updated != text {
        try comparison.updated.write(to: url, atomically: true, encoding: .utf8)
      }
    } else {
      for marker in comparison.outdated {
        Issue.record(
          "\(path): the section after \(marker) differs from what the code generates. \(Self.regenerate)",
          sourceLocation: sourceLocation)
      }
    }
    #expect(
      comparison.unguardedDiagrams == 0,
      "\(path) has a Mermaid state diagram without a marker comment (\(PhaseDocs.loadDiagramMarker) or \(PhaseDocs.pagedDiagramMarker)) before it, so no test guards it.",
      sourceLocation: sourceLocation)
    return comparison.found
  }

  @Test func articleMatchesTheCode() throws {
    let found = try check(Self.articlePath)
    #expect(found == Set(PhaseDocs.sections.keys), "markers missing from \(Self.articlePath)")
  }

  /// The README shows the diagram after `<!-- phase-diagram -->` once it has one.
  @Test func readmeMatchesTheCode() throws {
    let readme = Self.root.appendingPathComponent("README.md")
    guard FileManager.default.fileExists(atPath: readme.path) else { return }
    _ = try check("README.md")
  }

  @Test func diagramsAreGeneratedFromEveryPhase() {
    let load = PhaseDiagram.loadPhase
    let paged = PhaseDiagram.pagedPhase
    #expect(load.hasPrefix("stateDiagram-v2\n    [*] --> idle\n"))
    #expect(load.contains("    idle --> loading: startLoading"))
    #expect(!load.contains("loadingMore"))
    #expect(
      paged.contains(
        "    loadingMore --> loaded: succeed, cancel, finishLoadingMore, cancelLoadingMore"))
    #expect(paged.contains("    loadingMore --> loadMoreFailed: fail, failLoadingMore"))
    #expect(load.contains("    reloadFailed --> loaded: dismissError"))
    #expect(paged.contains("    loadMoreFailed --> loadingMore: startLoadingMore"))
    for kind in PhaseKind.allCases {
      #expect(paged.contains("    \(kind) --> "), "\(kind) has no way out in the paged diagram")
    }
    #expect(load == PhaseDiagram.loadPhase, "the diagram is not deterministic")
  }

  @Test func comparisonFindsAndReplacesOutdatedSections() {
    let sections = [
      "<!-- d -->": "```mermaid\nstateDiagram-v2\n    a --> b\n```", "<!-- t -->": "| a |\n|---|",
    ]
    let current = """
      # Title
      <!-- d -->
      ```mermaid
      stateDiagram-v2
          a --> b
      ```
      <!-- t -->
      | a |
      |---|

      End
      """
    let same = PhaseDocs.compare(current, with: sections)
    #expect(same.outdated.isEmpty)
    #expect(same.found == ["<!-- d -->", "<!-- t -->"])
    #expect(same.updated == current)

    let stale = current.replacingOccurrences(of: "a --> b", with: "a --> c")
      .replacingOccurrences(of: "| a |", with: "| z |")
    let compared = PhaseDocs.compare(stale, with: sections)
    #expect(compared.outdated == ["<!-- d -->", "<!-- t -->"])
    #expect(compared.updated == current)

    let unguarded = PhaseDocs.compare("```mermaid\nstateDiagram-v2\n```", with: sections)
    #expect(unguarded.unguardedDiagrams == 1)
    #expect(unguarded.found.isEmpty)
    let second = PhaseDocs.compare(
      current + "\n```mermaid\nstateDiagram-v2\n    x --> y\n```", with: sections)
    #expect(second.unguardedDiagrams == 1)
    #expect(same.unguardedDiagrams == 0)
  }

  @Test func tableCellsNamePayloads() {
    let table = PhaseDocs.table(TransitionTable.load, kinds: PhaseKind.loadCases)
    #expect(
      table.split(separator: "\n").contains(
        "| `reloadFailed(v, e)` | `reloading(v)` | `loaded(v′)` | `reloadFailed(v, e′)` | — | `idle` | `loaded(v)` |"
      ))
    #expect(table.split(separator: "\n").count == 2 + 7)
  }
}
