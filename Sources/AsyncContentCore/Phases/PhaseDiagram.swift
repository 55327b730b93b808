/// The events a phase reacts to, named as in the state diagram and the transition table.
package enum PhaseEvent: String, CaseIterable, Sendable {
  case startLoading
  case succeed
  case fail
  case cancel
  case reset
  case dismissError
  case startLoadingMore
  case finishLoadingMore
  case failLoadingMore
  case cancelLoadingMore
  case startLoadingPrevious
  case finishLoadingPrevious
  case failLoadingPrevious
  case cancelLoadingPrevious

  /// The events a ``LoadPhase`` has.
  package static let loadEvents: [PhaseEvent] = [
    .startLoading, .succeed, .fail, .cancel, .reset, .dismissError,
  ]
}

/// The state diagrams of ``LoadPhase`` and ``PagedPhase``, made by running every event on a
/// sample phase of every kind: Mermaid for the README, Graphviz DOT for the DocC articles.
package enum PhaseDiagram {
  private struct SampleError: Error {}

  package static func sample(_ kind: PhaseKind) -> PagedPhase<[Int], any Error> {
    let error = SampleError()
    switch kind {
    case .idle: return .idle
    case .loading: return .loading
    case .loaded: return .loaded([1])
    case .failed: return .failed(error)
    case .reloading: return .reloading([1])
    case .retrying: return .retrying(error)
    case .reloadFailed: return .reloadFailed([1], error)
    case .loadingMore: return .loadingMore([1])
    case .loadMoreFailed: return .loadMoreFailed([1], error)
    case .loadingPrevious: return .loadingPrevious([1])
    case .loadPreviousFailed: return .loadPreviousFailed([1], error)
    }
  }

  package static func loadSample(_ kind: PhaseKind) -> LoadPhase<[Int], any Error> {
    switch sample(kind) {
    case .idle: .idle
    case .loading: .loading
    case .loaded(let value): .loaded(value)
    case .failed(let error): .failed(error)
    case .reloading(let value): .reloading(value)
    case .retrying(let error): .retrying(error)
    case .reloadFailed(let value, let error): .reloadFailed(value, error)
    case .loadingMore, .loadMoreFailed, .loadingPrevious, .loadPreviousFailed:
      preconditionFailure("\(kind) is not a load phase")
    }
  }

  /// Applies `event` to a ``LoadPhase``.
  package static func apply<Value, Failure>(
    _ event: PhaseEvent, to phase: inout LoadPhase<Value, Failure>, value: Value, error: Failure
  ) {
    applyLoadEvent(event, to: &phase, value: value, error: error)
  }

  /// Applies `event` to a ``PagedPhase``; `finishLoadingMore` appends `page` and
  /// `finishLoadingPrevious` puts it in front.
  package static func apply<Item, Failure>(
    _ event: PhaseEvent, to phase: inout PagedPhase<[Item], Failure>, value: [Item],
    page: [Item], error: Failure
  ) {
    guard !applyLoadEvent(event, to: &phase, value: value, error: error) else { return }
    switch event {
    case .startLoadingMore: phase.startLoadingMore()
    case .finishLoadingMore: phase.finishLoadingMore { $0.append(contentsOf: page) }
    case .failLoadingMore: phase.failLoadingMore(error)
    case .cancelLoadingMore: phase.cancelLoadingMore()
    case .startLoadingPrevious: phase.startLoadingPrevious()
    case .finishLoadingPrevious: phase.finishLoadingPrevious { $0.insert(contentsOf: page, at: 0) }
    case .failLoadingPrevious: phase.failLoadingPrevious(error)
    case .cancelLoadingPrevious: phase.cancelLoadingPrevious()
    case .startLoading, .succeed, .fail, .cancel, .reset, .dismissError: break
    }
  }

  /// Applies one of the events both phases have; returns whether `event` was one.
  @discardableResult
  private static func applyLoadEvent<Phase: LoadEvents>(
    _ event: PhaseEvent, to phase: inout Phase, value: Phase.Value, error: Phase.Failure
  ) -> Bool {
    switch event {
    case .startLoading: phase.startLoading()
    case .succeed: phase.succeed(value)
    case .fail: phase.fail(error)
    case .cancel: phase.cancel()
    case .reset: phase.reset()
    case .dismissError: phase.dismissError()
    default: return false
    }
    return true
  }

  /// The two state machines the docs draw.
  package enum Machine: String, CaseIterable, Sendable {
    /// ``LoadPhase``: the seven kinds of a single value's load.
    case load
    /// ``PagedPhase``: the load's kinds plus the two of each end.
    case paged

    /// The phase type the machine describes, as the diagrams title it.
    package var typeName: String {
      switch self {
      case .load: "LoadPhase"
      case .paged: "PagedPhase"
      }
    }

    /// The kinds of phase the machine has, in the order the diagrams list them.
    package var kinds: [PhaseKind] {
      switch self {
      case .load: PhaseKind.loadCases
      case .paged: PhaseKind.allCases
      }
    }

    /// The events the machine reacts to.
    package var events: [PhaseEvent] {
      switch self {
      case .load: PhaseEvent.loadEvents
      case .paged: PhaseEvent.allCases
      }
    }

    /// The kind `event` leads to from a sample phase of `kind`, by the transitions themselves.
    package func next(_ kind: PhaseKind, _ event: PhaseEvent) -> PhaseKind {
      switch self {
      case .load:
        var phase = loadSample(kind)
        apply(event, to: &phase, value: [2], error: SampleError())
        return phase.kind
      case .paged:
        var phase = sample(kind)
        apply(event, to: &phase, value: [2], page: [3], error: SampleError())
        return phase.kind
      }
    }
  }

  /// One arrow of a state diagram: the events that lead from one kind of phase to another.
  package struct Edge: Equatable, Sendable {
    package var from: PhaseKind
    package var to: PhaseKind
    package var events: [PhaseEvent]
  }

  /// The arrows every rendering of `machine` draws, in a stable order: the one place that
  /// decides what a diagram shows.
  package static func edges(_ machine: Machine) -> [Edge] {
    var edges: [Edge] = []
    for from in machine.kinds {
      var fromEdges: [Edge] = []
      for event in machine.events {
        let to = machine.next(from, event)
        // `reset` is drawn once, as a note; no-ops are not drawn, nor results arriving where
        // nothing loads (the loaders drop those as stale).
        guard to != from, event != .reset else { continue }
        if !from.isLoading, event == .succeed || event == .fail { continue }
        if let index = fromEdges.firstIndex(where: { $0.to == to }) {
          fromEdges[index].events.append(event)
        } else {
          fromEdges.append(Edge(from: from, to: to, events: [event]))
        }
      }
      edges += fromEdges
    }
    return edges
  }

  /// The note that stands for every `reset` arrow, in its lines.
  package static let resetNote = ["reset leads here", "from every phase"]

  /// The Mermaid diagram of ``LoadPhase``.
  package static var loadPhase: String { mermaid(.load) }

  /// The Mermaid diagram of ``PagedPhase``.
  package static var pagedPhase: String { mermaid(.paged) }

  /// The Mermaid state diagram of `machine`, for the README (GitHub draws Mermaid).
  package static func mermaid(_ machine: Machine) -> String {
    var lines = ["stateDiagram-v2", "    [*] --> idle"]
    for edge in edges(machine) {
      let events = edge.events.map(\.rawValue).joined(separator: ", ")
      lines.append("    \(edge.from) --> \(edge.to): \(events)")
    }
    lines.append("    note right of idle: \(resetNote.joined(separator: " "))")
    return lines.joined(separator: "\n")
  }

  /// The diagram in words, one sentence per phase: the alternative text of its image.
  package static func summary(_ machine: Machine) -> String {
    var sentences = ["State diagram of \(machine.typeName). It starts in idle."]
    let edges = edges(machine)
    for kind in machine.kinds {
      let arrows = edges.filter { $0.from == kind }.map { edge in
        let events = edge.events.map(\.rawValue)
        let either =
          events.count < 2
          ? events.joined()
          : events.dropLast().joined(separator: ", ") + " or " + events[events.count - 1]
        return either + " leads to \(edge.to)"
      }
      guard !arrows.isEmpty else { continue }
      sentences.append("From \(kind), " + arrows.joined(separator: "; ") + ".")
    }
    sentences.append("Reset leads to idle from every phase.")
    return sentences.joined(separator: " ")
  }

  /// The colours of a rendered diagram (DocC shows `name~dark.svg` in dark mode).
  package enum Appearance: String, CaseIterable, Sendable {
    case light
    case dark

    /// Lines, arrows and text; edge labels; the fill of a loading phase; the note's fill.
    fileprivate var ink: String { self == .light ? "#1d1d1f" : "#f5f5f7" }
    fileprivate var label: String { self == .light ? "#424245" : "#d2d2d7" }
    fileprivate var loadingFill: String { self == .light ? "#dbe9fb" : "#1c3a5e" }
    fileprivate var noteFill: String { self == .light ? "#fff8d6" : "#3d3620" }
  }

  /// The Graphviz DOT source of `machine`'s diagram, from the same ``edges(_:)`` as the Mermaid
  /// one; `Scripts/render-diagrams.sh` renders it to the SVG the DocC article embeds.
  package static func dot(_ machine: Machine, appearance: Appearance) -> String {
    // Laid out with Liberation Sans, which has Arial's and Helvetica's metrics.
    let font = "Arial, Helvetica, sans-serif"
    var lines = [
      "// Generated by PhaseDiagram.dot(.\(machine), appearance: .\(appearance)) from the",
      "// transition functions. Do not edit: run `UPDATE_DIAGRAMS=1 swift test --filter Diagram`,",
      "// then `Scripts/render-diagrams.sh`.",
      "digraph \(machine.typeName) {",
      "  graph [bgcolor=\"transparent\", pad=\"0.2\", nodesep=\"0.45\", ranksep=\"0.5\"];",
      "  node [shape=box, style=\"rounded\", fontname=\"\(font)\", fontsize=14, "
        + "color=\"\(appearance.ink)\", fontcolor=\"\(appearance.ink)\", penwidth=1.2, "
        + "margin=\"0.18,0.07\"];",
      "  edge [fontname=\"\(font)\", fontsize=11, color=\"\(appearance.ink)\", "
        + "fontcolor=\"\(appearance.label)\", arrowsize=0.7];",
      "  start [shape=circle, style=filled, fillcolor=\"\(appearance.ink)\", label=\"\", "
        + "width=0.16, fixedsize=true];",
    ]
    for kind in machine.kinds where kind.isLoading {
      lines.append(
        "  \(kind) [style=\"rounded,dashed,filled\", fillcolor=\"\(appearance.loadingFill)\"];")
    }
    lines.append("  start -> idle;")
    for edge in edges(machine) {
      let events = edge.events.map(\.rawValue).joined(separator: "\\n")
      lines.append("  \(edge.from) -> \(edge.to) [label=\"\(events)\"];")
    }
    lines += [
      "  reset [shape=note, style=filled, fillcolor=\"\(appearance.noteFill)\", fontsize=11, "
        + "label=\"\(resetNote.joined(separator: "\\n"))\"];",
      "  idle -> reset [style=dashed, arrowhead=none];",
      "  { rank=same; idle; reset; }",
      "}",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The transitions ``LoadPhase`` and ``PagedPhase`` share, for ``PhaseDiagram``.
protocol LoadEvents: AsyncPhase {
  @discardableResult mutating func startLoading() -> LoadStart
  mutating func succeed(_ value: Value)
  mutating func fail(_ error: Failure)
  @discardableResult mutating func cancel() -> Bool
  @discardableResult mutating func reset() -> Bool
  @discardableResult mutating func dismissError() -> Bool
}

extension LoadPhase: LoadEvents {}
extension PagedPhase: LoadEvents {}
