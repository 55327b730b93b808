import AsyncContentCore
import Foundation
import PropertyBased
import Testing

// Property-based tests over random event sequences.
//
// The sequences come from PropertyBased generators run with a fixed Xoshiro seed, so every run
// checks the same sequences (the library's `propertyCheck` only repeats a fixed seed once).
// Set `PHASE_PROPERTY_SEED=<integer>` to explore other sequences locally; a failure names the
// seed and the sequence index to replay.

/// One call on a phase, with its payload.
enum PhaseStep: Hashable, Sendable, CustomStringConvertible {
  case startLoading
  case succeed([Int])
  case fail(PhaseTestError)
  case cancel
  case reset
  case dismissError
  case startLoadingMore
  case finishLoadingMore(page: [Int])
  case failLoadingMore(PhaseTestError)
  case cancelLoadingMore

  var description: String {
    switch self {
    case .startLoading: "startLoading"
    case .succeed(let value): "succeed(\(value))"
    case .fail(let error): "fail(\(error))"
    case .cancel: "cancel"
    case .reset: "reset"
    case .dismissError: "dismissError"
    case .startLoadingMore: "startLoadingMore"
    case .finishLoadingMore(let page): "finishLoadingMore(\(page))"
    case .failLoadingMore(let error): "failLoadingMore(\(error))"
    case .cancelLoadingMore: "cancelLoadingMore"
    }
  }
}

/// What the property tests need from ``LoadPhase`` and ``PagedPhase``.
protocol PhasePropertySubject: AsyncPhase<[Int], PhaseTestError>, Equatable,
  CustomStringConvertible
{
  static var idle: Self { get }
  mutating func apply(_ step: PhaseStep) -> PhaseEventResult?
  func present(hasMore: Bool, placeholder: [Int]?) -> Presentation<[Int], PhaseTestError>
}

extension LoadPhase: PhasePropertySubject where Value == [Int], Failure == PhaseTestError {
  mutating func apply(_ step: PhaseStep) -> PhaseEventResult? {
    switch step {
    case .startLoading: return .start(startLoading())
    case .succeed(let value): succeed(value)
    case .fail(let error): fail(error)
    case .cancel: return .changed(cancel())
    case .reset: reset()
    case .dismissError: return .changed(dismissError())
    case .startLoadingMore, .finishLoadingMore, .failLoadingMore, .cancelLoadingMore:
      preconditionFailure("no paging on a LoadPhase")
    }
    return nil
  }

  func present(hasMore: Bool, placeholder: [Int]?) -> Presentation<[Int], PhaseTestError> {
    presentation(placeholder: placeholder)
  }
}

extension PagedPhase: PhasePropertySubject where Value == [Int], Failure == PhaseTestError {
  mutating func apply(_ step: PhaseStep) -> PhaseEventResult? {
    switch step {
    case .startLoading: return .start(startLoading())
    case .succeed(let value): succeed(value)
    case .fail(let error): fail(error)
    case .cancel: return .changed(cancel())
    case .reset: reset()
    case .dismissError: return .changed(dismissError())
    case .startLoadingMore: return .loadMore(startLoadingMore())
    case .finishLoadingMore(let page):
      return .changed(finishLoadingMore { $0.append(contentsOf: page) })
    case .failLoadingMore(let error): return .changed(failLoadingMore(error))
    case .cancelLoadingMore: return .changed(cancelLoadingMore())
    }
    return nil
  }

  func present(hasMore: Bool, placeholder: [Int]?) -> Presentation<[Int], PhaseTestError> {
    presentation(hasMore: hasMore, placeholder: placeholder)
  }
}

/// The invariants every single step must keep, whatever came before.
enum PhaseInvariants {
  private static let firstPageLoads: Set<PhaseKind> = [.loading, .reloading, .retrying]
  private static let pageableKinds: Set<PhaseKind> = [.loaded, .reloadFailed, .loadMoreFailed]

