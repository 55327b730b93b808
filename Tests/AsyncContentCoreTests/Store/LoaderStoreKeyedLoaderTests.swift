import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

/// `ValueScreen`, driven as `AsyncView(key)` drives it: `select(_:)` when the view appears,
/// `keyChanged(to:)` when its key changes, `stop()` when it disappears. The store's loader owns
/// the load; the view only forwards events.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreKeyedLoaderTests {
  /// The hooks `AsyncView(key)` registers: appear selects, a key change is forwarded,
  /// disappear stops.
  private static func hooks(
    _ keyed: ValueScreen<NumberKey>, key: @escaping @MainActor () -> NumberKey
  )
    -> ViewHooks
  {
    ViewHooks()
      .onAppear { keyed.select(key()) }
      .onChange(of: { key().id }) { _, _ in keyed.keyChanged(to: key()) }
      .onDisappear { keyed.stop() }
  }

  /// A screen that shows key 1 of its store through its `ValueScreen`, as `AsyncView(key)`.
  @MainActor
  private struct Screen {
    let gate = Gate<Int>()
    let store: LoaderStore
    let keyed: ValueScreen<NumberKey>
    let key: NumberKey
    let lifecycle = ViewLifecycle()
    let hooks: ViewHooks

    init(staleness: Staleness = .after(.zero)) {
      store = LoaderStore(clock: TestClock(), staleness: staleness)
      keyed = ValueScreen(store: store)
      key = NumberKey(1, gate: gate)
      let key = key
      hooks = LoaderStoreKeyedLoaderTests.hooks(keyed) { key }
    }

    func appear() { lifecycle.appear("country", hooks) }
    func disappear() { lifecycle.disappear("country") }
  }

  @Test func appearingObservesTheKeyAndStartsItsLoad() async {
    let screen = Screen()
    #expect(screen.keyed.phase.kind == .idle)
    #expect(screen.keyed.loader == nil)

    screen.appear()
    #expect(screen.keyed.key == screen.key)
    #expect(screen.keyed.loader === screen.store.loader(for: screen.key))
    #expect(screen.store.observerCount(for: screen.key) == 1)
    #expect(screen.keyed.phase.kind == .loading)
    await yield { screen.gate.pending == 1 }
    screen.gate.succeed(7)
    await yield { screen.keyed.phase.kind == .loaded }
    #expect(screen.keyed.value == 7)
    #expect(screen.gate.calls == 1)
    await screen.lifecycle.settle()
  }

  @Test func disappearingEndsTheObservationAndTheLoadGoesOn() async {
    let screen = Screen()
    screen.appear()
    await yield { screen.gate.pending == 1 }

    screen.disappear()
    #expect(screen.store.observerCount(for: screen.key) == 0)
    await drain()
    #expect(screen.gate.cancelledCalls == 0)  // the view's going away cancels nothing
    screen.gate.succeed(7)
    await yield { screen.keyed.phase.kind == .loaded }
    #expect(screen.store.value(for: screen.key) == 7)
    await screen.lifecycle.settle()
  }

  @Test func appearingAgainObservesAgainWithoutANewLoaderOrAFreshRequest() async {
    let screen = Screen(staleness: .after(.seconds(60)))
    screen.appear()
    await yield { screen.gate.pending == 1 }
    screen.gate.succeed(7)
    await yield { screen.keyed.phase.kind == .loaded }
    let loader = screen.keyed.loader
    screen.disappear()

    screen.appear()  // pushed over, then popped back
    #expect(screen.store.observerCount(for: screen.key) == 1)
    #expect(screen.keyed.loader === loader)
    await drain()
    #expect(screen.gate.calls == 1)  // the value is fresh: nothing to revalidate
    #expect(screen.keyed.value == 7)
    await screen.lifecycle.settle()
  }

  @Test func aRenderThatKeepsTheKeyObservesOnce() async {
    let screen = Screen()
    screen.appear()
    screen.keyed.select(screen.key)  // appear and the first change both select: one observation
    screen.lifecycle.render()
    #expect(screen.store.observerCount(for: screen.key) == 1)
    await yield { screen.gate.pending == 1 }
    await drain()
    #expect(screen.gate.calls == 1)
    screen.gate.succeed(1)
    await screen.lifecycle.settle()
  }

  @Test func aNewKeyMovesTheObservationAndCancelsTheUnobservedLoad() async {
    let first = Gate<Int>()
    let second = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let keyed = ValueScreen<NumberKey>(store: store)
    let key = LockIsolated(NumberKey(1, gate: first))  // the view's input
    let lifecycle = ViewLifecycle()
    lifecycle.appear("search", Self.hooks(keyed) { key.value })
    await yield { first.pending == 1 }

    key.setValue(NumberKey(2, gate: second))
    lifecycle.render()  // the key changed: onChange selects it
    #expect(keyed.key?.id == 2)
    #expect(store.observerCount(for: NumberKey(1, gate: first)) == 0)
    #expect(store.observerCount(for: key.value) == 1)
    await yield { first.cancelledCalls == 1 }  // nobody shows key 1: its request goes
    #expect(store.cachedLoader(for: NumberKey(1, gate: first)) != nil)  // its entry stays
    await yield { second.pending == 1 }
    second.succeed(2)
    await yield { keyed.phase.kind == .loaded }
    #expect(keyed.value == 2)
    #expect(!keyed.isPlaceholder)
    await lifecycle.settle()
  }

  @Test func aNewKeyLeavesALoadThatAnotherViewShows() async {
    let first = Gate<Int>()
    let second = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let other = store.observe(NumberKey(1, gate: first))  // another screen shows key 1
    let keyed = ValueScreen<NumberKey>(store: store)
    keyed.select(NumberKey(1, gate: first))
    await yield { first.pending == 1 }

    keyed.select(NumberKey(2, gate: second))
    await drain()
    #expect(first.cancelledCalls == 0)
    #expect(store.observerCount(for: NumberKey(1, gate: first)) == 1)
    first.succeed(1)
    await yield { other.loader.phase.kind == .loaded }
    second.succeed(2)
    await yield { keyed.phase.kind == .loaded }
    other.cancel()
    keyed.stop()
  }

  @Test func withoutKeepingThePreviousValueANewKeyShowsItsFirstLoad() async {
    let first = Gate<Int>()
    let second = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let keyed = ValueScreen<NumberKey>(store: store)
    keyed.select(NumberKey(1, gate: first))
    await yield { first.pending == 1 }
    first.succeed(1)
    await yield { keyed.phase.kind == .loaded }

    keyed.select(NumberKey(2, gate: second))
    #expect(keyed.phase.kind == .loading)
    #expect(keyed.value == nil)
    #expect(!keyed.isPlaceholder)
    await yield { second.pending == 1 }
    second.succeed(2)
    await yield { keyed.phase.kind == .loaded }
    keyed.stop()
  }

  @Test func keepingThePreviousValueShowsItAsAPlaceholderUntilTheNewKeyLands() async {
    let first = Gate<Int>()
    let second = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let keyed = ValueScreen<NumberKey>(store: store, keepsPreviousValue: true)
    keyed.select(NumberKey(1, gate: first))
    #expect(!keyed.isPlaceholder)  // nothing to keep yet: a first load
    #expect(keyed.phase.kind == .loading)
    await yield { first.pending == 1 }
    first.succeed(1)
    await yield { keyed.phase.kind == .loaded }

    keyed.select(NumberKey(2, gate: second))
    #expect(keyed.phase.isKind(.reloading, value: 1))  // a reload, with the old value
    #expect(keyed.isPlaceholder)
    await yield { second.pending == 1 }
    second.succeed(2)
    await yield { keyed.phase.kind == .loaded }
    #expect(keyed.phase.isKind(.loaded, value: 2))
    #expect(!keyed.isPlaceholder)
    keyed.stop()
  }

  @Test func aFailedNewKeyKeepsThePlaceholderUnderItsError() async {
    let first = Gate<Int>()
    let second = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let keyed = ValueScreen<NumberKey>(store: store, keepsPreviousValue: true)
    keyed.select(NumberKey(1, gate: first))
    await yield { first.pending == 1 }
    first.succeed(1)
    await yield { keyed.phase.kind == .loaded }

    keyed.select(NumberKey(2, gate: second))
    await yield { second.pending == 1 }
    second.fail(TestError(2))
    await yield { keyed.phase.kind == .reloadFailed }
    #expect(keyed.value == 1)
    #expect(keyed.phase.error as? TestError == TestError(2))
    #expect(keyed.isPlaceholder)
    keyed.stop()
  }

  @Test func aRecreatedViewWithTheSameKeySharesTheLoaderAndTheRequest() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock(), staleness: .after(.seconds(60)))
    let key = NumberKey(1, gate: gate)
    let lifecycle = ViewLifecycle()
    // SwiftUI made the view anew (a new identity): its state, and so its ValueScreen, is new.
    let first = ValueScreen<NumberKey>(store: store)
    lifecycle.appear("detail", Self.hooks(first) { key })
    await yield { gate.pending == 1 }
    lifecycle.disappear("detail")
    let second = ValueScreen<NumberKey>(store: store)
    lifecycle.appear("detail", Self.hooks(second) { key })

    #expect(second.loader === first.loader)
    #expect(second.loader === store.loader(for: key))
    await drain()
    #expect(gate.calls == 1)  // the new view joined the request in flight
    gate.succeed(7)
    await yield { second.phase.kind == .loaded }
    lifecycle.disappear("detail")

    let third = ValueScreen<NumberKey>(store: store)
    lifecycle.appear("detail", Self.hooks(third) { key })
    #expect(third.loader === first.loader)
    #expect(third.phase.isKind(.loaded, value: 7))  // the cached value at once
    await drain()
    #expect(gate.calls == 1)  // fresh: no second request
    await lifecycle.settle()
  }

  @Test func releasingTheViewWithoutStoppingEndsItsObservation() async {
    let gate = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let key = NumberKey(1, gate: gate)
    var keyed: ValueScreen<NumberKey>? = ValueScreen(store: store)
    keyed?.select(key)
    #expect(store.observerCount(for: key) == 1)
    keyed = nil
    await yield { store.observerCount(for: key) == 0 }
    await drain()
    #expect(gate.cancelledCalls == 0)  // the load goes on
    gate.succeed(1)
    await yield { store.value(for: key) == 1 }
  }
}

