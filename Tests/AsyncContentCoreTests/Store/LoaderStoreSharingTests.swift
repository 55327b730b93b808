import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// One loader and one request per key, whichever view asks.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreSharingTests {
  @Test func theSameKeyGivesTheSameLoader() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let first = store.loader(for: NumberKey(1, gate: gate))
    #expect(store.loader(for: NumberKey(1, gate: gate)) === first)
    #expect(store.loader(for: NumberKey(2, gate: gate)) !== first)
    #expect(store.count == 2)
  }

  @Test func keysOfDifferentTypesNeverShareAnEntry() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let number = store.loader(for: NumberKey(1, gate: gate))
    let name = store.loader(for: NameKey(id: 1))
    #expect(store.count == 2)
    await name.load()
    #expect(name.phase.value == "name 1")
    #expect(number.phase.kind == .idle)
    #expect(store.cachedLoader(for: NameKey(id: 1)) === name)
  }

  @Test func theCountIsObservedAndLookupsAreNot() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let lookupChanges = LockIsolated(0)
    let countChanges = LockIsolated(0)
    withObservationTracking {
      _ = store.loader(for: NumberKey(1, gate: gate))
    } onChange: {
      lookupChanges.withValue { $0 += 1 }
    }
    withObservationTracking {
      _ = store.count
    } onChange: {
      countChanges.withValue { $0 += 1 }
    }
    _ = store.loader(for: NumberKey(2, gate: gate))  // another key's entry comes
    #expect(store.count == 2)
    #expect(countChanges.value == 1)
    #expect(lookupChanges.value == 0)  // a view of key 1 does not render again
  }

  @Test func askingForALoaderDoesNotLoad() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let loader = store.loader(for: NumberKey(1, gate: gate))
    await drain()
    #expect(loader.phase.kind == .idle)
    #expect(gate.calls == 0)
  }

  @Test func lookingAKeyUpDoesNotCreateAnEntry() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    #expect(store.cachedLoader(for: NumberKey(1, gate: gate)) == nil)
    #expect(store.value(for: NumberKey(1, gate: gate)) == nil)
    #expect(store.observerCount(for: NumberKey(1, gate: gate)) == 0)
    #expect(store.count == 0)
  }

  @Test func twoObserversShareOneRequestAndOnePhase() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let list = store.observe(NumberKey(1, gate: gate))
    let detail = store.observe(NumberKey(1, gate: gate))
    #expect(list.loader === detail.loader)
    #expect(store.observerCount(for: NumberKey(1, gate: gate)) == 2)
    #expect(list.loader.phase.kind == .loading)
    await yield { gate.pending == 1 }
    await drain()
    #expect(gate.calls == 1)

    gate.succeed(7)
    await yield { list.loader.phase.kind == .loaded }
    #expect(detail.loader.phase.value == 7)
    #expect(store.value(for: NumberKey(1, gate: gate)) == 7)
  }

  @Test func aTriggerOfAnyViewJoinsTheObservationsLoad() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let subscription = store.observe(NumberKey(1, gate: gate))
    let refresh = Task { await store.loader(for: NumberKey(1, gate: gate)).reload() }
    let appear = Task { await subscription.loader.load() }
    await yield { gate.pending == 1 }
    await drain()
    #expect(gate.calls == 1)
    gate.succeed(3)
    await refresh.cancellableValue
    await appear.cancellableValue
    #expect(subscription.loader.phase.value == 3)
    #expect(gate.calls == 1)
  }

  @Test func cancellingASubscriptionTwiceReleasesItOnce() {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let key = NumberKey(1, gate: gate)
    let first = store.observe(key)
    _ = store.observe(key)
    #expect(store.observerCount(for: key) == 2)
    first.cancel()
    #expect(first.isCancelled)
    #expect(store.observerCount(for: key) == 1)
    first.cancel()
    #expect(store.observerCount(for: key) == 1)
  }

  @Test func theLoadersFollowTheStoresRetryPolicyAndClock() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let store = LoaderStore(
        clock: clock,
        retry: .exponentialBackoff(maxAttempts: 2, initialDelay: .seconds(1), jitter: 0))
      let subscription = store.observe(NumberKey(1, gate: gate))
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await yield { subscription.loader.failureCount == 1 }
      #expect(subscription.loader.phase.kind == .loading)  // waits to retry
      await clock.advance(by: .seconds(1))
      await yield { gate.pending == 1 }
      gate.succeed(2)
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(gate.calls == 2)
    }
  }
}