  /// The problems of one step from `before` to `after`; `origin` is the stable phase the
  /// running load started from, if one runs.
  static func check<Phase: PhasePropertySubject>(
    _ before: Phase, _ step: PhaseStep, _ after: Phase, returned: PhaseEventResult?,
    origin: Phase?, combination: Int = 0
  ) -> [String] {
    var problems: [String] = []
    func require(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }

    // (a) A value is never lost: only reset forgets it, only succeed replaces it, and
    // finishLoadingMore only adds to it.
    switch step {
    case .reset:
      require(after.kind == .idle, "reset must give idle")
    case .succeed(let value):
      require(after.kind == .loaded && after.value == value, "succeed must give loaded(value)")
    case .finishLoadingMore(let page):
      if before.kind == .loadingMore, let items = before.value {
        require(after.kind == .loaded && after.value == items + page, "the page was not appended")
      } else {
        require(after == before, "a stale page changed the phase")
      }
    case .startLoading, .fail, .cancel, .dismissError, .startLoadingMore, .failLoadingMore,
      .cancelLoadingMore:
      require(after.value == before.value, "the value was lost or changed")
    }

    // Transitions that act in one phase only and leave every other phase as it is.
    let onlyFrom: PhaseKind?
    let expectedKind: PhaseKind
    switch step {
    case .dismissError: (onlyFrom, expectedKind) = (.reloadFailed, .loaded)
    case .failLoadingMore: (onlyFrom, expectedKind) = (.loadingMore, .loadMoreFailed)
    case .cancelLoadingMore: (onlyFrom, expectedKind) = (.loadingMore, .loaded)
    default: (onlyFrom, expectedKind) = (nil, .idle)
    }
    if let onlyFrom {
      let acts = before.kind == onlyFrom
      require(returned == .changed(acts), "\(step) returned \(String(describing: returned))")
      if acts {
        require(after.kind == expectedKind, "\(step) gave \(after.kind)")
      } else {
        require(after == before, "\(step) changed a phase it does not act in (outdated)")
      }
      if case .failLoadingMore(let error) = step, acts {
        require(after.error == error, "failLoadingMore lost its error")
      }
    }

    // (b) What the screen shows.
    // One of the four (hasMore, placeholder) combinations per step, in turn, keeps the run fast;
    // every combination is checked on tens of thousands of steps.
    let hasMore = combination % 2 == 1
    let placeholder: [Int]? = combination / 2 % 2 == 1 ? [0] : nil
    let shown = after.present(hasMore: hasMore, placeholder: placeholder)
    var footerError: PhaseTestError?
    if case .failed(let error) = shown.footer { footerError = error }
    let anyError = shown.blockingError ?? shown.banner ?? footerError
    func context() -> String { "hasMore: \(hasMore), placeholder: \(placeholder ?? [])" }
    require(
      !(shown.showsBlockingProgress && anyError != nil),
      "blocking progress together with an error (\(context()))")
    require(
      shown.showsBlockingProgress == (after.kind == .loading && placeholder == nil),
      "blocking progress outside a first load without placeholder (\(context()))")
    if let value = after.value {
      require(!shown.showsBlockingProgress, "blocking progress over a value (\(context()))")
      require(
        (shown.content == value && !shown.isPlaceholder) || (value.isEmpty && shown.isEmpty),
        "the value is not shown (\(context()))")
    }
    // A load-more error on an empty list with nothing more to load shows the empty state
    // only: a contradictory input (a load-more ran, so there was more).
    let hidesError = after.kind == .loadMoreFailed && !hasMore && after.value == []
    if let error = after.error, !hidesError {
      require(anyError == error, "the error is not shown (\(context()))")
    }
    require(shown.isRefreshing == (after.kind == .reloading), "isRefreshing (\(context()))")

    // (c) Cancel lands on the stable phase the load started from.
    if case .cancel = step {
      require(after.kind.isStable, "cancel landed on \(after.kind)")
      require(
        returned == .changed(before.kind.isLoading),
        "cancel returned \(String(describing: returned))")
      if before.kind.isStable {
        require(after == before, "cancel changed a stable phase")
      } else if let origin {
        let expected: PhaseKind =
          switch origin.kind {
          case .idle: .idle
          case .failed: .failed
          default: .loaded
          }
        require(after.kind == expected, "cancel of a load started from \(origin) gave \(after)")
        if expected == .failed { require(after.error == origin.error, "cancel lost the error") }
      } else {
        problems.append("a load runs but no start was seen")
      }
    }

    // (d) At most one load: a start during a load joins it and changes nothing.
    switch step {
    case .startLoading:
      let joins = firstPageLoads.contains(before.kind)
      require(
        returned == .start(joins ? .alreadyLoading : .started),
        "startLoading returned \(String(describing: returned))")
      if joins {
        require(after == before, "joining a load changed the phase")
      } else {
        require(firstPageLoads.contains(after.kind), "startLoading gave \(after.kind)")
      }
    case .startLoadingMore:
      if pageableKinds.contains(before.kind) {
        require(
          returned == .loadMore(.started),
          "startLoadingMore returned \(String(describing: returned))")
        require(after.kind == .loadingMore, "startLoadingMore gave \(after.kind)")
      } else {
        let expected: LoadStart =
          before.kind == .loadingMore ? .alreadyLoading : .unavailable
        require(
          returned == .loadMore(expected),
          "startLoadingMore returned \(String(describing: returned))")
        require(after == before, "a refused load-more changed the phase")
      }
    case .succeed, .fail, .cancel, .reset, .dismissError, .finishLoadingMore, .failLoadingMore,
      .cancelLoadingMore:
      break
    }
    let runningLoads = [
      after.isFirstLoad, after.isReloading, after.isRetrying, after.isLoadingMore,
    ]
    require(
      runningLoads.filter { $0 }.count == (after.isLoading ? 1 : 0), "\(after) reports two loads")
    return problems
  }
}

