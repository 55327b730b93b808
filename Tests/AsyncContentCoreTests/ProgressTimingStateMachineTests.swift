import AsyncContentCore
import PropertyBased
import Testing

// The anti-flicker state machine on its own: no clock, no task. One table row per (state ×
// event), then every sequence of up to five steps of a simulated screen, then long random
// sequences, each checked against the rules on the timeline of what the screen shows.

private typealias Machine = ProgressTimingStateMachine
private typealias Instant = LoaderClock.Instant

private func at(_ milliseconds: Int) -> Instant {
  Instant(offset: .milliseconds(milliseconds))
}

@Suite struct ProgressTimingStateMachineTests {
  private let timing = ProgressTiming.default

  /// A machine in `state`, with the default timing.
  private func machine(_ state: Machine.State) -> Machine {
    Machine(timing: timing, state: state)
  }

  @Test func defaultsAreTheDocumentedNumbers() {
    #expect(ProgressTiming.default.progressDelay == .milliseconds(150))
    #expect(ProgressTiming.default.minimumProgressDuration == .milliseconds(400))
    #expect(ProgressTiming.immediate.progressDelay == .zero)
    #expect(ProgressTiming.immediate.minimumProgressDuration == .zero)
    #expect(
      "\(ProgressTiming.default)" == "ProgressTiming(delay: 0.15 seconds, minimum: 0.4 seconds)")
  }

  // MARK: The table: every state × every event

  @Test func passing() {
    var m = machine(.passing)
    #expect(m.loadStarted(at: at(0), hasVisibleContent: true) == .showSource)
    #expect(m.state == .passing)  // a reload is never delayed
    #expect(m.loadStarted(at: at(0), hasVisibleContent: false) == .showNothing(wakeUpAt: at(150)))
    #expect(m.state == .delaying(deadline: at(150)))

    for event in [Event.finished, .cancelled, .changed] {
      var m = machine(.passing)
      #expect(event.apply(to: &m, at: at(10)) == .showSource, "\(event)")
      #expect(m.state == .passing, "\(event)")
    }
    var stale = machine(.passing)
    #expect(stale.deadlineReached(at: at(150)) == .none)  // a wake-up nobody wants
    #expect(stale.state == .passing)
  }

  @Test func delaying() {
    let delaying = Machine.State.delaying(deadline: at(150))
    var m = machine(delaying)
    #expect(m.loadStarted(at: at(50), hasVisibleContent: false) == .none)  // joins
    #expect(m.loadStarted(at: at(50), hasVisibleContent: true) == .none)
    #expect(m.sourceChanged() == .none)
    #expect(m.state == delaying)
    #expect(m.deadlineReached(at: at(149)) == .showNothing(wakeUpAt: at(150)))  // early wake-up
    #expect(m.state == delaying)

    // Landing during the delay shows the result at once: nothing was ever shown.
    m = machine(delaying)
    #expect(m.loadFinished(at: at(10)) == .showSource)
    #expect(m.state == .passing)
    // …even when the deadline has passed but its wake-up has not run yet.
    m = machine(delaying)
    #expect(m.loadFinished(at: at(160)) == .showSource)
    #expect(m.state == .passing)

    m = machine(delaying)
    #expect(m.cancelled() == .showSource)
    #expect(m.state == .passing)

    // The deadline: progress shows, for at least the minimum from the moment it shows.
    m = machine(delaying)
    #expect(m.deadlineReached(at: at(170)) == .showSource)
    #expect(m.state == .showingProgress(minimumEnd: at(570)))
  }

  @Test func showingProgress() {
    let showing = Machine.State.showingProgress(minimumEnd: at(550))
    var m = machine(showing)
    #expect(m.loadStarted(at: at(200), hasVisibleContent: false) == .showSource)
    #expect(m.sourceChanged() == .showSource)
    #expect(m.deadlineReached(at: at(600)) == .none)  // no wake-up was asked for
    #expect(m.state == showing)

    // Landing before the minimum ends holds the result back.
    m = machine(showing)
    #expect(m.loadFinished(at: at(200)) == .keepProgress(wakeUpAt: at(550)))
    #expect(m.state == .holdingProgress(end: at(550)))
    // Landing after it shows at once.
    m = machine(showing)
    #expect(m.loadFinished(at: at(550)) == .showSource)
    #expect(m.state == .passing)
    // A cancel shows at once.
    m = machine(showing)
    #expect(m.cancelled() == .showSource)
    #expect(m.state == .passing)
  }

  @Test func holdingProgress() {
    let holding = Machine.State.holdingProgress(end: at(550))
    var m = machine(holding)
    #expect(m.loadFinished(at: at(300)) == .none)
    #expect(m.sourceChanged() == .none)
    #expect(m.loadStarted(at: at(300), hasVisibleContent: true) == .none)
    #expect(m.deadlineReached(at: at(549)) == .keepProgress(wakeUpAt: at(550)))
    #expect(m.state == holding)
    #expect(m.deadlineReached(at: at(550)) == .showSource)
    #expect(m.state == .passing)

    // A new first load keeps the progress that shows, with the minimum it still owes.
    m = machine(holding)
    #expect(m.loadStarted(at: at(300), hasVisibleContent: false) == .showSource)
    #expect(m.state == .showingProgress(minimumEnd: at(550)))

    m = machine(holding)
    #expect(m.cancelled() == .showSource)
    #expect(m.state == .passing)
  }

  @Test func immediateTimingPassesEverythingThrough() {
    var m = Machine(timing: .immediate)
    #expect(m.loadStarted(at: at(0), hasVisibleContent: false) == .showSource)
    #expect(m.state == .showingProgress(minimumEnd: at(0)))
    #expect(m.loadFinished(at: at(0)) == .showSource)
    #expect(m.state == .passing)
  }

  @Test func phaseChangesMapToEvents() {
    // Into loading: a first load.
    var m = machine(.passing)
    #expect(m.phaseChanged(from: .idle, to: .loading, at: at(0)) == .showNothing(wakeUpAt: at(150)))
    // Out of loading into idle: a cancel.
    #expect(m.phaseChanged(from: .loading, to: .idle, at: at(10)) == .showSource)
    #expect(m.state == .passing)
    // Out of loading into anything else: it landed.
    m = machine(.showingProgress(minimumEnd: at(550)))
    #expect(
      m.phaseChanged(from: .loading, to: .failed, at: at(300)) == .keepProgress(wakeUpAt: at(550)))
    // Into another loading kind: a load with content on screen.
    m = machine(.passing)
    for (old, new) in [
      (PhaseKind.loaded, PhaseKind.reloading), (.failed, .retrying), (.loaded, .loadingMore),
    ] {
      #expect(m.phaseChanged(from: old, to: new, at: at(0)) == .showSource)
      #expect(m.state == .passing)
    }
    // Anything else: the source changed.
    m = machine(.holdingProgress(end: at(550)))
    #expect(m.phaseChanged(from: .loaded, to: .reloading, at: at(300)) == .none)
    #expect(m.phaseChanged(from: .reloading, to: .loaded, at: at(400)) == .none)
  }

  // MARK: Every short sequence, and long random ones

  @Test func everySequenceOfUpToFiveStepsKeepsTheRules() {
    let steps = ScreenStep.all
    var checked = 0
    var failed = false
    var sequence: [ScreenStep] = []
    func visit(depth: Int) {
      guard !failed else { return }  // one failing sequence is enough to report
      if let problem = ScreenSimulation.run(sequence, timing: timing) {
        Issue.record("\(sequence): \(problem)")
        failed = true
        return
      }
      checked += 1
      guard depth < 5 else { return }
      for step in steps {
        sequence.append(step)
        visit(depth: depth + 1)
        sequence.removeLast()
      }
    }
    visit(depth: 0)
    // 1 + 9 + 9² + … + 9⁵ sequences.
    var expected = 0
    var power = 1
    for _ in 0...5 {
      expected += power
      power *= steps.count
    }
    #expect(checked == expected)
  }

  @Test(arguments: [
    ProgressTiming.default, .immediate,
    ProgressTiming(progressDelay: .milliseconds(100), minimumProgressDuration: .zero),
    ProgressTiming(progressDelay: .zero, minimumProgressDuration: .seconds(1)),
  ])
  func randomLongSequencesKeepTheRules(timing: ProgressTiming) {
    var random = PhasePropertyRunner.random(stream: 0xCA1F)
    for index in 0..<400 {
      let length = Int.random(in: 10...60, using: &random)
      let sequence = (0..<length).map { _ in
        ScreenStep.all[Int.random(in: 0..<ScreenStep.all.count, using: &random)]
      }
      if let problem = ScreenSimulation.run(sequence, timing: timing) {
        Issue.record("sequence \(index) \(sequence): \(problem)")
        return
      }
    }
  }
}

