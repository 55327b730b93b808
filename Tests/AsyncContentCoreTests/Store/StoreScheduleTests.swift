import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Foundation
import Testing

/// Randomized schedules of a ``LoaderStore`` and two ``Mutation``s: subscribe, unsubscribe,
/// triggers, refetch events, invalidations, prefetches, `ensureValue(for:)` calls, cancels by key
/// or predicate, mutations, plain edits (`setValue`, `updateValue`), answers that succeed, fail
/// or report cancellation, cancelled mutations and loads, keys that are disabled and enabled
/// again, memory warnings, reads of a selection (`value(for:select:)`), the clock moving on,
/// across the polling key's ticks too, the app's scene moving to and from the background, and
/// the network going down and coming back. Checked after every step.
///
/// Each run executes 10,000 schedules (5 to 12 steps each, over 3 keys, a store of 1 to 4
/// entries, a `gcAfter` of 2 to 4 seconds and a staleness of never, zero or 2 seconds), then
/// answers whatever is still pending. The schedules come from a fixed seed; set `STORE_SEED`
/// to try others and `STORE_SCHEDULES` to change the count. A failure reports the seed, the
/// schedule number, its configuration and its steps.
///
/// A quarter of the schedules (10 steps at least) lean towards one shape on one key, which
/// uniform choices almost never build: an older mutation edits the key, a value lands over the
/// edit, a newer mutation edits it, and both fail, in either order. The older edit lies under a
/// landed value, so its rollback must restore nothing, nor hand its value to the newer one.
///
/// Checked after every step:
/// - one request per key at a time, and none for a key the store no longer holds (eviction
///   cancels the load);
/// - an observed entry is never evicted, and the store's observer counts are the model's;
/// - an entry without observers is gone once `gcAfter` has passed since its last observer left
///   (or since it was created), and the clock evicts nothing earlier; the store holds at most
///   `maxEntries` entries unless all but one are observed;
/// - a response to a request sent before an invalidation of its key never lands after it;
/// - a response to a request sent before an edit of its key (`setValue`, `updateValue`, an
///   optimistic edit) never lands after it;
/// - a prefetch or an `ensureValue(for:)` joins the key's running load and never cancels it, and
///   `ensureValue(for:)` sends no request for a key that has a value; a prefetch of an
///   unobserved entry starts its time without observers anew;
/// - a cancel by key or predicate leaves no load of the keys it selects running;
/// - across a tick of the polling key, the key loads when it is observed and the scene is not
///   in the background, joining the fetch that runs, and no poll starts otherwise;
/// - a disabled key sends no request on an observer, a refetch event, an invalidation (a
///   mutation's included) or anything else the store starts on its own; only app code's calls
///   (a loader's triggers, a prefetch, `ensureValue(for:)`) load it; enabling a key loads nothing;
/// - a memory warning evicts every entry without observers, cancelling its load, and keeps the
///   observed ones;
/// - while the network is down, no step sends a fetch (loads wait for the network); when it
///   comes back, the waiting loads resume and the reconnection's refetch joins them, still one
///   request per key;
/// - a value changes only by a landing response, an edit or a rollback;
/// - a selection read once is, after every later step, the key path applied to the loader's
///   value, and its phase the loader's phase mapped through it;
/// - an optimistic edit is rolled back exactly when its mutation fails or is cancelled, and only
///   where no newer value landed (the rule of ``Mutation``, mirrored by a model of each key's
///   pending edits).
/// - a mutation run made offline shows its edit at once and sends nothing until the network
///   comes back, then sends exactly once; a mutation request that fails while offline is not
///   counted: the run keeps its edit and sends once more when the network is back.
/// At the end every caller of a trigger or a run has resumed.
///
/// Every step runs under `withMainSerialExecutor`, so the schedules are deterministic.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(10)))
struct StoreScheduleTests {
  static let seed: UInt64 = environmentNumber("STORE_SEED") ?? 0x0057_02E5_EED5
  static let schedules = Int(environmentNumber("STORE_SCHEDULES") ?? 10_000)

  /// 10,000 schedules (by default) of store and mutation steps.
  @Test func storeSchedules() async {
    await withMainSerialExecutor {
      var steps = 0
      var checks = 0
      var shapes = 0
      var warnings = 0
      var switches = 0
      var outages = 0
      var offline = (runs: 0, failures: 0)
      for index in 0..<Self.schedules {
        var schedule = StoreSchedule(seed: Self.seed, index: index)
        if let failure = await schedule.run() {
          Issue.record(
            """
            Store schedule \(index) failed (STORE_SEED=\(Self.seed)): \(failure)
            \(schedule.configuration)
            \(schedule.log.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
            """)
          return
        }
        steps += schedule.log.count
        checks += schedule.checkedRules
        shapes += schedule.editsUnderALandedValueRolledBack
        for step in schedule.log {
          if case .memoryWarning = step { warnings += 1 }
          if case .enable = step { switches += 1 }
          if case .network(.offline) = step { outages += 1 }
          if case .mutateOffline(_, _, _, let failing) = step {
            offline.runs += 1
            if failing != nil { offline.failures += 1 }
          }
        }
      }
      #expect(steps >= Self.schedules * 5)
      #expect(checks > 0)
      // The shape "edit, land, edit, fail, fail" is built, not left to chance.
      #expect(shapes >= Self.schedules / 50)
      // The memory warnings and the keys that are disabled and enabled again are built too.
      #expect(warnings >= Self.schedules / 50)
      #expect(switches >= Self.schedules / 50)
      // The network goes down (and comes back) in many schedules.
      #expect(outages >= Self.schedules / 50)
      // Runs paused offline, and requests that fail offline.
      #expect(offline.runs >= Self.schedules / 50)
      #expect(offline.failures >= Self.schedules / 200)
    }
  }
}