/// A screen's driver: it runs an operation only when a start returns `.started`, joins the
/// running one otherwise, and feeds each operation's result back.
enum DriverAction: Hashable, Sendable, CustomStringConvertible {
  /// The user asks for a load (appear, pull to refresh, retry).
  case load
  /// The paging footer appears.
  case loadMore
  /// The running operation ends with a value (a page, for a load-more).
  case complete([Int])
  /// The running operation fails.
  case failRunning(PhaseTestError)
  /// A cancelled or superseded operation ends late with a value.
  case completeStale(pick: Int, [Int])
  /// The user cancels.
  case cancel
  /// The screen resets.
  case reset

  var description: String {
    switch self {
    case .load: "load"
    case .loadMore: "loadMore"
    case .complete(let value): "complete(\(value))"
    case .failRunning(let error): "failRunning(\(error))"
    case .completeStale(let pick, let value): "completeStale(\(pick), \(value))"
    case .cancel: "cancel"
    case .reset: "reset"
    }
  }
}

/// Runs sequences and records the first failures.
struct PhasePropertyRunner {
  enum Operation: Equatable {
    case load
    case loadMore
  }

  /// The seed of the run: fixed, unless `PHASE_PROPERTY_SEED` asks for another.
  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["PHASE_PROPERTY_SEED"],
      let seed = UInt64(text)
    {
      return seed
    }
    return 0x5EED_A5C0_7E47
  }()

  static func random(stream: UInt64) -> Xoshiro {
    // SplitMix64 spreads the seed over Xoshiro's four words (all-zero state is invalid).
    var state = seed &+ stream &* 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    return Xoshiro(seed: (next(), next(), next(), next()))
  }

  /// Runs raw steps on a phase that starts idle; returns the problems of the first bad step.
  static func runSteps<Phase: PhasePropertySubject>(
    _ steps: [PhaseStep], on _: Phase.Type
  )
    -> [String]
  {
    var phase = Phase.idle
    var origin: Phase?
    for (index, step) in steps.enumerated() {
      let before = phase
      let returned = phase.apply(step)
      let problems = PhaseInvariants.check(
        before, step, phase, returned: returned, origin: origin, combination: index)
      if !problems.isEmpty {
        return problems.map { "step \(index) \(before) --\(step)--> \(phase): \($0)" }
      }
      if phase.kind.isStable {
        origin = nil
      } else if before.kind.isStable {
        origin = before
      }
    }
    return []
  }

  /// Runs a driver over a phase that starts idle and checks that at most one operation is in
  /// flight, that the phase agrees with the driver about it, and every step invariant.
  static func runDriver<Phase: PhasePropertySubject>(
    _ actions: [DriverAction], on _: Phase.Type
  )
    -> [String]
  {
    var phase = Phase.idle
    var origin: Phase?
    var running: Operation?
    var stale: [Operation] = []  // cancelled or superseded, their results may still arrive

    for (index, action) in actions.enumerated() {
      let before = phase
      var problems: [String] = []
      func apply(_ step: PhaseStep) -> PhaseEventResult? {
        let returned = phase.apply(step)
        problems += PhaseInvariants.check(
          before, step, phase, returned: returned, origin: origin, combination: index)
        return returned
      }

      switch action {
      case .load:
        switch apply(.startLoading) {
        case .start(.started):
          if running == .load { problems.append("a second load started while one runs") }
          if running == .loadMore { stale.append(.loadMore) }  // the reload supersedes it
          running = .load
        case .start(.alreadyLoading):
          if running != .load { problems.append("joined a load that does not run") }
        default:
          problems.append("startLoading returned something else")
        }
      case .loadMore:
        switch apply(.startLoadingMore) {
        case .loadMore(.started):
          if running != nil {
            problems.append("a load-more started while \(String(describing: running)) runs")
          }
          running = .loadMore
        case .loadMore(.alreadyLoading):
          if running != .loadMore { problems.append("joined a load-more that does not run") }
        case .loadMore(.unavailable):
          if running == .loadMore { problems.append("a running load-more was not joined") }
        default:
          problems.append("startLoadingMore returned something else")
        }
      case .complete(let value):
        switch running {
        case .load: _ = apply(.succeed(value))
        case .loadMore:
          if apply(.finishLoadingMore(page: value)) != .changed(true) {
            problems.append("the running load-more's page was dropped")
          }
        case nil: break  // nothing runs: nothing completes
        }
        running = nil
      case .failRunning(let error):
        // A load-more fails through failLoadingMore, as a phase driven by hand does.
        switch running {
        case .load: _ = apply(.fail(error))
        case .loadMore:
          if apply(.failLoadingMore(error)) != .changed(true) {
            problems.append("the running load-more's failure was dropped")
          }
        case nil: break
        }
        running = nil
      case .completeStale(let pick, let value):
        guard !stale.isEmpty else { break }
        let operation = stale.remove(at: pick % stale.count)
        // A late load result is dropped by the driver. A late page, failure or cancellation of
        // a load-more reaches the phase unless a newer load-more runs (the phase cannot tell the
        // two apart: the driver must).
        if operation == .loadMore, phase.kind != .loadingMore {
          let late: PhaseStep =
            switch pick % 3 {
            case 0: .finishLoadingMore(page: value)
            case 1: .failLoadingMore(.code(value.count))
            default: .cancelLoadingMore
            }
          if apply(late) != .changed(false) || phase != before {
            problems.append("a superseded load-more changed the phase with \(late)")
          }
        }
      case .cancel:
        _ = apply(.cancel)
        if let running { stale.append(running) }
        running = nil
      case .reset:
        _ = apply(.reset)
        if let running { stale.append(running) }
        running = nil
      }

      let loadRuns = [PhaseKind.loading, .reloading, .retrying].contains(phase.kind)
      if (running == .load) != loadRuns || (running == .loadMore) != phase.isLoadingMore {
        problems.append("the driver runs \(String(describing: running)) but the phase is \(phase)")
      }
      if !problems.isEmpty {
        return problems.map { "action \(index) \(before) --\(action)--> \(phase): \($0)" }
      }
      if phase.kind.isStable {
        origin = nil
      } else if before.kind.isStable {
        origin = before
      }
    }
    return []
  }

  /// Runs `count` sequences from `generator` through `check`; records up to three failures.
  /// Returns how many sequences ran.
  static func run<Input, Shrink: Sequence & SendableMetatype>(
    _ name: String, stream: UInt64, count: Int, generator: Generator<[Input], Shrink>,
    check: ([Input]) -> [String], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    var rng = random(stream: stream)
    var failures = 0
    for index in 0..<count {
      let sequence = generator.run(using: &rng)
      let problems = check(sequence)
      guard !problems.isEmpty else { continue }
      failures += 1
      Issue.record(
        """
        \(name) sequence #\(index) (PHASE_PROPERTY_SEED=\(seed)) failed:
        \(problems.joined(separator: "\n"))
        sequence: \(sequence)
        """, sourceLocation: sourceLocation)
      if failures == 3 { break }
    }
    return count
  }
}

