import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// Mutations: their answers and phases, serial runs, optimistic edits and their rollback, the
/// write-back of the answer, and the invalidation after a success.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreMutationTests {
  /// A store whose entry for key 1 shows `value`, observed, and the key's gate.
  private func storeShowing(
    _ value: Int
  ) async -> (LoaderStore, NumberKey, StoreSubscription<AsyncLoader<Int>>) {
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let key = NumberKey(1, gate: Gate<Int>())
    let subscription = store.observe(key)
    await yield { key.gate.pending == 1 }
    key.gate.succeed(value)
    await yield { subscription.loader.phase.kind == .loaded }
    return (store, key, subscription)
  }

  /// A mutation whose optimistic update shows its input as the value of `key`, whose request
  /// waits at `gate`, and which invalidates `key` after a success.
  private func setting(_ key: NumberKey, gate: Gate<Int>) -> Mutation<Int, Int> {
    Mutation(
      optimistic: { store, input in store.setValue(input, for: key) },
      invalidates: { _, _ in [key] }
    ) { _ in try await gate.call() }
  }

  // MARK: Answers, phases and serial runs

  @Test func runReturnsTheServersAnswer() async throws {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let mutation = Mutation<Int, Int> { input in try await gate.call() + input }
    #expect(mutation.phase.isIdle)
    let run = Task { try await mutation.run(1, in: store) }
    await yield { gate.pending == 1 }
    #expect(mutation.isRunning)
    gate.succeed(10)
    #expect(try await run.value == 11)
    #expect(mutation.phase.output == 11)
  }

  @Test func runThrowsTheFailure() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let mutation = Mutation<Int, Int> { _ in try await gate.call() }
    let run = Task { try await mutation.run(1, in: store) }
    await yield { gate.pending == 1 }
    gate.fail(TestError(4))
    await #expect(throws: TestError(4)) { try await run.value }
    #expect(mutation.phase.error as? TestError == TestError(4))
  }

  @Test func thePhaseIsObserved() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let mutation = Mutation<Int, Int> { _ in try await gate.call() }
    let changes = LockIsolated(0)
    func track() {
      withObservationTracking {
        _ = mutation.phase
      } onChange: {
        changes.withValue { $0 += 1 }
      }
    }
    track()
    mutation.start(1, in: store)
    #expect(changes.value == 1)
    track()
    await yield { gate.pending == 1 }
    gate.succeed(2)
    await yield { !mutation.isRunning }
    #expect(changes.value == 2)
  }

  @Test func aFailedStartShowsItsError() async {
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int> { _ in try await gate.call() }
    mutation.start(1, in: LoaderStore(clock: TestClock()))
    await yield { gate.pending == 1 }
    gate.fail(TestError(4))
    await yield { !mutation.isRunning }
    #expect(mutation.phase.error as? TestError == TestError(4))
  }

  @Test func runsAreSerialInCallOrderAndQueuedEditsApplyWhenTheirTurnComes() async throws {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let sent = LockIsolated<[Int]>([])
    let mutation = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) }
    ) { input in
      sent.withValue { $0.append(input) }
      return try await gate.call() * 10
    }
    let first = Task { try await mutation.run(5, in: store) }
    await yield { gate.pending == 1 }
    let second = Task { try await mutation.run(6, in: store) }
    await drain()  // the second call is made: it queues first
    mutation.start(7, in: store)
    await drain()
    #expect(gate.calls == 1)  // one request at a time
    #expect(subscription.loader.phase.value == 5)  // the queued edits wait for their turn
    #expect(mutation.isRunning)

    gate.succeed(1)
    #expect(try await first.value == 10)
    await yield { gate.pending == 1 }
    #expect(subscription.loader.phase.value == 6)  // the second run's edit, on its turn
    #expect(mutation.isRunning)
    gate.succeed(2)
    #expect(try await second.value == 20)
    await yield { gate.pending == 1 }
    #expect(subscription.loader.phase.value == 7)
    gate.succeed(3)
    await yield { !mutation.isRunning }
    #expect(sent.value == [5, 6, 7])
    #expect(mutation.phase.output == 30)
  }

  /// A call made while a run is pending waits for it: it returns neither while the earlier
  /// run's request is out, nor between the two runs, but only when its own request answers,
  /// with its own answer. (The runs used to join: `run(_:ifRunning: .join)`.)
  @Test(arguments: EarlierRun.allCases)
  func aCallMadeWhileARunIsPendingReturnsOnlyWhenItsOwnRunEnds(earlier: EarlierRun) async {
    let store = LoaderStore(clock: TestClock())
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int> { input in try await gate.call() + input }
    /// The inputs of the calls that returned or threw, in that order.
    let returned = LockIsolated<[Int]>([])
    func call(_ input: Int) -> Task<Int?, Never> {
      Task {
        let output = try? await mutation.run(input, in: store)
        returned.withValue { $0.append(input) }
        return output
      }
    }
    let first = call(1)
    await yield { gate.pending == 1 }
    let second = call(2)
    await drain()
    #expect(returned.value.isEmpty)  // the second call waits behind the first run
    #expect(gate.calls == 1)

    switch earlier {
    case .succeeds: gate.succeed(10)
    case .fails: gate.fail(TestError(1))
    case .losesItsCaller:
      first.cancel()
      await yield { returned.value == [1] }
      await drain()
      #expect(gate.calls == 1)  // the first run goes on, and the second still waits
      #expect(returned.value == [1])
      gate.succeed(10)
    }
    #expect(await first.value == (earlier == .succeeds ? 11 : nil))
    await yield { gate.pending == 1 }  // the second run's own request
    await drain()
    #expect(returned.value == [1])  // not before its own request answers
    #expect(mutation.isRunning)

    gate.succeed(20)
    #expect(await second.value == 22)
    #expect(returned.value == [1, 2])
    #expect(gate.calls == 2)
  }

  @Test func aQueuedRunAfterAFailureRollsBackOnlyItsOwnEdit() async throws {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) }
    ) { _ in try await gate.call() }
    let first = Task { try await mutation.run(5, in: store) }
    await yield { gate.pending == 1 }
    let second = Task { try await mutation.run(6, in: store) }
    await drain()
    gate.fail(TestError(1))
    await #expect(throws: TestError(1)) { try await first.value }
    await yield { gate.pending == 1 }
    #expect(subscription.loader.phase.value == 6)  // on top of the rolled-back value
    gate.fail(TestError(2))
    await #expect(throws: TestError(2)) { try await second.value }
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
  }

  @Test func cancelCancelsTheRunningRunAndEveryQueuedOne() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let sent = LockIsolated<[Int]>([])
    let mutation = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) }
    ) { input in
      sent.withValue { $0.append(input) }
      return try await gate.call()
    }
    let first = Task { try await mutation.run(5, in: store) }
    await yield { gate.pending == 1 }
    let second = Task { try await mutation.run(6, in: store) }
    let third = Task { try await mutation.run(7, in: store) }
    await drain()

    mutation.cancel()
    #expect(!mutation.isRunning)
    #expect(mutation.phase.isIdle)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    for run in [first, second, third] {
      await #expect(throws: CancellationError.self) { try await run.value }
    }
    await yield { gate.cancelledCalls == 1 }
    await drain()
    #expect(sent.value == [5])  // the queued inputs were never sent
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
  }

  @Test func cancellingTheCallerThrowsToItOnlyAndTheRunGoesOn() async throws {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) },
      writeBack: { store, _, output in store.setValue(output, for: key) }
    ) { _ in try await gate.call() }
    let caller = Task { try await mutation.run(5, in: store) }
    let other = Task { try await mutation.run(6, in: store) }
    await yield { gate.pending == 1 }
    caller.cancel()  // the button's view went away
    await #expect(throws: CancellationError.self) { try await caller.value }
    await drain()
    #expect(gate.cancelledCalls == 0)
    #expect(mutation.isRunning)
    #expect(subscription.loader.phase.value == 5)  // the edit stays while the run goes on
    gate.succeed(50)
    await yield { gate.pending == 1 }
    #expect(subscription.loader.phase.value == 6)  // the next run's edit on the answer
    gate.succeed(60)
    #expect(try await other.value == 60)
    #expect(subscription.loader.phase.isKind(.loaded, value: 60))
  }

  @Test func aMutationUsedWithTwoStoresEditsEachRunsOwnStore() async throws {
    let key = NumberKey(1, gate: Gate<Int>())
    let stores = [LoaderStore(clock: TestClock()), LoaderStore(clock: TestClock())]
    for store in stores { store.setValue(1, for: key) }
    let gate = Gate<Int>()
    let mutation = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) },
      writeBack: { store, input, output in store.setValue(input + output, for: key) }
    ) { _ in try await gate.call() }

    let first = Task { try await mutation.run(5, in: stores[0]) }
    await yield { gate.pending == 1 }
    #expect(stores[0].value(for: key) == 5)
    #expect(stores[1].value(for: key) == 1)
    gate.succeed(100)
    #expect(try await first.value == 100)
    #expect(stores[0].value(for: key) == 105)
    #expect(stores[1].value(for: key) == 1)

    let second = Task { try await mutation.run(7, in: stores[1]) }
    await yield { gate.pending == 1 }
    #expect(stores[1].value(for: key) == 7)
    gate.fail(TestError(1))
    await #expect(throws: TestError(1)) { try await second.value }
    #expect(stores[0].value(for: key) == 105)
    #expect(stores[1].value(for: key) == 1)  // rolled back in its own store
  }

  // MARK: Write-back

  @Test func theWriteBackLandsAfterTheCommitAndBeforeTheInvalidation() async throws {
    let (store, key, subscription) = await storeShowing(1)
    let other = NumberKey(2, gate: Gate<Int>())
    store.setValue(20, for: other)
    let gate = Gate<Int>()
    let order = LockIsolated<[String]>([])
    let mutation = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) },
      writeBack: { store, _, output in
        order.withValue { $0.append("writeBack") }
        store.setValue(output, for: key)
      },
      invalidates: { _, _ in
        order.withValue { $0.append("invalidates") }
        return [other]
      }
    ) { _ in try await gate.call() }
    let run = Task { try await mutation.run(5, in: store) }
    await yield { gate.pending == 1 }
    #expect(subscription.loader.phase.value == 5)
    gate.succeed(7)
    #expect(try await run.value == 7)
    #expect(order.value == ["writeBack", "invalidates"])
    #expect(subscription.loader.phase.isKind(.loaded, value: 7))  // the server's answer
    #expect(key.gate.pending == 0)  // not invalidated: no request
    #expect(store.cachedLoader(for: other)?.isStale == true)
  }

  @Test func theWriteBackSurvivesALaterRollbackOfAnOlderEdit() async throws {
    let (store, key, subscription) = await storeShowing(1)
    let olderGate = Gate<Int>()
    let older = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) }
    ) { _ in try await olderGate.call() }
    let gate = Gate<Int>()
    let newer = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) },
      writeBack: { store, _, output in store.setValue(output, for: key) }
    ) { _ in try await gate.call() }

    let olderRun = Task { try await older.run(5, in: store) }
    await yield { olderGate.pending == 1 }
    let newerRun = Task { try await newer.run(6, in: store) }
    await yield { gate.pending == 1 }
    gate.succeed(60)
    #expect(try await newerRun.value == 60)
    #expect(subscription.loader.phase.value == 60)

    olderGate.fail(TestError(1))
    await #expect(throws: TestError(1)) { try await olderRun.value }
    #expect(subscription.loader.phase.isKind(.loaded, value: 60))  // never rolled back
  }

  @Test func aFailureWritesNothingBack() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let wrote = LockIsolated(false)
    let mutation = Mutation<Int, Int>(
      optimistic: { store, input in store.setValue(input, for: key) },
      writeBack: { _, _, _ in wrote.setValue(true) }
    ) { _ in try await gate.call() }
    let run = Task { try await mutation.run(5, in: store) }
    await yield { gate.pending == 1 }
    gate.fail(TestError(3))
    await #expect(throws: TestError(3)) { try await run.value }
    #expect(!wrote.value)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
  }

  // MARK: Optimistic edits

  @Test func theEditShowsBeforeTheRequestAndStaysOnSuccess() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, gate: gate)
    mutation.start(5, in: store)
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
    let mutation = setting(key, gate: gate)
    mutation.start(5, in: store)
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
    let mutation = setting(key, gate: gate)
    let run = Task { try await mutation.run(5, in: store) }
    await yield { gate.pending == 1 }

    mutation.cancel()
    #expect(mutation.phase.isIdle)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    await #expect(throws: CancellationError.self) { try await run.value }  // its caller resumes

    gate.succeed(0)  // the request answers anyway: nothing more happens
    await drain()
    #expect(mutation.phase.isIdle)
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    #expect(key.gate.calls == 1)
  }

  @Test func resetRollsBackARunAndReturnsToIdle() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, gate: gate)
    mutation.start(5, in: store)
    await yield { gate.pending == 1 }
    gate.fail(TestError(1))
    await yield { !mutation.isRunning }
    #expect(mutation.phase.error != nil)

    mutation.start(6, in: store)
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
    let mutation = setting(key, gate: gate)
    for _ in 0..<previousRuns {
      mutation.start(2, in: store)
      await yield { gate.pending == 1 }
      gate.succeed(7)
      await yield { !mutation.isRunning }
      await yield { key.gate.pending == 1 }
      key.gate.succeed(1)
      await yield { subscription.loader.phase.kind == .loaded }
    }

    mutation.start(5, in: store)
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
    let mutation = setting(key, gate: gate)
    mutation.start(5, in: store)
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
    let mutation = setting(key, gate: gate)
    mutation.start(5, in: store)
    await yield { gate.pending == 1 }
    store.setValue(9, for: key)

    gate.fail(TestError(1))
    await yield { !mutation.isRunning }
    #expect(subscription.loader.phase.isKind(.loaded, value: 9))
  }

  @Test func aReloadRunningAtTheRollbackGoesOn() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    let mutation = setting(key, gate: gate)
    mutation.start(5, in: store)
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
        optimistic: { store, input in store.setValue(input, for: key) }
      ) { _ in try await gate.call() }
    }
    mutations[0].start(5, in: store)
    mutations[1].start(6, in: store)
    await yield { gates.allSatisfy { $0.pending == 1 } }
    #expect(subscription.loader.phase.value == 6)

    for ((index, succeeds), expected) in zip(order, shown) {
      if succeeds { gates[index].succeed(0) } else { gates[index].fail(TestError(index)) }
      await yield { !mutations[index].isRunning }
      #expect(subscription.loader.phase.value == expected, "\(name)")
    }
  }

  /// 1, then an older mutation's edit to 5, then 7 landing from a refresh, then a newer
  /// mutation's edit to 6. The older edit lies under a landed value: its rollback restores
  /// nothing, and it never hands its 1 to the newer edit, whose rollback restores the 7 it
  /// found. `first` says which mutation fails first; the end is the same.
  @Test(arguments: [0, 1])
  func aRollbackRestoresTheValueThatLandedAfterAnOlderEdit(first: Int) async {
    let (store, key, subscription) = await storeShowing(1)
    let gates = [Gate<Int>(), Gate<Int>()]
    let mutations = gates.map { setting(key, gate: $0) }
    mutations[0].start(5, in: store)
    await yield { gates[0].pending == 1 }
    store.invalidate(key)  // another screen refreshes the key: 7 lands over the edit
    await yield { key.gate.pending == 1 }
    key.gate.succeed(7)
    await yield { subscription.loader.phase.isKind(.loaded, value: 7) }
    mutations[1].start(6, in: store)
    await yield { gates[1].pending == 1 }
    #expect(subscription.loader.phase.isKind(.loaded, value: 6))

    gates[first].fail(TestError(first))
    await yield { !mutations[first].isRunning }
    // The older one failing leaves the newer edit; the newer one failing restores the 7.
    #expect(subscription.loader.phase.value == (first == 0 ? 6 : 7))
    gates[1 - first].fail(TestError(1 - first))
    await yield { !mutations[1 - first].isRunning }
    #expect(subscription.loader.phase.isKind(.loaded, value: 7))
  }

  @Test func anEditOfAnEvictedEntryRestoresNothing() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = LoaderStore(clock: clock, staleness: .never, gcAfter: .seconds(1))
      let key = NumberKey(1, gate: Gate<Int>())
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate)
      mutation.start(5, in: store)
      let evicted = store.loader(for: key)
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(store.count == 0)

      gate.fail(TestError(1))
      await yield { !mutation.isRunning }
      #expect(store.count == 0)
      #expect(evicted.phase.isKind(.loaded, value: 5))
    }
  }

  @Test func aReleasedMutationStillRollsBackAndGoesWhenItsRunEnds() async {
    let (store, key, subscription) = await storeShowing(1)
    let gate = Gate<Int>()
    weak var released: Mutation<Int, Int>?
    do {
      let mutation = setting(key, gate: gate)
      released = mutation
      mutation.start(5, in: store)
    }
    await yield { gate.pending == 1 }
    #expect(released != nil)  // its run keeps it until the run ends
    #expect(subscription.loader.phase.value == 5)
    gate.fail(TestError(1))
    await yield { subscription.loader.phase.value == 1 }
    #expect(subscription.loader.phase.isKind(.loaded, value: 1))
    await yield { released == nil }
  }

  /// A save finishes when its screen went away: the released mutation's success writes the
  /// server's answer back and invalidates its keys, then the mutation goes.
  @Test(arguments: MutationRelease.allCases)
  func aReleasedMutationThatSucceedsWritesBackAndInvalidates(release: MutationRelease) async {
    let (store, key, subscription) = await storeShowing(1)
    let other = NumberKey(2, gate: Gate<Int>())
    store.setValue(20, for: other)
    let gate = Gate<Int>()
    weak var released: Mutation<Int, Int>?
    var caller: Task<Int?, Never>?
    do {
      let mutation = Mutation<Int, Int>(
        optimistic: { store, input in store.setValue(input, for: key) },
        writeBack: { store, _, output in store.setValue(output, for: key) },
        invalidates: { _, _ in [key, other] }
      ) { _ in try await gate.call() }
      released = mutation
      switch release {
      case .startedAndDropped: mutation.start(5, in: store)
      case .runCallerCancelledAndDropped:
        caller = Task { try? await mutation.run(5, in: store) }
      }
    }
    await yield { gate.pending == 1 }
    if let caller {
      caller.cancel()
      #expect(await caller.value == nil)  // the caller stops waiting; the run goes on
    }
    #expect(released != nil)  // its run keeps it until the run ends
    #expect(subscription.loader.phase.value == 5)

    gate.succeed(50)
    // Written back, then invalidated: the observed key reloads with the answer on screen, the
    // other key is marked stale for its next observer.
    await yield { key.gate.pending == 1 }
    #expect(subscription.loader.phase.isKind(.reloading, value: 50))
    #expect(store.cachedLoader(for: other)?.isStale == true)
    #expect(store.value(for: other) == 20)
    await yield { released == nil }
    key.gate.succeed(60)
    await yield { subscription.loader.phase.kind == .loaded }
    #expect(subscription.loader.phase.value == 60)
  }

}

/// What the run before a queued one does: succeeds, fails, or loses its caller (which throws at
/// once while the run goes on).
enum EarlierRun: String, CaseIterable, Sendable {
  case succeeds, fails, losesItsCaller
}

/// How a screen lets go of a mutation while its run is pending: it drops the mutation it started,
/// or its button's task, which awaited `run(_:in:)`, is cancelled and the mutation dropped.
enum MutationRelease: String, CaseIterable, Sendable {
  case startedAndDropped, runCallerCancelledAndDropped
}

extension MutationPhase {
  /// Whether the phase is idle.
  fileprivate var isIdle: Bool {
    if case .idle = self { return true }
    return false
  }
}
