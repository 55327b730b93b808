import AsyncContentCore
import Foundation
import Testing

/// The generated parts of the docs: the state diagrams (from ``PhaseDiagram``) and the
/// transition tables (from the table test's rows, which the table test holds the code to).
///
/// Each part follows a marker comment in the Markdown file: a fenced block (the Mermaid
/// diagrams, which GitHub draws in the README), or lines that end at the first blank line (the
/// tables, and the `@Image` directives that show the rendered diagrams in DocC, which draws no
/// Mermaid). The images' DOT sources sit in the catalog's resources, next to their SVGs.
enum PhaseDocs {
  static let loadDiagramMarker = "<!-- phase-diagram -->"
  static let pagedDiagramMarker = "<!-- phase-diagram: paged -->"
  static let loadImageMarker = "<!-- phase-diagram-image -->"
  static let pagedImageMarker = "<!-- phase-diagram-image: paged -->"
  static let loadTableMarker = "<!-- transition-table -->"
  static let pagedTableMarker = "<!-- transition-table: paged -->"

  /// The markers the README has: the Mermaid diagrams.
  static let readmeMarkers: Set = [loadDiagramMarker, pagedDiagramMarker]
  /// The markers the DocC article has: the images and the tables.
  static let articleMarkers: Set = [
    loadImageMarker, pagedImageMarker, loadTableMarker, pagedTableMarker,
  ]

  /// The text each marker must be followed by.
  static var sections: [String: String] {
    [
      loadDiagramMarker: "```mermaid\n\(PhaseDiagram.mermaid(.load))\n```",
      pagedDiagramMarker: "```mermaid\n\(PhaseDiagram.mermaid(.paged))\n```",
      loadImageMarker: image(.load),
      pagedImageMarker: image(.paged),
      loadTableMarker: table(TransitionTable.load, kinds: PhaseKind.loadCases),
      pagedTableMarker: table(TransitionTable.paged, kinds: PhaseKind.allCases),
    ]
  }

  /// The catalog's resources, relative to the package root.
  static let resourcesPath = "Sources/AsyncContentCore/AsyncContentCore.docc/Resources"

  /// The image's name in the catalog: DocC picks `name.svg` or, in dark mode, `name~dark.svg`.
  static func imageName(_ machine: PhaseDiagram.Machine) -> String {
    "\(machine.rawValue)-phase-diagram"
  }

  /// The file name of the DOT source of one appearance of the image (the SVG's is the same with
  /// `.svg`).
  static func dotFileName(
    _ machine: PhaseDiagram.Machine, _ appearance: PhaseDiagram.Appearance
  ) -> String {
    imageName(machine) + (appearance == .dark ? "~dark" : "") + ".dot"
  }

  /// The `@Image` directive that shows the rendered diagram, with the diagram in words as its
  /// alternative text.
  static func image(_ machine: PhaseDiagram.Machine) -> String {
    """
    @Image(source: "\(imageName(machine)).svg", alt: "\(PhaseDiagram.summary(machine))") {
      The state diagram of ``\(machine.typeName)``, generated from its transition functions. \
    Dashed, shaded boxes are phases in which a load runs.
    }
    """
  }

  /// How a payload reads in the docs: `v` and `e` are what a phase holds, `v′` and `e′` what
  /// an event brings, `v + page` a page appended and `page + v` a page put in front.
  private static func symbol(_ value: [Int]) -> String {
    switch value {
    case PhaseFixture.value: "v"
    case PhaseFixture.newValue: "v′"
    case PhaseFixture.value + PhaseFixture.page: "v + page"
    case PhaseFixture.page + PhaseFixture.value: "page + v"
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
    case .startLoadingPrevious: "`startLoadingPrevious()`"
    case .finishLoadingPrevious: "`finishLoadingPrevious(page)`"
    case .failLoadingPrevious: "`failLoadingPrevious(e′)`"
    case .cancelLoadingPrevious: "`cancelLoadingPrevious()`"
    }
  }