/// The generators of random sequences.
///
/// Each element comes from one random integer whose digits pick the event and its payload: one
/// generator per element keeps 10,000 sequences fast in a debug build.
enum PhaseGenerators {
  /// A value of 0 to 3 items, from the bits of `seed`.
  private static func value(_ seed: Int) -> [Int] {
    (0..<(seed % 4)).map { (seed >> (2 + 4 * $0)) % 10 }
  }

  private static let seeds = Gen.int(in: 0...Int(Int32.max))

  /// Raw steps; `paging` adds the two paging events. Each step is weighted so that loads,
  /// results and load-mores dominate and resets stay rare.
  static func steps(paging: Bool) -> Generator<[PhaseStep], some Sequence & SendableMetatype> {
    seeds.map { seed -> PhaseStep in
      let payload = seed / 32
      return switch seed % (paging ? 23 : 14) {
      case 0...3: .startLoading
      case 4...6: .succeed(value(payload))
      case 7...9: .fail(.code(payload % 100))
      case 10...11: .cancel
      case 12: .reset
      case 13: .dismissError
      case 14...17: .startLoadingMore
      case 18...20: .finishLoadingMore(page: value(payload))
      case 21: .failLoadingMore(.code(payload % 100))
      default: .cancelLoadingMore
      }
    }.array(of: 1...40)
  }