/// The events of the table tests that take no arguments.
private enum Event: CustomStringConvertible {
  case finished, cancelled, changed

  func apply(to machine: inout Machine, at now: Instant) -> Machine.Action {
    switch self {
    case .finished: machine.loadFinished(at: now)
    case .cancelled: machine.cancelled()
    case .changed: machine.sourceChanged()
    }
  }

  var description: String {
    switch self {
    case .finished: "loadFinished"
    case .cancelled: "cancelled"
    case .changed: "sourceChanged"
    }
  }
}

/// One step of a simulated screen: a transition of its paged phase, or time passing.
enum ScreenStep: Hashable, Sendable, CustomStringConvertible {
  case startLoading, succeed, fail, cancel, reset, startLoadingMore
  case wait(milliseconds: Int)

  static let all: [ScreenStep] = [
    .startLoading, .succeed, .fail, .cancel, .reset, .startLoadingMore,
    .wait(milliseconds: 60), .wait(milliseconds: 140), .wait(milliseconds: 500),
  ]

  var description: String {
    switch self {
    case .wait(let milliseconds): "wait(\(milliseconds))"
    case .startLoading: "startLoading"
    case .succeed: "succeed"
    case .fail: "fail"
    case .cancel: "cancel"
    case .reset: "reset"
    case .startLoadingMore: "startLoadingMore"
    }
  }
}

