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

  /// The events a ``LoadPhase`` has.
  package static let loadEvents: [PhaseEvent] = [
    .startLoading, .succeed, .fail, .cancel, .reset, .dismissError,
  ]
}

/// Generates the Mermaid state diagrams of ``LoadPhase`` and ``PagedPhase`` by running every
/// event on a representative phase of every kind, so the diagram in the docs is the code's.
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
    case .loadingMore, .loadMoreFailed: preconditionFailure("\(kind) is not a load phase")
    }
  }

  /// Applies `event` to a ``LoadPhase``.
  package static func apply<Value, Failure>(
    _ event: PhaseEvent, to phase: inout LoadPhase<Value, Failure>, value: Value, error: Failure
  ) {
    switch event {
    case .startLoading: phase.startLoading()
    case .succeed: phase.succeed(value)
    case .fail: phase.fail(error)
    case .cancel: phase.cancel()
    case .reset: phase.reset()
    case .dismissError: phase.dismissError()
    case .startLoadingMore, .finishLoadingMore, .failLoadingMore, .cancelLoadingMore: break
    }
  }

  /// Applies `event` to a ``PagedPhase``; `finishLoadingMore` appends `page`.
  package static func apply<Item, Failure>(
    _ event: PhaseEvent, to phase: inout PagedPhase<[Item], Failure>, value: [Item],
    page: [Item], error: Failure
  ) {
    switch event {
    case .startLoading: phase.startLoading()
    case .succeed: phase.succeed(value)
    case .fail: phase.fail(error)
    case .cancel: phase.cancel()
    case .reset: phase.reset()
    case .dismissError: phase.dismissError()
    case .startLoadingMore: phase.startLoadingMore()
    case .finishLoadingMore: phase.finishLoadingMore { $0.append(contentsOf: page) }
    case .failLoadingMore: phase.failLoadingMore(error)
    case .cancelLoadingMore: phase.cancelLoadingMore()
    }
  }

  /// The Mermaid diagram of ``LoadPhase``.
  package static var loadPhase: String {
    render(kinds: PhaseKind.loadCases, events: PhaseEvent.loadEvents) { kind, event in
      var phase = loadSample(kind)
      apply(event, to: &phase, value: [2], error: SampleError())
      return phase.kind
    }
  }

  /// The Mermaid diagram of ``PagedPhase``.
  package static var pagedPhase: String {
    render(kinds: PhaseKind.allCases, events: PhaseEvent.allCases) { kind, event in
      var phase = sample(kind)
      apply(event, to: &phase, value: [2], page: [3], error: SampleError())
      return phase.kind
    }
  }

  private static func render(
    kinds: [PhaseKind], events: [PhaseEvent], next: (PhaseKind, PhaseEvent) -> PhaseKind
  ) -> String {
    var lines = ["stateDiagram-v2", "    [*] --> idle"]
    for from in kinds {
      var labels: [(to: PhaseKind, events: [String])] = []
      for event in events {
        let to = next(from, event)
        // `reset` leads to idle from everywhere; it is drawn once, as a note, to keep the
        // diagram readable. Events that leave the phase unchanged are not drawn, and neither
        // are results (succeed, fail) arriving in a phase where nothing loads: the loaders
        // drop those as stale, though the pure functions accept them (see the table).
        guard to != from, event != .reset else { continue }
        if !from.isLoading, event == .succeed || event == .fail { continue }
        if let index = labels.firstIndex(where: { $0.to == to }) {
          labels[index].events.append(event.rawValue)
        } else {
          labels.append((to, [event.rawValue]))
        }
      }
      for (to, events) in labels {
        lines.append("    \(from) --> \(to): \(events.joined(separator: ", "))")
      }
    }
    lines.append("    note right of idle: reset leads here from every phase")
    return lines.joined(separator: "\n")
  }
}
