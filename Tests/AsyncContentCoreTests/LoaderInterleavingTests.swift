import AsyncContentCore
import AsyncContentTestSupport
import ConcurrencyExtras
import Foundation
import Testing

/// Randomized interleavings of triggers, completions in any order, failures, cancellations
/// thrown by the operation, caller cancellations, `cancel()` and `reset()`, checked against a
/// model after every step.
///
/// Each run executes 10,000 schedules for ``AsyncLoader`` (5 to 15 steps each) and 10,000 for
/// ``PagedLoader`` (5 to 20 steps each, against a server of 0 to 10 items in pages of 1 to 4),
/// then resolves whatever is still pending. The schedules come from a fixed seed; set
/// `LOADER_INTERLEAVING_SEED` to try others and `LOADER_INTERLEAVING_SCHEDULES` to change the
/// count. A failure reports the seed, the schedule number, its configuration and its steps.
///
/// Checked after every step: at most one operation runs (the loader started exactly the calls
/// the joining policy allows), no stale value, error or page lands, no cancellation shows as a
/// failure, no value is lost except by reset (paged: no item except by a landed first page or
/// reset, never a duplicate id, no request after the end, each request at the expected cursor,
/// the footer), the phase and `failureCount` are the model's, and every caller whose load settled has resumed while
/// no other has. At the end every caller has resumed.
///
/// The operations are gates resolved by the test. Most schedules run main-actor operations, so
/// every step is deterministic: the loader's state changes only on the main actor, in the
/// order the test drives it. A quarter run nonisolated operations, whose hops through the
/// global executor the test waits out. Half the gates ignore cancellation, so the results of
/// superseded, cancelled and reset loads really arrive, late.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(10)))
struct LoaderInterleavingTests {
  static let seed: UInt64 = environmentNumber("LOADER_INTERLEAVING_SEED") ?? 0x00C0_FFEE_5EED
  static let schedules = Int(environmentNumber("LOADER_INTERLEAVING_SCHEDULES") ?? 10_000)

  /// 10,000 schedules (by default) of AsyncLoader triggers, completions and cancellations.
  @Test func asyncLoader10000Schedules() async {
    var steps = 0
    for index in 0..<Self.schedules {
      var schedule = LoaderSchedule(seed: Self.seed, index: index)
      if let failure = await schedule.run() {
        Issue.record(
          """
          AsyncLoader schedule \(index) failed (LOADER_INTERLEAVING_SEED=\(Self.seed)): \
          \(failure)
          \(schedule.configuration)
          \(schedule.log.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
          """)
        return
      }
      steps += schedule.log.count
    }
    #expect(steps >= Self.schedules * 5)
  }

  /// 10,000 schedules (by default) of PagedLoader loadMore, reload, completions and cancellations.
  @Test func pagedLoader10000Schedules() async {
    var steps = 0
    for index in 0..<Self.schedules {
      var schedule = PagedSchedule(seed: Self.seed, index: index)
      if let failure = await schedule.run() {
        Issue.record(
          """
          PagedLoader schedule \(index) failed (LOADER_INTERLEAVING_SEED=\(Self.seed)): \
          \(failure)
          \(schedule.configuration)
          \(schedule.log.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
          """)
        return
      }
      steps += schedule.log.count
    }
    #expect(steps >= Self.schedules * 5)
  }

  /// The harness never hangs: a condition that never holds is reported as false.
  @Test func waitingGivesUpOnAConditionThatNeverHolds() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader { @MainActor in try await gate.call() }
    loader.startLoad()
    let arrived = await yieldUntil { gate.pending == 1 }
    #expect(arrived)
    gate.succeed(1)
    // A condition that never holds is reported as false instead of hanging.
    let impossible = await yieldUntil(limit: 50) { loader.phase.kind == .failed }
    #expect(!impossible)
    #expect(loader.phase.value == 1)
  }
}

// MARK: - Shared machinery

