import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Foundation
import Observation
import Testing

/// A key of the refetch tests: `id` names it, its fetch waits at `gate`, and it may set its own
/// staleness and leave events out.
private struct TriggerKey: GatedKey {
  let id: Int
  let gate: Gate<Int>
  var staleness: Staleness?
  var refetchesOn: Set<RefetchEvent>

  init(
    _ id: Int, gate: Gate<Int>, staleness: Staleness? = nil,
    refetchesOn: Set<RefetchEvent> = Set(RefetchEvent.allCases)
  ) {
    self.id = id
    self.gate = gate
    self.staleness = staleness
    self.refetchesOn = refetchesOn
  }

  func fetch(using _: Void) async throws -> Int {
    try await gate.call()
  }

  static func == (lhs: TriggerKey, rhs: TriggerKey) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A paged key of the refetch tests.
private struct RefetchFeedKey: PagedLoaderKey {
  func fetchPage(at cursor: Int?, using pages: RowGate) async throws -> Page<PagedRow, Int> {
    try await pages.fetch(cursor)
  }
}

/// The refetch triggers: an event reloads the observed, stale entries that opted in for it,
/// throttled per event on the store's clock, joining the loads that run; the consumption stops
/// when it is cancelled and never keeps the store alive.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreRefetchTests {
  @Test func anEventReloadsTheObservedStaleEntriesOnly() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = LoaderStore(clock: clock, staleness: .after(.seconds(60)))
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      store.refetch(on: events)
      let stale = TriggerKey(1, gate: Gate())
      let fresh = TriggerKey(2, gate: Gate(), staleness: .after(.seconds(120)))
      let unobserved = TriggerKey(3, gate: Gate())
      let shown = await observeLoaded(1, for: stale, in: store)
      let alsoShown = await observeLoaded(2, for: fresh, in: store)
      await observeLoaded(3, for: unobserved, in: store).cancel()
      await clock.advance(by: .seconds(60))

      continuation.yield(.becameActive)
      await yield { stale.gate.pending == 1 }
      await drain()
      #expect(shown.loader.phase.isKind(.reloading, value: 1))  // the value stays on screen
      #expect(stale.gate.calls == 2)
      #expect(fresh.gate.calls == 1)  // fresh: nothing to do
      #expect(unobserved.gate.calls == 1)  // nobody shows it: its next observer reloads it
      #expect(alsoShown.loader.phase.isKind(.loaded, value: 2))

