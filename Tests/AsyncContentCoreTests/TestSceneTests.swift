import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// A key whose fetch waits at the store's client, a gate; it polls every ten seconds when
/// `polls`.
private struct SceneKey: LoaderKey {
  var id: Int
  var polls = false
  var refetchInterval: Duration? { polls ? .seconds(10) : nil }

  func fetch(using gate: OperationGate<Int>) async throws -> Int {
    try await gate.call()
  }
}

/// The test support's app lifecycle (`TestScene`, `simulateMemoryWarning()`,
/// `pendingMutationRuns`): what only SwiftUI and the system reach in an app, driven by a test
/// through the same package hooks, with public API only on the test's side.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct TestSceneTests {
  /// A store on `clock` whose values never go stale, so that only polls and activations reload.
  private func makeStore(_ clock: TestClock<Duration>, gate: OperationGate<Int>) -> LoaderStore {
    LoaderStore(clock: clock, staleness: .never, clients: gate)
  }

  /// Observes `key` in `store` and lands its first load with `value`.
  private func observeLoaded(
    _ key: SceneKey, value: Int, in store: LoaderStore, gate: OperationGate<Int>
  ) async -> AsyncLoader<Int> {
    let subscription = store.observe(key)
    let load = Task { await subscription.loader.load() }
    await eventually { gate.pending == 1 }
    gate.succeed(value)
    await load.cancellableValue
    return subscription.loader
  }

  @Test func theBackgroundPausesPollingAndTheReturnResumesIt() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = OperationGate<Int>()
      let store = makeStore(clock, gate: gate)
      let scene = TestScene(store: store)
      #expect(scene.phase == .active)
      let loader = await observeLoaded(
        SceneKey(id: 1, polls: true), value: 1, in: store, gate: gate)

      scene.enter(.inactive)  // Control Center: polling goes on
      #expect(!store.isPollingPaused)
      scene.enter(.background)
      #expect(store.isPollingPaused)
      await clock.advance(by: .seconds(35))
      await drainMainActor()
      #expect(gate.calls == 1)  // no poll while in the background

      scene.enter(.active)  // back at 35 s: the next tick, at 40 s, polls
      #expect(!store.isPollingPaused)
      await clock.advance(by: .seconds(5))
      await eventually { gate.pending == 1 }
      #expect(gate.calls == 2)
      gate.succeed(2)
      await eventually { loader.phase.value == 2 }
      scene.goAway()
      #expect(scene.phase == nil)
    }
  }

  @Test func theReturnFromTheBackgroundRefetchesWhatIsStaleAndNothingElse() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = OperationGate<Int>()
      // A value that never goes stale: no return reloads it.
      let fresh = makeStore(clock, gate: gate)
      let freshScene = TestScene(store: fresh, phase: .inactive)  // the first phase: no return
      _ = await observeLoaded(SceneKey(id: 1), value: 1, in: fresh, gate: gate)
      freshScene.enter(.background)
      freshScene.enter(.active)
      await drainMainActor()
      #expect(gate.calls == 1)

      // A value that is stale at once: only a return from the background reloads it.
      let stale = LoaderStore(clock: clock, staleness: .after(.zero), clients: gate)
      let scene = TestScene(store: stale)
      let loader = await observeLoaded(SceneKey(id: 2), value: 2, in: stale, gate: gate)
      scene.enter(.inactive)  // Control Center opens…
      scene.enter(.active)  // …and closes: the screen was there all along
      await drainMainActor()
      #expect(gate.calls == 2)
      scene.enter(.background)
      scene.enter(.active)
      await eventually { gate.pending == 1 }
      #expect(loader.phase.kind == .reloading)
      gate.succeed(3)
      await eventually { loader.phase.value == 3 }
      #expect(gate.calls == 3)
    }
  }

  /// "Sharing data across screens", `refreshWhenOffline`: a poll while the store knows the
  /// network to be down waits for it, with the value on screen and no failure.
  @Test func aPollWhileOfflineWaitsForTheNetworkWithoutABanner() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = OperationGate<Int>()
      let store = makeStore(clock, gate: gate)
      let (statuses, network) = AsyncStream.makeStream(of: NetworkStatus.self)
      store.followNetwork(statuses)
      let loader = await observeLoaded(
        SceneKey(id: 1, polls: true), value: 1, in: store, gate: gate)
      network.yield(.offline)
      await eventually { store.networkStatus == .offline }

      await clock.advance(by: .seconds(10))  // the poll's tick
      await eventually { loader.isWaitingForNetwork }
      #expect(gate.calls == 1)  // nothing sent
      #expect(loader.phase.kind == .reloading)
      #expect(loader.phase.value == 1)
      #expect(loader.phase.error == nil)

      network.yield(.online)
      await eventually { gate.pending == 1 }
      gate.succeed(2)
      await eventually { loader.phase.value == 2 }
      #expect(loader.phase.kind == .loaded)
      network.finish()
    }
  }

  @Test func aMemoryWarningEvictsOnlyWhatNobodyObserves() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = OperationGate<Int>()
      let store = makeStore(clock, gate: gate)
      let shown = await observeLoaded(SceneKey(id: 1), value: 1, in: store, gate: gate)
      store.setValue(2, for: SceneKey(id: 2))  // cached, nobody observes it

      #expect(store.simulateMemoryWarning() == 1)
      #expect(store.cachedLoader(for: SceneKey(id: 2)) == nil)
      #expect(store.cachedLoader(for: SceneKey(id: 1)) === shown)
      #expect(shown.phase.value == 1)  // the screen keeps what it shows
      #expect(store.simulateMemoryWarning() == 0)
    }
  }

  @Test func thePendingRunsListWhatWaitsForTheNetworkInOrder() async throws {
    try await withMainSerialExecutor { () async throws in
      let clock = TestClock()
      let gate = OperationGate<Int>()
      let store = makeStore(clock, gate: gate)
      let (statuses, network) = AsyncStream.makeStream(of: NetworkStatus.self)
      store.followNetwork(statuses)
      network.yield(.offline)
      await eventually { store.networkStatus == .offline }
      let save = Mutation<Int, Int> { try await gate.call() + $0 }
      #expect(store.pendingMutationRuns.isEmpty)

      save.start(5, in: store)
      save.start(6, in: store)
      await drainMainActor()
      var runs = store.pendingMutationRuns
      #expect(runs.map(\.input) == ["5", "6"])
      #expect(runs.map(\.state) == [.paused, .waiting])
      #expect(runs.map(\.mutation) == ["Mutation<Int, Int>", "Mutation<Int, Int>"])
      #expect(runs.allSatisfy { !$0.isQueueing && !$0.isStored })
      #expect(Set(runs.map(\.idempotencyKey)).count == 2)

      network.yield(.online)
      await eventually { gate.pending == 1 }
      runs = store.pendingMutationRuns
      #expect(runs.map(\.state) == [.sending, .waiting])
      gate.succeed(10)
      await eventually { store.pendingMutationRuns.map(\.input) == ["6"] }
      await eventually { gate.pending == 1 }
      gate.succeed(20)
      await eventually { store.pendingMutationRuns.isEmpty }
      network.finish()
    }
  }
}