/// A paged key of the tests: `id` names it, and its pages wait at the gate the store's client,
/// a dictionary of gates by id, holds for it.
struct RowsKey: PagedLoaderKey, CustomStringConvertible {
  let id: Int

  func fetchPage(at cursor: Int?, using pages: [Int: RowGate]) async throws -> Page<PagedRow, Int> {
    guard let gate = pages[id] else { throw TestError(id) }
    return try await gate.fetch(cursor)
  }

  var description: String { "RowsKey(\(id))" }
}

/// `PagedScreen`, driven as `PagingList(key)` drives it.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreKeyedPagedLoaderTests {
  @Test func theListObservesItsKeyWhileItIsOnScreen() async {
    let pages = RowGate()
    let store = LoaderStore(clock: TestClock(), clients: [1: pages])
    let feed = PagedScreen<RowsKey>(store: store)
    let key = RowsKey(id: 1)
    let lifecycle = ViewLifecycle()
    let hooks = ViewHooks().onAppear { feed.select(key) }.onDisappear { feed.stop() }
    lifecycle.appear("feed", hooks)
    #expect(feed.loader === store.pagedLoader(for: key))
    #expect(store.observerCount(for: key) == 1)
    await yield { pages.pending == 1 }
    pages.succeed(rows(0..<3), next: 3)
    await yield { feed.loader?.phase.kind == .loaded }

    feed.loader?.startLoadMore()  // the footer's spinner showed
    lifecycle.disappear("feed")  // and the list went away: the page still lands
    #expect(store.observerCount(for: key) == 0)
    await yield { pages.pending == 1 }
    pages.succeed(rows(3..<5), next: nil)
    await yield { feed.loader?.phase.kind == .loaded }
    #expect(store.items(for: key)?.map(\.id) == [0, 1, 2, 3, 4])
    #expect(pages.cursors == [nil, 3])

    lifecycle.appear("feed", hooks)
    #expect(store.observerCount(for: key) == 1)
    await lifecycle.settle()
  }

  @Test func aNewKeyShowsItsOwnListAndCancelsTheUnobservedLoad() async {
    let europe = RowGate()
    let asia = RowGate()
    let store = LoaderStore(clock: TestClock(), clients: [1: europe, 2: asia])
    let feed = PagedScreen<RowsKey>(store: store)
    feed.select(RowsKey(id: 1))
    await yield { europe.pending == 1 }

    feed.select(RowsKey(id: 2))
    #expect(feed.key?.id == 2)
    #expect(feed.loader?.phase.kind == .loading)  // no placeholder: its own first load
    #expect(store.observerCount(for: RowsKey(id: 1)) == 0)
    await yield { europe.cancelledCalls == 1 }
    await yield { asia.pending == 1 }
    asia.succeed(rows(10..<12), next: nil)
    await yield { feed.loader?.phase.kind == .loaded }
    #expect(feed.loader?.items.map(\.id) == [10, 11])
    feed.stop()
  }

  @Test func aRecreatedListWithTheSameKeySharesTheLoaderAndTheRequest() async {
    let pages = RowGate()
    let store = LoaderStore(clock: TestClock(), clients: [1: pages])
    let key = RowsKey(id: 1)
    let first = PagedScreen<RowsKey>(store: store)
    first.select(key)
    await yield { pages.pending == 1 }
    first.stop()
    let second = PagedScreen<RowsKey>(store: store)
    second.select(key)
    #expect(second.loader === first.loader)
    await drain()
    #expect(pages.calls == 1)
    pages.succeed(rows(0..<2), next: nil)
    await yield { second.loader?.phase.kind == .loaded }
    second.stop()
  }

  @Test func releasingTheListWithoutStoppingEndsItsObservation() async {
    let pages = RowGate()
    let store = LoaderStore(clock: TestClock(), clients: [1: pages])
    let key = RowsKey(id: 1)
    var feed: PagedScreen<RowsKey>? = PagedScreen(store: store)
    feed?.select(key)
    #expect(store.observerCount(for: key) == 1)
    feed = nil
    await yield { store.observerCount(for: key) == 0 }
    // The request reaches the gate off the main actor: answer it once it waits there.
    await yield { pages.pending == 1 }
    #expect(pages.pending == 1)
    pages.succeed(rows(0..<1), next: nil)
    await yield { store.items(for: key) != nil }
    #expect(store.items(for: key)?.count == 1)  // the load went on after the list went away
  }
}
