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
    let keyed = ValueScreen<NumberKey>(store: store)
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
    let feed = PagedScreen<RowsKey>(store: store)
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
    let shown = ValueScreen<NumberKey>(store: first)
    shown.select(key)
    #expect(first.observerCount(for: key) == 1)
    // On screen: the new store's view observes the key at once.
    let moved = ValueScreen<NumberKey>(store: second)
    shown.handOver(to: moved)
    moved.keyChanged(to: key)
    #expect(first.observerCount(for: key) == 0)
    #expect(second.observerCount(for: key) == 1)
    #expect(!shown.isOnScreen)
    #expect(moved.isOnScreen)

    // Hidden: the new store's view waits for the screen to appear.
    moved.stop()
    let third = LoaderStore(clock: TestClock())
    let hidden = ValueScreen<NumberKey>(store: third)
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

  // MARK: Item 7: the footer after a page lands

  /// A list shows rows 1 and 2 and its footer spinner, which appears and asks for the page at
  /// cursor 2. Each page of `pages` lands in turn; after each, the model runs the update in
  /// which its rows are inserted, then the layout pass, which pushes the footer off screen when
  /// the page filled the screen. Returns the cursors requested.
  private func footerScenario(legacy: Bool, pages fills: [Bool]) async -> [Int?] {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = PagedLoader<LifecycleRow, Int>(
      phase: .loaded(IdentifiedItems([LifecycleRow(id: 1), LifecycleRow(id: 2)])),
      nextCursor: 2
    ) { try await pages.fetch($0) }
    let loadMore: @Sendable () async -> Void = { await loader.loadMore() }
    let state: @MainActor () -> PagingState = {
      PagingState(kind: loader.phase.kind, hasMore: loader.hasMore)
    }
    let lifecycle = ViewLifecycle()
    let pager = LoadMoreController()
    let legacySpinner = LegacyWiring.PageLandedSpinner()
    let hooks =
      legacy
      ? legacySpinner.hooks(state: state, loadMore: loadMore)
      : PagingEndView(pager, state: state, load: loadMore).hooks
    /// Whether a page runs (at its gate) or none does.
    func settled() -> Bool {
      pages.pending == 1 || !(pager.isLoadingMore || legacySpinner.run.isPerforming)
    }
    lifecycle.appear("footer", hooks)
    for fillsTheScreen in fills {
      await eventually(settled)
      guard pages.pending == 1, let cursor = pages.cursors.last ?? nil else { break }
      lifecycle.render()  // loadingMore
      let count = fillsTheScreen ? 20 : 2
      pages.succeed(
        (cursor + 1...cursor + count).map { LifecycleRow(id: $0) }, next: cursor + count)
      await eventually { loader.phase.kind == .loaded }
      await eventually { !pager.isLoadingMore && !legacySpinner.run.isPerforming }
      lifecycle.render()  // the update in which the page's rows are inserted
      lifecycle.layout(offScreen: fillsTheScreen ? ["footer"] : [])  // then their layout
      await drainMainActor()
    }
    await eventually(settled)
    let cursors = pages.cursors
    while pages.pending > 0 { pages.succeed([], next: nil) }
    await pager.retry(loadMore: {})  // the last page, if one runs, lands
    await legacySpinner.run.waitUntilIdle()
    await lifecycle.settle()
    return cursors
  }

  @Test("Item 7: a page lands, then the footer disappears: that appearance cost one page")
  func item07_aPageThatFillsTheScreenLoadsNoSecondPage() async {
    #expect(await footerScenario(legacy: false, pages: [true]) == [2])
    // The old footer loaded again in the update that inserted the rows, before List told it
    // that it had left the screen.
    #expect(await footerScenario(legacy: true, pages: [true]) == [2, 22])
  }

  @Test("Item 7: a short page leaves the footer on screen: it loads the next page")
  func item07_aShortPageLoadsTheNextOne() async {
    // A short page, then one that fills the screen: two pages for one appearance of the
    // footer, because it was still on screen after the first page's rows were laid out.
    #expect(await footerScenario(legacy: false, pages: [false, true]) == [2, 4])
    #expect(await footerScenario(legacy: false, pages: [false, false, true]) == [2, 4, 6])
    #expect(await footerScenario(legacy: true, pages: [false, true]) == [2, 4, 24])
  }

  @Test("Item 7: the footer pushed off screen loads the next page when the reader reaches it")
  func item07_theFooterLoadsAgainWhenItAppearsAgain() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = PagedLoader<LifecycleRow, Int>(
      phase: .loaded(IdentifiedItems([LifecycleRow(id: 1)])), nextCursor: 1
    ) { try await pages.fetch($0) }
    let pager = LoadMoreController()
    let spinner = PagingEndView(
      pager, state: { PagingState(kind: loader.phase.kind, hasMore: loader.hasMore) },
      load: { await loader.loadMore() })
    let lifecycle = ViewLifecycle()
    lifecycle.appear("footer", spinner.hooks)
    await eventually { pages.pending == 1 }
    pages.succeed((2...21).map { LifecycleRow(id: $0) }, next: 21)
    await eventually { !pager.isLoadingMore }
    lifecycle.render()
    lifecycle.layout(offScreen: ["footer"])
    await drainMainActor()
    #expect(pages.calls == 1)
    #expect(!pager.isFooterVisible)

    lifecycle.appear("footer", spinner.hooks)  // the reader scrolled down to it
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [1, 21])
    lifecycle.render()  // nothing landed: nothing more
    lifecycle.layout()
    await drainMainActor()
    #expect(pages.calls == 2)
    pages.succeed([], next: nil)
    await eventually { !pager.isLoadingMore }
    await lifecycle.settle()
  }

  /// A chat opened at rows 10 to 19, whose header spinner appears and asks for the page before
  /// (cursor 8). The page lands; the model runs the update, its layout (the list keeps its
  /// offset, so the header is still at the top), the work deferred to after the update (the
  /// scroll back to the reader's row), then the update and layout that follow: the scroll puts
  /// the header above the screen unless the list is too short to scroll. Returns the cursors.
  private func headerScenario(legacy: Bool, listScrolls: Bool) async -> [Int?] {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = await openedChat(pages)

    let state: @MainActor () -> PagingState = {
      PagingState(
        kind: loader.phase.kind, hasMore: loader.hasMore,
        hasPrevious: loader.hasPrevious ?? false)
    }
    let loadPrevious: @Sendable () async -> Void = { await loader.loadPrevious() }
    let controller = ContentController()
    let legacySpinner = LegacyWiring.PageLandedSpinner(edge: .start)
    let lifecycle = ViewLifecycle()
    lifecycle.appear(
      "list",
      ViewHooks().onChange(of: { loader.phase.kind }) { old, new in
        controller.pagedPhaseChanged(
          from: old, to: new, firstID: loader.items.first.map { AnyHashable($0.id) },
          position: { ($0.base as? Int).flatMap { loader.items.index(id: $0) } },
          scroll: { _ in })
      })
    lifecycle.appear(
      "header",
      legacy
        ? legacySpinner.hooks(state: state, loadMore: loadPrevious)
        : PagingEndView(controller.loadPrevious, state: state, load: loadPrevious).hooks)
    for id in 10...13 { lifecycle.appear("row \(id)", rowHooks(controller, id)) }
    await eventually { pages.pending == 1 }
    lifecycle.render()  // loadingPrevious
    pages.succeed((0...9).map { LifecycleRow(id: $0) }, next: nil, previous: -10)
    await eventually { loader.phase.kind == .loaded }
    await eventually {
      !controller.loadPrevious.isLoadingMore && !legacySpinner.run.isPerforming
    }
    lifecycle.render()  // the update in which the earlier rows are inserted
    lifecycle.layout()  // the list kept its offset: the header is still at the top
    await drainMainActor()  // after the update: the scroll back to the reader's row
    lifecycle.render()
    lifecycle.layout(offScreen: listScrolls ? ["header"] : [])
    await drainMainActor()
    await eventually {
      pages.pending == 1
        || !(controller.loadPrevious.isLoadingMore || legacySpinner.run.isPerforming)
    }
    let cursors = pages.cursors
    while pages.pending > 0 { pages.succeed([], next: nil, previous: nil) }
    await controller.loadPrevious.retry(loadMore: {})
    await legacySpinner.run.waitUntilIdle()
    await lifecycle.settle()
    return cursors
  }

  @Test("Item 7: earlier rows land, then the header disappears: that appearance cost one page")
  func item07_theHeaderLoadsNoSecondPageBeforeTheScrollBack() async {
    #expect(await headerScenario(legacy: false, listScrolls: true) == [nil, 8])
    #expect(await headerScenario(legacy: true, listScrolls: true) == [nil, 8, -10])
  }

  @Test("Item 7: a header that stays on screen after the scroll back loads the page before")
  func item07_aHeaderOnAShortListLoadsThePageBefore() async {
    #expect(await headerScenario(legacy: false, listScrolls: false) == [nil, 8, -10])
  }

  // MARK: Item 8: keeping the reader's row when earlier rows land

  /// A chat opened at rows 10 to 19, whose page before is at cursor 8 (the first request).
  private func openedChat(
    _ pages: PagedGate<LifecycleRow, Int>
  ) async -> PagedLoader<LifecycleRow, Int> {
    let loader = PagedLoader<LifecycleRow, Int> { try await pages.fetch($0) }
    let first = Task { await loader.load() }
    await eventually { pages.pending == 1 }
    pages.succeed((10...19).map { LifecycleRow(id: $0) }, next: nil, previous: 8)
    await first.value
    return loader
  }

  /// The hooks of a row of a list that pages backwards: it tells the controller when it shows.
  private func rowHooks(_ controller: ContentController, _ id: Int) -> ViewHooks {
    ViewHooks()
      .onAppear { controller.rowAppeared(AnyHashable(id)) }
      .onDisappear { controller.rowDisappeared(AnyHashable(id)) }
  }

  /// A scroll request, and whether the update that inserted the rows had returned.
  struct Scroll: Equatable {
    var row: Int
    var afterTheUpdate: Bool
  }

  /// A chat opened at rows 10 to 19; the reader at the top sees the header and rows 10 to 13,
  /// and the page before starts loading. The reader scrolls on while it loads (rows 12 to 15 on
  /// screen); the page lands. Returns the scroll requests.
  private func readersRowScenario(legacy: Bool) async -> [Scroll] {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = await openedChat(pages)

    let controller = ContentController()
    var legacyAnchor = LegacyWiring.FirstRowAnchor()
    var scrolls: [Scroll] = []
    var updateReturned = false
    let lifecycle = ViewLifecycle()
    lifecycle.appear(
      "list",
      ViewHooks().onChange(of: { loader.phase.kind }) { old, new in
        if legacy {
          let row = legacyAnchor.phaseChanged(from: old, to: new, firstID: loader.items.first?.id)
          if let row { scrolls.append(Scroll(row: row, afterTheUpdate: updateReturned)) }
          return
        }
        controller.pagedPhaseChanged(
          from: old, to: new, firstID: loader.items.first.map { AnyHashable($0.id) },
          position: { ($0.base as? Int).flatMap { loader.items.index(id: $0) } },
          scroll: { row in
            scrolls.append(Scroll(row: row.base as? Int ?? -1, afterTheUpdate: updateReturned))
          })
      })
    for id in 10...13 { lifecycle.appear("row \(id)", rowHooks(controller, id)) }
    let load = Task { await loader.loadPrevious() }  // the header appeared
    await eventually { pages.pending == 1 }
    lifecycle.render()  // loadingPrevious

    // The reader scrolls on while the page loads.
    lifecycle.layout(offScreen: ["row 10", "row 11"])
    for id in 14...15 { lifecycle.appear("row \(id)", rowHooks(controller, id)) }

    pages.succeed((0...9).map { LifecycleRow(id: $0) }, next: nil, previous: nil)
    await load.value
    lifecycle.render()  // the update in which the earlier rows are inserted
    // Its layout: the list kept its offset, so rows 2 to 5 now show where 12 to 15 were.
    lifecycle.layout(offScreen: ["row 12", "row 13", "row 14", "row 15"])
    for id in 2...5 { lifecycle.appear("row \(id)", rowHooks(controller, id)) }
    updateReturned = true
    await drainMainActor()
    await lifecycle.settle()
    return scrolls
  }

  @Test("Item 8: the list scrolls back to the reader's row, after the rows are inserted")
  func item08_theReadersRowIsKeptAfterTheInsertion() async {
    #expect(await readersRowScenario(legacy: false) == [Scroll(row: 12, afterTheUpdate: true)])
    // The old list scrolled to the row that was first when the page started, in the update that
    // inserted the rows, before List had applied them.
    #expect(await readersRowScenario(legacy: true) == [Scroll(row: 10, afterTheUpdate: false)])
  }

  @Test("Item 8: the reader at the top keeps the first row; nothing scrolls without earlier rows")
  func item08_theFirstRowAtTheTopAndNoScrollWithoutEarlierRows() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = await openedChat(pages)
    let controller = ContentController()
    var scrolls: [Int] = []
    let lifecycle = ViewLifecycle()
    lifecycle.appear(
      "list",
      ViewHooks().onChange(of: { loader.phase.kind }) { old, new in
        controller.pagedPhaseChanged(
          from: old, to: new, firstID: loader.items.first.map { AnyHashable($0.id) },
          position: { ($0.base as? Int).flatMap { loader.items.index(id: $0) } },
          scroll: { scrolls.append($0.base as? Int ?? -1) })
      })
    for id in 10...13 { lifecycle.appear("row \(id)", rowHooks(controller, id)) }
    let failing = Task { await loader.loadPrevious() }
    await eventually { pages.pending == 1 }
    lifecycle.render()
    pages.fail(Boom())  // a failure puts nothing above the reader
    await failing.value
    lifecycle.render()
    await drainMainActor()
    #expect(scrolls.isEmpty)

    let landing = Task { await loader.loadPrevious() }
    await eventually { pages.pending == 1 }
    lifecycle.render()
    pages.succeed([LifecycleRow(id: 8), LifecycleRow(id: 9)], next: nil, previous: nil)
    await landing.value
    lifecycle.render()
    #expect(scrolls.isEmpty, "not in the update")
    await drainMainActor()
    #expect(scrolls == [10])
    await lifecycle.settle()
  }
}