  private static func cell<Phase: AsyncPhase<[Int], PhaseTestError>>(
    _ row: TransitionRow<Phase>
  )
    -> String
  {
    guard row.to == row.from else { return "`\(symbol(row.to))`" }
    return switch row.returns {
    case .start(.alreadyLoading), .loadMore(.alreadyLoading): "— (joins)"
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
  private static let root = Repository.root
  private static let articlePath =
    "Sources/AsyncContentCore/AsyncContentCore.docc/PhasesAndTransitions.md"
  private static let regenerate =
    "Regenerate it with `UPDATE_DIAGRAMS=1 swift test --filter DiagramTests`, render the images with `Scripts/render-diagrams.sh`, and commit the result."
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
    #expect(found == PhaseDocs.articleMarkers, "markers missing from \(Self.articlePath)")
    // DocC shows a Mermaid block as a code listing (its renderer has no Mermaid), so the
    // article shows the rendered images instead.
    let text = try String(
      contentsOf: Self.root.appendingPathComponent(Self.articlePath), encoding: .utf8)
    #expect(
      !text.contains("```mermaid"),
      "\(Self.articlePath) has a Mermaid block, which DocC shows as text; use \(PhaseDocs.loadImageMarker) or \(PhaseDocs.pagedImageMarker)."
    )
  }

  /// The README shows the Mermaid diagrams, which GitHub draws.
  @Test func readmeMatchesTheCode() throws {
    let found = try check("README.md")
    #expect(found == PhaseDocs.readmeMarkers, "markers missing from README.md")
  }

  /// The DOT sources in the catalog's resources are what the code generates now. The SVGs
  /// rendered from them are held to the DOT sources byte for byte by `.ci/docs` (which runs
  /// `Scripts/render-diagrams.sh --check` with the pinned Graphviz), and here, without
  /// Graphviz, by what they draw: the same phases, arrows and labels.
  @Test func diagramSourcesMatchTheCode() throws {
    let resources = Self.root.appendingPathComponent(PhaseDocs.resourcesPath)
    var expected: Set<String> = []
    for machine in PhaseDiagram.Machine.allCases {
      for appearance in PhaseDiagram.Appearance.allCases {
        let name = PhaseDocs.dotFileName(machine, appearance)
        expected.insert(name)
        let url = resources.appendingPathComponent(name)
        let generated = PhaseDiagram.dot(machine, appearance: appearance)
        let committed = try? String(contentsOf: url, encoding: .utf8)
        if Self.updating {
          if committed != generated {
            try generated.write(to: url, atomically: true, encoding: .utf8)
          }
          continue
        }
        guard let committed else {
          Issue.record("\(PhaseDocs.resourcesPath)/\(name) is missing. \(Self.regenerate)")
          continue
        }
        #expect(
          committed == generated,
          "\(PhaseDocs.resourcesPath)/\(name) differs from what the code generates. \(Self.regenerate)"
        )
        let svgName = name.replacingOccurrences(of: ".dot", with: ".svg")
        guard
          let svg = try? String(
            contentsOf: resources.appendingPathComponent(svgName), encoding: .utf8)
        else {
          Issue.record(
            "\(PhaseDocs.resourcesPath)/\(svgName) is missing. Render it with `Scripts/render-diagrams.sh`."
          )
          continue
        }
        #expect(
          SVGDrawing(svg) == SVGDrawing(dot: generated),
          "\(PhaseDocs.resourcesPath)/\(svgName) draws something else than \(name). Render it with `Scripts/render-diagrams.sh`."
        )
      }
    }
    // No other diagram source hides in the resources, unguarded.
    let dotFiles = try FileManager.default.contentsOfDirectory(atPath: resources.path)
      .filter { $0.hasSuffix(".dot") }
    #expect(Set(dotFiles) == expected)
  }

  @Test func diagramsAreGeneratedFromEveryPhase() {
    let load = PhaseDiagram.mermaid(.load)
    let paged = PhaseDiagram.mermaid(.paged)
    #expect(load == PhaseDiagram.loadPhase)
    #expect(paged == PhaseDiagram.pagedPhase)
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

  /// The DOT and Mermaid renderings draw the same arrows with the same events, and the DOT
  /// marks the phases in which a load runs.
  @Test func dotAgreesWithMermaid() {
    for machine in PhaseDiagram.Machine.allCases {
      let mermaid = PhaseDiagram.mermaid(machine).split(separator: "\n").compactMap { line in
        line.contains(": ") && line.contains(" --> ")
          ? line.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: " --> ", with: "->").replacingOccurrences(of: ", ", with: " ")
          : nil
      }
      #expect(mermaid.count >= 11, "\(machine): the Mermaid arrows were not found")
      for appearance in PhaseDiagram.Appearance.allCases {
        let dot = PhaseDiagram.dot(machine, appearance: appearance)
        let arrows = dot.split(separator: "\n").compactMap { line -> String? in
          guard line.contains(" -> "), let label = line.range(of: "[label=\"") else { return nil }
          let ends = line[..<label.lowerBound].trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: " -> ", with: "->")
          let events = line[label.upperBound...].prefix { $0 != "\"" }
          return ends + ": " + events.replacingOccurrences(of: "\\n", with: " ")
        }
        #expect(arrows == mermaid, "\(machine), \(appearance)")
        for kind in machine.kinds {
          #expect(
            dot.contains("  \(kind) [style=\"rounded,dashed,filled\"") == kind.isLoading,
            "\(kind) in the \(machine) diagram")
        }
        #expect(dot.contains("  idle -> reset [style=dashed, arrowhead=none];"))
        #expect(!dot.contains("-> idle [label=\"reset"), "reset is a note, not an arrow")
      }
    }
    #expect(
      PhaseDiagram.summary(.paged).contains(
        "From loadingMore, startLoading leads to reloading; succeed, cancel, finishLoadingMore or cancelLoadingMore leads to loaded;"
      ))
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

