import Observation

/// Applies the anti-flicker rules of ``ProgressTiming`` to what a view shows: a first load that
/// lands quickly shows no progress at all, and progress that appears stays long enough to be
/// seen.
///
/// A renderer tells it the kind of its source's phase on every change (``update(kind:timing:)``)
/// and renders ``display(for:timing:)``. It needs only the kind, so one controller serves any phase
/// type, and the decision is ``ProgressTimingStateMachine``'s, on an injected clock (the
/// loader's clock in a view, a `TestClock` in tests). It owns the one task that sleeps until
/// the next deadline: stored, replaced when a new deadline supersedes it, cancelled in `deinit`,
/// and holding the controller weakly. ``ContentController`` owns one for every view of the
/// SwiftUI layer; the terminal demo owns one for its list.
///
/// ```swift
/// let progress = ProgressController(clock: loader.clock)
/// progress.update(kind: loader.phase.kind)                        // on every change
/// let display = progress.display(for: loader.phase.kind)
/// let presentation = loader.phase.presentation(progress: display)
/// ```
///
/// What shows over time, with the default timing, for a first load that lands after:
/// - **10 ms**: nothing, then the value. No spinner, no placeholder.
/// - **200 ms**: nothing; progress at 150 ms; the value at 550 ms (progress stayed 400 ms).
/// - **2 s**: nothing; progress at 150 ms; the value at 2 s.
///
/// A reload, retry or load-more shows at once, and so does a cancel. A view that appears while
/// its source's first load already runs starts the delay then: a load started a moment before
/// the screen came up does not flash a spinner either.
@MainActor
@Observable
package final class ProgressController {
  /// Where the anti-flicker rules stand; a renderer reads it through ``display(for:timing:)``.
  package private(set) var state: ProgressTimingStateMachine.State = .passing

  /// The timing applied now.
  package var timing: ProgressTiming { machine.timing }

  /// What shows for the kind given last to ``update(kind:timing:)``.
  package var display: ProgressDisplay { ProgressDisplay(state) }

  @ObservationIgnored private var machine: ProgressTimingStateMachine
  /// The kind given last; `nil` before the first update and after a reset.
  @ObservationIgnored private var kind: PhaseKind?
  @ObservationIgnored private let clock: LoaderClock
  /// The sleep until the machine's next deadline.
  @ObservationIgnored private var wakeUp: Task<Void, Never>?
  /// The deadline ``wakeUp`` sleeps until.
  @ObservationIgnored private var wakeUpDeadline: LoaderClock.Instant?

  /// Creates a controller.
  ///
  /// - Parameters:
  ///   - timing: The delay and minimum display until an update brings another;
  ///     ``ProgressTiming/immediate`` turns them off.
  ///   - clock: The clock they run on: the loader's, or a `TestClock` in tests.
  package init(
    timing: ProgressTiming = .default, clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.machine = ProgressTimingStateMachine(timing: timing)
    self.clock = LoaderClock(clock)
  }

  deinit {
    wakeUp?.cancel()
  }

  /// What shows for a source whose phase is of `kind` now.
  ///
  /// It reads without changing anything, so a renderer may call it while it renders: a kind
  /// (or timing) that ``update(kind:timing:)`` has not seen yet is decided as the update will
  /// decide it
  /// (a first load that just started shows nothing), so no frame shows a spinner that the
  /// update then takes away.
  ///
  /// - Parameters:
  ///   - kind: The kind of the source's phase now.
  ///   - timing: The timing the next update brings; `nil` keeps the current one.
  /// - Returns: What to show.
  package func display(for kind: PhaseKind, timing: ProgressTiming? = nil) -> ProgressDisplay {
    var machine = machine
    if let timing, timing != machine.timing {
      machine = ProgressTimingStateMachine(timing: timing, state: machine.state)
    }
    _ = state  // observed: a wake-up that changes the state renders again
    Self.step(&machine, from: self.kind, to: kind, at: clock.now)
    return ProgressDisplay(machine.state)
  }

  /// What a renderer without a controller yet shows for `kind`: what a new controller's
  /// ``display(for:timing:)`` would say.
  ///
  /// - Parameters:
  ///   - kind: The kind of the source's phase now.
  ///   - timing: The timing the controller will apply.
  /// - Returns: What to show.
  package nonisolated static func initialDisplay(
    for kind: PhaseKind, timing: ProgressTiming
  ) -> ProgressDisplay {
    var machine = ProgressTimingStateMachine(timing: timing)
    machine.phaseChanged(from: .idle, to: kind, at: LoaderClock.Instant(offset: .zero))
    return ProgressDisplay(machine.state)
  }

  /// Takes the kind of the source's phase now, and the timing to apply from now on.
  ///
  /// Call it on every change of the source's phase, in order; calling it again with the same
  /// kind changes nothing, except that a deadline that has passed is applied, so a renderer
  /// that redraws on a timer may call it on every frame.
  ///
  /// - Parameters:
  ///   - kind: The kind of the source's phase now.
  ///   - timing: The timing to apply; `nil` keeps the current one. A new timing applies to
  ///     the next deadline it sets; a deadline already set stays.
  package func update(kind: PhaseKind, timing: ProgressTiming? = nil) {
    if let timing, timing != machine.timing {
      machine = ProgressTimingStateMachine(timing: timing, state: machine.state)
    }
    Self.step(&machine, from: self.kind, to: kind, at: clock.now)
    self.kind = kind
    apply()
  }

  /// Forgets the source: the next update is the first of a new one. Nothing shown is held.
  package func reset() {
    machine = ProgressTimingStateMachine(timing: machine.timing)
    kind = nil
    apply()
  }

  /// Moves `machine` to `now` and then to `new`: applies a deadline that has passed, then the
  /// change of kind (from idle when nothing was seen before).
  private static func step(
    _ machine: inout ProgressTimingStateMachine, from old: PhaseKind?, to new: PhaseKind,
    at now: LoaderClock.Instant
  ) {
    if let deadline = deadline(of: machine.state), deadline <= now {
      machine.deadlineReached(at: now)
    }
    if new != old {
      machine.phaseChanged(from: old ?? .idle, to: new, at: now)
    }
  }

  private static func deadline(
    of state: ProgressTimingStateMachine.State
  )
    -> LoaderClock.Instant?
  {
    switch state {
    case .passing, .showingProgress: nil
    case .delaying(let deadline): deadline
    case .holdingProgress(let end): end
    }
  }

  /// Publishes the machine's state and sleeps until its next deadline, if it has one.
  private func apply() {
    if state != machine.state { state = machine.state }
    let deadline = Self.deadline(of: machine.state)
    guard deadline != wakeUpDeadline else { return }
    wakeUp?.cancel()
    wakeUp = nil
    wakeUpDeadline = deadline
    guard let deadline else { return }
    wakeUp = clock.wakeUp(at: deadline) { [weak self] in
      guard let self else { return }
      self.wakeUp = nil
      self.wakeUpDeadline = nil
      self.update(kind: self.kind ?? .idle)
    }
  }
}
