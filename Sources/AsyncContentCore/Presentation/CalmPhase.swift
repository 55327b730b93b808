import Observation

/// The phase a screen shows, calmed: a first load that lands quickly shows no progress at all,
/// and progress that appears stays long enough to be seen.
///
/// Feed it every phase of a source with ``update(to:)``, and render ``phase`` instead of the
/// source's phase. It applies a ``ProgressTiming`` on an injected clock with
/// ``ProgressTimingStateMachine``, and owns the one task that sleeps until the next deadline:
/// the task is stored, replaced when a new deadline supersedes it, cancelled in `deinit`, and
/// holds this object weakly.
///
/// ```swift
/// let calm = CalmPhase(loader.phase)            // `.default`: 150 ms delay, 400 ms minimum
/// calm.update(to: loader.phase)                 // on every change of the loader's phase
/// render(calm.phase.presentation())             // what the screen shows
/// ```
///
/// What shows over time, with the default timing, for a first load that lands after:
/// - **10 ms**: idle, then the value. No spinner, no placeholder.
/// - **200 ms**: idle; progress at 150 ms; the value at 550 ms (progress stayed 400 ms).
/// - **2 s**: idle; progress at 150 ms; the value at 2 s.
///
/// A reload, retry or load-more passes through at once, and so does a cancel. While nothing
/// shows during the delay, ``phase`` is the idle phase: a renderer shows nothing there.
@MainActor
package final class CalmPhase<Phase: AsyncPhase>: Observable {
  /// The phase to render: the source's phase, except that a quick first load's progress is
  /// left out and a slow one's progress is held for its minimum display.
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
  package let clock: LoaderClock
  /// Where the anti-flicker rules stand; for diagnostics and tests.
  package var state: ProgressTimingStateMachine.State { machine.state }

  // Observation is written by hand, as in the loaders: for a generic class, `@Observable`
  // would form `\CalmPhase.phase` anew on every access.
  private let observation = ObservationRegistrar()
  private let phaseKey: KeyPath<CalmPhase, Phase> = \.phase
  private var storedPhase: Phase
  private let idle: Phase
  /// Whether ``phase`` is the idle phase, so showing nothing again notifies nobody.
  private var showsIdle: Bool
  private var machine: ProgressTimingStateMachine
  /// The sleep until the machine's next deadline.
  private var wakeUp: Task<Void, Never>?

  /// Creates a calm phase that starts out showing `phase`.
  ///
  /// A phase that is already a first load is shown as it is (its progress counts as shown
  /// from now): nobody knows how long it has run.
  ///
  /// - Parameters:
  ///   - phase: The source's phase now.
  ///   - idle: The phase that shows nothing, shown while a first load is delayed.
  ///   - timing: The delay and minimum display; ``ProgressTiming/immediate`` turns them off.
  ///   - clock: The clock they run on; a `TestClock` in tests.
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

  /// Takes the source's new phase and decides what shows.
  ///
  /// Call it on every change of the source's phase, in order.
  ///
  /// - Parameter newPhase: The source's phase now.
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
  ///
  /// ```swift
  /// let calm = CalmPhase(LoadPhase<[String], any Error>.idle, clock: TestClock())
  /// ```
  ///
  /// - Parameters:
  ///   - phase: The source's phase now.
  ///   - timing: The delay and minimum display; ``ProgressTiming/immediate`` turns them off.
  ///   - clock: The clock they run on; a `TestClock` in tests.
  package convenience init<Value, Failure>(
    _ phase: LoadPhase<Value, Failure>, timing: ProgressTiming = .default,
    clock: some Clock<Duration> = ContinuousClock()
  ) where Phase == LoadPhase<Value, Failure> {
    self.init(phase, idle: .idle, timing: timing, clock: clock)
  }

  /// Creates a calm paged phase that starts out showing `phase`.
  ///
  /// - Parameters:
  ///   - phase: The source's phase now.
  ///   - timing: The delay and minimum display; ``ProgressTiming/immediate`` turns them off.
  ///   - clock: The clock they run on; a `TestClock` in tests.
  package convenience init<Value, Failure>(
    _ phase: PagedPhase<Value, Failure>, timing: ProgressTiming = .default,
    clock: some Clock<Duration> = ContinuousClock()
  ) where Phase == PagedPhase<Value, Failure> {
    self.init(phase, idle: .idle, timing: timing, clock: clock)
  }
}
