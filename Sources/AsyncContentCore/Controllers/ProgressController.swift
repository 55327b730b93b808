import Observation

/// Applies the anti-flicker rules of ``ProgressTiming`` to what a view shows, on an injected
/// clock: a first load that lands quickly shows no progress at all, and progress that appears
/// stays long enough to be seen. It owns the one task that sleeps until the next deadline.
@MainActor
@Observable
package final class ProgressController {
  /// Where the anti-flicker rules stand; a renderer reads it through ``display(for:timing:)``.
  package private(set) var state: ProgressTimingStateMachine.State = .passing

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

  /// Creates a controller; `clock` is the loader's, or a `TestClock` in tests.
  package init(
    timing: ProgressTiming = .default, clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.machine = ProgressTimingStateMachine(timing: timing)
    self.clock = LoaderClock(clock)
  }

  deinit {
    wakeUp?.cancel()
  }

  /// What shows for a source whose phase is of `kind` now. It changes nothing, so a renderer
  /// may call it while it renders: a kind the last update has not seen is decided as the update
  /// will decide it, so no frame shows a spinner the update then takes away.
  package func display(for kind: PhaseKind, timing: ProgressTiming? = nil) -> ProgressDisplay {
    var machine = machine
    if let timing, timing != machine.timing {
      machine = ProgressTimingStateMachine(timing: timing, state: machine.state)
    }
    _ = state  // observed: a wake-up that changes the state renders again
    Self.step(&machine, from: self.kind, to: kind, at: clock.now)
    return ProgressDisplay(machine.state)
  }

  /// What a renderer without a controller yet shows for `kind`.
  package nonisolated static func initialDisplay(
    for kind: PhaseKind, timing: ProgressTiming
  ) -> ProgressDisplay {
    var machine = ProgressTimingStateMachine(timing: timing)
    machine.phaseChanged(from: .idle, to: kind, at: LoaderClock.Instant(offset: .zero))
    return ProgressDisplay(machine.state)
  }

  /// Takes the kind of the source's phase now, and the timing to apply from now on. Call it on
  /// every change, in order; the same kind again only applies a deadline that has passed.
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

  /// Applies a deadline that has passed, then the change of kind (from idle when nothing was
  /// seen before).
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
