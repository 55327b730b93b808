/// The anti-flicker rules of ``ProgressTiming`` as a pure state machine: each event takes the
/// current instant and returns an ``Action`` for the owner (``CalmPhase``, a loader, a
/// renderer) to perform; no clock and no task.
package struct ProgressTimingStateMachine: Hashable, Sendable {
  /// An instant on the owner's clock.
  package typealias Instant = LoaderClock.Instant

  /// Where the machine is.
  package enum State: Hashable, Sendable {
    /// The screen shows the source's phase as it is.
    case passing
    /// A first load runs and nothing shows; progress appears at `deadline` if it still runs.
    case delaying(deadline: Instant)
    /// Progress shows while the first load runs, and stays at least until `minimumEnd`.
    case showingProgress(minimumEnd: Instant)
    /// The load landed while progress showed; progress stays until `end`.
    case holdingProgress(end: Instant)
  }

  /// What the owner does after an event.
  package enum Action: Hashable, Sendable {
    /// Show the source's phase now, and cancel any wake-up: nothing is delayed or held.
    case showSource
    /// Show nothing (no spinner, no placeholder) and call
    /// ``ProgressTimingStateMachine/deadlineReached(at:)`` at the instant given.
    case showNothing(wakeUpAt: Instant)
    /// Keep showing progress though the load landed, and call
    /// ``ProgressTimingStateMachine/deadlineReached(at:)`` at the instant given.
    case keepProgress(wakeUpAt: Instant)
    /// Change nothing: what shows stays, and a scheduled wake-up stays scheduled.
    case none
  }

  /// The timing the machine applies.
  package let timing: ProgressTiming
  /// Where the machine is.
  package private(set) var state: State = .passing

  /// Creates a machine; `state` is ``State/passing`` unless a first load already shows
  /// progress when its owner is created.
  package init(timing: ProgressTiming, state: State = .passing) {
    self.timing = timing
    self.state = state
  }

  /// The source's phase changed from one kind to another: the event that change stands for.
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

  /// A load started; `hasVisibleContent` is `false` for a first load, the only load the delay
  /// and the minimum display apply to.
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

  /// The load was cancelled, or the source was reset: shows at once, in every state.
  @discardableResult
  package mutating func cancelled() -> Action {
    state = .passing
    return .showSource
  }

  /// The source changed without starting or ending a first load (a reload landed, a page was
  /// appended): shows it unless a first load is delayed or its result held.
  @discardableResult
  package mutating func sourceChanged() -> Action {
    switch state {
    case .passing, .showingProgress: .showSource
    case .delaying, .holdingProgress: .none
    }
  }

  /// A wake-up ran: one that runs early asks again for its instant, one no longer wanted
  /// changes nothing.
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
