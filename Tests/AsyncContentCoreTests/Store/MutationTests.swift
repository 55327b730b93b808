import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// Mutations: their phases, concurrent runs, optimistic edits and their rollback, and the
/// invalidation after a success.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct MutationTests {
  /// A store whose entry for key 1 shows `value`, observed, and the key's gate.
  private func storeShowing(
    _ value: Int
  ) async -> (LoaderStore, NumberKey, LoaderSubscription<Int>) {
    let store = LoaderStore(clock: TestClock(), staleAfter: nil)
    let key = NumberKey(1, gate: Gate<Int>())
    let subscription = store.observe(key)
    await yield { key.gate.pending == 1 }
    key.gate.succeed(value)
    await yield { subscription.loader.phase.kind == .loaded }
    return (store, key, subscription)
  }

  /// A mutation whose optimistic update shows its input as the value of `key`, whose request
  /// waits at `gate`, and which invalidates `key` after a success.
  private func setting(
    _ key: NumberKey, in store: LoaderStore, gate: Gate<Int>
  ) -> Mutation<Int, Int> {
    Mutation(
      store: store,
      optimistic: { store, input in store.setValue(input, for: key) },
      invalidates: { _, _ in [key] }
    ) { _ in try await gate.call() }
  }

  // MARK: Phases and concurrent runs

  @Test func aRunGoesThroughRunningToSucceeded() async {
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int>(store: LoaderStore(clock: TestClock())) { input in
      try await gate.call() + input
    }
    #expect(mutation.phase.isIdle)
    let run = Task { await mutation.run(1) }
    await yield { gate.pending == 1 }
    #expect(mutation.isRunning)
    gate.succeed(10)
    #expect(await run.value)
    #expect(mutation.phase.output == 11)
  }

  @Test func thePhaseIsObserved() async {
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int>(store: LoaderStore(clock: TestClock())) { _ in
      try await gate.call()
    }
    let changes = LockIsolated(0)
    func track() {
      withObservationTracking {
        _ = mutation.phase
      } onChange: {
        changes.withValue { $0 += 1 }
      }
    }
    track()
    mutation.start(1)
    #expect(changes.value == 1)
    track()
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await yield { !mutation.isRunning }
    #expect(changes.value == 2)
  }

  @Test func aFailedRunShowsItsError() async {
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int>(store: LoaderStore(clock: TestClock())) { _ in
      try await gate.call()
    }
    mutation.start(1)
    await yield { gate.pending == 1 }
    gate.fail(TestError(4))
    await yield { !mutation.isRunning }
    #expect(mutation.phase.error as? TestError == TestError(4))
  }

  @Test func joiningWaitsForTheRunningRunAndSendsNothing() async {
    let gate = Gate<Int>()
    let sent = LockIsolated<[Int]>([])
    let mutation = Mutation<Int, Int>(store: LoaderStore(clock: TestClock())) { input in
      sent.withValue { $0.append(input) }
      return try await gate.call()
    }
    let first = Task { await mutation.run(1) }
    await yield { gate.pending == 1 }
    let second = Task { await mutation.run(2, ifRunning: .join) }
    await drain()
    #expect(gate.calls == 1)
    gate.succeed(5)
    #expect(await first.value)
    #expect(await second.value == false)  // it waited for the first run
    #expect(sent.value == [1])
    #expect(mutation.phase.output == 5)
  }

  @Test func rejectingReturnsAtOnce() async {
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int>(store: LoaderStore(clock: TestClock())) { _ in
      try await gate.call()
    }
    mutation.start(1)
    #expect(await mutation.run(2, ifRunning: .reject) == false)
    #expect(mutation.isRunning)  // returned while the first run goes on
    await yield { gate.pending == 1 }
    #expect(gate.calls == 1)
    gate.succeed(1)
    await yield { !mutation.isRunning }
  }

  @Test func cancellingTheCallerDoesNotCancelTheRun() async {
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int>(store: LoaderStore(clock: TestClock())) { _ in
      try await gate.call()
    }
    let run = Task { await mutation.run(1) }
    await yield { gate.pending == 1 }
    run.cancel()  // the button's view went away
    _ = await run.value
    await drain()
    #expect(gate.cancelledCalls == 0)
    #expect(mutation.isRunning)
    gate.succeed(3)
    await yield { !mutation.isRunning }
    #expect(mutation.phase.output == 3)
  }

  // MARK: Optimistic edits

  @Test func theEditShowsBeforeTheRequestAndStaysOnSuccess() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, in: store, gate: gate)
    mutation.start(5)
    #expect(subscription.loader.phase.isKind(.loaded, value: 5))  // before the request
    await yield { gate.pending == 1 }

    gate.succeed(0)
    await yield { !mutation.isRunning }
    // The edit stays, and the invalidation reloads the observed key with the edit visible.
    #expect(subscription.loader.phase.isKind(.reloading, value: 5))
    await yield { key.gate.pending == 1 }
    key.gate.succeed(6)
    await yield { subscription.loader.phase.kind == .loaded }
    #expect(subscription.loader.phase.value == 6)
  }

  @Test func aFailureRollsTheEditBackAndInvalidatesNothing() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, in: store, gate: gate)
    mutation.start(5)
    await yield { gate.pending == 1 }

    gate.fail(TestError(1))
    await yield { !mutation.isRunning }
    #expect(mutation.phase.error as? TestError == TestError(1))
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    #expect(subscription.loader.isStale)  // restored from memory: the next observer revalidates
    #expect(key.gate.calls == 1)
  }

  @Test func cancelRollsBackAndIsNotAFailure() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>(honorsCancellation: false)
    let mutation = setting(key, in: store, gate: gate)
    let run = Task { await mutation.run(5) }
    await yield { gate.pending == 1 }

    mutation.cancel()
    #expect(mutation.phase.isIdle)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    #expect(await run.value)  // its caller resumes

    gate.succeed(0)  // the request answers anyway: nothing more happens
    await drain()
    #expect(mutation.phase.isIdle)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    #expect(key.gate.calls == 1)
  }

  @Test func resetRollsBackARunAndReturnsToIdle() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, in: store, gate: gate)
    mutation.start(5)
    await yield { gate.pending == 1 }
    gate.fail(TestError(1))
    await yield { !mutation.isRunning }
    #expect(mutation.phase.error != nil)

    mutation.start(6)
    await yield { gate.pending == 1 }
    mutation.reset()
    #expect(mutation.phase.isIdle)  // not the failure before the run
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    await yield { gate.cancelledCalls == 1 }
  }

  @Test(arguments: [0, 1])
  func aCancellationThrownByTheRequestRollsBackToThePreviousPhase(previousRuns: Int) async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, in: store, gate: gate)
    for _ in 0..<previousRuns {
      mutation.start(2)
      await yield { gate.pending == 1 }
      gate.succeed(7)
      await yield { !mutation.isRunning }
      await yield { key.gate.pending == 1 }
      key.gate.succeed(1)
      await yield { subscription.loader.phase.kind == .loaded }
    }

    mutation.start(5)
    await yield { gate.pending == 1 }
    gate.fail(CancellationError())
    await yield { !mutation.isRunning }
    #expect(mutation.phase.error == nil)
    #expect(mutation.phase.output == (previousRuns == 0 ? nil : 7))
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
  }

  @Test func aRollbackNeverClobbersAValueThatLandedSince() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, in: store, gate: gate)
    mutation.start(5)
    await yield { gate.pending == 1 }
    store.invalidate(key)  // another screen refreshes the key: 7 lands
    await yield { key.gate.pending == 1 }
    key.gate.succeed(7)
    await yield { subscription.loader.phase.kind == .loaded }

    gate.fail(TestError(1))
    await yield { !mutation.isRunning }
    #expect(subscription.loader.phase.isKind(.loaded, value: 7))
  }

  @Test func aRollbackNeverClobbersAPlainWriteSince() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, in: store, gate: gate)
    mutation.start(5)
    await yield { gate.pending == 1 }
    store.setValue(9, for: key)

    gate.fail(TestError(1))
    await yield { !mutation.isRunning }
    #expect(subscription.loader.phase.isKind(.loaded, value: 9))
  }

  @Test func aReloadRunningAtTheRollbackGoesOn() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, in: store, gate: gate)
    mutation.start(5)
    await yield { gate.pending == 1 }
    store.invalidate(key)
    await yield { key.gate.pending == 1 }

    gate.fail(TestError(1))
    await yield { !mutation.isRunning }
    #expect(subscription.loader.phase.isKind(.reloading, value: 1))
    key.gate.succeed(8)
    await yield { subscription.loader.phase.kind == .loaded }
    #expect(subscription.loader.phase.value == 8)
  }

  /// Two mutations edit one key, 1 → 5 (older) → 6 (newer); `order` says which ends first, and
  /// how. The newer edit is never clobbered by the older one's rollback, and a rolled-back edit
  /// restores what the edits still standing found.
  @Test(arguments: [
    ("older fails, newer fails", [(0, false), (1, false)], [6, 1]),
    ("newer fails, older fails", [(1, false), (0, false)], [5, 1]),
    ("newer succeeds, older fails", [(1, true), (0, false)], [6, 6]),
    ("older succeeds, newer fails", [(0, true), (1, false)], [6, 5]),
    ("older fails, newer succeeds", [(0, false), (1, true)], [6, 6]),
  ])
  func twoEditsOfOneKey(_ name: String, order: [(Int, Bool)], shown: [Int]) async {
    let (store, key, subscription) = await storeShowing(1)
    let gates = [Gate<Int>(), Gate<Int>()]
    let mutations = gates.map { gate in
      Mutation<Int, Int>(
        store: store, optimistic: { store, input in store.setValue(input, for: key) }
      ) { _ in try await gate.call() }
    }
    mutations[0].start(5)
    mutations[1].start(6)
    await yield { gates.allSatisfy { $0.pending == 1 } }
    #expect(subscription.loader.phase.value == 6)

    for ((index, succeeds), expected) in zip(order, shown) {
      if succeeds { gates[index].succeed(0) } else { gates[index].fail(TestError(index)) }
      await yield { !mutations[index].isRunning }
      #expect(subscription.loader.phase.value == expected, "\(name)")
    }
  }

  @Test func anEditOfAnEvictedEntryRestoresNothing() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = LoaderStore(clock: clock, staleAfter: nil, gcAfter: .seconds(1))
      let key = NumberKey(1, gate: Gate<Int>())
      let gate = Gate<Int>()
      let mutation = setting(key, in: store, gate: gate)
      mutation.start(5)
      let evicted = store.loader(for: key)
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(store.count == 0)

      gate.fail(TestError(1))
      await yield { !mutation.isRunning }
      #expect(store.count == 0)
      #expect(evicted.phase.isKind(.loaded, value: 5))
    }
  }

  @Test func aReleasedMutationStillRollsBack() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    weak var released: Mutation<Int, Int>?
    do {
      let mutation = setting(key, in: store, gate: gate)
      released = mutation
      mutation.start(5)
    }
    #expect(released == nil)  // its run does not keep it alive
    await yield { gate.pending == 1 }
    #expect(subscription.loader.phase.value == 5)
    gate.fail(TestError(1))
    await yield { subscription.loader.phase.value == 1 }
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
  }
}

extension MutationPhase {
  /// Whether the phase is idle.
  fileprivate var isIdle: Bool {
    if case .idle = self { return true }
    return false
  }
}