      stale.gate.succeed(10)
      await yield { shown.loader.phase.kind == .loaded }
      #expect(shown.loader.phase.value == 10)
      #expect(!shown.loader.isStale)
      #expect(store.cachedLoader(for: unobserved)?.isStale == true)
    }
  }

  @Test func aKeyThatLeavesAnEventOutIsNotReloadedOnIt() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())  // staleness .after(.zero): stale once loaded
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      store.refetch(on: events, minimumInterval: .zero)
      let quiet = TriggerKey(1, gate: Gate(), refetchesOn: [.networkAvailable])
      let eager = TriggerKey(2, gate: Gate())
      let quietShown = await observeLoaded(1, for: quiet, in: store)
      _ = await observeLoaded(2, for: eager, in: store)

      continuation.yield(.becameActive)  // TanStack's refetchOnWindowFocus: false
      await yield { eager.gate.pending == 1 }
      await drain()
      #expect(quiet.gate.calls == 1)
      #expect(quietShown.loader.phase.isKind(.loaded, value: 1))

      continuation.yield(.networkAvailable)  // it still refetches on reconnect
      await yield { quiet.gate.pending == 1 }
      #expect(quiet.gate.calls == 2)
      #expect(eager.gate.calls == 2)  // its reload runs: joined, not started again
      quiet.gate.succeed(10)
      eager.gate.succeed(20)
      await yield { quietShown.loader.phase.kind == .loaded }
      #expect(quietShown.loader.phase.value == 10)
    }
  }

  @Test func theSameEventWithinTheIntervalIsHandledOnce() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = LoaderStore(clock: clock)
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      store.refetch(on: events, minimumInterval: .seconds(5))
      let key = TriggerKey(1, gate: Gate())
      let shown = await observeLoaded(1, for: key, in: store)

      continuation.yield(.becameActive)
      await yield { key.gate.pending == 1 }
      key.gate.succeed(2)
      await yield { shown.loader.phase.kind == .loaded }

      await clock.advance(by: .milliseconds(4_999))
      continuation.yield(.becameActive)  // within five seconds of the last one: dropped
      await drain()
      #expect(key.gate.calls == 2)
      #expect(shown.loader.phase.isKind(.loaded, value: 2))

      await clock.advance(by: .milliseconds(1))
      continuation.yield(.becameActive)  // five seconds after the handled one
      await yield { key.gate.pending == 1 }
      #expect(key.gate.calls == 3)
      key.gate.succeed(3)
      await yield { shown.loader.phase.kind == .loaded }
      #expect(shown.loader.phase.value == 3)
    }
  }

  @Test func eachEventHasItsOwnThrottleAcrossEverySource() {
    let clock = TestClock()
    let store = LoaderStore(clock: clock)
    #expect(store.refetch(after: .becameActive))
    #expect(!store.refetch(after: .becameActive))  // within the default second
    #expect(store.refetch(after: .networkAvailable))  // another event
    #expect(store.refetch(after: .becameActive, minimumInterval: .zero))  // every event
    #expect(!store.refetch(after: .networkAvailable, minimumInterval: .milliseconds(1)))
  }

  @Test func twoEventsInABurstStartOneRequestPerKey() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      store.refetch(on: events)
      let first = TriggerKey(1, gate: Gate())
      let second = TriggerKey(2, gate: Gate())
      let firstShown = await observeLoaded(1, for: first, in: store)
      let secondShown = await observeLoaded(2, for: second, in: store)
      let alsoFirst = store.observe(first)  // a second screen of the first key
      await yield { first.gate.pending == 1 }  // it revalidated: staleness .after(.zero)
      first.gate.succeed(1)
      await yield { firstShown.loader.phase.kind == .loaded }

      continuation.yield(.becameActive)  // the app comes back…
      continuation.yield(.networkAvailable)  // … and its network with it
      await yield { first.gate.pending == 1 && second.gate.pending == 1 }
      await drain()
      #expect(first.gate.calls == 3)  // one request each, for two screens and two events
      #expect(second.gate.calls == 2)
      first.gate.succeed(10)
      second.gate.succeed(20)
      await yield {
        alsoFirst.loader.phase.kind == .loaded && secondShown.loader.phase.kind == .loaded
      }
      #expect(alsoFirst.loader.phase.value == 10)
      #expect(secondShown.loader.phase.value == 20)
    }
  }

  @Test func aRunningLoadIsJoinedAndItsResponseLands() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      store.refetch(on: events)
      let key = TriggerKey(1, gate: Gate())
      let shown = await observeLoaded(1, for: key, in: store)
      shown.loader.startReload()  // pull-to-refresh
      await yield { key.gate.pending == 1 }

      continuation.yield(.becameActive)
      await drain()
      #expect(key.gate.calls == 2)  // no second request
      #expect(key.gate.cancelledCalls == 0)  // and the running one goes on
      key.gate.succeed(2)
      await yield { shown.loader.phase.kind == .loaded }
      #expect(shown.loader.phase.value == 2)
    }
  }

  @Test func aFailedObservedEntryRetriesWhenTheNetworkComesBack() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      store.refetch(on: events)
      let key = TriggerKey(1, gate: Gate())
      let shown = store.observe(key)
      await yield { key.gate.pending == 1 }
      key.gate.fail(TestError(1))  // offline
      await yield { shown.loader.phase.kind == .failed }

      continuation.yield(.networkAvailable)
      await yield { key.gate.pending == 1 }
      #expect(shown.loader.phase.kind == .retrying)
      key.gate.succeed(1)
      await yield { shown.loader.phase.kind == .loaded }
      #expect(shown.loader.phase.value == 1)
    }
  }

  @Test func aStalePagedListReloadsFromItsFirstPage() async {
    await withMainSerialExecutor {
      let pages = RowGate()
      let store = LoaderStore(clock: TestClock(), clients: pages)
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      store.refetch(on: events)
      let shown = store.observe(RefetchFeedKey())
      await yield { pages.pending == 1 }
      pages.succeed(rows(0..<3), next: 3)
      await yield { shown.loader.phase.kind == .loaded }

      continuation.yield(.becameActive)
      await yield { pages.pending == 1 }
      #expect(pages.cursors == [nil, nil])
      #expect(shown.loader.phase.kind == .reloading)
      #expect(shown.loader.phase.value?.count == 3)  // the list stays on screen
      pages.succeed(rows(0..<3, payload: 1), next: 3)
      await yield { shown.loader.phase.kind == .loaded }
    }
  }

  // MARK: A failed reload is not current

  /// A store whose values go stale after a minute, observing `key` with a value that is fresh
  /// by age and whose user refresh (a pull-to-refresh) failed: 2 requests.
  private func storeAfterAFailedRefresh(
    of key: TriggerKey
  ) async -> (LoaderStore, StoreSubscription<AsyncLoader<Int>>) {
    let store = LoaderStore(clock: TestClock(), staleness: .after(.seconds(60)))
    let shown = await observeLoaded(1, for: key, in: store)
    shown.loader.startReload()
    await yield { key.gate.pending == 1 }
    key.gate.fail(TestError(1))
    await yield { shown.loader.phase.kind == .reloadFailed }
    #expect(key.gate.calls == 2)
    return (store, shown)
  }

  @Test func anEventRefetchesAValueWhoseRefreshFailed() async {
    await withMainSerialExecutor {
      let key = TriggerKey(1, gate: Gate())
      let (store, shown) = await storeAfterAFailedRefresh(of: key)

      #expect(store.refetch(after: .becameActive, minimumInterval: .zero))
      await yield { key.gate.pending == 1 }
      #expect(key.gate.calls == 3)
      #expect(shown.loader.phase.isKind(.reloading, value: 1))  // the value stays on screen
      key.gate.succeed(2)
      await yield { shown.loader.phase.kind == .loaded }

      // Current again: the next event fetches nothing.
      #expect(store.refetch(after: .becameActive, minimumInterval: .zero))
      await drain()
      #expect(key.gate.calls == 3)
      #expect(shown.loader.phase.isKind(.loaded, value: 2))
    }
  }

  @Test func aNewObserverRefetchesAValueWhoseRefreshFailed() async {
    await withMainSerialExecutor {
      let key = TriggerKey(1, gate: Gate())
      let (store, shown) = await storeAfterAFailedRefresh(of: key)
      shown.loader.dismissError()  // hiding the banner does not make the value current

      let detail = store.observe(key)  // a new screen shows the key
      await yield { key.gate.pending == 1 }
      #expect(key.gate.calls == 3)
      #expect(detail.loader.phase.isKind(.reloading, value: 1))
      key.gate.succeed(2)
      await yield { detail.loader.phase.kind == .loaded }

      _ = store.observe(key)  // current again: a third screen fetches nothing
      await drain()
      #expect(key.gate.calls == 3)
    }
  }

  /// A store whose lists go stale after a minute, observing a list that is fresh by age and
  /// whose user refresh failed: 2 requests.
  private func storeAfterAFailedRefresh(
    of pages: RowGate
  ) async -> (LoaderStore, StoreSubscription<PagedLoader<PagedRow, Int>>) {
    let store = LoaderStore(clock: TestClock(), staleness: .after(.seconds(60)), clients: pages)
    let shown = store.observe(RefetchFeedKey())
    await yield { pages.pending == 1 }
    pages.succeed(rows(0..<3), next: 3)
    await yield { shown.loader.phase.kind == .loaded }
    shown.loader.startReload()
    await yield { pages.pending == 1 }
    pages.fail(TestError(1))
    await yield { shown.loader.phase.kind == .reloadFailed }
    #expect(pages.calls == 2)
    return (store, shown)
  }

  @Test func anEventRefetchesAPagedListWhoseRefreshFailed() async {
    await withMainSerialExecutor {
      let pages = RowGate()
      let (store, shown) = await storeAfterAFailedRefresh(of: pages)

      #expect(store.refetch(after: .networkAvailable, minimumInterval: .zero))
      await yield { pages.pending == 1 }
      #expect(pages.cursors == [nil, nil, nil])
      #expect(shown.loader.phase.kind == .reloading)
      #expect(shown.loader.items.count == 3)  // the list stays on screen
      pages.succeed(rows(0..<3, payload: 1), next: 3)
      await yield { shown.loader.phase.kind == .loaded }

      #expect(store.refetch(after: .networkAvailable, minimumInterval: .zero))
      await drain()
      #expect(pages.calls == 3)  // current again
    }
  }

  @Test func aNewObserverRefetchesAPagedListWhoseRefreshFailed() async {
    await withMainSerialExecutor {
      let pages = RowGate()
      let (store, _) = await storeAfterAFailedRefresh(of: pages)

      let sidebar = store.observe(RefetchFeedKey())
      await yield { pages.pending == 1 }
      #expect(pages.cursors == [nil, nil, nil])
      pages.succeed(rows(0..<3, payload: 1), next: 3)
      await yield { sidebar.loader.phase.kind == .loaded }

      _ = store.observe(RefetchFeedKey())
      await drain()
      #expect(pages.calls == 3)  // current again
    }
  }

  // MARK: A page that loads is never superseded

  @Test(arguments: RefetchEvent.allCases)
  func anEventJoinsALoadMoreAndNeverSupersedesIt(_ event: RefetchEvent) async {
    await withMainSerialExecutor {
      let pages = RowGate()
      let store = LoaderStore(clock: TestClock(), clients: pages)  // stale once loaded
      let shown = store.observe(RefetchFeedKey())
      await yield { pages.pending == 1 }
      pages.succeed(rows(0..<3), next: 3)
      await yield { shown.loader.phase.kind == .loaded }
      shown.loader.startLoadMore()  // the reader scrolled to the footer
      await yield { pages.pending == 1 }
      #expect(shown.loader.isStale)

      #expect(store.refetch(after: event, minimumInterval: .zero))
      await drain()
      #expect(pages.cursors == [nil, 3])  // no first page: the page in flight goes on
      #expect(pages.cancelledCalls == 0)
      #expect(shown.loader.phase.kind == .loadingMore)
      pages.succeed(rows(3..<6), next: 6)
      await yield { shown.loader.phase.kind == .loaded }
      #expect(shown.loader.items.map(\.id) == Array(0..<6))  // the reader stays where they are

      // Nothing runs now: the stale list revalidates on the next event.
      #expect(store.refetch(after: event, minimumInterval: .zero))
      await yield { pages.pending == 1 }
      #expect(pages.cursors == [nil, 3, nil])
      pages.succeed(rows(0..<3, payload: 1), next: 3)
      await yield { shown.loader.phase.kind == .loaded }
    }
  }

  @Test(arguments: RefetchEvent.allCases)
  func anEventJoinsAPreviousPageAndNeverSupersedesIt(_ event: RefetchEvent) async {
    await withMainSerialExecutor {
      let pages = RowGate()
      let store = LoaderStore(clock: TestClock(), clients: pages)  // stale once loaded
      let shown = store.observe(RefetchFeedKey())
      await yield { pages.pending == 1 }
      pages.succeed(rows(10..<13), next: 13, previous: 7)  // a list that opens in the middle
      await yield { shown.loader.phase.kind == .loaded }
      shown.loader.startLoadPrevious()  // the reader scrolled to the header
      await yield { pages.pending == 1 }
      #expect(shown.loader.isStale)

      #expect(store.refetch(after: event, minimumInterval: .zero))
      await drain()
      #expect(pages.cursors == [nil, 7])
      #expect(pages.cancelledCalls == 0)
      #expect(shown.loader.phase.kind == .loadingPrevious)
      pages.succeed(rows(7..<10), next: 10, previous: 4)
      await yield { shown.loader.phase.kind == .loaded }
      #expect(shown.loader.items.map(\.id) == Array(7..<13))
    }
  }

  @Test func cancellingTheSubscriptionStopsTheReloads() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      let ended = LockIsolated(false)
      continuation.onTermination = { _ in ended.setValue(true) }
      let triggers = store.refetch(on: events, minimumInterval: .zero)
      let key = TriggerKey(1, gate: Gate())
      let shown = await observeLoaded(1, for: key, in: store)

      continuation.yield(.becameActive)  // the consumer has not taken it yet
      triggers.cancel()
      #expect(triggers.isCancelled)
      await yield { ended.value }  // the sequence is told: an adapter stops its monitor
      continuation.yield(.becameActive)
      await drain()
      #expect(key.gate.calls == 1)
      #expect(shown.loader.phase.isKind(.loaded, value: 1))
      triggers.cancel()  // twice: nothing more
      #expect(store.refetch(after: .becameActive))  // the store itself still handles events
      await yield { key.gate.pending == 1 }
      key.gate.succeed(2)
      await yield { shown.loader.phase.kind == .loaded }
    }
  }

  @Test func theConsumptionDoesNotKeepTheStoreAlive() async {
    await withMainSerialExecutor {
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      let ended = LockIsolated(false)
      continuation.onTermination = { _ in ended.setValue(true) }
      var store: LoaderStore? = LoaderStore(clock: TestClock())
      weak let released = store
      let triggers = store?.refetch(on: events)
      await drain()  // the consumer waits for an event
      #expect(!ended.value)

      store = nil
      #expect(released == nil)
      await yield { ended.value }  // the store cancelled the consumption as it went
      #expect(triggers?.isCancelled == false)
      triggers?.cancel()  // the store is gone: nothing to do
      continuation.yield(.becameActive)
      await drain()
    }
  }

  @Test func aSequenceThatEndsLeavesTheStoreWorking() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let (events, continuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      let triggers = store.refetch(on: events)
      let key = TriggerKey(1, gate: Gate())
      let shown = await observeLoaded(1, for: key, in: store)
      continuation.finish()
      await drain()
      triggers.cancel()

      let (more, moreContinuation) = AsyncStream.makeStream(of: RefetchEvent.self)
      store.refetch(on: more)
      moreContinuation.yield(.networkAvailable)
      await yield { key.gate.pending == 1 }
      key.gate.succeed(2)
      await yield { shown.loader.phase.kind == .loaded }
      #expect(shown.loader.phase.value == 2)
    }
  }

  @Test func anEventWithNothingToDoNotifiesNobody() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock(), staleness: .after(.seconds(60)))
      let fresh = TriggerKey(1, gate: Gate())
      let loading = TriggerKey(2, gate: Gate())
      let freshShown = await observeLoaded(1, for: fresh, in: store)
      let loadingShown = store.observe(loading)
      await yield { loading.gate.pending == 1 }
      let notifications = LockIsolated(0)
      for loader in [freshShown.loader, loadingShown.loader] {
        withObservationTracking {
          _ = loader.phase
          _ = loader.isActive
        } onChange: {
          notifications.withValue { $0 += 1 }
        }
      }

      #expect(store.refetch(after: .becameActive))
      #expect(store.refetch(after: .networkAvailable))
      await drain()
      #expect(notifications.value == 0)  // a fresh value stays, a running load is joined
      #expect(fresh.gate.calls == 1)
      #expect(loading.gate.calls == 1)
      loading.gate.succeed(2)
      await yield { loadingShown.loader.phase.kind == .loaded }
    }
  }

  @Test func aNegativeIntervalStops() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        _ = LoaderStore(clock: ContinuousClock())
          .refetch(after: .becameActive, minimumInterval: .seconds(-1))
      }
    }
  }

  @Test func byDefaultAKeyRefetchesOnEveryEvent() {
    #expect(NameKey(id: 1).refetchesOn == [.becameActive, .networkAvailable])
    #expect(Set(RefetchEvent.allCases) == [.becameActive, .networkAvailable])
  }
}

