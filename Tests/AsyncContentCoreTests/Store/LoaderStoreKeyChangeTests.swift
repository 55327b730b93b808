import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import Testing

/// A screen whose key changes: the previous key's value as a placeholder, the previous key's
/// load cancelled, and the lifecycle of a view (appear, key change, disappear, appear again).
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreKeyChangeTests {
  /// A search screen over `store` that has shown key 1's value 10.
  private func searchShowingTen(
    keepsPreviousValue: Bool = true
  ) async -> (LoaderStore, ValueScreen<NumberKey>, Gate<Int>) {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .never)
    let search = ValueScreen<NumberKey>(store: store, keepsPreviousValue: keepsPreviousValue)
    search.select(NumberKey(1, gate: gate))
    #expect(search.phase.kind == .loading)
    await yield { gate.pending == 1 }
    gate.succeed(10)
    await yield { search.phase.kind == .loaded }
    return (store, search, gate)
  }

  @Test func theFirstKeyLoadsAndIsObserved() async {
    let (store, search, gate) = await searchShowingTen()
    #expect(search.value == 10)
    #expect(!search.isPlaceholder)
    #expect(store.observerCount(for: NumberKey(1, gate: gate)) == 1)
    #expect(search.loader === store.loader(for: NumberKey(1, gate: gate)))
  }

  @Test func theNextKeyShowsThePreviousValueAsAPlaceholderUntilItsOwnLands() async {
    let (store, search, gate) = await searchShowingTen()
    search.select(NumberKey(2, gate: gate))
    #expect(search.phase.isKind(.reloading, value: 10))
    #expect(search.isPlaceholder)
    #expect(store.observerCount(for: NumberKey(1, gate: gate)) == 0)
    #expect(store.observerCount(for: NumberKey(2, gate: gate)) == 1)
    await yield { gate.pending == 1 }
    gate.succeed(20)
    await yield { search.value == 20 }
    #expect(search.phase.kind == .loaded)
    #expect(!search.isPlaceholder)
  }

  @Test func withoutThePlaceholderTheNextKeyShowsItsFirstLoad() async {
    let (_, search, gate) = await searchShowingTen(keepsPreviousValue: false)
    search.select(NumberKey(2, gate: gate))
    #expect(search.phase.kind == .loading)
    #expect(search.value == nil)
    #expect(!search.isPlaceholder)
  }

  @Test func aFailureOfTheNextKeyKeepsThePlaceholderUnderTheBanner() async {
    let (_, search, gate) = await searchShowingTen()
    search.select(NumberKey(2, gate: gate))
    await yield { gate.pending == 1 }
    gate.fail(TestError(2))
    await yield { search.phase.kind == .reloadFailed }
    #expect(search.value == 10)
    #expect(search.phase.error as? TestError == TestError(2))
    #expect(search.isPlaceholder)
  }

  @Test func aKeyWithACachedValueShowsItsOwnValueAtOnce() async {
    let (_, search, gate) = await searchShowingTen()
    search.select(NumberKey(2, gate: gate))
    await yield { gate.pending == 1 }
    gate.succeed(20)
    await yield { search.value == 20 }
    search.select(NumberKey(1, gate: gate))  // back to the first query, cached and fresh
    #expect(search.phase.isKind(.loaded, value: 10))
    #expect(!search.isPlaceholder)
    await drainMainActor()
    #expect(gate.calls == 2)
  }

  @Test func typingFastCancelsThePreviousKeysLoad() async {
    let (store, search, gate) = await searchShowingTen()
    search.select(NumberKey(2, gate: gate))
    await yield { gate.pending == 1 }
    search.select(NumberKey(3, gate: gate))
    await yield { gate.cancelledCalls == 1 }
    #expect(store.loader(for: NumberKey(2, gate: gate)).phase.kind == .idle)
    await yield { gate.pending == 1 }
    #expect(gate.waitingCalls.count == 1)  // one request at a time
    #expect(search.phase.isKind(.reloading, value: 10))
    gate.succeed(30)
    await yield { search.value == 30 }
  }

  @Test func thePreviousKeysLoadGoesOnWhenAnotherScreenShowsIt() async {
    let (store, search, gate) = await searchShowingTen()
    search.select(NumberKey(2, gate: gate))
    let other = store.observe(NumberKey(2, gate: gate))
    await yield { gate.pending == 1 }
    search.select(NumberKey(3, gate: gate))
    await yield { gate.pending == 2 }
    #expect(gate.cancelledCalls == 0)
    #expect(other.loader.phase.kind == .loading)
    other.cancel()
  }

  @Test func disappearingEndsTheObservationAndAppearingAgainRestoresIt() async {
    let (store, search, gate) = await searchShowingTen()
    let key = NumberKey(1, gate: gate)
    search.stop()
    #expect(store.observerCount(for: key) == 0)
    #expect(search.value == 10)  // what the view showed stays
    search.stop()  // twice does nothing
    #expect(store.observerCount(for: key) == 0)
    search.select(key)  // appears again
    #expect(store.observerCount(for: key) == 1)
    search.select(key)  // a re-render with the same key observes once
    #expect(store.observerCount(for: key) == 1)
    #expect(gate.calls == 1)
  }

  @Test func aLoadThatRunsWhenTheViewDisappearsLands() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let screen = ValueScreen<NumberKey>(store: store)
    screen.select(NumberKey(1, gate: gate))
    await yield { gate.pending == 1 }
    screen.stop()  // SwiftUI removed the view mid-load
    gate.succeed(10)
    await yield { store.value(for: NumberKey(1, gate: gate)) == 10 }
    #expect(gate.cancelledCalls == 0)
  }

  @Test func aReleasedScreenEndsItsObservation() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    var screen: ValueScreen<NumberKey>? = ValueScreen(store: store)
    screen?.select(NumberKey(1, gate: gate))
    #expect(store.observerCount(for: NumberKey(1, gate: gate)) == 1)
    screen = nil
    await yield { store.observerCount(for: NumberKey(1, gate: gate)) == 0 }
  }

  @Test func aReCreatedScreenWithTheSameKeySharesTheLoaderAndTheRequest() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let first = ValueScreen<NumberKey>(store: store)
    first.select(NumberKey(1, gate: gate))
    let second = ValueScreen<NumberKey>(store: store)
    second.select(NumberKey(1, gate: gate))
    #expect(first.loader === second.loader)
    await yield { gate.pending == 1 }
    first.stop()
    #expect(gate.calls == 1)
    second.stop()
  }
}
