public import AsyncContentCore
import Observation

/// A value that is ready at once, read from memory the optimizer cannot see through.
public final class ReadyValue: Sendable {
  public let value: Int

  public init(_ value: Int) {
    self.value = value
  }
}

/// An operation that returns a ready value, as a fetch answered from a cache does: it reads
/// the value from memory, so the compiler keeps its hop onto the global executor (an operation
/// that touches nothing, such as `{ 42 }`, has its hop optimised away and runs as a plain call
/// on the caller's executor, which no real fetch does).
@inline(never)
public func makeHoppingOperation(_ value: Int = 42) -> @Sendable () async throws -> Int {
  let ready = ReadyValue(value)
  return { ready.value }
}

/// The operation of every load scenario: it hops off the main actor and returns at once, so a
/// scenario measures the loader's own cost beside the hops any load makes.
public let immediateOperation = makeHoppingOperation()

/// A loader over ``immediateOperation``.
@MainActor
public func makeIdleLoader() -> AsyncLoader<Int> {
  AsyncLoader(operation: immediateOperation)
}

/// `count` idle loaders, each over the same operation, which captures nothing: the memory of
/// the loaders alone. (An operation that captures something, as `{ try await api.countries() }`
/// captures `api`, adds its own context, 48 bytes for one reference; so does passing a closure
/// value where the loader's generic `Operation` needs a reabstraction thunk around it.)
@MainActor
public func makeIdleLoaders(_ count: Int) -> [AsyncLoader<Int>] {
  (0..<count).map { _ in AsyncLoader { 42 } }
}

/// Runs `cycles` load cycles on one loader: idle → loading → loaded (`load()`), → reloading →
/// loaded (`reload()`), then `reset()` back to idle so the next cycle starts from idle again.
///
/// One loader is reused rather than one made per cycle: a cycle then measures the triggers,
/// not the loader's creation (which `IdleLoaders10000` measures). A cycle runs the operation
/// twice.
@MainActor
public func runLoadCycles(_ loader: AsyncLoader<Int>, cycles: Int) async {
  for _ in 0..<cycles {
    await loader.load()
    await loader.reload()
    loader.reset()
  }
}

/// The baseline of a load: `count` bare `await operation()` calls from the main actor, the same
/// hop off the main actor and back that a loader's operation makes.
@MainActor
public func runBareAwaits(
  _ count: Int, operation: @Sendable () async throws -> Int = immediateOperation
) async -> Int {
  var sum = 0
  for _ in 0..<count {
    sum &+= (try? await operation()) ?? 0
  }
  return sum
}

/// The floor of a load (issue 10, target 4): `count` times `await Task { try await operation()
/// }.value` from the main actor, with the hopping operation. A load must outlive the caller
/// that started it (pull-to-refresh survives SwiftUI cancelling its task), so it runs in a
/// `Task` of its own and the caller waits for it: this is what any such load costs before it
/// records anything.
@MainActor
public func runTaskAwaits(
  _ count: Int, operation: @escaping @Sendable () async throws -> Int = immediateOperation
) async -> Int {
  var sum = 0
  for _ in 0..<count {
    sum &+= (try? await Task { try await operation() }.value) ?? 0
  }
  return sum
}

// MARK: Simultaneous reloads

/// Holds an operation open until it is opened, and counts the operations that reached it.
public actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// How many operations reached the gate.
  public private(set) var passes = 0

  public init() {}

  /// Counts an operation and suspends it until ``open()``.
  public func pass() async {
    passes += 1
    if isOpen { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Lets every waiting and later operation through.
  public func open() {
    isOpen = true
    let resumed = waiting
    waiting = []
    for continuation in resumed { continuation.resume() }
  }
}

/// What ``simultaneousReloads(_:)`` observed.
public struct SimultaneousReloadOutcome: Sendable, Equatable {
  /// Operations that ran: 1 when every caller joined one load.
  public var operationsRan: Int
  /// Callers whose `reload()` returned.
  public var callersResumed: Int
}

@MainActor
private final class CallerCount {
  var joined = 0
  var resumed = 0
}

/// `callers` concurrent `reload()` calls (child tasks of a task group) against one loader whose
/// operation is held open by a ``Gate`` until every caller has joined.
@MainActor
public func simultaneousReloads(_ callers: Int) async -> SimultaneousReloadOutcome {
  let gate = Gate()
  let count = CallerCount()
  let loader = AsyncLoader<Int> {
    await gate.pass()
    return 1
  }
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<callers {
      group.addTask {
        await reloadAsCaller(loader, count: count, callers: callers, gate: gate)
      }
    }
  }
  return SimultaneousReloadOutcome(
    operationsRan: await gate.passes, callersResumed: count.resumed)
}

@MainActor
private func reloadAsCaller(
  _ loader: AsyncLoader<Int>, count: CallerCount, callers: Int, gate: Gate
) async {
  count.joined += 1
  if count.joined == callers {
    // Runs on the main actor after this caller has suspended inside reload(), so every caller
    // is waiting when the operation is let through.
    Task { await gate.open() }
  }
  await loader.reload()
  count.resumed += 1
}

// MARK: Observation

/// Counts the observation notifications of a loader's observed properties (`phase` and
/// `failureCount`) with `withObservationTracking`, registering again after each change.
@MainActor
public final class NotificationCounter {
  /// Notifications so far.
  public private(set) var count = 0
  private let loader: AsyncLoader<Int>

  public init(_ loader: AsyncLoader<Int>) {
    self.loader = loader
    track()
  }

  private func track() {
    withObservationTracking {
      _ = loader.phase
      _ = loader.failureCount
    } onChange: { [weak self] in
      // Observation calls onChange synchronously from the mutation, which runs on the main
      // actor: register again at once, so the next change is seen too.
      MainActor.assumeIsolated {
        guard let self else { return }
        self.count += 1
        self.track()
      }
    }
  }
}

/// The notifications of one load cycle, step by step.
public struct CycleNotifications: Sendable, Equatable {
  /// During `load()`: idle → loading → loaded.
  public var load: Int
  /// During `reload()`: loaded → reloading → loaded.
  public var reload: Int
  /// During `reset()`: loaded → idle.
  public var reset: Int
  /// All of them.
  public var total: Int { load + reload + reset }
}

/// Runs `cycles` load cycles on a fresh loader and counts the notifications of each step.
@MainActor
public func countNotifications(cycles: Int) async -> CycleNotifications {
  let loader = makeIdleLoader()
  let counter = NotificationCounter(loader)
  var steps = CycleNotifications(load: 0, reload: 0, reset: 0)
  for _ in 0..<cycles {
    var before = counter.count
    await loader.load()
    steps.load += counter.count - before
    before = counter.count
    await loader.reload()
    steps.reload += counter.count - before
    before = counter.count
    loader.reset()
    steps.reset += counter.count - before
  }
  return steps
}
