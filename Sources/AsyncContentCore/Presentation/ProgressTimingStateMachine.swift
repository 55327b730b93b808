/// The anti-flicker rules of ``ProgressTiming`` as a pure state machine: events in, actions out,
/// no clock and no task.
///
/// Shaped like the state machines of swift-async-algorithms: each mutating event method takes
/// the current instant and returns an ``Action`` for the owner to perform (show the source's
/// phase, show nothing, keep progress, and when to wake the machine up again). ``CalmPhase`` is
/// such an owner, with a clock and one sleeping task; a loader or a renderer can own one too.
///
/// ```swift
/// var machine = ProgressTimingStateMachine(timing: .default)
/// let start = LoaderClock.Instant(offset: .zero)
/// machine.loadStarted(at: start, hasVisibleContent: false)
/// // .showNothing(wakeUpAt: 150 ms): no spinner yet
/// machine.deadlineReached(at: start.advanced(by: .milliseconds(150)))
/// // .showSource: the source is loading, so progress shows now, for at least 400 ms
/// machine.loadFinished(at: start.advanced(by: .milliseconds(200)))
/// // .keepProgress(wakeUpAt: 550 ms): the value waits until the minimum display is over
/// ```
///
/// The rules, per event:
/// - A **first load** (nothing on screen) starts a delay; a **reload, retry or load-more**
///   (something on screen) shows at once and is never held.
/// - A first load that **lands during the delay** shows its result at once: no progress was
///   ever shown. Progress appears only when the delay's **deadline is reached** first.
/// - A load that lands **while progress shows** waits until progress has shown for the minimum;
///   the owner keeps showing progress and shows the source's phase when woken.
/// - A **cancel** (the source returns to idle) shows the source at once, in every state: the
///   person asked for it, and a spinner that outlives its cancel looks like the cancel failed.
package struct ProgressTimingStateMachine: Hashable, Sendable {
  /// An instant on the owner's clock.
  package typealias Instant = LoaderClock.Instant

  /// Where the machine is.
  package enum State: Hashable, Sendable {
    /// The screen shows the source's phase as it is.
    case passing
    /// A first load runs and nothing shows; progress appears at `deadline` if the load still
    /// runs then.
    case delaying(deadline: Instant)
    /// Progress shows while the first load runs, and stays at least until `minimumEnd`.
    case showingProgress(minimumEnd: Instant)
    /// The load landed while progress showed; progress stays until `end`, then the source's
    /// phase shows.
    case holdingProgress(end: Instant)
  }

  /// What the owner does after an event.
  package enum Action: Hashable, Sendable {
    /// Show the source's phase now, and cancel any wake-up: nothing is delayed or held.
    case showSource
    /// Show nothing (the idle phase: no spinner, no placeholder) and call
    /// ``ProgressTimingStateMachine/deadlineReached(at:)`` at the instant given.
    case showNothing(wakeUpAt: Instant)
    /// Keep showing the progress that shows now, even though the load landed, and call
    /// ``ProgressTimingStateMachine/deadlineReached(at:)`` at the instant given.
    case keepProgress(wakeUpAt: Instant)
    /// Change nothing: what shows stays, and a scheduled wake-up stays scheduled.
    case none
  }

  /// The timing the machine applies.
  package let timing: ProgressTiming
  /// Where the machine is.
  package private(set) var state: State = .passing

  /// Creates a machine.
  ///
  /// - Parameters:
  ///   - timing: The delay and minimum display to apply.
  ///   - state: Where the machine starts; ``State/passing`` unless a first load already shows
  ///     progress when its owner is created.
  package init(timing: ProgressTiming, state: State = .passing) {
    self.timing = timing
    self.state = state
  }

  /// The source's phase changed from one kind to another: the event that change stands for.
  ///
  /// Into ``PhaseKind/loading`` is a first load starting; out of it, a cancel (into idle) or
  /// the first load landing; into any other loading kind, a load with content on screen
  /// starting; anything else, ``sourceChanged()``.
  ///
  /// ```swift
  /// machine.phaseChanged(from: old.kind, to: new.kind, at: clock.now)
  /// ```
  ///
  /// - Parameters:
  ///   - old: The kind of the source's previous phase.
  ///   - new: The kind of its new phase.
  ///   - now: The current instant.
  /// - Returns: What to show.
  @discardableResult
  package mutating func phaseChanged(
    from old: PhaseKind, to new: PhaseKind, at now: Instant
  )
    -> Action
  {
    if new == .loading, old != .loading {
      return loadStarted(at: now, hasVisibleContent: false)
    }
    if old == .loading, new != .loading {
      return new == .idle ? cancelled() : loadFinished(at: now)
    }
    if new.isLoading, !old.isLoading {
      return loadStarted(at: now, hasVisibleContent: true)
    }
    return sourceChanged()
  }

  /// A load started.
  ///
  /// - Parameters:
  ///   - now: The current instant.
  ///   - hasVisibleContent: Whether the screen already shows something this load replaces (a
  ///     value, or an error that a retry replaces). `false` for a first load: the only load
  ///     the delay and the minimum display apply to.
  /// - Returns: What to show.
  @discardableResult
  package mutating func loadStarted(at now: Instant, hasVisibleContent: Bool) -> Action {
    switch state {
    case .passing:
      if hasVisibleContent { return .showSource }
      if timing.progressDelay > .zero {
        let deadline = now.advanced(by: timing.progressDelay)
        state = .delaying(deadline: deadline)
        return .showNothing(wakeUpAt: deadline)
      }
      state = .showingProgress(minimumEnd: now.advanced(by: timing.minimumProgressDuration))
      return .showSource
    case .delaying:
      return .none  // a second start joins the load that is being delayed
    case .showingProgress:
      return .showSource
    case .holdingProgress(let end):
      // Progress still shows. A new first load keeps it, and it stays at least as long as it
      // had to; a load with content on screen waits for the hold like the landed result.
      if hasVisibleContent { return .none }
      state = .showingProgress(minimumEnd: end)
      return .showSource
    }
  }

  /// The first load landed with a value or a failure.
  ///
  /// - Parameter now: The current instant.
  /// - Returns: What to show.
  @discardableResult
  package mutating func loadFinished(at now: Instant) -> Action {
    switch state {
    case .passing:
      return .showSource
    case .delaying:
      // Nothing was shown yet, so nothing can flicker: the result shows at once, even when
      // the deadline has passed but the wake-up has not run.
      state = .passing
      return .showSource
    case .showingProgress(let minimumEnd):
      if now >= minimumEnd {
        state = .passing
        return .showSource
      }
      state = .holdingProgress(end: minimumEnd)
      return .keepProgress(wakeUpAt: minimumEnd)
    case .holdingProgress:
      return .none
    }
  }

  /// The load was cancelled, or the source was reset: it went back to idle.
  ///
  /// - Returns: ``Action/showSource``: a cancel shows at once, in every state.
  @discardableResult
  package mutating func cancelled() -> Action {
    state = .passing
    return .showSource
  }

  /// The source changed without starting or ending a first load: a reload landed, a page was
  /// appended, a new value arrived from a sequence.
  ///
  /// - Returns: ``Action/showSource`` unless a first load is delayed or its result held, which
  ///   keeps what shows.
  @discardableResult
  package mutating func sourceChanged() -> Action {
    switch state {
    case .passing, .showingProgress: .showSource
    case .delaying, .holdingProgress: .none
    }
  }

  /// A wake-up the machine asked for ran.
  ///
  /// A wake-up that runs early asks again for its instant; one that is no longer wanted (the
  /// load landed or was cancelled since) changes nothing.
  ///
  /// - Parameter now: The current instant.
  /// - Returns: What to show.
  @discardableResult
  package mutating func deadlineReached(at now: Instant) -> Action {
    switch state {
    case .passing, .showingProgress:
      return .none
    case .delaying(let deadline):
      guard now >= deadline else { return .showNothing(wakeUpAt: deadline) }
      state = .showingProgress(minimumEnd: now.advanced(by: timing.minimumProgressDuration))
      return .showSource
    case .holdingProgress(let end):
      guard now >= end else { return .keepProgress(wakeUpAt: end) }
      state = .passing
      return .showSource
    }
  }
}