/// Runs a screen: a source phase, the machine, and an owner that performs its actions and
/// wakes it up at the instants it asks for, as ``CalmPhase`` does. It checks the rules on the
/// timeline of what shows.
enum ScreenSimulation {
  /// What the screen shows.
  enum Shown: Equatable {
    case source(PhaseKind)
    case nothing
  }

  /// The first problem of a run, or `nil`.
  static func run(_ steps: [ScreenStep], timing: ProgressTiming) -> String? {
    var source = TestPagedPhase.idle
    var machine = ProgressTimingStateMachine(timing: timing)
    var now = Instant(offset: .zero)
    var wakeUp: Instant?
    var shown = Shown.source(.idle)
    var firstLoadStart: Instant?  // when the running first load started
    var progressSince: Instant?  // when progress appeared
    var problem: String?

    func fail(_ text: String) {
      if problem == nil { problem = "at \(now.offset): \(text)" }
    }

    func perform(_ action: ProgressTimingStateMachine.Action, cancelled: Bool = false) {
      let before = shown
      switch action {
      case .showSource:
        wakeUp = nil
        shown = .source(source.kind)
      case .showNothing(let deadline):
        if deadline < now { fail("a wake-up in the past") }
        wakeUp = deadline
        shown = .nothing
      case .keepProgress(let deadline):
        if deadline < now { fail("a wake-up in the past") }
        if shown != .source(.loading) { fail("kept progress that does not show") }
        wakeUp = deadline
      case .none:
        break
      }
      // The rules, on each change of what shows.
      let wasProgress = before == .source(.loading)
      let isProgress = shown == .source(.loading)
      if isProgress, !wasProgress {
        guard let start = firstLoadStart else { return fail("progress without a first load") }
        if now < start.advanced(by: timing.progressDelay) {
          fail("progress before the delay (started at \(start.offset))")
        }
        progressSince = now
      }
      if wasProgress, !isProgress {
        if let since = progressSince, !cancelled,
          now < since.advanced(by: timing.minimumProgressDuration)
        {
          fail("progress hidden before its minimum (shown at \(since.offset))")
        }
        progressSince = nil
      }
      if case .passing = machine.state, shown != .source(source.kind) {
        fail("passing, but \(shown) shows instead of \(source.kind)")
      }
      if isProgress, source.kind != .loading, !isHolding(machine.state) {
        fail("progress shows while nothing loads")
      }
    }

    func change(_ transition: (inout TestPagedPhase) -> Void) {
      let old = source.kind
      transition(&source)
      let new = source.kind
      if new == .loading, old != .loading { firstLoadStart = now }
      if old == .loading, new != .loading { firstLoadStart = nil }
      let action = machine.phaseChanged(from: old, to: new, at: now)
      if old.isLoading, new.isStable || new == .reloading, old != .loading,
        case .passing = machine.state, action != .showSource
      {
        fail("a reload's result was held")
      }
      if new.isLoading, new != .loading, old.isStable, case .passing = machine.state,
        action != .showSource
      {
        fail("a reload was delayed")
      }
      perform(action, cancelled: old == .loading && new == .idle)
    }

    for step in steps {
      switch step {
      case .startLoading: change { _ = $0.startLoading() }
      case .succeed: change { if $0.isLoading { $0.succeed([1]) } }
      case .fail: change { if $0.isLoading { $0.fail(.new) } }
      case .cancel: change { _ = $0.cancel() }
      case .reset: change { $0.reset() }
      case .startLoadingMore: change { _ = $0.startLoadingMore() }
      case .wait(let milliseconds):
        let end = now.advanced(by: .milliseconds(milliseconds))
        while let deadline = wakeUp, deadline <= end {
          now = deadline
          wakeUp = nil
          perform(machine.deadlineReached(at: now))
        }
        now = end
      }
      if let problem { return problem }
    }
    // Left alone long enough, the screen shows the source.
    let settle = now.advanced(by: timing.progressDelay + timing.minimumProgressDuration)
    while let deadline = wakeUp, deadline <= settle {
      now = deadline
      wakeUp = nil
      perform(machine.deadlineReached(at: now))
    }
    if shown != .source(source.kind) {
      fail("settled on \(shown) instead of \(source.kind)")
    }
    return problem
  }

  private static func isHolding(_ state: ProgressTimingStateMachine.State) -> Bool {
    if case .holdingProgress = state { return true }
    return false
  }
}
