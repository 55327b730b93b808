/// What a screen shows of a source's phase under the anti-flicker rules of ``ProgressTiming``:
/// the phase itself, nothing (a first load within its delay), or the progress a first load
/// keeps for its minimum display.
package enum ProgressDisplay: Hashable, Sendable, CustomStringConvertible {
  /// Show the source's phase as it is.
  case source
  /// A first load has not outlasted its progress delay: show nothing at all, not even the idle
  /// screen's "nothing loaded yet".
  case nothing
  /// A first load landed before its progress had shown for the minimum: keep showing its
  /// progress (or placeholder).
  case progress

  /// What shows while the anti-flicker rules are in `state`.
  package init(_ state: ProgressTimingStateMachine.State) {
    switch state {
    case .passing, .showingProgress: self = .source
    case .delaying: self = .nothing
    case .holdingProgress: self = .progress
    }
  }

  package var description: String {
    switch self {
    case .source: "source"
    case .nothing: "nothing"
    case .progress: "progress"
    }
  }
}

extension AsyncPhase {
  /// What a screen shows in this phase once the anti-flicker rules have had their say.
  package func presentation(
    hasMore: Bool? = nil,
    hasPrevious: Bool? = nil,
    placeholder: Value? = nil,
    isEmpty: (Value) -> Bool = Presentation<Value, Failure>.isEmptyByDefault,
    progress display: ProgressDisplay
  ) -> Presentation<Value, Failure> {
    presentation(
      hasMore: hasMore, hasPrevious: hasPrevious, placeholder: placeholder, isEmpty: isEmpty
    )
    .calmed(display, placeholder: placeholder)
  }
}

extension Presentation {
  /// This presentation once the anti-flicker rules have had their say, for a renderer that
  /// holds a presentation rather than a phase.
  package func calmed(_ display: ProgressDisplay, placeholder: Value?) -> Presentation {
    switch display {
    case .source:
      self
    case .nothing:
      Presentation(body: .idle)
    case .progress:
      Presentation(body: placeholder.map { .content($0, isPlaceholder: true) } ?? .progress)
    }
  }
}
