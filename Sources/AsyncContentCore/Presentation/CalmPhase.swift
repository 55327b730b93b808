import Observation

/// The phase a screen shows, calmed by a ``ProgressTiming``: a quick first load shows no
/// progress, and progress that appears stays long enough to be seen. Feed it every phase with
/// ``update(to:)`` and render ``phase``, which is the idle phase while a first load is delayed.
@MainActor
package final class CalmPhase<Phase: AsyncPhase>: Observable {
  /// The phase to render: the source's, without a quick first load's progress, and with a slow
  /// one's progress held for its minimum display.
  package private(set) var phase: Phase {
    get {
      observation.access(self, keyPath: phaseKey)
      return storedPhase
    }
    set {
      observation.withMutation(of: self, keyPath: phaseKey) { storedPhase = newValue }
    }
  }
  /// The latest phase given to ``update(to:)``. Not observed: render ``phase``.
  package private(set) var source: Phase
  /// The delay and minimum display applied.
  package let timing: ProgressTiming
  /// The clock the delay and the minimum display run on.
  private let clock: LoaderClock
  /// Where the anti-flicker rules stand; for diagnostics and tests.
  package var state: ProgressTimingStateMachine.State { machine.state }

  // Observation by hand: for a generic class, `@Observable` forms the key path on every access.
  private let observation = ObservationRegistrar()
  private let phaseKey: KeyPath<CalmPhase, Phase> = \.phase
  private var storedPhase: Phase
  private let idle: Phase
  /// Whether ``phase`` is the idle phase, so showing nothing again notifies nobody.
  private var showsIdle: Bool
  private var machine: ProgressTimingStateMachine
  /// The sleep until the machine's next deadline.
  private var wakeUp: Task<Void, Never>?

  /// Creates a calm phase that starts out showing `phase`; a first load already running counts
  /// as showing progress from now.
  package init(
    _ phase: Phase, idle: Phase, timing: ProgressTiming = .default,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.storedPhase = phase
    self.source = phase
    self.showsIdle = phase.kind == .idle
    self.idle = idle
    self.timing = timing
    let clock = LoaderClock(clock)
    self.clock = clock
    if phase.kind == .loading {
      let minimumEnd = clock.now.advanced(by: timing.minimumProgressDuration)
      self.machine = ProgressTimingStateMachine(
        timing: timing, state: .showingProgress(minimumEnd: minimumEnd))
    } else {
      self.machine = ProgressTimingStateMachine(timing: timing)
    }
  }

  deinit {
    wakeUp?.cancel()
  }

  /// Takes the source's new phase and decides what shows; call it on every change, in order.
  package func update(to newPhase: Phase) {
    let old = source.kind
    source = newPhase
    perform(machine.phaseChanged(from: old, to: newPhase.kind, at: clock.now))
  }

  private func perform(_ action: ProgressTimingStateMachine.Action) {
    switch action {
    case .showSource:
      wakeUp?.cancel()
      wakeUp = nil
      // Idle shows already (a first load cancelled during its delay): nobody needs to render.
      if showsIdle, source.kind == .idle { return }
      showsIdle = source.kind == .idle
      phase = source
    case .showNothing(let deadline):
      if !showsIdle {
        showsIdle = true
        phase = idle
      }
      schedule(at: deadline)
    case .keepProgress(let deadline):
      schedule(at: deadline)
    case .none:
      break
    }
  }

  private func schedule(at deadline: LoaderClock.Instant) {
    wakeUp?.cancel()
    wakeUp = clock.wakeUp(at: deadline) { [weak self] in
      guard let self else { return }
      self.wakeUp = nil
      self.perform(self.machine.deadlineReached(at: self.clock.now))
    }
  }
}

extension CalmPhase {
  /// Creates a calm load phase that starts out showing `phase`.
  package convenience init<Value, Failure>(
    _ phase: LoadPhase<Value, Failure>, timing: ProgressTiming = .default,
    clock: some Clock<Duration> = ContinuousClock()
  ) where Phase == LoadPhase<Value, Failure> {
    self.init(phase, idle: .idle, timing: timing, clock: clock)
  }

  /// Creates a calm paged phase that starts out showing `phase`.
  package convenience init<Value, Failure>(
    _ phase: PagedPhase<Value, Failure>, timing: ProgressTiming = .default,
    clock: some Clock<Duration> = ContinuousClock()
  ) where Phase == PagedPhase<Value, Failure> {
    self.init(phase, idle: .idle, timing: timing, clock: clock)
  }
}