  /// Driver actions; `paging` adds load-more.
  static func actions(paging: Bool) -> Generator<[DriverAction], some Sequence & SendableMetatype> {
    seeds.map { seed -> DriverAction in
      let payload = seed / 32
      return switch seed % (paging ? 18 : 14) {
      case 0...3: .load
      case 4...6: .complete(value(payload))
      case 7...8: .failRunning(.code(payload % 100))
      case 9...10: .completeStale(pick: payload % 8, value(payload / 8))
      case 11...12: .cancel
      case 13: .reset
      default: .loadMore
      }
    }.array(of: 1...40)
  }
}

@Suite("Phase properties")
struct PhasePropertyTests {
  /// 4 tests × 2,500 = 10,000 sequences per run.
  static let sequencesPerTest = 2_500

  @Test func loadPhaseStepInvariants() {
    let ran = PhasePropertyRunner.run(
      "LoadPhase steps", stream: 1, count: Self.sequencesPerTest,
      generator: PhaseGenerators.steps(paging: false)
    ) { PhasePropertyRunner.runSteps($0, on: TestLoadPhase.self) }
    #expect(ran == Self.sequencesPerTest)
  }

  @Test func pagedPhaseStepInvariants() {
    let ran = PhasePropertyRunner.run(
      "PagedPhase steps", stream: 2, count: Self.sequencesPerTest,
      generator: PhaseGenerators.steps(paging: true)
    ) { PhasePropertyRunner.runSteps($0, on: TestPagedPhase.self) }
    #expect(ran == Self.sequencesPerTest)
  }

  @Test func loadPhaseDriverRunsOneLoadAtATime() {
    let ran = PhasePropertyRunner.run(
      "LoadPhase driver", stream: 3, count: Self.sequencesPerTest,
      generator: PhaseGenerators.actions(paging: false)
    ) { PhasePropertyRunner.runDriver($0, on: TestLoadPhase.self) }
    #expect(ran == Self.sequencesPerTest)
  }

  @Test func pagedPhaseDriverRunsOneLoadAtATime() {
    let ran = PhasePropertyRunner.run(
      "PagedPhase driver", stream: 4, count: Self.sequencesPerTest,
      generator: PhaseGenerators.actions(paging: true)
    ) { PhasePropertyRunner.runDriver($0, on: TestPagedPhase.self) }
    #expect(ran == Self.sequencesPerTest)
  }

  /// The checker is not vacuous: a phase that loses its value on a failed reload, or shows a
  /// first load's progress during a reload, is caught.
  @Test func theInvariantsCatchBrokenTransitions() {
    let lost = PhaseInvariants.check(
      TestLoadPhase.reloading([1]), .fail(.new), TestLoadPhase.failed(.new), returned: nil,
      origin: .loaded([1]))
    #expect(lost.contains("the value was lost or changed"))
    let wrongCancel = PhaseInvariants.check(
      TestLoadPhase.retrying(.old), .cancel, TestLoadPhase.idle, returned: .changed(true),
      origin: .failed(.old))
    #expect(wrongCancel.contains { $0.hasPrefix("cancel of a load started from") })
    let secondLoad = PhaseInvariants.check(
      TestPagedPhase.loading, .startLoading, TestPagedPhase.loading, returned: .start(.started),
      origin: .idle)
    #expect(secondLoad.contains { $0.hasPrefix("startLoading returned") })
    let appended = PhaseInvariants.check(
      TestPagedPhase.reloading([1]), .finishLoadingMore(page: [2]), TestPagedPhase.loaded([1, 2]),
      returned: .changed(true), origin: .loadingMore([1]))
    #expect(appended.contains("a stale page changed the phase"))
    let outdatedFailure = PhaseInvariants.check(
      TestPagedPhase.reloading([1]), .failLoadingMore(.new), TestPagedPhase.reloadFailed([1], .new),
      returned: .changed(true), origin: .loadingMore([1]))
    #expect(outdatedFailure.contains { $0.contains("changed a phase it does not act in") })
    let keptBanner = PhaseInvariants.check(
      TestLoadPhase.reloadFailed([1], .old), .dismissError, TestLoadPhase.reloadFailed([1], .old),
      returned: .changed(false), origin: nil)
    #expect(keptBanner.contains { $0.hasPrefix("dismissError returned") })
  }
}
