import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import Testing

// Issue 21, items 6 to 8: three orders of lifecycle events that a device delivers, played
// through the lifecycle model. Each scenario runs on the wiring of the SwiftUI layer (it must
// pass) and on the wiring it had before (`LegacyWiring`, which must show the failure), so the
// test is known to catch the old behaviour.

@MainActor
@Suite("Lifecycle orders a device delivers", .serialized, .timeLimit(.minutes(1)))
struct LifecycleOrderTests {
  // MARK: Item 6: a screen hidden under a pushed screen

  /// The key a view is given; its parent changes it.
  @MainActor
  final class KeyInput<Key> {
    var key: Key
    init(_ key: Key) { self.key = key }
  }

  /// What a hidden screen did while a pushed screen covered it, and after it came back.
  struct HiddenScreen: Equatable {
    /// The requests for keys 2 and 3 while the screen was hidden.
    var requestsWhileHidden: [Int]
    /// The observers of keys 2 and 3 while the screen was hidden.
    var observersWhileHidden: [Int]
    /// The requests for keys 2 and 3 once the screen appeared again.
    var requestsAfter: [Int]
    /// The observers of keys 1, 2 and 3 once the screen appeared again.
    var observersAfter: [Int]
  }

  /// A search screen (`AsyncView(key:)`) shows key 1; a `NavigationStack` pushes a detail screen
  /// over it, and the key changes to 2, then 3, while it is hidden; the detail is popped.
  private func hiddenValueScreen(legacy: Bool) async -> HiddenScreen {
    let gates = [Gate<Int>(), Gate<Int>(), Gate<Int>()]
    let keys = (1...3).map { NumberKey($0, gate: gates[$0 - 1]) }
    let store = LoaderStore(clock: TestClock(), staleness: .after(.seconds(60)))
    let keyed = KeyedLoader<NumberKey>(store: store)
    let input = KeyInput(keys[0])
    let lifecycle = ViewLifecycle()
    let hooks =
      legacy
      ? LegacyWiring.keySelection(
        appear: { keyed.select(input.key) }, key: { input.key.id }, stop: { keyed.stop() })
      : ViewHooks()
        .onAppear { keyed.select(input.key) }
        .onChange(of: { input.key.id }) { _, _ in keyed.keyChanged(to: input.key) }
        .onDisappear { keyed.stop() }
    lifecycle.appear("search", hooks)
    await yield { gates[0].pending == 1 }
    gates[0].succeed(1)
    await yield { keyed.phase.kind == .loaded }

    lifecycle.cover("search")  // the detail screen is pushed: onDisappear
    #expect(!lifecycle.isVisible("search"))
    input.key = keys[1]
    lifecycle.render()  // the hidden view still sees its key change: onChange
    input.key = keys[2]
    lifecycle.render()
    await drain()
    let whileHidden = gates[1...].map(\.calls)
    let observersWhileHidden = keys[1...].map { store.observerCount(for: $0) }

    lifecycle.appear("search", hooks)  // the detail is popped: onAppear
    lifecycle.render()
    await drain()
    let after = HiddenScreen(
      requestsWhileHidden: whileHidden, observersWhileHidden: observersWhileHidden,
      requestsAfter: gates[1...].map(\.calls),
      observersAfter: keys.map { store.observerCount(for: $0) })
    #expect(keyed.key?.id == 3, "the screen shows the key it was given last")
    for gate in gates { while gate.pending > 0 { gate.succeed(0) } }
    lifecycle.disappear("search")
    await lifecycle.settle()
    return after
  }

  @Test("Item 6: a hidden screen observes a new key only when it appears again, and once")
  func item06_hiddenValueScreenWaitsForItsAppearance() async {
    let fixed = await hiddenValueScreen(legacy: false)
    #expect(fixed.requestsWhileHidden == [0, 0])
    #expect(fixed.observersWhileHidden == [0, 0])
    #expect(fixed.requestsAfter == [0, 1], "the current key, once")
    #expect(fixed.observersAfter == [0, 0, 1])

    // The old wiring observed each new key while the screen was hidden: key 2's request started
    // (and was cancelled by key 3's), and key 3 was fetched under the pushed screen.
    let old = await hiddenValueScreen(legacy: true)
    #expect(old.requestsWhileHidden == [1, 1])
    #expect(old.observersWhileHidden == [0, 1])
  }