/// The platform-independent part of the system adapters: how a notification becomes an event.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreRefetchAdapterTests {
  /// The returns from the background that `filter` counts along `phases`.
  private func activations(_ phases: [ActivationFilter.Phase]) -> [Bool] {
    var filter = ActivationFilter()
    return phases.map { filter.phaseChanged(to: $0) }
  }

  @Test func aSceneThatAppearsActiveIsNoActivation() {
    #expect(activations([.active]) == [false])
    #expect(activations([.inactive, .active]) == [false, false])  // a launch
  }

  @Test func anInterruptionThatLeavesTheSceneInactiveIsNoActivation() {
    // Control Center, the notification shade, a permission alert, Face ID, a peek at the app
    // switcher: inactive for a moment, never in the background.
    #expect(activations([.active, .inactive, .active]) == [false, false, false])
    #expect(
      activations([.active, .inactive, .active, .inactive, .inactive, .active])
        == [false, false, false, false, false, false])
  }

  @Test func aReturnFromTheBackgroundIsOneActivation() {
    #expect(
      activations([.active, .inactive, .background, .inactive, .active])
        == [false, false, false, false, true])
    #expect(activations([.active, .background, .active]) == [false, false, true])
    #expect(activations([.background, .active]) == [false, true])  // launched in the background
  }

  @Test func repeatedActivePhasesCountOnce() {
    #expect(
      activations([.active, .background, .active, .active, .inactive, .active])
        == [false, false, true, false, false, false])
    // Every return counts, each once.
    #expect(
      activations([.active, .background, .active, .inactive, .background, .background, .active])
        == [false, false, true, false, false, false, true])
  }

  @Test func aNotificationBecomesAnEvent() async {
    await withMainSerialExecutor {
      let center = NotificationCenter()
      let name = Notification.Name("AsyncContentTests.activated")
      let stream = RefetchEvent.notifications(named: name, as: .becameActive, in: center)
      let received = LockIsolated<[RefetchEvent]>([])
      for _ in 0..<3 { center.post(name: name, object: nil) }  // before anyone takes them
      center.post(name: Notification.Name("AsyncContentTests.other"), object: nil)
      let consumer = Task {
        for await event in stream { received.withValue { $0.append(event) } }
      }
      await yield { received.value.count == 1 }
      await drain()
      #expect(received.value == [.becameActive])  // the waiting ones collapsed into one

      center.post(name: name, object: nil)
      await yield { received.value.count == 2 }
      consumer.cancel()
      await consumer.value  // the stream ends with its consumer
      center.post(name: name, object: nil)
      await drain()
      #expect(received.value == [.becameActive, .becameActive])
    }
  }
}