/// What an SVG rendered by Graphviz draws, read from its `<title>` and `<text>` elements: the
/// nodes and edges (Graphviz titles them `name` and `from->to`) and every line of text. The same
/// drawing is read from the DOT source, so a test without Graphviz notices an SVG left behind by
/// its source.
struct SVGDrawing: Equatable {
  var nodes: Set<String> = []
  var edges: Set<String> = []
  var texts: [String] = []

  init(_ svg: String) {
    let unescaped = { (text: Substring) in
      text.replacingOccurrences(of: "&#45;", with: "-").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&amp;", with: "&")
    }
    // Every node and edge is a `<g class="node|edge">` whose first child is its `<title>`.
    var kind: Substring?
    for line in svg.split(separator: "\n") {
      if line.hasPrefix("<g id=\""), let range = line.range(of: "class=\"") {
        kind = line[range.upperBound...].prefix { $0 != "\"" }
      } else if line.hasPrefix("<title>"), line.hasSuffix("</title>"), let current = kind {
        let title = unescaped(line.dropFirst("<title>".count).dropLast("</title>".count))
        if current == "node" {
          nodes.insert(title)
        } else if current == "edge" {
          edges.insert(title)
        }
        kind = nil
      }
      if line.hasPrefix("<text"), line.hasSuffix("</text>"), let start = line.firstIndex(of: ">") {
        texts.append(unescaped(line[line.index(after: start)...].dropLast("</text>".count)))
      }
    }
    texts.sort()
  }

  /// Reads the drawing from the DOT that ``PhaseDiagram/dot(_:appearance:)`` writes: one
  /// statement a line, `name [attributes];` for a node and `from -> to [attributes];` for an
  /// edge; a node without a `label` shows its name.
  init(dot: String) {
    func label(_ statement: Substring) -> String? {
      guard let range = statement.range(of: "label=\"") else { return nil }
      return String(statement[range.upperBound...].prefix { $0 != "\"" })
    }
    var labels: [String: String] = [:]
    for line in dot.split(separator: "\n") {
      let statement = line.trimmingCharacters(in: .whitespaces)
      guard !statement.hasPrefix("//"), !statement.hasPrefix("{"), statement.hasSuffix(";")
      else { continue }
      let head = statement.prefix { $0 != " " && $0 != ";" }
      guard !["graph", "node", "edge"].contains(head) else { continue }
      if statement.dropFirst(head.count).hasPrefix(" -> ") {
        let rest = statement.dropFirst(head.count + 4)
        let to = rest.prefix { $0 != " " && $0 != ";" }
        edges.insert("\(head)->\(to)")
        for name in [String(head), String(to)] where labels[name] == nil { labels[name] = name }
        if let text = label(Substring(statement)) { texts += Self.lines(text) }
      } else {
        labels[String(head)] = label(Substring(statement)) ?? String(head)
      }
    }
    nodes = Set(labels.keys)
    texts += labels.values.flatMap(Self.lines)
    texts.sort()
  }

  /// The lines of a DOT label (`\n` separates them); an empty label draws no text.
  private static func lines(_ label: String) -> [String] {
    label.isEmpty ? [] : label.components(separatedBy: "\\n")
  }
}