/// Yields the main actor until `condition` holds, at least once so that every job the last
/// step enqueued on the main actor (a resumed gate call, a trigger) has run: the main actor
/// runs its jobs in order.
///
/// - Returns: whether the condition held within `limit` yields.
@MainActor
func yieldUntil(limit: Int = 20_000, _ condition: () -> Bool) async -> Bool {
  await Task.yield()
  for _ in 0..<limit {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// The tasks that await triggers, as SwiftUI's `.task` and `.refreshable` would.
@MainActor
final class Callers {
  private(set) var tasks: [Task<Void, Never>] = []
  private(set) var finished: [Bool] = []
  private(set) var startedCount = 0

  var allStarted: Bool { startedCount == tasks.count }

  /// Starts a caller; a pre-cancelled one is cancelled before it runs.
  func spawn(cancelled: Bool, _ trigger: @escaping @MainActor () async -> Void) -> Int {
    let id = tasks.count
    finished.append(false)
    let task = Task { @MainActor in
      self.startedCount += 1
      await trigger()
      self.finished[id] = true
    }
    if cancelled { task.cancel() }
    tasks.append(task)
    return id
  }

  func cancel(_ id: Int) {
    tasks[id].cancel()
  }

  func cancelAll() {
    for task in tasks { task.cancel() }
  }
}

/// A cancellation as an operation reports it.
func cancellationError(_ variant: Int) -> any Error {
  switch variant % 3 {
  case 0: CancellationError()
  case 1: URLError(.cancelled)
  default: NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled)
  }
}

/// A phase as the model sees it: the kind, the value's id and the error's id.
private struct LoadSnapshot: Equatable, CustomStringConvertible {
  var kind: PhaseKind
  var value: Int?
  var error: Int?

  static let idle = LoadSnapshot(kind: .idle)

  var description: String {
    "\(kind)" + (value.map { " value \($0)" } ?? "") + (error.map { " error \($0)" } ?? "")
  }

  func startingLoad() -> LoadSnapshot {
    switch kind {
    case .idle: LoadSnapshot(kind: .loading)
    case .failed: LoadSnapshot(kind: .retrying, error: error)
    case .loaded, .reloadFailed: LoadSnapshot(kind: .reloading, value: value)
    default: self
    }
  }

  func failing(_ error: Int) -> LoadSnapshot {
    value == nil
      ? LoadSnapshot(kind: .failed, error: error)
      : LoadSnapshot(kind: .reloadFailed, value: value, error: error)
  }

  func cancelling() -> LoadSnapshot {
    switch kind {
    case .loading: .idle
    case .reloading: LoadSnapshot(kind: .loaded, value: value)
    case .retrying: LoadSnapshot(kind: .failed, error: error)
    default: self
    }
  }
}

// MARK: - AsyncLoader schedules

/// One schedule of AsyncLoader steps and the model it is checked against.
@MainActor
private struct LoaderSchedule {
  enum Trigger: CaseIterable {
    case load, reload, retry, startLoad, startReload
  }

  enum Step: CustomStringConvertible {
    case trigger(Trigger, caller: Int?, preCancelled: Bool)
    case succeed(call: Int, value: Int)
    case fail(call: Int, error: Int)
    case throwCancellation(call: Int)
    case cancelCaller(Int)
    case cancel
    case reset

    var description: String {
      switch self {
      case .trigger(let trigger, let caller, let preCancelled):
        "\(trigger)" + (caller.map { " by caller \($0)" } ?? "")
          + (preCancelled ? " (caller cancelled first)" : "")
      case .succeed(let call, let value): "call \(call) returns \(value)"
      case .fail(let call, let error): "call \(call) throws TestError(\(error))"
      case .throwCancellation(let call): "call \(call) throws a cancellation"
      case .cancelCaller(let caller): "caller \(caller) is cancelled"
      case .cancel: "cancel()"
      case .reset: "reset()"
      }
    }
  }

  private var random: SplitMix64
  let overlap: OverlapPolicy
  let honorsCancellation: Bool
  let mainActorOperation: Bool
  let stepCount: Int
  private(set) var log: [Step] = []

  // The model.
  private var phase = LoadSnapshot.idle
  /// The call whose result may land, if one runs.
  private var current: Int?
  /// The calls waiting at the gate, in the gate's order.
  private var pending: [Int] = []
  private var calls = 0
  private var cancelledCalls = 0
  /// Callers waiting for the running load to settle.
  private var waiting: Set<Int> = []
  /// Callers that must have resumed.
  private var resumed: Set<Int> = []
  /// Values and errors of calls whose result must never land.
  private var staleValues: Set<Int> = []
  private var nextID = 1
  /// The value the last check saw.
  private var observedValue: Int?
  /// Failed attempts since the last success or reset: what `failureCount` must say.
  private var failures = 0
  /// Whether a reload failed since the value landed: the value is not current, so `load()`
  /// fetches again.
  private var invalidated = false

  init(seed: UInt64, index: Int) {
    random = SplitMix64(seed: seed, index: index)
    overlap = random.chance(25) ? .latestWins : .joinRunning
    honorsCancellation = random.chance(50)
    mainActorOperation = !random.chance(25)
    stepCount = 5 + random.below(11)
  }

  var configuration: String {
    "overlap \(overlap), honorsCancellation \(honorsCancellation), "
      + "\(mainActorOperation ? "main-actor" : "nonisolated") operation, \(stepCount) steps"
  }

  private mutating func freshID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Runs the schedule; returns a description of the first broken invariant.
  mutating func run() async -> String? {
    let gate = Gate<Int>(honorsCancellation: honorsCancellation)
    let loader: AsyncLoader<Int> =
      mainActorOperation
      ? AsyncLoader(overlap: overlap) { @MainActor in try await gate.call() }
      : AsyncLoader(overlap: overlap) { try await gate.call() }
    let callers = Callers()
    defer {
      loader.reset()
      callers.cancelAll()
      while gate.pending > 0 { gate.fail(CancellationError()) }
    }

    for _ in 0..<stepCount {
      if let failure = await step(loader, gate, callers, finale: false) { return failure }
    }
    // Resolve everything still pending; every caller then resumes.
    while !pending.isEmpty {
      if let failure = await step(loader, gate, callers, finale: true) { return failure }
    }
    if loader.phase.isLoading || loader.isActive {
      return "the loader still loads after every call was resolved: \(loader.phase)"
    }
    let allResumed = await yieldUntil { !callers.finished.contains(false) }
    if !allResumed {
      let stuck = callers.finished.indices.filter { !callers.finished[$0] }
      return "callers \(stuck) never resumed"
    }
    if gate.calls != calls { return "the gate saw \(gate.calls) calls, the model \(calls)" }
    return nil
  }

  private mutating func step(
    _ loader: AsyncLoader<Int>, _ gate: Gate<Int>, _ callers: Callers, finale: Bool
  ) async -> String? {
    let before = observedValue
    var delivered: Int?
    let action: Step
    if finale {
      action = resolve(at: 0, outcome: 0, delivered: &delivered)
    } else {
      action = chooseAction(callers: callers, delivered: &delivered)
    }
    log.append(action)

    switch action {
    case .trigger(let trigger, let caller, let preCancelled):
      perform(trigger, on: loader, callers: callers, caller: caller, preCancelled: preCancelled)
    case .succeed(let call, let value):
      gate.succeed(value, at: takePending(call))
    case .fail(let call, let error):
      gate.fail(TestError(error), at: takePending(call))
    case .throwCancellation(let call):
      gate.fail(cancellationError(call), at: takePending(call))
    case .cancelCaller(let caller):
      callers.cancel(caller)
    case .cancel:
      loader.cancel()
    case .reset:
      loader.reset()
    }

    let expected = phase
    let settled = await yieldUntil {
      callers.allStarted && gate.calls == calls && gate.pending == pending.count
        && Self.snapshot(loader.phase) == expected
        && resumed.allSatisfy { callers.finished[$0] }
    }
    let actual = loader.phase
    observedValue = actual.value
    return check(
      actual, loader, gate, callers, settled: settled, before: before, delivered: delivered)
  }

  /// The gate's index of a pending call, which leaves the model's mirror of the gate.
  private mutating func takePending(_ call: Int) -> Int {
    let index = pending.firstIndex(of: call)!
    pending.remove(at: index)
    return index
  }

  private mutating func chooseAction(callers: Callers, delivered: inout Int?) -> Step {
    while true {
      let roll = random.below(100)
      switch roll {
      case 0..<36:
        let trigger = Trigger.allCases[random.below(Trigger.allCases.count)]
        let awaits = trigger == .load || trigger == .reload || trigger == .retry
        let preCancelled = awaits && random.chance(10)
        let caller = awaits ? callers.tasks.count : nil
        apply(trigger, caller: caller, preCancelled: preCancelled)
        return .trigger(trigger, caller: caller, preCancelled: preCancelled)
      case 36..<74:
        guard !pending.isEmpty else { continue }
        return resolve(
          at: random.below(pending.count), outcome: random.below(10), delivered: &delivered)
      case 74..<86:
        guard let caller = waiting.randomElement(using: &random) else { continue }
        waiting.remove(caller)
        resumed.insert(caller)
        return .cancelCaller(caller)
      case 86..<95:
        supersede()
        phase = phase.cancelling()
        settle()
        return .cancel
      default:
        supersede()
        phase = .idle
        failures = 0
        invalidated = false
        settle()
        return .reset
      }
    }
  }

  /// Resolves the pending call at `index` in the model: outcome 0–5 succeeds, 6–8 fails, 9
  /// throws a cancellation.
  private mutating func resolve(at index: Int, outcome: Int, delivered: inout Int?) -> Step {
    let call = pending[index]
    let id = freshID()
    let isCurrent = call == current
    if isCurrent {
      current = nil
      settle()
    }
    switch outcome {
    case 0...5:
      if isCurrent {
        phase = LoadSnapshot(kind: .loaded, value: id)
        delivered = id
        failures = 0
        invalidated = false
      } else {
        staleValues.insert(id)
      }
      return .succeed(call: call, value: id)
    case 6...8:
      if isCurrent {
        phase = phase.failing(id)
        failures += 1
        if phase.kind == .reloadFailed { invalidated = true }
      } else {
        staleValues.insert(id)
      }
      return .fail(call: call, error: id)
    default:
      if isCurrent { phase = phase.cancelling() }
      return .throwCancellation(call: call)
    }
  }

  /// The model of a trigger.
  private mutating func apply(_ trigger: Trigger, caller: Int?, preCancelled: Bool) {
    let loading = phase.kind.isLoading
    let starts: Bool
    let waits: Bool
    switch trigger {
    case .load:
      // `load()` joins a running load under either policy; only reload and retry replace it.
      // A value whose reload failed is not current.
      starts = !loading && (phase.kind == .idle || phase.kind == .failed || invalidated)
      waits = loading || starts
    case .reload, .retry:
      starts = loading ? overlap == .latestWins : true
      waits = true
    case .startLoad:
      starts = !loading && (phase.kind == .idle || phase.kind == .failed || invalidated)
      waits = false
    case .startReload:
      starts = loading ? overlap == .latestWins : true
      waits = false
    }
    if starts { begin() }
    if let caller {
      if waits && !preCancelled { waiting.insert(caller) } else { resumed.insert(caller) }
    }
  }

  private func perform(
    _ trigger: Trigger, on loader: AsyncLoader<Int>, callers: Callers, caller: Int?,
    preCancelled: Bool
  ) {
    guard let caller else {
      if trigger == .startLoad { loader.startLoad() } else { loader.startReload() }
      return
    }
    let spawned = callers.spawn(cancelled: preCancelled) {
      switch trigger {
      case .load: await loader.load()
      case .reload: await loader.reload()
      default: await loader.retry()
      }
    }
    precondition(spawned == caller)
  }

  /// Starts a load in the model: the running one is superseded.
  private mutating func begin() {
    supersede()
    phase = phase.startingLoad()
    calls += 1
    current = calls
    pending.append(calls)
  }

  /// Supersedes the running load: its task is cancelled, and a gate that honors cancellation
  /// drops its call at once.
  private mutating func supersede() {
    guard let call = current else { return }
    current = nil
    if honorsCancellation, let index = pending.firstIndex(of: call) {
      pending.remove(at: index)
      cancelledCalls += 1
    }
  }

  private mutating func settle() {
    resumed.formUnion(waiting)
    waiting.removeAll()
  }

  static func snapshot(_ phase: LoadPhase<Int, any Error>) -> LoadSnapshot? {
    var error: Int?
    if let thrown = phase.error {
      guard let testError = thrown as? TestError else { return nil }
      error = testError.id
    }
    return LoadSnapshot(kind: phase.kind, value: phase.value, error: error)
  }

  private func check(
    _ actual: LoadPhase<Int, any Error>, _ loader: AsyncLoader<Int>, _ gate: Gate<Int>,
    _ callers: Callers, settled: Bool, before: Int?, delivered: Int?
  ) -> String? {
    // No cancellation shows as a failure.
    if let error = actual.error, isCancellation(error) {
      return "a cancellation shows as a failure: \(actual)"
    }
    // No stale result lands.
    if let value = actual.value, staleValues.contains(value) {
      return "the stale value \(value) landed: \(actual)"
    }
    if let error = actual.error as? TestError, staleValues.contains(error.id) {
      return "the stale error \(error.id) landed: \(actual)"
    }
    // No loaded value is lost except by reset, and a value changes only to the current result.
    let after = actual.value
    if let before, after != before {
      if after == nil, case .reset = log.last {
      } else if after == nil || after != delivered {
        return "the value \(before) was replaced by \(after.map(String.init) ?? "nothing")"
      }
    }
    // At most one operation runs: the loader started exactly the calls the joining policy allows.
    if gate.calls != calls {
      return "\(gate.calls) operations started, the \(overlap) policy allows \(calls)"
    }
    let live = pending.filter { $0 == current }.count
    if live > 1 || (honorsCancellation && gate.pending > 1) {
      return "\(gate.pending) operations run at once"
    }
    if gate.pending != pending.count {
      return "\(gate.pending) calls wait at the gate, expected \(pending.count)"
    }
    if honorsCancellation && gate.cancelledCalls != cancelledCalls {
      return "\(gate.cancelledCalls) calls were cancelled, expected \(cancelledCalls)"
    }
    if loader.isActive != (current != nil) {
      return "isActive is \(loader.isActive), expected \(current != nil)"
    }
    // The phase is the model's.
    guard let snapshot = Self.snapshot(actual) else {
      return "unexpected error in \(actual)"
    }
    if snapshot != phase { return "the phase is \(snapshot), expected \(phase)" }
    // Failed attempts since the last success or reset, and none else.
    if loader.failureCount != failures {
      return "failureCount is \(loader.failureCount), expected \(failures)"
    }
    // Every caller whose load settled (or who was cancelled) resumes; no one resumes early.
    if let stuck = resumed.first(where: { !callers.finished[$0] }) {
      return "caller \(stuck) did not resume"
    }
    if let early = waiting.first(where: { callers.finished[$0] }) {
      return "caller \(early) resumed before its load settled"
    }
    if !settled { return "the step never settled" }
    return nil
  }
}

// MARK: - PagedLoader schedules

/// Records the cursor of every request, in call order.
@MainActor
private final class PageServer {
  let gate: Gate<Page<PagedRow, Int>>
  private(set) var requests: [Int?] = []

  init(honorsCancellation: Bool) {
    gate = Gate(honorsCancellation: honorsCancellation)
  }

  func fetch(_ cursor: Int?) async throws -> Page<PagedRow, Int> {
    requests.append(cursor)
    return try await gate.call()
  }
}

/// A paged phase as the model sees it.
private struct PagedSnapshot: Equatable, CustomStringConvertible {
  var kind: PhaseKind
  var items: [PagedRow]?
  var error: Int?

  static let idle = PagedSnapshot(kind: .idle)

  var description: String {
    "\(kind)" + (items.map { " \($0)" } ?? "") + (error.map { " error \($0)" } ?? "")
  }
}

/// One schedule of PagedLoader steps against a server whose pages end.
@MainActor
private struct PagedSchedule {
  enum Trigger: CaseIterable {
    case loadMore, reload, load, retry, startLoadMore, startReload
  }

  enum Step: CustomStringConvertible {
    case trigger(Trigger, caller: Int?, preCancelled: Bool)
    case succeed(call: Int, cursor: Int?, page: [PagedRow], next: Int?)
    case fail(call: Int, error: Int)
    case throwCancellation(call: Int)
    case cancelCaller(Int)
    case cancel
    case reset

    var description: String {
      switch self {
      case .trigger(let trigger, let caller, let preCancelled):
        "\(trigger)" + (caller.map { " by caller \($0)" } ?? "")
          + (preCancelled ? " (caller cancelled first)" : "")
      case .succeed(let call, let cursor, let page, let next):
        "call \(call) (cursor \(cursor.map(String.init) ?? "nil")) returns \(page), next "
          + (next.map(String.init) ?? "nil")
      case .fail(let call, let error): "call \(call) throws TestError(\(error))"
      case .throwCancellation(let call): "call \(call) throws a cancellation"
      case .cancelCaller(let caller): "caller \(caller) is cancelled"
      case .cancel: "cancel()"
      case .reset: "reset()"
      }
    }
  }

  private var random: SplitMix64
  let honorsCancellation: Bool
  let mainActorOperation: Bool
  let stepCount: Int
  /// The server's item count and page size.
  let total: Int
  let pageSize: Int
  private(set) var log: [Step] = []

  // The model.
  private var phase = PagedSnapshot.idle
  private var nextCursor: Int?
  private var current: (call: Int, firstPage: Bool)?
  private var pending: [Int] = []
  private var requests: [Int?] = []
  private var cancelledCalls = 0
  private var waiting: Set<Int> = []
  private var resumed: Set<Int> = []
  /// Calls whose pages must never land.
  private var staleCalls: Set<Int> = []
  /// The ids the last check saw.
  private var observedIDs: Set<Int> = []
  /// Whether the last step landed a first page, which replaces the items.
  private var firstPageLanded = false
  /// Failed attempts since the last page landed or reset: what `failureCount` must say.
  private var failures = 0
  /// Whether a reload failed since the first page landed: the list is not current, so `load()`
  /// loads the first page again, superseding a page that loads, as a stale list does.
  private var invalidated = false
  private var nextID = 1

  init(seed: UInt64, index: Int) {
    random = SplitMix64(seed: seed ^ 0x5A5A_5A5A, index: index)
    honorsCancellation = random.chance(50)
    mainActorOperation = !random.chance(25)
    stepCount = 5 + random.below(16)
    total = random.below(11)
    pageSize = 1 + random.below(4)
  }

  var configuration: String {
    "server of \(total) items in pages of \(pageSize), honorsCancellation \(honorsCancellation), "
      + "\(mainActorOperation ? "main-actor" : "nonisolated") operation, \(stepCount) steps"
  }

  mutating func run() async -> String? {
    let server = PageServer(honorsCancellation: honorsCancellation)
    let gate = server.gate
    let loader: PagedLoader<PagedRow, Int> =
      mainActorOperation
      ? PagedLoader { @MainActor cursor in try await server.fetch(cursor) }
      : PagedLoader { cursor in try await server.fetch(cursor) }
    let callers = Callers()
    defer {
      loader.reset()
      callers.cancelAll()
      while gate.pending > 0 { gate.fail(CancellationError()) }
    }

    for _ in 0..<stepCount {
      if let failure = await step(loader, server, callers, finale: false) { return failure }
    }
    while !pending.isEmpty {
      if let failure = await step(loader, server, callers, finale: true) { return failure }
    }
    if loader.phase.isLoading { return "the loader still loads: \(loader.phase)" }
    if let problem = Self.checkFooter(loader, loader.phase, fromLoader: true) { return problem }
    let allResumed = await yieldUntil { !callers.finished.contains(false) }
    if !allResumed {
      let stuck = callers.finished.indices.filter { !callers.finished[$0] }
      return "callers \(stuck) never resumed"
    }
    return nil
  }

  private mutating func step(
    _ loader: PagedLoader<PagedRow, Int>, _ server: PageServer, _ callers: Callers, finale: Bool
  ) async -> String? {
    let gate = server.gate
    let before = observedIDs
    firstPageLanded = false
    let action = finale ? resolve(at: 0, outcome: 0) : chooseAction(callers: callers)
    log.append(action)

    switch action {
    case .trigger(let trigger, let caller, let preCancelled):
      perform(trigger, on: loader, callers: callers, caller: caller, preCancelled: preCancelled)
    case .succeed(let call, _, let items, let next):
      gate.succeed(Page(items: items, nextCursor: next), at: takePending(call))
    case .fail(let call, let error):
      gate.fail(TestError(error), at: takePending(call))
    case .throwCancellation(let call):
      gate.fail(cancellationError(call), at: takePending(call))
    case .cancelCaller(let caller):
      callers.cancel(caller)
    case .cancel:
      loader.cancel()
    case .reset:
      loader.reset()
    }

    // Waits for the phase's kind, item count and error; the check compares every item.
    let expected = phase
    let expectedCursor = nextCursor
    let settled = await yieldUntil {
      guard
        callers.allStarted && gate.calls == requests.count && gate.pending == pending.count
          && loader.nextCursor == expectedCursor
      else { return false }
      let current = loader.phase
      return current.kind == expected.kind && current.value?.count == expected.items?.count
        && (current.error as? TestError)?.id == expected.error
        && resumed.allSatisfy { callers.finished[$0] }
    }
    let actual = loader.phase
    let items = actual.value.map(Array.init) ?? []
    observedIDs = Set(items.map(\.id))
    return check(actual, items, loader, server, callers, settled: settled, before: before)
  }

  private mutating func chooseAction(callers: Callers) -> Step {
    while true {
      switch random.below(100) {
      case 0..<40:
        let trigger: Trigger =
          switch random.below(20) {
          case 0..<9: .loadMore
          case 9..<13: .reload
          case 13..<15: .load
          case 15..<17: .retry
          case 17..<19: .startLoadMore
          default: .startReload
          }
        let awaits = trigger != .startLoadMore && trigger != .startReload
        let preCancelled = awaits && random.chance(10)
        let caller = awaits ? callers.tasks.count : nil
        apply(trigger, caller: caller, preCancelled: preCancelled)
        return .trigger(trigger, caller: caller, preCancelled: preCancelled)
      case 40..<78:
        guard !pending.isEmpty else { continue }
        return resolve(at: random.below(pending.count), outcome: random.below(10))
      case 78..<88:
        guard let caller = waiting.randomElement(using: &random) else { continue }
        waiting.remove(caller)
        resumed.insert(caller)
        return .cancelCaller(caller)
      case 88..<95:
        supersede()
        switch phase.kind {
        case .loading: phase = .idle
        case .reloading, .loadingMore: phase = PagedSnapshot(kind: .loaded, items: phase.items)
        case .retrying: phase = PagedSnapshot(kind: .failed, error: phase.error)
        default: break
        }
        settle()
        return .cancel
      default:
        supersede()
        phase = .idle
        nextCursor = nil
        failures = 0
        invalidated = false
        settle()
        return .reset
      }
    }
  }

  /// The page the server returns for `cursor`; sometimes shifted back by new items at the
  /// top, so it repeats items of the previous page.
  private mutating func page(at cursor: Int?, call: Int) -> (items: [PagedRow], next: Int?) {
    var start = cursor ?? 0
    if start > 0, pageSize > 1, random.chance(25) {
      start -= 1 + random.below(min(pageSize - 1, start))
    }
    let end = max(start, min(start + pageSize, total))
    let items = (start..<end).map { PagedRow(id: $0, payload: call) }
    return (items, end < total ? end : nil)
  }

  /// Resolves the pending call at `index`: outcome 0–5 succeeds, 6–8 fails, 9 throws a
  /// cancellation.
  private mutating func resolve(at index: Int, outcome: Int) -> Step {
    let call = pending[index]
    let isCurrent = call == current?.call
    let firstPage = current?.firstPage ?? false
    firstPageLanded = isCurrent && firstPage && outcome <= 5
    if isCurrent {
      current = nil
      settle()
    } else {
      staleCalls.insert(call)
    }
    switch outcome {
    case 0...5:
      let cursor = requests[call - 1]
      let (items, next) = page(at: cursor, call: call)
      if isCurrent {
        nextCursor = next
        failures = 0
        if firstPage {
          phase = PagedSnapshot(kind: .loaded, items: items)
          invalidated = false
        } else {
          var merged = phase.items ?? []
          for item in items {
            if let position = merged.firstIndex(where: { $0.id == item.id }) {
              merged[position] = item
            } else {
              merged.append(item)
            }
          }
          phase = PagedSnapshot(kind: .loaded, items: merged)
        }
      }
      return .succeed(call: call, cursor: cursor, page: items, next: next)
    case 6...8:
      let error = nextID
      nextID += 1
      if isCurrent {
        failures += 1
        switch phase.kind {
        case .loadingMore:
          phase = PagedSnapshot(kind: .loadMoreFailed, items: phase.items, error: error)
        case _ where phase.items != nil:
          phase = PagedSnapshot(kind: .reloadFailed, items: phase.items, error: error)
          invalidated = true
        default:
          phase = PagedSnapshot(kind: .failed, error: error)
        }
      }
      return .fail(call: call, error: error)
    default:
      if isCurrent {
        switch phase.kind {
        case .loading: phase = .idle
        case .reloading, .loadingMore: phase = PagedSnapshot(kind: .loaded, items: phase.items)
        case .retrying: phase = PagedSnapshot(kind: .failed, error: phase.error)
        default: break
        }
      }
      return .throwCancellation(call: call)
    }
  }

  /// The model of a trigger.
  private mutating func apply(_ trigger: Trigger, caller: Int?, preCancelled: Bool) {
    var waits = false
    switch trigger {
    case .reload, .startReload:
      reloadModel()
      waits = true
    case .load:
      switch phase.kind {
      case .loading, .reloading, .retrying: waits = true
      case .idle, .failed:
        reloadModel()
        waits = true
      default:
        // A list is shown: it loads again only when a reload failed since its first page.
        if invalidated { reloadModel() }
        waits = invalidated
      }
    case .retry:
      if phase.kind == .loadMoreFailed {
        waits = loadMoreModel()
      } else {
        reloadModel()
        waits = true
      }
    case .loadMore, .startLoadMore:
      waits = loadMoreModel()
    }
    if let caller {
      if waits && !preCancelled { waiting.insert(caller) } else { resumed.insert(caller) }
    }
  }

  private mutating func reloadModel() {
    switch phase.kind {
    case .loading, .reloading, .retrying: return  // joins
    case .idle: phase = PagedSnapshot(kind: .loading)
    case .failed: phase = PagedSnapshot(kind: .retrying, error: phase.error)
    default: phase = PagedSnapshot(kind: .reloading, items: phase.items)
    }
    begin(cursor: nil)
  }

  /// Returns whether the caller waits.
  private mutating func loadMoreModel() -> Bool {
    switch phase.kind {
    case .loadingMore: return true
    case .loaded, .reloadFailed, .loadMoreFailed:
      guard let cursor = nextCursor else { return false }  // the end: no request
      phase = PagedSnapshot(kind: .loadingMore, items: phase.items)
      begin(cursor: cursor)
      return true
    default: return false
    }
  }

  private mutating func takePending(_ call: Int) -> Int {
    let index = pending.firstIndex(of: call)!
    pending.remove(at: index)
    return index
  }

  private mutating func begin(cursor: Int?) {
    supersede()
    requests.append(cursor)
    current = (requests.count, cursor == nil)
    pending.append(requests.count)
  }

  private mutating func supersede() {
    guard let call = current?.call else { return }
    current = nil
    staleCalls.insert(call)
    if honorsCancellation, let index = pending.firstIndex(of: call) {
      pending.remove(at: index)
      cancelledCalls += 1
    }
  }

  private mutating func settle() {
    resumed.formUnion(waiting)
    waiting.removeAll()
  }

  private func perform(
    _ trigger: Trigger, on loader: PagedLoader<PagedRow, Int>, callers: Callers, caller: Int?,
    preCancelled: Bool
  ) {
    guard let caller else {
      if trigger == .startLoadMore { loader.startLoadMore() } else { loader.startReload() }
      return
    }
    let spawned = callers.spawn(cancelled: preCancelled) {
      switch trigger {
      case .loadMore: await loader.loadMore()
      case .reload: await loader.reload()
      case .load: await loader.load()
      default: await loader.retry()
      }
    }
    precondition(spawned == caller)
  }

  static func snapshot(
    _ phase: PagedPhase<IdentifiedItems<PagedRow>, any Error>
  ) -> PagedSnapshot? {
    var error: Int?
    if let thrown = phase.error {
      guard let testError = thrown as? TestError else { return nil }
      error = testError.id
    }
    return PagedSnapshot(kind: phase.kind, items: phase.value.map { Array($0) }, error: error)
  }

  private func check(
    _ actual: PagedPhase<IdentifiedItems<PagedRow>, any Error>, _ items: [PagedRow],
    _ loader: PagedLoader<PagedRow, Int>, _ server: PageServer, _ callers: Callers,
    settled: Bool, before: Set<Int>
  ) -> String? {
    let gate = server.gate
    if let error = actual.error, isCancellation(error) {
      return "a cancellation shows as a failure: \(actual)"
    }
    // Never duplicate ids.
    if observedIDs.count != items.count { return "duplicate ids in \(items)" }
    // No stale page appends.
    if let stale = items.first(where: { staleCalls.contains($0.payload) }) {
      return "item \(stale) comes from the stale call \(stale.payload)"
    }
    // No item is lost except by a successful reload (or reset).
    let after = observedIDs
    if !before.isSubset(of: after) {
      var allowed = false
      switch log.last {
      case .reset: allowed = true
      case .succeed: allowed = firstPageLanded
      default: break
      }
      if !allowed { return "items \(before.subtracting(after).sorted()) were lost" }
    }
    // No request goes out after the end, and each goes to the cursor the model expects.
    if server.requests.count != requests.count || gate.calls != requests.count {
      return "\(server.requests.count) requests went out (\(server.requests)), expected "
        + "\(requests.count) (\(requests))"
    }
    if server.requests != requests {
      return "requests went to \(server.requests), expected \(requests)"
    }
    if let late = server.requests.compactMap({ $0 }).first(where: { $0 >= total }) {
      return "a request went out after the end, at \(late)"
    }
    // At most one operation runs at a time.
    if honorsCancellation && gate.pending > 1 { return "\(gate.pending) operations run at once" }
    if gate.pending != pending.count {
      return "\(gate.pending) calls wait at the gate, expected \(pending.count)"
    }
    if honorsCancellation && gate.cancelledCalls != cancelledCalls {
      return "\(gate.cancelledCalls) calls were cancelled, expected \(cancelledCalls)"
    }
    guard let snapshot = Self.snapshot(actual) else {
      return "unexpected error in \(actual)"
    }
    if snapshot != phase { return "the phase is \(snapshot), expected \(phase)" }
    if loader.nextCursor != nextCursor {
      return
        "the cursor is \(String(describing: loader.nextCursor)), expected \(String(describing: nextCursor))"
    }
    if loader.failureCount != failures {
      return "failureCount is \(loader.failureCount), expected \(failures)"
    }
    // The footer says the end at the end and never asks for more there.
    // The footer changes with the cursor, which only a landing page moves.
    if case .succeed = log.last, let problem = Self.checkFooter(loader, actual) { return problem }
    if let stuck = resumed.first(where: { !callers.finished[$0] }) {
      return "caller \(stuck) did not resume"
    }
    if let early = waiting.first(where: { callers.finished[$0] }) {
      return "caller \(early) resumed before its load settled"
    }
    if !settled { return "the step never settled" }
    return nil
  }

  /// Checks the footer. Per step, the phase's own presentation with the loader's cursor is
  /// checked; the loader's own phase at the end of a schedule.
  private static func checkFooter(
    _ loader: PagedLoader<PagedRow, Int>,
    _ phase: PagedPhase<IdentifiedItems<PagedRow>, any Error>, fromLoader: Bool = false
  ) -> String? {
    let footer =
      fromLoader
      ? loader.phase.presentation(hasMore: loader.hasMore).footer
      : phase.presentation(hasMore: phase.value != nil && loader.nextCursor != nil).footer
    let isEmpty = phase.value?.isEmpty ?? true
    let expected: String
    switch phase.kind {
    case .loadingMore: expected = "loading"
    case .loadMoreFailed: expected = "failed"
    case .loaded, .reloadFailed:
      if loader.nextCursor != nil {
        expected = "loading"
      } else {
        expected = isEmpty ? "none" : "endOfList"
      }
    default: expected = "none"
    }
    let shown =
      switch footer {
      case .none: "none"
      case .loading: "loading"
      case .failed: "failed"
      case .endOfList: "endOfList"
      }
    return shown == expected ? nil : "the footer is \(shown), expected \(expected)"
  }
}