  /// A list of one region (`PagingList(key:)`) shows region 1; a screen is pushed over it, and
  /// the region changes to 2, then 3; the pushed screen is popped.
  private func hiddenPagedList(legacy: Bool) async -> HiddenScreen {
    let gates = [RowGate(), RowGate(), RowGate()]
    let store = LoaderStore(
      clock: TestClock(), staleness: .after(.seconds(60)),
      clients: [1: gates[0], 2: gates[1], 3: gates[2]])
    let feed = KeyedPagedLoader<RowsKey>(store: store)
    let input = KeyInput(RowsKey(id: 1))
    let lifecycle = ViewLifecycle()
    let hooks =
      legacy
      ? LegacyWiring.keySelection(
        appear: { feed.select(input.key) }, key: { input.key.id }, stop: { feed.stop() })
      : ViewHooks()
        .onAppear { feed.select(input.key) }
        .onChange(of: { input.key.id }) { _, _ in feed.keyChanged(to: input.key) }
        .onDisappear { feed.stop() }
    lifecycle.appear("feed", hooks)
    await yield { gates[0].pending == 1 }
    gates[0].succeed(rows(0..<3), next: nil)
    await yield { feed.loader?.phase.kind == .loaded }

    lifecycle.cover("feed")
    input.key = RowsKey(id: 2)
    lifecycle.render()
    input.key = RowsKey(id: 3)
    lifecycle.render()
    await drain()
    let whileHidden = gates[1...].map(\.calls)
    let observersWhileHidden = (2...3).map { store.observerCount(for: RowsKey(id: $0)) }

    lifecycle.appear("feed", hooks)
    lifecycle.render()
    await drain()
    let after = HiddenScreen(
      requestsWhileHidden: whileHidden, observersWhileHidden: observersWhileHidden,
      requestsAfter: gates[1...].map(\.calls),
      observersAfter: (1...3).map { store.observerCount(for: RowsKey(id: $0)) })
    #expect(feed.key?.id == 3)
    #expect(feed.loader?.phase.kind == .loading, "its own first page, no other list's rows")
    for gate in gates { while gate.pending > 0 { gate.succeed([], next: nil) } }
    lifecycle.disappear("feed")
    await lifecycle.settle()
    return after
  }

  @Test("Item 6: a hidden paged list loads a new key's first page only when it appears again")
  func item06_hiddenPagedListWaitsForItsAppearance() async {
    let fixed = await hiddenPagedList(legacy: false)
    #expect(fixed.requestsWhileHidden == [0, 0])
    #expect(fixed.observersWhileHidden == [0, 0])
    #expect(fixed.requestsAfter == [0, 1])
    #expect(fixed.observersAfter == [0, 0, 1])

    let old = await hiddenPagedList(legacy: true)
    #expect(old.requestsWhileHidden == [1, 1])
    #expect(old.observersWhileHidden == [0, 1])
  }

  @Test("Item 6: a view given another store hands its screen over, hidden or not")
  func item06_anotherStoreKeepsWhetherTheScreenShows() async {
    let gate = Gate<Int>()
    let key = NumberKey(1, gate: gate)
    let first = LoaderStore(clock: TestClock())
    let second = LoaderStore(clock: TestClock())
    let shown = KeyedLoader<NumberKey>(store: first)
    shown.select(key)
    #expect(first.observerCount(for: key) == 1)
    // On screen: the new store's view observes the key at once.
    let moved = KeyedLoader<NumberKey>(store: second)
    shown.handOver(to: moved)
    moved.keyChanged(to: key)
    #expect(first.observerCount(for: key) == 0)
    #expect(second.observerCount(for: key) == 1)
    #expect(!shown.isOnScreen)
    #expect(moved.isOnScreen)

    // Hidden: the new store's view waits for the screen to appear.
    moved.stop()
    let third = LoaderStore(clock: TestClock())
    let hidden = KeyedLoader<NumberKey>(store: third)
    moved.handOver(to: hidden)
    hidden.keyChanged(to: key)
    #expect(third.observerCount(for: key) == 0)
    #expect(!hidden.isOnScreen)
    hidden.select(key)
    #expect(third.observerCount(for: key) == 1)
    await yield { gate.pending == 3 }  // one first load per store
    while gate.pending > 0 { gate.succeed(1) }
    hidden.stop()
  }
}
