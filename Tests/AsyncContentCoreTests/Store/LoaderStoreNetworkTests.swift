import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// A key whose fetch waits at `gate`, with the store's staleness and retry policy.
private struct PausedKey: LoaderKey {
  let id: Int
  let gate: Gate<Int>

  func fetch(using _: Void) async throws -> Int { try await gate.call() }

  static func == (lhs: PausedKey, rhs: PausedKey) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Loads that wait for the network: while the store knows it to be down, a store's loader
/// sends nothing and burns no retry, shows it waits (`isWaitingForNetwork`) in the loading
/// phase it is in, and sends when the network comes back; cancelling, superseding, resetting
/// and evicting end the wait as they end any load.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreNetworkTests {
  /// Two attempts, one second apart.
  private let twice = RetryPolicy.exponentialBackoff(
    maxAttempts: 2, initialDelay: .seconds(1), jitter: 0)

  @Test func aFirstLoadWhileOfflineSendsNothingAndWaitsVisibly() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.networkChanged(to: .offline)
      let loader = store.observe(PausedKey(id: 1, gate: gate)).loader
      await drain()
      #expect(gate.calls == 0)
      #expect(loader.phase.kind == .loading)
      #expect(loader.isWaitingForNetwork)
      #expect(loader.isActive)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(!loader.isWaitingForNetwork)
      #expect(loader.phase.kind == .loading)
      gate.succeed(7)
      await yield { loader.phase.kind == .loaded }
      // The resumed load and the reconnection's refetch are one request.
      #expect(gate.calls == 1)
      #expect(loader.phase.value == 7)
    }
  }

  @Test func aReloadWhileOfflineKeepsTheValue() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let key = PausedKey(id: 1, gate: gate)
      let loader = store.observe(key).loader
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await yield { loader.phase.kind == .loaded }

      store.networkChanged(to: .offline)
      loader.startReload()
      await drain()
      #expect(loader.phase.kind == .reloading)
      #expect(loader.phase.value == 1)
      #expect(loader.isWaitingForNetwork)
      #expect(gate.calls == 1)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(!loader.isWaitingForNetwork)
      gate.succeed(2)
      await yield { loader.phase.kind == .loaded }
      #expect(loader.phase.value == 2)
      #expect(gate.calls == 2)
    }
  }

  @Test func aFailureWhileOfflineIsNotShownAndRunsAgainOnline() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())  // no retries: one failure would show
      let loader = store.observe(PausedKey(id: 1, gate: gate)).loader
      await yield { gate.pending == 1 }

      store.networkChanged(to: .offline)
      gate.fail(TestError(1))
      await drain()
      #expect(loader.phase.kind == .loading)
      #expect(loader.failureCount == 0)
      #expect(loader.isWaitingForNetwork)
      #expect(gate.calls == 1)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(gate.calls == 2)
      gate.succeed(3)
      await yield { loader.phase.kind == .loaded }
      #expect(loader.failureCount == 0)
      #expect(gate.calls == 2)
    }
  }

  @Test func aFailureWhileOfflineBurnsNoRetry() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, retry: twice)
      let loader = store.observe(PausedKey(id: 1, gate: gate)).loader
      await yield { gate.pending == 1 }

      store.networkChanged(to: .offline)
      gate.fail(TestError(1))  // not counted
      await drain()
      #expect(loader.failureCount == 0)
      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }  // at once: no backoff for an uncounted failure
      gate.fail(TestError(2))  // the first counted failure: one retry left
      await drain()
      #expect(loader.failureCount == 1)
      #expect(loader.phase.kind == .loading)
      await clock.advanceAndDrain(by: .seconds(1))
      #expect(gate.pending == 1)
      gate.fail(TestError(3))
      await yield { loader.phase.kind == .failed }
      #expect(loader.failureCount == 2)
      #expect(loader.phase.error as? TestError == TestError(3))
      #expect(gate.calls == 3)
    }
  }

  @Test func goingOfflineDuringTheRetryWaitWaitsForTheNetwork() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: clock, retry: twice)
      let loader = store.observe(PausedKey(id: 1, gate: gate)).loader
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await drain()
      #expect(loader.failureCount == 1)

      store.networkChanged(to: .offline)
      await clock.advanceAndDrain(by: .seconds(5))
      #expect(gate.calls == 1)  // the retry's time came, and it waits for the network
      #expect(loader.isWaitingForNetwork)
      #expect(loader.phase.kind == .loading)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(!loader.isWaitingForNetwork)
      #expect(loader.failureCount == 1)
      gate.succeed(4)
      await yield { loader.phase.kind == .loaded }
      #expect(gate.calls == 2)
    }
  }

  @Test func cancellingWhileWaitingEndsTheWait() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.networkChanged(to: .offline)
      let loader = store.loader(for: PausedKey(id: 1, gate: gate))  // unobserved: no refetch
      let caller = Task { await loader.load() }
      await drain()
      #expect(loader.isWaitingForNetwork)

      loader.cancel()
      #expect(!loader.isWaitingForNetwork)
      #expect(!loader.isActive)
      #expect(loader.phase.kind == .idle)
      await caller.value  // the caller resumes
      store.networkChanged(to: .online)
      await drain()
      #expect(gate.calls == 0)
    }
  }

  @Test func supersedingWhileWaitingLeavesOneLoadWaiting() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = PausedKey(id: 1, gate: gate)
      store.networkChanged(to: .offline)
      let loader = store.loader(for: key)
      loader.startLoad()
      await drain()
      store.invalidate(key)  // starts a new load, which supersedes the waiting one
      await drain()
      #expect(loader.isWaitingForNetwork)
      #expect(loader.phase.kind == .loading)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      await drain()
      #expect(gate.calls == 1)
      #expect(gate.cancelledCalls == 0)
      gate.succeed(5)
      await yield { loader.phase.kind == .loaded }
    }
  }

  @Test func resettingWhileWaitingEndsTheWait() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.networkChanged(to: .offline)
      let loader = store.loader(for: PausedKey(id: 1, gate: gate))
      loader.startLoad()
      await drain()
      #expect(loader.isWaitingForNetwork)

      loader.reset()
      #expect(!loader.isWaitingForNetwork)
      #expect(loader.phase.kind == .idle)
      store.networkChanged(to: .online)
      await drain()
      #expect(gate.calls == 0)
    }
  }

  @Test func evictingWhileWaitingEndsTheWait() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.networkChanged(to: .offline)
      let key = PausedKey(id: 1, gate: gate)
      let loader = store.loader(for: key)
      loader.startLoad()
      await drain()
      #expect(loader.isWaitingForNetwork)

      store.evictUnobserved()
      #expect(store.cachedLoader(for: key) == nil)
      #expect(!loader.isWaitingForNetwork)
      #expect(!loader.isActive)
      store.networkChanged(to: .online)
      await drain()
      #expect(gate.calls == 0)
    }
  }

  @Test func releasingTheLoaderWhileWaitingEndsTheWait() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.networkChanged(to: .offline)
      let key = PausedKey(id: 1, gate: gate)
      weak var released: AsyncLoader<Int>?
      do {
        let loader = store.loader(for: key)
        released = loader
        loader.startLoad()
        await drain()
        #expect(loader.isWaitingForNetwork)
        store.remove(key)
      }
      await drain()
      #expect(released == nil)  // the waiting task does not keep it
      store.networkChanged(to: .online)
      await drain()
      #expect(gate.calls == 0)
    }
  }

  @Test func waitingIsObserved() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let loader = store.observe(PausedKey(id: 1, gate: gate)).loader
      await yield { gate.pending == 1 }
      gate.succeed(1)
      await yield { loader.phase.kind == .loaded }

      store.networkChanged(to: .offline)
      loader.startReload()
      await drain()
      let changed = LockIsolated(false)
      withObservationTracking {
        _ = loader.isWaitingForNetwork
      } onChange: {
        changed.setValue(true)
      }
      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(changed.value)
      gate.succeed(2)
      await yield { loader.phase.kind == .loaded }
    }
  }

  @Test func followingAStreamPausesAndRefetchesOncePerKey() async {
    await withMainSerialExecutor {
      let first = Gate<Int>()
      let second = Gate<Int>()
      let store = LoaderStore(clock: TestClock())  // every value is stale at once
      let (statuses, continuation) = AsyncStream.makeStream(of: NetworkStatus.self)
      let subscription = store.followNetwork(statuses)
      defer { subscription.cancel() }
      let waiting = store.observe(PausedKey(id: 1, gate: first)).loader
      let idle = store.observe(PausedKey(id: 2, gate: second)).loader
      await yield { first.pending == 1 && second.pending == 1 }
      first.succeed(1)
      second.succeed(2)
      await yield { waiting.phase.kind == .loaded && idle.phase.kind == .loaded }

      continuation.yield(.online)  // a repeated status: nothing happens
      await drain()
      #expect(first.calls == 1 && second.calls == 1)
      #expect(store.networkStatus == .online)

      continuation.yield(.offline)
      await drain()
      #expect(store.networkStatus == .offline)
      waiting.startReload()
      continuation.yield(.offline)  // repeated: nothing
      await drain()
      #expect(waiting.isWaitingForNetwork)
      #expect(!idle.isWaitingForNetwork)
      #expect(first.calls == 1 && second.calls == 1)

      continuation.yield(.online)
      await yield { first.pending == 1 && second.pending == 1 }
      await drain()
      // The paused reload resumes, and the reconnection's refetch joins it: one request. The
      // stale key that did not load refetches once.
      #expect(first.calls == 2)
      #expect(second.calls == 2)
      first.succeed(10)
      second.succeed(20)
      await yield { waiting.phase.value == 10 && idle.phase.value == 20 }
      continuation.yield(.online)
      await drain()
      #expect(first.calls == 2 && second.calls == 2)
      continuation.finish()
    }
  }

  @Test func aPagedFirstPageWaitsForTheNetwork() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), clients: gate)
      store.networkChanged(to: .offline)
      let loader = store.observe(FeedKey("EU")).loader
      await drain()
      #expect(gate.calls == 0)
      #expect(loader.phase.kind == .loading)
      #expect(loader.isWaitingForNetwork)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(!loader.isWaitingForNetwork)
      gate.succeed([FeedRow(id: 1, name: "one")], next: 2)
      await yield { loader.phase.kind == .loaded }
      #expect(gate.calls == 1)
    }
  }

  @Test func aPagedLoadMoreWaitsForTheNetworkAndKeepsTheItems() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never, clients: gate)
      let loader = store.observe(FeedKey("EU")).loader
      await yield { gate.pending == 1 }
      gate.succeed([FeedRow(id: 1, name: "one")], next: 2)
      await yield { loader.phase.kind == .loaded }

      store.networkChanged(to: .offline)
      loader.startLoadMore()
      await drain()
      #expect(loader.phase.kind == .loadingMore)
      #expect(loader.items.map(\.id) == [1])
      #expect(loader.isWaitingForNetwork)
      #expect(gate.calls == 1)

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(gate.cursors == [nil, 2])
      gate.succeed([FeedRow(id: 2, name: "two")], next: nil)
      await yield { loader.phase.kind == .loaded }
      #expect(loader.items.map(\.id) == [1, 2])
      #expect(gate.calls == 2)
    }
  }

  @Test func aPagedLoadMoreThatFailsOfflineBurnsNoRetry() async {
    await withMainSerialExecutor {
      let gate = PagedGate<FeedRow, Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never, clients: gate)
      let loader = store.observe(FeedKey("EU")).loader
      await yield { gate.pending == 1 }
      gate.succeed([FeedRow(id: 1, name: "one")], next: 2)
      await yield { loader.phase.kind == .loaded }

      loader.startLoadMore()
      await yield { gate.pending == 1 }
      store.networkChanged(to: .offline)
      gate.fail(TestError(1))
      await drain()
      #expect(loader.phase.kind == .loadingMore)  // not loadMoreFailed
      #expect(loader.isWaitingForNetwork)
      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      #expect(gate.cursors == [nil, 2, 2])
      gate.succeed([FeedRow(id: 2, name: "two")], next: nil)
      await yield { loader.phase.kind == .loaded }
      #expect(loader.failureCount == 0)
    }
  }

  @Test func aGroupAndTheInspectorShowAMembersWait() async {
    await withMainSerialExecutor {
      let first = Gate<Int>()
      let second = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.networkChanged(to: .offline)
      let group = KeyGroupScreen<PausedKey, PausedKey>(store: store)
      group.select(PausedKey(id: 1, gate: first), PausedKey(id: 2, gate: second))
      await drain()
      #expect(group.phase.kind == .loading)
      #expect(group.isWaitingForNetwork)
      #expect(store.snapshot().map(\.isWaitingForNetwork) == [true, true])
      #expect(first.calls == 0 && second.calls == 0)

      store.networkChanged(to: .online)
      await yield { first.pending == 1 && second.pending == 1 }
      #expect(!group.isWaitingForNetwork)
      #expect(store.snapshot().map(\.isWaitingForNetwork) == [false, false])
      first.succeed(1)
      second.succeed(2)
      await yield { group.phase.kind == .loaded }
      group.stop()
    }
  }

  @Test func aScreenHearsThatItsFirstLoadWaitsThenItsValueAndNothingWhenItResumes() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      store.networkChanged(to: .offline)
      let loader = store.loader(for: PausedKey(id: 1, gate: gate))
      let heard = Heard()
      let controller = ContentController()
      controller.announce = { heard.announcements.append($0) }
      // The state the container forwards, as `ContentContainer` computes it.
      @MainActor func state() -> ContentState {
        let presentation = loader.phase.presentation(
          isWaitingForNetwork: loader.isWaitingForNetwork)
        return ContentState(
          source: ObjectIdentifier(loader), kind: loader.phase.kind, hasBanner: false,
          announcement: Announcement.Snapshot(
            presentation, kind: loader.phase.kind, message: { _ in "" }))
      }
      controller.appeared(state(), actions: LoadActions(loader))
      await drain()
      #expect(state().announcement?.isWaitingForNetwork == true)
      controller.changed(to: state(), actions: LoadActions(loader))
      #expect(heard.announcements == [.waitingForNetwork])

      store.networkChanged(to: .online)
      await yield { gate.pending == 1 }
      controller.changed(to: state(), actions: LoadActions(loader))
      #expect(heard.announcements == [.waitingForNetwork])  // the resumption says nothing
      gate.succeed(3)
      await yield { loader.phase.kind == .loaded }
      controller.changed(to: state(), actions: LoadActions(loader))
      #expect(heard.announcements == [.waitingForNetwork, .loaded(count: nil)])
      controller.disappeared()
    }
  }

  @Test func aLoaderOutsideAStoreNeverWaits() async {
    await withMainSerialExecutor {
      let gate = Gate<Int>()
      let loader = AsyncLoader(clock: TestClock()) { try await gate.call() }
      loader.startLoad()
      await yield { gate.pending == 1 }
      #expect(!loader.isWaitingForNetwork)
      gate.succeed(1)
      await yield { loader.phase.kind == .loaded }
    }
  }
}

/// What a screen's controller announced, in order.
@MainActor
private final class Heard {
  var announcements: [Announcement] = []
}