// MARK: - The server

/// The server of the schedules: every fetch and every mutation request waits until the test
/// answers it by id. A fetch's value is its request's id, so a landed value names the request
/// that delivered it. A request whose task is cancelled ends at once with `CancellationError`.
private final class ScheduleServer: Sendable {
  struct Request: Sendable, CustomStringConvertible {
    let id: Int
    /// The key of a fetch, or the mutation of a mutation request.
    let key: Int
    let isMutation: Bool

    var description: String { isMutation ? "mutation \(key) #\(id)" : "fetch \(key) #\(id)" }
  }

  private struct Waiting {
    let request: Request
    let continuation: CheckedContinuation<Int, any Error>
  }

  private struct State {
    var waiting: [Waiting] = []
    var issued = 0
    var log: [Request] = []
  }

  private let state = LockIsolated(State())

  /// The requests that wait for an answer, oldest first.
  var pending: [Request] { state.value.waiting.map(\.request) }
  /// How many requests were sent.
  var issued: Int { state.value.issued }
  /// Every request sent, in order: request `id` is at `id - 1`.
  var log: [Request] { state.value.log }

  func call(key: Int, isMutation: Bool) async throws -> Int {
    let request = state.withValue { state in
      state.issued += 1
      let request = Request(id: state.issued, key: key, isMutation: isMutation)
      state.log.append(request)
      return request
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = state.withValue { state in
          guard !Task.isCancelled else { return true }
          state.waiting.append(Waiting(request: request, continuation: continuation))
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let waiting = state.withValue { state -> Waiting? in
        guard let index = state.waiting.firstIndex(where: { $0.request.id == request.id }) else {
          return nil
        }
        return state.waiting.remove(at: index)
      }
      waiting?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Answers the pending request `id`.
  func answer(_ id: Int, with result: Result<Int, any Error>) {
    let waiting = state.withValue { state -> Waiting? in
      guard let index = state.waiting.firstIndex(where: { $0.request.id == id }) else { return nil }
      return state.waiting.remove(at: index)
    }
    waiting?.continuation.resume(with: result)
  }
}

/// The keys a schedule has disabled.
private final class KeySwitches: Sendable {
  let disabled = LockIsolated(Set<Int>())
}

/// A key of the schedules: its id; the server is the store's client. Whether it is enabled is
/// read from the schedule's switches, so one key flips while its entry stays: the store must
/// read ``StoreKey/isEnabled`` whenever it would load the key. The last key polls every
/// ``StoreSchedule/pollInterval`` seconds.
private struct ServerKey: LoaderKey {
  let id: Int
  let switches: KeySwitches

  var isEnabled: Bool { !switches.disabled.value.contains(id) }

  var refetchInterval: Duration? {
    id == StoreSchedule.pollingKey ? .seconds(StoreSchedule.pollInterval) : nil
  }

  func fetch(using server: ScheduleServer) async throws -> Int {
    try await server.call(key: id, isMutation: false)
  }

  static func == (lhs: ServerKey, rhs: ServerKey) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Int {
  /// The part of a value the schedules' selections read.
  fileprivate var lastDigit: Int { abs(self) % 10 }
}

/// The input of the schedules' mutations: the key to edit and the optimistic value.
private struct Edit: Sendable {
  let key: Int
  let value: Int
}

/// The keys the mutations invalidated after a success, in order.
@MainActor
private final class InvalidationJournal {
  var keys: [Int] = []
}

/// Tasks that await a trigger or a run, as views' `.task` and buttons would.
@MainActor
private final class ScheduleCallers {
  private(set) var tasks: [Task<Void, Never>] = []
  private(set) var finished: [Bool] = []

  @discardableResult
  func spawn(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
    let id = tasks.count
    finished.append(false)
    let task = Task { @MainActor in
      await work()
      self.finished[id] = true
    }
    tasks.append(task)
    return task
  }
}

// MARK: - Schedules

/// One schedule and the model it is checked against.
@MainActor
private struct StoreSchedule {
  enum Trigger: CaseIterable {
    case startLoad, startReload, awaitLoad, awaitReload, cancel
  }

  enum Invalidation {
    case key(Int)
    case typed(parity: Int)
    case untyped(Int)
    case all
  }

  enum Answer {
    case succeed, fail, cancellation
  }

  enum Step: CustomStringConvertible {
    case subscribe(key: Int)
    case unsubscribe(subscription: Int, twice: Bool)
    case trigger(Trigger, key: Int)
    case invalidate(Invalidation)
    case refetch(RefetchEvent)
    case mutate(mutation: Int, key: Int, value: Int, awaited: Bool, callerCancelled: Bool)
    /// The network goes down; the mutation starts (its run pauses), the other mutation's
    /// request, if any, fails while offline; then the network comes back.
    case mutateOffline(mutation: Int, key: Int, value: Int, failing: ScheduleServer.Request?)
    /// A plain edit: `setValue`, or `updateValue` (which changes only a value that exists).
    case edit(key: Int, value: Int, inPlace: Bool)
    case answer(ScheduleServer.Request, Answer)
    case cancelMutation(Int)
    case advance(seconds: Int)
    case prefetch(key: Int)
    case ensureValue(key: Int, callerCancelled: Bool)
    /// `store.cancel` with the selection's spelling: one key, a typed or an untyped predicate,
    /// or `cancelAll()`.
    case cancelLoads(Invalidation)
    /// The clock moves on across `intervals` ticks of the polling key.
    case poll(intervals: Int)
    /// The app's one scene is in `phase` (`nil`: it went away), as `.refetchesOnActivation()`
    /// reports it.
    case scene(ActivationFilter.Phase?)
    /// The key becomes disabled or enabled.
    case enable(key: Int, Bool)
    /// The system warns of low memory.
    case memoryWarning
    /// Reads the key's selection `\.lastDigit` through `value(for:select:)`.
    case select(key: Int)
    /// The network goes down or comes back, as `followNetwork(_:)` reports it.
    case network(NetworkStatus)

    var description: String {
      switch self {
      case .subscribe(let key): "observe key \(key)"
      case .unsubscribe(let subscription, let twice):
        "cancel subscription \(subscription)" + (twice ? " twice" : "")
      case .trigger(let trigger, let key): "\(trigger) on key \(key)"
      case .invalidate(let invalidation): "invalidate \(invalidation)"
      case .refetch(let event): "refetch after \(event)"
      case .mutate(let mutation, let key, let value, let awaited, let callerCancelled):
        "mutation \(mutation) \(awaited ? "runs" : "starts") with key \(key) := \(value)"
          + (callerCancelled ? ", its caller cancelled" : "")
      case .mutateOffline(let mutation, let key, let value, let failing):
        "offline, mutation \(mutation) starts with key \(key) := \(value)"
          + (failing.map { ", \($0) fails offline" } ?? "") + ", online again"
      case .edit(let key, let value, let inPlace):
        "\(inPlace ? "updateValue" : "setValue") key \(key) := \(value)"
      case .answer(let request, let answer): "\(request) answered: \(answer)"
      case .cancelMutation(let mutation): "mutation \(mutation).cancel()"
      case .advance(let seconds): "clock + \(seconds) s"
      case .prefetch(let key): "prefetch key \(key)"
      case .ensureValue(let key, let callerCancelled):
        "ensureValue for key \(key)" + (callerCancelled ? ", its caller cancelled" : "")
      case .cancelLoads(let selection): "cancel loads of \(selection)"
      case .poll(let intervals): "clock + \(intervals) polling intervals"
      case .scene(let phase): phase.map { "the scene is \($0)" } ?? "the scene goes away"
      case .enable(let key, let enabled): "\(enabled ? "enable" : "disable") key \(key)"
      case .memoryWarning: "memory warning"
      case .select(let key): "read the selection of key \(key)"
      case .network(let status): "the network is \(status)"
      }
    }
  }

  /// An optimistic edit the model expects the store to hold, mirrored.
  struct PendingEdit {
    let run: Int
    let previous: Int?
  }

  /// The shape a schedule leans towards, on `key`: the `older` mutation edits it, a value lands,
  /// the other mutation edits it, then both fail, the older first unless `newerFailsFirst`.
  struct Shape {
    let key: Int
    let older: Int
    let newerFailsFirst: Bool
    /// How far the shape got: 0 before the older edit, 1 and 2 while a reload starts and
    /// lands, 3 before the newer edit, 4 and 5 before the two failures, 6 when done or given up.
    var stage = 0
    /// The runs of the two edits, once made.
    var olderRun: Int?
    var newerRun: Int?
    var newer: Int { 1 - older }
  }

  static let keyCount = 3
  /// The key that polls, and its interval in seconds.
  nonisolated static let pollingKey = 2
  nonisolated static let pollInterval = 2

  private var random: SplitMix64
  let staleness: Staleness
  let gcAfter: Int
  let maxEntries: Int
  let stepCount: Int
  private(set) var log: [Step] = []
  /// How many rule checks found something to compare (more than a vacuous pass).
  private(set) var checkedRules = 0
  /// How many rollbacks ended an edit that a landed value had made stale while a newer edit
  /// of the key stood on it: the shape of ``Shape``.
  private(set) var editsUnderALandedValueRolledBack = 0
  private var shape: Shape?

  // The model.
  private var now = 0
  private var subscriptions:
    [(key: Int, subscription: StoreSubscription<AsyncLoader<Int>>, live: Bool)] = []
  private var identity: [ObjectIdentifier?] = Array(repeating: nil, count: keyCount)
  private var shown: [Int?] = Array(repeating: nil, count: keyCount)
  /// When each key's entry last became unobserved (or was created so), in seconds.
  private var unobservedSince: [Int?] = Array(repeating: nil, count: keyCount)
  private var invalidations: [Int] = Array(repeating: 0, count: keyCount)
  /// The invalidation count of its key when each fetch was sent, by request id.
  private var epochs: [Int: Int] = [:]
  /// How many times each key was edited (plain and optimistic edits).
  private var editCounts: [Int] = Array(repeating: 0, count: keyCount)
  /// The edit count of its key when each fetch was sent, by request id.
  private var editEpochs: [Int: Int] = [:]
  /// The runs whose edit a landed value made stale while they ran, by key.
  private var overlaidRuns: [Set<Int>] = Array(repeating: [], count: keyCount)
  /// The overlaid runs on which a newer edit of the key stands, by key.
  private var buriedRuns: [Set<Int>] = Array(repeating: [], count: keyCount)
  private var plainEdits = 0
  private var seenRequests = 0
  private var edits: [[PendingEdit]] = Array(repeating: [], count: keyCount)
  /// The run of each mutation in progress, and its key.
  private var running: [(run: Int, key: Int)?] = [nil, nil]
  private var runs = 0
  /// What the app's scene told the store; `nil` before it reported and after it went away.
  private var scenePhase: ActivationFilter.Phase?
  private var sceneReport = SceneReport()
  /// The keys that are disabled.
  private var disabled: Set<Int> = []
  /// The keys whose selection was read: checked after every step from then on.
  private var selectedKeys: Set<Int> = []
  /// What the store knows of the network.
  private var network = NetworkStatus.online

  init(seed: UInt64, index: Int) {
    random = SplitMix64(seed: seed, index: index)
    staleness = [.never, .after(.zero), .after(.seconds(2))][random.below(3)]
    gcAfter = 2 + random.below(3)
    maxEntries = 1 + random.below(4)
    let steps = 5 + random.below(8)
    if random.chance(25) {
      shape = Shape(
        key: random.below(Self.keyCount), older: random.below(2),
        newerFailsFirst: random.chance(30))
      stepCount = max(steps, 10)
    } else {
      stepCount = steps
    }
  }

  var configuration: String {
    "staleness \(staleness), gcAfter \(gcAfter) s, "
      + "maxEntries \(maxEntries), \(stepCount) steps"
      + (shape.map { ", leaning to edit-land-edit-fail-fail on key \($0.key)" } ?? "")
  }

  private func observers(_ key: Int) -> Int {
    subscriptions.count { $0.key == key && $0.live }
  }

  /// Runs the schedule; returns a description of the first broken rule.
  mutating func run() async -> String? {
    let clock = TestClock()
    let server = ScheduleServer()
    let store = LoaderStore(
      clock: clock, staleness: staleness, gcAfter: .seconds(gcAfter), maxEntries: maxEntries,
      clients: server)
    let journal = InvalidationJournal()
    let switches = KeySwitches()
    let mutations = (0..<2).map { index in
      Mutation<Edit, Int>(
        optimistic: { store, edit in
          store.setValue(edit.value, for: ServerKey(id: edit.key, switches: switches))
        },
        invalidates: { edit, _ in
          journal.keys.append(edit.key)
          return [ServerKey(id: edit.key, switches: switches)]
        }
      ) { _ in try await server.call(key: index, isMutation: true) }
    }
    let callers = ScheduleCallers()
    defer {
      for mutation in mutations { mutation.cancel() }
      for entry in subscriptions { entry.subscription.cancel() }
      for request in server.pending {
        server.answer(request.id, with: .failure(CancellationError()))
      }
    }
    let context = Context(
      store: store, server: server, clock: clock, mutations: mutations, journal: journal,
      callers: callers, switches: switches)

    for _ in 0..<stepCount {
      let step = choose(server)
      if let failure = await perform(step, context) { return failure }
    }
    // The network comes back, so that the loads that wait for it send; then answer everything
    // still pending; answers may start reloads (a success invalidates).
    if network == .offline, let failure = await perform(.network(.online), context) {
      return failure
    }
    var rounds = 0
    while let request = server.pending.first {
      rounds += 1
      if rounds > 100 { return "requests keep coming: \(server.pending)" }
      if let failure = await perform(.answer(request, .succeed), context) { return failure }
    }
    if let stuck = callers.finished.indices.first(where: { !callers.finished[$0] }) {
      return "caller \(stuck) never resumed"
    }
    return nil
  }

  struct Context {
    let store: LoaderStore
    let server: ScheduleServer
    let clock: TestClock<Duration>
    let mutations: [Mutation<Edit, Int>]
    let journal: InvalidationJournal
    let callers: ScheduleCallers
    let switches: KeySwitches

    func key(_ id: Int) -> ServerKey { ServerKey(id: id, switches: switches) }
  }

  // MARK: Choosing

  private mutating func choose(_ server: ScheduleServer) -> Step {
    if shape != nil, random.chance(70), let step = nextStepOfTheShape(server) { return step }
    while true {
      switch random.below(135) {
      case 0..<15:
        return .subscribe(key: random.below(Self.keyCount))
      case 15..<24:
        guard !subscriptions.isEmpty else { continue }
        return .unsubscribe(
          subscription: random.below(subscriptions.count), twice: random.chance(20))
      case 24..<28:
        return .refetch(random.chance(50) ? .becameActive : .networkAvailable)
      case 28..<36:
        let trigger = Trigger.allCases[random.below(Trigger.allCases.count)]
        return .trigger(trigger, key: random.below(Self.keyCount))
      case 36..<45:
        let key = random.below(Self.keyCount)
        switch random.below(4) {
        case 0: return .invalidate(.key(key))
        case 1: return .invalidate(.typed(parity: key % 2))
        case 2: return .invalidate(.untyped(key))
        default: return .invalidate(.all)
        }
      case 45..<57:
        let mutation = random.below(2)
        // One run per mutation at a time: queued runs are LoaderStoreMutationTests' subject.
        guard running[mutation] == nil else { continue }
        runs += 1
        // The offline step takes the network down and back itself: from an online network only.
        if network == .online, random.chance(20) {
          let other = pendingRequest(ofMutation: 1 - mutation, server)
          return .mutateOffline(
            mutation: mutation, key: random.below(Self.keyCount), value: -runs, failing: other)
        }
        let awaited = random.chance(30)
        return .mutate(
          mutation: mutation, key: random.below(Self.keyCount), value: -runs,
          awaited: awaited, callerCancelled: awaited && random.chance(50))
      case 57..<81:
        let pending = server.pending
        guard !pending.isEmpty else { continue }
        let request = pending[random.below(pending.count)]
        let roll = random.below(10)
        // A mutation's failure that arrives while the network is down is not counted: the run
        // waits and sends again (the offline step checks that); here it answers otherwise.
        if network == .offline, request.isMutation, roll >= 6, roll < 9 { continue }
        return .answer(request, roll < 6 ? .succeed : roll < 9 ? .fail : .cancellation)
      case 81..<86:
        return .cancelMutation(random.below(2))
      case 86..<91:
        plainEdits += 1
        return .edit(
          key: random.below(Self.keyCount), value: 1_000_000 + plainEdits,
          inPlace: random.chance(50))
      case 91..<100:
        return .advance(seconds: 1 + random.below(3))
      case 100..<105:
        let key = random.below(Self.keyCount)
        return random.chance(50)
          ? .prefetch(key: key) : .ensureValue(key: key, callerCancelled: random.chance(30))
      case 105..<110:
        let key = random.below(Self.keyCount)
        switch random.below(4) {
        case 0: return .cancelLoads(.key(key))
        case 1: return .cancelLoads(.typed(parity: key % 2))
        case 2: return .cancelLoads(.untyped(key))
        default: return .cancelLoads(.all)
        }
      case 110..<115:
        let key = random.below(Self.keyCount)
        return .enable(key: key, disabled.contains(key))
      case 115..<118:
        return .memoryWarning
      case 118..<123:
        return .poll(intervals: 1 + random.below(2))
      case 123..<128:
        return .select(key: random.below(Self.keyCount))
      case 131..<135:
        return .network(network == .online ? .offline : .online)
      default:
        let phases: [ActivationFilter.Phase?] = [.active, .inactive, .background, nil]
        return .scene(phases[random.below(phases.count)])
      }
    }
  }

  /// The pending request of `mutation`'s run, if the run's request is out.
  private func pendingRequest(
    ofMutation mutation: Int, _ server: ScheduleServer
  ) -> ScheduleServer.Request? {
    guard running[mutation] != nil else { return nil }
    return server.pending.first { $0.isMutation && $0.key == mutation }
  }

  /// The next step of the shape, or `nil` when it cannot be taken now (a random step goes
  /// first); the shape is given up when a random step broke it.
  private mutating func nextStepOfTheShape(_ server: ScheduleServer) -> Step? {
    guard var shape else { return nil }
    defer { self.shape = shape.stage > 5 ? nil : shape }
    let key = shape.key
    /// Whether `mutation` still runs the edit the shape made.
    func stillRuns(_ mutation: Int, _ run: Int?) -> Bool {
      run != nil && running[mutation]?.run == run
    }
    /// The pending request of `mutation`.
    func request(of mutation: Int) -> ScheduleServer.Request? {
      server.pending.first { $0.isMutation && $0.key == mutation }
    }
    switch shape.stage {
    case 0, 3:
      let mutation = shape.stage == 0 ? shape.older : shape.newer
      if shape.stage == 3, !stillRuns(shape.older, shape.olderRun) {
        shape.stage = 6  // a random step ended the older run: the shape is given up
        return nil
      }
      guard running[mutation] == nil else { return nil }
      runs += 1
      if shape.stage == 0 { shape.olderRun = runs } else { shape.newerRun = runs }
      shape.stage += 1
      return .mutate(
        mutation: mutation, key: key, value: -runs, awaited: false, callerCancelled: false)
    case 1:
      // A value for the key: a reload the edit did not cancel, since it starts after it.
      guard stillRuns(shape.older, shape.olderRun) else {
        shape.stage = 6
        return nil
      }
      shape.stage = 2
      return .trigger(.startReload, key: key)
    case 2:
      guard let fetch = server.pending.first(where: { !$0.isMutation && $0.key == key }) else {
        shape.stage = 1
        return nil
      }
      shape.stage = 3
      return .answer(fetch, .succeed)
    default:
      let (first, second) =
        shape.newerFailsFirst
        ? ((shape.newer, shape.newerRun), (shape.older, shape.olderRun))
        : ((shape.older, shape.olderRun), (shape.newer, shape.newerRun))
      let (mutation, run) = shape.stage == 4 ? first : second
      // A failure that arrives offline is not counted (the offline step checks that rule): the
      // shape's failures wait for a random step to bring the network back.
      guard network == .online else { return nil }
      guard stillRuns(mutation, run), let request = request(of: mutation) else {
        shape.stage = 6
        return nil
      }
      shape.stage += 1
      return .answer(request, .fail)
    }
  }

  // MARK: Performing

  private mutating func perform(_ step: Step, _ context: Context) async -> String? {
    log.append(step)
    let store = context.store
    var expectedShown = shown
    /// The fetch whose response may land in this step.
    var landing: ScheduleServer.Request?
    /// Keys whose value the step decides exactly (edits and rollbacks).
    var decided: Set<Int> = []
    /// The key a prefetch or `ensureValue(for:)` warmed, and its fetches that were pending then.
    var warmed: (key: Int, fetches: Set<Int>, hadValue: Bool)?
    /// The keys a cancel selected.
    var cancelled: [Int] = []
    /// The pending fetches of the polling key before a polling step.
    var polled: Set<Int>?
    /// The requests sent before the step.
    let issuedBefore = context.server.issued
    /// The keys disabled during the step.
    let disabledDuringStep = disabled
    /// The keys whose load waited for the network before the step: they resume when it comes
    /// back, disabled or not (app code started them).
    let waitingBefore = Set(
      (0..<Self.keyCount).filter {
        store.cachedLoader(for: context.key($0))?.isWaitingForNetwork == true
      })

    switch step {
    case .subscribe(let key):
      subscriptions.append((key, store.observe(context.key(key)), true))
      unobservedSince[key] = nil

    case .unsubscribe(let index, let twice):
      let entry = subscriptions[index]
      entry.subscription.cancel()
      if twice { entry.subscription.cancel() }
      if entry.live {
        subscriptions[index].live = false
        if observers(entry.key) == 0 { unobservedSince[entry.key] = now }
      }

    case .trigger(let trigger, let key):
      let id = context.key(key)
      switch trigger {
      case .startLoad: store.loader(for: id).startLoad()
      case .startReload: store.loader(for: id).startReload()
      case .awaitLoad: context.callers.spawn { await store.loader(for: id).load() }
      case .awaitReload: context.callers.spawn { await store.loader(for: id).reload() }
      case .cancel: store.cachedLoader(for: id)?.cancel()
      }

    case .refetch(let event):
      // An app that becomes active, or the network that comes back: the observed entries with
      // nothing current reload, joining loads that run. No throttle, so every event counts.
      store.refetch(after: event, minimumInterval: .zero)

    case .invalidate(let invalidation):
      switch invalidation {
      case .key(let key):
        store.invalidate(context.key(key))
        invalidations[key] += 1
      case .typed(let parity):
        store.invalidate(ServerKey.self) { $0.id % 2 == parity }
        for key in 0..<Self.keyCount where key % 2 == parity { invalidations[key] += 1 }
      case .untyped(let key):
        store.invalidate { ($0 as? ServerKey)?.id == key }
        invalidations[key] += 1
      case .all:
        store.invalidateAll()
        for key in 0..<Self.keyCount { invalidations[key] += 1 }
      }

    case .mutate(let index, let key, let value, let awaited, let callerCancelled):
      let mutation = context.mutations[index]
      let edit = Edit(key: key, value: value)
      let store = context.store
      if awaited {
        // A cancelled caller stops waiting at once; the run goes on, as the model says.
        let caller = context.callers.spawn { _ = try? await mutation.run(edit, in: store) }
        if callerCancelled { caller.cancel() }
      } else {
        mutation.start(edit, in: store)
        guard mutation.isRunning else {
          return "mutation \(index) did not start although no run was in progress"
        }
      }
      running[index] = (-value, key)
      editCounts[key] += 1
      buriedRuns[key].formUnion(overlaidRuns[key])
      overlaidRuns[key] = []
      if identity[key] == nil || !isEditStackCurrent(key) { edits[key] = [] }
      edits[key].append(PendingEdit(run: -value, previous: identity[key] == nil ? nil : shown[key]))
      expectedShown[key] = value
      decided.insert(key)

    case .mutateOffline(let index, let key, let value, let failing):
      let mutation = context.mutations[index]
      store.networkChanged(to: .offline)
      let sentBefore = context.server.issued
      mutation.start(Edit(key: key, value: value), in: store)
      await settle(context)
      if !mutation.isPaused { return "mutation \(index) is not paused offline" }
      if store.cachedLoader(for: context.key(key))?.phase.value != value {
        return "mutation \(index)'s edit of key \(key) does not show while it is paused"
      }
      if let failing {
        // Not counted: the other run stays, with its edit, paused, and sends again online.
        context.server.answer(failing.id, with: .failure(TestError(failing.id)))
        await settle(context)
        if !context.mutations[failing.key].isPaused {
          return "\(failing), failed offline, ended its run or did not pause it"
        }
      }
      if context.server.log[sentBefore...].contains(where: \.isMutation) {
        return "a mutation request was sent while offline"
      }
      store.networkChanged(to: .online)
      await settle(context)
      let sent = context.server.log[sentBefore...].filter(\.isMutation).map(\.key).sorted()
      let expected = ([index] + (failing.map { [$0.key] } ?? [])).sorted()
      if sent != expected {
        return "back online, the mutation requests \(sent) were sent, expected \(expected)"
      }
      checkedRules += 1
      running[index] = (-value, key)
      editCounts[key] += 1
      buriedRuns[key].formUnion(overlaidRuns[key])
      overlaidRuns[key] = []
      if identity[key] == nil || !isEditStackCurrent(key) { edits[key] = [] }
      edits[key].append(PendingEdit(run: -value, previous: identity[key] == nil ? nil : shown[key]))
      expectedShown[key] = value
      decided.insert(key)

    case .edit(let key, let value, let inPlace):
      let id = context.key(key)
      if inPlace {
        let changed = store.updateValue(for: id) { $0 = value }
        let hasValue = identity[key] != nil && shown[key] != nil
        if changed != hasValue {
          return
            "updateValue of key \(key) returned \(changed) with\(hasValue ? "" : "out") a value"
        }
        guard changed else { break }
      } else {
        store.setValue(value, for: id)
      }
      // A plain write is a new value: no edit of the key can be rolled back any more.
      edits[key] = []
      overlaidRuns[key] = []
      buriedRuns[key] = []
      editCounts[key] += 1
      expectedShown[key] = value
      decided.insert(key)

    case .answer(let request, let answer):
      let result: Result<Int, any Error> =
        switch answer {
        case .succeed: .success(request.isMutation ? 0 : request.id)
        case .fail: .failure(TestError(request.id))
        case .cancellation: .failure(CancellationError())
        }
      context.server.answer(request.id, with: result)
      if request.isMutation {
        if let run = running[request.key] {
          running[request.key] = nil
          if answer == .succeed {
            commit(run.run, key: run.key)
          } else {
            expectedShown[run.key] = rollBack(run.run, key: run.key, shown: shown[run.key])
            decided.insert(run.key)
          }
        }
      } else if answer == .succeed {
        landing = request
      }

    case .cancelMutation(let index):
      context.mutations[index].cancel()
      if let run = running[index] {
        running[index] = nil
        expectedShown[run.key] = rollBack(run.run, key: run.key, shown: shown[run.key])
        decided.insert(run.key)
      }

    case .advance(let seconds):
      await context.clock.advance(by: .seconds(seconds))
      now += seconds

    case .prefetch(let key):
      warmed = (key, fetchIDs(of: key, context.server), store.value(for: context.key(key)) != nil)
      store.prefetch(context.key(key))
      // A prefetch of an entry nobody observes starts its time anew; a new entry's starts now.
      if observers(key) == 0 { unobservedSince[key] = now }

    case .ensureValue(let key, let callerCancelled):
      let id = context.key(key)
      warmed = (key, fetchIDs(of: key, context.server), store.value(for: id) != nil)
      // The caller must resume: with the value, the load's error or a cancellation.
      let caller = context.callers.spawn { _ = try? await store.ensureValue(for: id) }
      if callerCancelled { caller.cancel() }
      if observers(key) == 0 { unobservedSince[key] = now }

    case .poll(let intervals):
      polled = fetchIDs(of: Self.pollingKey, context.server)
      await context.clock.advance(by: .seconds(intervals * Self.pollInterval))
      now += intervals * Self.pollInterval

    case .scene(let phase):
      if let phase {
        sceneReport.report(phase, to: store)
      } else {
        sceneReport.sceneWentAway()
      }
      scenePhase = phase

    case .cancelLoads(let selection):
      switch selection {
      case .key(let key):
        store.cancel(context.key(key))
        cancelled = [key]
      case .typed(let parity):
        store.cancel(ServerKey.self) { $0.id % 2 == parity }
        cancelled = (0..<Self.keyCount).filter { $0 % 2 == parity }
      case .untyped(let key):
        store.cancel { ($0 as? ServerKey)?.id == key }
        cancelled = [key]
      case .all:
        store.cancelAll()
        cancelled = Array(0..<Self.keyCount)
      }

    case .enable(let key, let enabled):
      if enabled { disabled.remove(key) } else { disabled.insert(key) }
      let disabled = disabled
      context.switches.disabled.setValue(disabled)

    case .memoryWarning:
      store.evictUnobserved()

    case .network(let status):
      store.networkChanged(to: status)
      network = status

    case .select(let key):
      let selected = store.value(for: context.key(key), select: \.lastDigit)
      if selected != store.value(for: context.key(key))?.lastDigit {
        return "the selection of key \(key) reads \(String(describing: selected))"
      }
      selectedKeys.insert(key)
    }

    await settle(context)
    // A disabled key loads only by app code's calls; enabling a key loads nothing.
    switch step {
    case .trigger, .prefetch, .ensureValue: break
    default:
      for request in context.server.log[issuedBefore...] where !request.isMutation {
        if case .network(.online) = step, waitingBefore.contains(request.key) { continue }
        if disabledDuringStep.contains(request.key) || disabled.contains(request.key) {
          return "\(step) sent \(request) for the disabled key \(request.key)"
        }
        if case .enable = step { return "\(step) sent \(request)" }
      }
      checkedRules += 1
    }
    if network == .offline {
      // While the network is down, loads wait for it: no step sends a fetch.
      if let request = context.server.log[issuedBefore...].first(where: { !$0.isMutation }) {
        return "\(step) sent \(request) while the network is down"
      }
      checkedRules += 1
    }
    if let warmed {
      // A prefetch or `ensureValue(for:)` joins a running load: no fetch it found ends.
      let now = fetchIDs(of: warmed.key, context.server)
      if !warmed.fetches.isSubset(of: now) {
        return "\(step) cancelled the running fetch of key \(warmed.key)"
      }
      if case .ensureValue = step, warmed.hadValue, now != warmed.fetches {
        return "\(step) sent a request although the key had a value"
      }
      checkedRules += 1
    }
    if let polled {
      // Across a tick, the observed polling key loads (a poll, or the load it joined) unless
      // the app is in the background; otherwise the step starts no fetch of it.
      let fetches = fetchIDs(of: Self.pollingKey, context.server)
      let polls = !disabled.contains(Self.pollingKey)
      if observers(Self.pollingKey) > 0 && scenePhase != .background && polls
        && network == .online
      {
        if fetches.isEmpty { return "the observed key \(Self.pollingKey) did not poll" }
        // A poll joins the running fetch: nothing evicts or cancels it while the clock moves.
        if !polled.isSubset(of: fetches) {
          return "a poll of key \(Self.pollingKey) superseded its running fetch"
        }
      } else if !fetches.isSubset(of: polled) {
        let reason =
          network == .offline
          ? "while the network is down"
          : !polls
            ? "while disabled"
            : scenePhase == .background ? "in the background" : "without an observer"
        return "key \(Self.pollingKey) polled \(reason)"
      }
      checkedRules += 1
    }
    for key in cancelled {
      // A cancel leaves no load of the keys it selected running.
      if !fetchIDs(of: key, context.server).isEmpty
        || store.cachedLoader(for: context.key(key))?.isActive == true
      {
        return "key \(key) still loads after \(step)"
      }
      checkedRules += 1
    }
    return check(step, context, expected: expectedShown, decided: decided, landing: landing)
  }

  /// The ids of the pending fetches of `key`.
  private func fetchIDs(of key: Int, _ server: ScheduleServer) -> Set<Int> {
    Set(server.pending.lazy.filter { !$0.isMutation && $0.key == key }.map(\.id))
  }

  /// Whether the model's edit stack of `key` still describes the value: the shown value is the
  /// newest edit's.
  private func isEditStackCurrent(_ key: Int) -> Bool {
    guard let top = edits[key].last else { return false }
    return shown[key] == -top.run
  }

  /// The model of a rollback; returns the value the key must show afterwards.
  private mutating func rollBack(_ run: Int, key: Int, shown: Int?) -> Int? {
    overlaidRuns[key].remove(run)
    if buriedRuns[key].remove(run) != nil { editsUnderALandedValueRolledBack += 1 }
    guard isEditStackCurrent(key) else {
      edits[key] = []
      return shown
    }
    guard let index = edits[key].firstIndex(where: { $0.run == run }) else { return shown }
    let undone = edits[key].remove(at: index)
    if index == edits[key].endIndex { return undone.previous }
    edits[key][index] = PendingEdit(run: edits[key][index].run, previous: undone.previous)
    return shown
  }

  /// The model of a commit.
  private mutating func commit(_ run: Int, key: Int) {
    overlaidRuns[key].remove(run)
    buriedRuns[key].remove(run)
    guard let index = edits[key].firstIndex(where: { $0.run == run }) else { return }
    edits[key].removeSubrange(...index)
  }

  /// Lets every task the step woke run: yields until nothing the checks look at has changed for
  /// several turns of the main serial executor.
  private func settle(_ context: Context) async {
    var last = signature(context)
    var quiet = 0
    while quiet < 4 {
      await Task.yield()
      let current = signature(context)
      if current == last {
        quiet += 1
      } else {
        quiet = 0
        last = current
      }
    }
  }

  private func signature(_ context: Context) -> Signature {
    var signature = Signature(
      issued: context.server.issued, pending: context.server.pending.count,
      entries: context.store.count, finished: context.callers.finished.count { $0 },
      invalidated: context.journal.keys.count,
      running: context.mutations.count { $0.isRunning })
    for key in 0..<Self.keyCount {
      guard let loader = context.store.cachedLoader(for: context.key(key)) else { continue }
      signature.phases.append(loader.phase.kind)
      signature.values.append(loader.phase.value)
    }
    return signature
  }

  /// What the checks look at, to tell when a step has settled.
  private struct Signature: Equatable {
    var issued, pending, entries, finished, invalidated, running: Int
    var phases: [PhaseKind] = []
    var values: [Int?] = []
  }

  // MARK: Checking

  private mutating func check(
    _ step: Step, _ context: Context, expected: [Int?], decided: Set<Int>,
    landing: ScheduleServer.Request?
  ) -> String? {
    let store = context.store
    // Mutations' invalidations, then the epochs of the requests sent since.
    for key in context.journal.keys { invalidations[key] += 1 }
    context.journal.keys.removeAll()
    while seenRequests < context.server.issued {
      seenRequests += 1
      if let request = context.server.pending.first(where: { $0.id == seenRequests }),
        !request.isMutation
      {
        epochs[request.id] = invalidations[request.key]
        editEpochs[request.id] = editCounts[request.key]
      }
    }

    // An observed entry is never evicted.
    for entry in subscriptions where entry.live {
      guard store.cachedLoader(for: context.key(entry.key)) === entry.subscription.loader else {
        return "the observed entry of key \(entry.key) was evicted"
      }
      checkedRules += 1
    }

    var unobserved = 0
    for key in 0..<Self.keyCount {
      let loader = store.cachedLoader(for: context.key(key))
      let newIdentity = loader.map(ObjectIdentifier.init)
      let value = loader?.phase.value
      let fetches = context.server.pending.count { !$0.isMutation && $0.key == key }

      // One request per key at a time, none without an entry.
      if fetches > (loader == nil ? 0 : 1) {
        return "\(fetches) requests for key \(key) wait, with\(loader == nil ? "out" : "") an entry"
      }
      if store.observerCount(for: context.key(key)) != observers(key) {
        return "key \(key) has \(store.observerCount(for: context.key(key))) observers, "
          + "expected \(observers(key))"
      }

      if newIdentity != identity[key] {
        // Evicted (and maybe created again), or created.
        if identity[key] != nil {
          if observers(key) > 0 { return "key \(key) was evicted while observed" }
          if case .advance = step, let since = unobservedSince[key], now - since < gcAfter {
            return "key \(key) was collected \(now - since) s after its last observer left"
          }
          edits[key] = []
          overlaidRuns[key] = []
          buriedRuns[key] = []
        }
        if loader != nil, observers(key) == 0 { unobservedSince[key] = now }
        identity[key] = newIdentity
        shown[key] = nil  // a new entry starts without a value
      }
      guard loader != nil else {
        shown[key] = nil
        continue
      }

      // A memory warning leaves no entry without observers.
      if case .memoryWarning = step, observers(key) == 0 {
        return "key \(key) is held after a memory warning, without observers"
      }

      // The clock collects an entry once its time without observers has run out.
      if observers(key) == 0 {
        unobserved += 1
        if let since = unobservedSince[key], now - since >= gcAfter {
          return "key \(key) is still held \(now - since) s after its last observer left"
        }
      }

      if decided.contains(key) {
        // An edit or a rollback: exactly the model's value.
        checkedRules += 1
        if value != expected[key] {
          return "key \(key) shows \(value.map(String.init) ?? "nothing"), "
            + "expected \(expected[key].map(String.init) ?? "nothing")"
        }
      } else if value != shown[key] {
        // Only a response lands here: one sent after the last invalidation of its key.
        guard let landing, landing.key == key, value == landing.id else {
          return "key \(key) changed from \(shown[key].map(String.init) ?? "nothing") to "
            + "\(value.map(String.init) ?? "nothing") without a response, edit or rollback"
        }
        checkedRules += 1
        if let epoch = epochs[landing.id], epoch < invalidations[key] {
          return "the response #\(landing.id) to a request sent before an invalidation of key "
            + "\(key) landed after it"
        }
        if let epoch = editEpochs[landing.id], epoch < editCounts[key] {
          return "the response #\(landing.id) to a request sent before an edit of key \(key) "
            + "landed after it"
        }
        // A newer value: no edit of the key can be rolled back.
        overlaidRuns[key].formUnion(edits[key].map(\.run))
        edits[key] = []
      }
      shown[key] = value

      // A selection read once follows the loader: its value and its phase, mapped.
      if selectedKeys.contains(key), let loader {
        let selection = loader.selection(\.lastDigit)
        let selected = store.value(for: context.key(key), select: \.lastDigit)
        let mapped = loader.phase.map(\.lastDigit)
        if selected != value?.lastDigit || selection.phase.kind != mapped.kind
          || selection.phase.value != mapped.value
        {
          return "the selection of key \(key) shows \(selection.phase), "
            + "\(String(describing: selected)); the loader \(loader.phase)"
        }
        checkedRules += 1
      }
    }

    if store.count > maxEntries && unobserved > 1 {
      return "the store holds \(store.count) entries (max \(maxEntries)), \(unobserved) unobserved"
    }
    return nil
  }
}
