import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Foundation
import Observation
import Testing

/// Mutations while the store's network is down: a run whose turn comes offline shows its edit at
/// once and is paused until the network comes back; a failure while offline is not counted;
/// cancel rolls a paused run back; retries wait for the network; every run has an idempotency
/// key; the store lists its pending runs, and stores the queueing ones in its journal.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreMutationOfflineTests {
  /// Three attempts, one then two seconds apart.
  private let thrice = RetryPolicy.exponentialBackoff(
    maxAttempts: 3, initialDelay: .seconds(1), multiplier: 2, jitter: 0)

  /// A store on `clock` whose entry for key 1 shows `value`, observed.
  private func storeShowing(
    _ value: Int, clock: TestClock<Duration> = TestClock()
  ) async -> (LoaderStore, NumberKey, StoreSubscription<AsyncLoader<Int>>) {
    let store = LoaderStore(clock: clock, staleness: .never)
    let key = NumberKey(1, gate: Gate<Int>())
    let subscription = await observeLoaded(value, for: key, in: store)
    return (store, key, subscription)
  }

  /// A mutation that shows its input as the value of `key`, records the inputs it sends and
  /// their idempotency keys in `sent`, and waits at `gate`.
  private func setting(
    _ key: NumberKey, gate: Gate<Int>, retry: RetryPolicy = .never,
    sent: LockIsolated<[(input: Int, key: String)]> = LockIsolated([]),
    queueing: MutationQueueing<Int>? = nil
  ) -> Mutation<Int, Int> {
    Mutation(
      optimistic: { store, input in store.setValue(input, for: key) }, writeBack: nil,
      invalidates: { _, _ in [] }, retry: retry, queueing: queueing
    ) { (input, idempotencyKey, _: Void) in
      sent.withValue { $0.append((input, idempotencyKey)) }
      return try await gate.call()
    }
  }

  // MARK: Paused runs

  @Test func aRunMadeOfflineShowsItsEditAtOnceAndSendsWhenTheNetworkComesBackInOrder() async throws
  {
    try await withMainSerialExecutor { () async throws in
      let (store, key, subscription) = await storeShowing(1)
      let gate = Gate<Int>()
      let sent = LockIsolated<[(input: Int, key: String)]>([])
      let mutation = setting(key, gate: gate, sent: sent)
      store.networkChanged(to: .offline)

      let first = Task { try await mutation.run(5, in: store) }
      await drain()
      #expect(subscription.loader.phase.value == 5)  // the edit shows at once
      #expect(mutation.isPaused)
      #expect(mutation.isRunning)
      #expect(gate.calls == 0)  // nothing is sent
      let second = Task { try await mutation.run(6, in: store) }
      await drain()
      #expect(gate.calls == 0)
      #expect(subscription.loader.phase.value == 5)  // the second run waits for its turn

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(!mutation.isPaused)
      #expect(sent.value.map(\.input) == [5])
      gate.succeed(50)
      #expect(try await first.value == 50)
      await yield { gate.pending == 1 }
      #expect(subscription.loader.phase.value == 6)
      gate.succeed(60)
      #expect(try await second.value == 60)
      #expect(sent.value.map(\.input) == [5, 6])  // each sent once, in call order
      #expect(gate.calls == 2)
    }
  }

  @Test func aRunIsPausedAtOnceAndSendsWhenTheNetworkComesBackBeforeItsTaskRuns() async {
    await withMainSerialExecutor {
      let (store, key, _) = await storeShowing(1)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate)
      store.networkChanged(to: .offline)
      mutation.start(5, in: store)
      #expect(mutation.isPaused)  // at once, in the call that started it
      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(!mutation.isPaused)  // sending
      gate.succeed(50)
      await yield { !mutation.isRunning }
      #expect(mutation.phase.output == 50)
    }
  }

  @Test func isPausedIsObserved() async {
    await withMainSerialExecutor {
      let (store, key, _) = await storeShowing(1)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate)
      store.networkChanged(to: .offline)
      mutation.start(5, in: store)
      let changes = LockIsolated(0)
      withObservationTracking {
        _ = mutation.isPaused
      } onChange: {
        changes.withValue { $0 += 1 }
      }
      await drain()
      #expect(mutation.isPaused)
      #expect(changes.value == 1)
      withObservationTracking {
        _ = mutation.isPaused
      } onChange: {
        changes.withValue { $0 += 1 }
      }
      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(!mutation.isPaused)
      #expect(changes.value == 2)
      gate.succeed(50)
      await yield { !mutation.isRunning }
    }
  }

  @Test func aFailureWhileOfflineIsNotCountedAndTheRequestIsSentAgain() async throws {
    try await withMainSerialExecutor { () async throws in
      let (store, key, subscription) = await storeShowing(1)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate)  // no retries: a counted failure would end it
      let run = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }

      store.networkChanged(to: .offline)
      gate.fail(TestError(1))  // the request failed because the network went away
      await drain()
      #expect(mutation.failureCount == 0)
      #expect(mutation.isPaused)
      #expect(mutation.phase.isRunning)
      #expect(subscription.loader.phase.value == 5)  // the edit stays
      #expect(gate.calls == 1)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(gate.calls == 2)  // sent again
      gate.succeed(50)
      #expect(try await run.value == 50)
      #expect(mutation.failureCount == 0)
      #expect(subscription.loader.phase.value == 5)
    }
  }

  @Test func cancellingAPausedRunRollsBackAtOnce() async {
    await withMainSerialExecutor {
      let (store, key, subscription) = await storeShowing(1)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate)
      store.networkChanged(to: .offline)
      let first = Task { try await mutation.run(5, in: store) }
      let second = Task { try await mutation.run(6, in: store) }
      await drain()
      #expect(mutation.isPaused)
      #expect(subscription.loader.phase.value == 5)

      mutation.cancel()
      #expect(subscription.loader.phase.isKind(.loaded, value: 1))  // at once
      #expect(!mutation.isPaused)
      #expect(!mutation.isRunning)
      #expect(mutation.phase.error == nil && mutation.phase.output == nil)
      await #expect(throws: CancellationError.self) { try await first.value }
      await #expect(throws: CancellationError.self) { try await second.value }

      store.networkChanged(to: .online)
      await drain()
      #expect(gate.calls == 0)  // nothing is sent after the cancel
      #expect(subscription.loader.phase.value == 1)
    }
  }

  @Test func aRetryWaitsForTheNetwork() async throws {
    try await withMainSerialExecutor { () async throws in
      let clock = TestClock()
      let (store, key, subscription) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate, retry: thrice)
      let run = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))  // online: a counted failure
      await drain()
      #expect(mutation.failureCount == 1)

      store.networkChanged(to: .offline)
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 1)  // the retry waits for the network
      #expect(mutation.isPaused)
      #expect(subscription.loader.phase.value == 5)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(gate.calls == 2)
      #expect(!mutation.isPaused)
      gate.succeed(50)
      #expect(try await run.value == 50)
    }
  }

  @Test func theIdempotencyKeyIsStableAcrossRetriesAndDistinctPerRun() async throws {
    try await withMainSerialExecutor { () async throws in
      let clock = TestClock()
      let (store, key, _) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let sent = LockIsolated<[(input: Int, key: String)]>([])
      let mutation = setting(key, gate: gate, retry: thrice, sent: sent)
      let first = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await drain()
      await clock.advanceAndDrain(by: .seconds(1))
      store.networkChanged(to: .offline)
      gate.fail(TestError(2))  // while offline: sent again when the network comes back
      await drain()
      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      gate.succeed(50)
      #expect(try await first.value == 50)
      mutation.start(6, in: store)
      await yield { gate.pending == 1 }
      gate.succeed(60)
      await yield { !mutation.isRunning }

      let keys = sent.value.map(\.key)
      #expect(sent.value.map(\.input) == [5, 5, 5, 6])
      #expect(Set(keys[0..<3]).count == 1)  // one key for every attempt of a run
      #expect(keys[3] != keys[0])  // another for the next run
      #expect(keys.allSatisfy { UUID(uuidString: $0) != nil })
    }
  }

  // MARK: The store's list of runs

  @Test func theStoreListsItsPendingRunsInOrder() async {
    await withMainSerialExecutor {
      let (store, key, _) = await storeShowing(1)
      let gate = Gate<Int>()
      let sent = LockIsolated<[(input: Int, key: String)]>([])
      let mutation = setting(key, gate: gate, sent: sent)
      #expect(store.mutationRunsSnapshot().isEmpty)
      store.networkChanged(to: .offline)
      let changes = LockIsolated(0)
      withObservationTracking {
        _ = store.mutationRunsSnapshot()
      } onChange: {
        changes.withValue { $0 += 1 }
      }
      mutation.start(5, in: store)
      mutation.start(6, in: store)
      await drain()
      #expect(changes.value == 1)  // observed
      var runs = store.mutationRunsSnapshot()
      #expect(runs.map(\.input) == ["5", "6"])
      #expect(runs.map(\.state) == [.paused, .waiting])
      #expect(runs.map(\.mutation) == ["Mutation<Int, Int>", "Mutation<Int, Int>"])
      #expect(runs.allSatisfy { !$0.isStored && !$0.isQueueing })
      #expect(Set(runs.map(\.idempotencyKey)).count == 2)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      runs = store.mutationRunsSnapshot()
      #expect(runs.map(\.state) == [.sending, .waiting])
      #expect(runs.first?.idempotencyKey == sent.value.first?.key)
      gate.succeed(50)
      await yield { gate.pending == 1 }
      #expect(store.mutationRunsSnapshot().map(\.input) == ["6"])
      gate.succeed(60)
      await yield { !mutation.isRunning }
      #expect(store.mutationRunsSnapshot().isEmpty)
    }
  }

  // MARK: The journal of queueing mutations

  /// A queueing mutation's id and encoding: the input as decimal text.
  private let queueing = MutationQueueing<Int>(id: "set") { Data("\($0)".utf8) }

  @Test func aQueueingRunIsStoredBeforeItsRequestAndItsRowDeletedWhenItEnds() async {
    await withMainSerialExecutor {
      let (store, key, _) = await storeShowing(1)
      let journal = FakeJournal()
      store.mutationRuns.journal = journal
      let gate = Gate<Int>()
      let sent = LockIsolated<[(input: Int, key: String)]>([])
      let mutation = setting(key, gate: gate, sent: sent, queueing: queueing)

      mutation.start(4, in: store)  // online: stored too, before its request is sent
      #expect(journal.rows.map(\.input) == ["4"])
      #expect(gate.pending == 0)
      await yield { gate.pending == 1 }
      store.networkChanged(to: .offline)
      mutation.start(5, in: store)  // offline: stored, after the run before it
      #expect(journal.rows.map(\.input) == ["4", "5"])
      #expect(journal.rows.allSatisfy { $0.mutationID == "set" })
      #expect(store.mutationRunsSnapshot().map(\.isStored) == [true, true])

      gate.succeed(40)  // the first ends: its row goes
      await drain()
      #expect(journal.rows.map(\.input) == ["5"])
      #expect(journal.removed.count == 1)
      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(sent.value.last?.key == journal.rows.first?.idempotencyKey)
      gate.fail(TestError(1))  // a failure ends it too
      await yield { !mutation.isRunning }
      #expect(journal.rows.isEmpty)

      store.networkChanged(to: .offline)
      mutation.start(6, in: store)
      #expect(journal.rows.map(\.input) == ["6"])
      mutation.cancel()  // and a cancel
      #expect(journal.rows.isEmpty)
    }
  }

  @Test func aMutationThatDoesNotQueueStoresNothing() async {
    await withMainSerialExecutor {
      let (store, key, _) = await storeShowing(1)
      let journal = FakeJournal()
      store.mutationRuns.journal = journal
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate)
      store.networkChanged(to: .offline)
      mutation.start(5, in: store)
      await drain()
      #expect(mutation.isPaused)
      #expect(journal.stored == 0)
      mutation.cancel()
    }
  }

  @Test func aRunPausedAfterItWasSentStaysStored() async {
    await withMainSerialExecutor {
      let (store, key, _) = await storeShowing(1)
      let journal = FakeJournal()
      store.mutationRuns.journal = journal
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate, queueing: queueing)
      mutation.start(5, in: store)
      mutation.start(6, in: store)
      await yield { gate.pending == 1 }
      #expect(journal.rows.map(\.input) == ["5", "6"])  // stored before their requests
      store.networkChanged(to: .offline)
      gate.fail(TestError(1))  // the request failed offline: the run pauses
      await drain()
      #expect(mutation.isPaused)
      #expect(journal.rows.map(\.input) == ["5", "6"])
      #expect(journal.stored == 2)  // not stored twice
      mutation.cancel()
      #expect(journal.rows.isEmpty)
    }
  }

  @Test func aResumedRunKeepsItsKeyAndIsNotStoredAgain() async {
    await withMainSerialExecutor {
      let (store, key, subscription) = await storeShowing(1)
      let journal = FakeJournal()
      store.mutationRuns.journal = journal
      journal.rows = [
        .init(mutationID: "set", idempotencyKey: "K1", input: "5"),
        .init(mutationID: "set", idempotencyKey: "K2", input: "6"),
      ]
      let gate = Gate<Int>()
      let sent = LockIsolated<[(input: Int, key: String)]>([])
      let mutation = setting(key, gate: gate, sent: sent, queueing: queueing)
      store.networkChanged(to: .offline)
      mutation.resume(5, idempotencyKey: "K1", in: store)
      mutation.resume(6, idempotencyKey: "K2", in: store)
      await drain()
      #expect(subscription.loader.phase.value == 5)  // the edit shows again
      #expect(mutation.isPaused)
      #expect(journal.stored == 0)  // stored already
      #expect(store.mutationRunsSnapshot().map(\.isStored) == [true, true])

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      gate.succeed(50)
      await yield { gate.pending == 1 }
      #expect(journal.rows.map(\.idempotencyKey) == ["K2"])
      gate.succeed(60)
      await yield { !mutation.isRunning }
      #expect(sent.value.map(\.key) == ["K1", "K2"])
      #expect(sent.value.map(\.input) == [5, 6])
      #expect(journal.rows.isEmpty)
    }
  }
}

/// A journal in memory: the rows the store wrote and has not deleted, in order.
@MainActor
private final class FakeJournal: MutationJournal {
  struct Row: Equatable {
    let mutationID: String
    let idempotencyKey: String
    let input: String
  }

  var rows: [Row] = []
  private(set) var stored = 0
  private(set) var removed: [String] = []

  func store(_ run: JournaledMutationRun) {
    stored += 1
    let input = (try? run.input.get()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    rows.append(Row(mutationID: run.mutationID, idempotencyKey: run.idempotencyKey, input: input))
  }

  func remove(mutationID: String, idempotencyKey: String) {
    removed.append(idempotencyKey)
    rows.removeAll { $0.mutationID == mutationID && $0.idempotencyKey == idempotencyKey }
  }
}
