import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// A mutation's `retry:` policy: a failed request is sent again on the store's clock while the
/// optimistic edit stays, and the edit is rolled back only when the last attempt fails.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreMutationRetryTests {
  /// Three attempts, one then two seconds apart.
  private let thrice = RetryPolicy.exponentialBackoff(
    maxAttempts: 3, initialDelay: .seconds(1), multiplier: 2, jitter: 0)

  /// A store on `clock` whose entry for key 1 shows `value`, observed.
  private func storeShowing(
    _ value: Int, clock: TestClock<Duration>
  ) async -> (LoaderStore, NumberKey, StoreSubscription<AsyncLoader<Int>>) {
    let store = LoaderStore(clock: clock, staleness: .never)
    let key = NumberKey(1, gate: Gate<Int>())
    let subscription = await observeLoaded(value, for: key, in: store)
    return (store, key, subscription)
  }

  /// A mutation that shows its input as the value of `key`, sends it at `gate`, and retries by
  /// `retry`.
  private func setting(
    _ key: NumberKey, gate: Gate<Int>, retry: RetryPolicy
  ) -> Mutation<Int, Int> {
    Mutation(
      optimistic: { store, input in store.setValue(input, for: key) }, retry: retry
    ) { _ in try await gate.call() }
  }

  @Test func aFailedRequestIsRetriedWhileTheEditStays() async throws {
    try await withMainSerialExecutor { () async throws in
      let clock = TestClock()
      let (store, key, subscription) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate, retry: thrice)
      let run = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }

      gate.fail(TestError(1))
      await drain()
      #expect(subscription.loader.phase.value == 5)  // the edit stays while it waits
      #expect(mutation.isRunning)
      await clock.advanceAndDrain(by: .milliseconds(999))
      #expect(gate.calls == 1)
      await clock.advanceAndDrain(by: .milliseconds(1))
      #expect(gate.pending == 1)  // the second attempt

      gate.fail(TestError(2))
      await drain()
      await clock.advanceAndDrain(by: .seconds(2))
      #expect(gate.pending == 1)  // the third, after twice the wait
      #expect(subscription.loader.phase.value == 5)
      gate.succeed(50)
      #expect(try await run.value == 50)
      #expect(mutation.phase.output == 50)
      #expect(subscription.loader.phase.value == 5)  // kept: the request succeeded
    }
  }

  @Test func theFailureCountCountsTheFailedAttemptsOfTheLatestRun() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let (store, key, _) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate, retry: thrice)
      let changes = LockIsolated(0)
      withObservationTracking {
        _ = mutation.failureCount
      } onChange: {
        changes.withValue { $0 += 1 }
      }
      mutation.start(5, in: store)
      await yield { gate.pending == 1 }
      #expect(mutation.failureCount == 0)

      gate.fail(TestError(1))
      await drain()
      #expect(mutation.failureCount == 1)  // while it waits to try again
      #expect(mutation.isRunning)
      #expect(changes.value == 1)  // observed
      await clock.advanceAndDrain(by: .seconds(1))
      gate.fail(TestError(2))
      await drain()
      #expect(mutation.failureCount == 2)
      await clock.advanceAndDrain(by: .seconds(2))
      gate.fail(TestError(3))
      await drain()
      #expect(mutation.failureCount == 3)  // the last attempt counts too
      #expect(mutation.phase.error as? TestError == TestError(3))

      // A new run starts from zero, and a success leaves zero.
      mutation.start(6, in: store)
      await yield { gate.pending == 1 }
      #expect(mutation.failureCount == 0)
      gate.fail(TestError(4))
      await drain()
      #expect(mutation.failureCount == 1)
      await clock.advanceAndDrain(by: .seconds(1))
      gate.succeed(60)
      await drain()
      #expect(mutation.phase.output == 60)
      #expect(mutation.failureCount == 0)
    }
  }

  @Test func aCancelledRunPutsBackTheFailureCountItFound() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let (store, key, _) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate, retry: .never)
      mutation.start(5, in: store)
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await drain()
      #expect(mutation.failureCount == 1)

      mutation.start(6, in: store)
      await yield { gate.pending == 1 }
      #expect(mutation.failureCount == 0)
      mutation.cancel()
      #expect(mutation.failureCount == 1)  // back to where the cancelled run found it
      #expect(mutation.phase.error as? TestError == TestError(1))
      mutation.reset()
      #expect(mutation.failureCount == 0)
    }
  }

  @Test func theRollbackWaitsForTheLastAttempt() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let (store, key, subscription) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate, retry: thrice)
      let run = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }

      gate.fail(TestError(1))
      await drain()
      await clock.advanceAndDrain(by: .seconds(1))
      gate.fail(TestError(2))
      await drain()
      await clock.advanceAndDrain(by: .seconds(2))
      #expect(subscription.loader.phase.value == 5)
      gate.fail(TestError(3))
      await #expect(throws: TestError(3)) { try await run.value }
      #expect(subscription.loader.phase.value == 1)  // rolled back after the last attempt
      #expect(mutation.phase.error as? TestError == TestError(3))
      #expect(gate.calls == 3)
    }
  }

  @Test func cancellingDuringTheWaitRollsBackAndThrowsCancellation() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let (store, key, subscription) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate, retry: thrice)
      let run = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await drain()
      #expect(subscription.loader.phase.value == 5)

      mutation.cancel()
      await #expect(throws: CancellationError.self) { try await run.value }
      #expect(subscription.loader.phase.value == 1)
      // Where it was before the run: idle.
      #expect(!mutation.isRunning && mutation.phase.output == nil && mutation.phase.error == nil)
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 1)  // no attempt after the cancel
    }
  }

  @Test func aCancellationIsNotRetried() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let (store, key, subscription) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      var retriesEverything = thrice
      retriesEverything.shouldRetry = { _ in true }  // a cancellation is not retried even so
      let mutation = setting(key, gate: gate, retry: retriesEverything)
      let run = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }

      gate.fail(CancellationError())  // the operation reports cancellation on its own
      await drain()
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.calls == 1)
      #expect(!mutation.isRunning)
      #expect(subscription.loader.phase.value == 1)
      mutation.cancel()  // ends a run that would wait to retry, so the test cannot hang
      await #expect(throws: CancellationError.self) { try await run.value }
    }
  }

  @Test func anErrorThePolicyDoesNotRetryFailsAtOnce() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let (store, key, subscription) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let policy = RetryPolicy.exponentialBackoff(
        maxAttempts: 3, jitter: 0, shouldRetry: { ($0 as? TestError)?.id != 4 })
      let mutation = setting(key, gate: gate, retry: policy)
      let run = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }

      gate.fail(TestError(4))
      await #expect(throws: TestError(4)) { try await run.value }
      #expect(subscription.loader.phase.value == 1)
      #expect(gate.calls == 1)
    }
  }

  @Test func withoutAPolicyTheFirstFailureRollsBack() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let (store, key, subscription) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let mutation = Mutation<Int, Int>(
        optimistic: { store, input in store.setValue(input, for: key) }
      ) { _ in try await gate.call() }
      let run = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }

      gate.fail(TestError(1))
      await #expect(throws: TestError(1)) { try await run.value }
      #expect(subscription.loader.phase.value == 1)
      #expect(gate.calls == 1)
    }
  }

  @Test func aQueuedRunWaitsForTheRetriesOfTheRunningOne() async throws {
    try await withMainSerialExecutor { () async throws in
      let clock = TestClock()
      let (store, key, subscription) = await storeShowing(1, clock: clock)
      let gate = Gate<Int>()
      let mutation = setting(key, gate: gate, retry: thrice)
      let first = Task { try await mutation.run(5, in: store) }
      await yield { gate.pending == 1 }
      let second = Task { try await mutation.run(6, in: store) }
      await drain()

      gate.fail(TestError(1))
      await drain()
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(gate.calls == 2)  // the first run's retry, not the second run
      #expect(subscription.loader.phase.value == 5)
      gate.succeed(50)
      #expect(try await first.value == 50)
      await yield { gate.pending == 1 }
      #expect(subscription.loader.phase.value == 6)
      gate.succeed(60)
      #expect(try await second.value == 60)
    }
  }
}
