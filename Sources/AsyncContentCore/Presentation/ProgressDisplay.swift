/// What a screen shows of a source's phase under the anti-flicker rules of ``ProgressTiming``:
/// the phase itself, nothing (a first load within its delay), or the progress a first load
/// keeps for its minimum display.
///
/// ``ProgressController`` decides it; a renderer passes it to
/// ``AsyncPhase/presentation(hasMore:hasPrevious:placeholder:isEmpty:progress:)`` and renders the result.
///
/// ```swift
/// let display = progress.display(for: loader.phase.kind)
/// let presentation = loader.phase.presentation(progress: display)
/// ```
package enum ProgressDisplay: Hashable, Sendable, CustomStringConvertible {
  /// Show the source's phase as it is.
  case source
  /// A first load runs and has not outlasted its progress delay: show nothing at all, neither
  /// a spinner nor a placeholder, and do not show the idle screen's "nothing loaded yet"
  /// either.
  case nothing
  /// A first load landed before its progress had shown for the minimum: keep showing the
  /// first load's progress (or placeholder) instead of its result.
  case progress

  /// What shows while the anti-flicker rules are in `state`.
  ///
  /// - Parameter state: Where a ``ProgressTimingStateMachine`` stands.
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
  ///
  /// ```swift
  /// let presentation = loader.phase.presentation(
  ///   hasMore: loader.hasMore, progress: progress.display(for: loader.phase.kind))
  /// ```
  ///
  /// - Parameters:
  ///   - hasMore: Whether another page exists, for a paged list; `nil` for a phase without
  ///     paging.
  ///   - hasPrevious: Whether an earlier page exists, for a list that pages backwards; `nil`
  ///     for one that pages one way only.
  ///   - placeholder: A value to show redacted while nothing has loaded.
  ///   - isEmpty: Whether a loaded value counts as empty.
  ///   - display: What the anti-flicker rules show: the phase's own presentation
  ///     (``ProgressDisplay/source``), an idle presentation (``ProgressDisplay/nothing``), or
  ///     the presentation of a first load, with blocking progress or the placeholder
  ///     (``ProgressDisplay/progress``).
  /// - Returns: The presentation to render.
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
  /// This presentation once the anti-flicker rules have had their say: itself for
  /// ``ProgressDisplay/source``, an idle presentation for ``ProgressDisplay/nothing``, and a
  /// first load's (blocking progress, or `placeholder` redacted) for
  /// ``ProgressDisplay/progress``.
  ///
  /// A renderer that holds a presentation rather than a phase (the SwiftUI layer's container)
  /// calms it with this; with a phase at hand, call
  /// ``AsyncPhase/presentation(hasMore:hasPrevious:placeholder:isEmpty:progress:)``.
  ///
  /// ```swift
  /// let shown = presentation.calmed(controller.display(for: state), placeholder: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - display: What the anti-flicker rules show.
  ///   - placeholder: The value a first load shows redacted, if any.
  /// - Returns: The presentation to render.
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
