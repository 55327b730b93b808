import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// A key whose fetch waits at `gate` and which may set its own retry policy.
private struct RetryingKey: LoaderKey {
  let id: Int
  let gate: Gate<Int>
  var retry: RetryPolicy?

  func fetch(using _: Void) async throws -> Int { try await gate.call() }

  static func == (lhs: RetryingKey, rhs: RetryingKey) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A paged key whose pages wait at the store's client and which sets its own retry policy.
private struct RetryingFeedKey: PagedLoaderKey {
  var retry: RetryPolicy?

  func fetchPage(
    at cursor: Int?, using gate: PagedGate<FeedRow, Int>
  ) async throws -> Page<FeedRow, Int> {
    try await gate.fetch(cursor)
  }

  static func == (lhs: RetryingFeedKey, rhs: RetryingFeedKey) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}

/// A key's loader retries by the key's ``StoreKey/retry``, or by the store's policy when the key
/// leaves it to the store.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreRetryTests {
  /// Two attempts, one second apart.
  private let twice = RetryPolicy.exponentialBackoff(
    maxAttempts: 2, initialDelay: .seconds(1), jitter: 0)
  /// Three attempts, five then ten seconds apart.
  private let thrice = RetryPolicy.exponentialBackoff(
    maxAttempts: 3, initialDelay: .seconds(5), jitter: 0)

  @Test func aKeyWithItsOwnPolicyRetriesByIt() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, retry: twice)  // the key's policy wins
      let key = RetryingKey(id: 1, gate: gate, retry: thrice)
      let loader = store.observe(key).loader
      #expect(loader.retryPolicy.maxAttempts == 3)
      await yield { gate.pending == 1 }

      gate.fail(TestError(1))
      await drain()
      await clock.advanceAndDrain(by: .seconds(4))
      #expect(gate.calls == 1)  // the store's one second is not the key's wait
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(gate.pending == 1)
      gate.fail(TestError(2))
      await drain()
      await clock.advanceAndDrain(by: .seconds(10))
      #expect(gate.pending == 1)  // a third attempt, which the store's policy has not
      gate.fail(TestError(3))
      await yield { loader.phase.kind == .failed }
      #expect(loader.phase.error as? TestError == TestError(3))
      #expect(gate.calls == 3)
    }
  }

  @Test func aKeyWithoutAPolicyUsesTheStores() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, retry: twice)
      let key = RetryingKey(id: 1, gate: gate, retry: nil)
      let loader = store.observe(key).loader
      #expect(loader.retryPolicy.maxAttempts == 2)
      await yield { gate.pending == 1 }

      gate.fail(TestError(1))
      await drain()
      #expect(loader.phase.kind == .loading)  // waits to retry
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(gate.pending == 1)
      gate.fail(TestError(2))
      await yield { loader.phase.kind == .failed }
      await clock.advanceAndDrain(by: .seconds(60))
      #expect(gate.calls == 2)
    }
  }

  @Test func aKeyThatSaysNoneNeverRetriesInAStoreThatDoes() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, retry: twice)
      let key = RetryingKey(id: 1, gate: gate, retry: RetryPolicy.never)
      let loader = store.observe(key).loader
      await yield { gate.pending == 1 }

      gate.fail(TestError(1))
      await yield { loader.phase.kind == .failed }
      await clock.advanceAndDrain(by: .seconds(60))
      #expect(gate.calls == 1)
    }
  }

  @Test func aPagedKeyRetriesByItsOwnPolicy() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: clock, clients: gate)  // the store never retries
      let loader = store.observe(RetryingFeedKey(retry: twice)).loader
      await yield { gate.pending == 1 }

      gate.fail(TestError(1))
      await drain()
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(gate.pending == 1)
      gate.succeed([FeedRow(id: 1, name: "row 1")], next: nil)
      await yield { loader.phase.kind == .loaded }
      #expect(gate.cursors == [nil, nil])
    }
  }

  @Test func aPagedKeyWithoutAPolicyUsesTheStores() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: clock, retry: twice, clients: gate)
      let loader = store.observe(RetryingFeedKey(retry: nil)).loader
      #expect(loader.retryPolicy.maxAttempts == 2)
      await yield { gate.pending == 1 }

      gate.fail(TestError(1))
      await drain()
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(gate.pending == 1)
    }
  }
}
