import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

// The eleven mistakes of the SwiftUI layer that compiled and then went wrong on a device, each
// played through the lifecycle model. Every scenario runs on the controllers (it must pass) and,
// where the old layer can be written as lifecycle hooks (`LegacyWiring`), on the old wiring too
// (it must show the failure), so the test is known to catch the old behaviour.

@MainActor
@Suite("SwiftUI layer lifecycle items", .timeLimit(.minutes(1)))
struct LifecycleItemTests {
  // MARK: Item 1

  /// Shows the screen of a `LoadPhaseView` whose retry is an ordinary async function (the
  /// `ArticleModel` pattern) for a few renders, and reports what happened.
  private func firstLoadScenario(legacy: Bool) async -> (calls: Int, cancelled: Int) {
    let gate = OperationGate<String>()
    let model = HandDrivenModel(gate: gate)
    let lifecycle = ViewLifecycle()
    let screen = BranchedScreen(lifecycle)
    let controller = ContentController()
    let retry: @Sendable () async -> Void = { await model.reload() }
    let actions = LoadActions(load: retry, reload: retry)
    lifecycle.appear(
      "container",
      legacy
        ? ViewHooks().refreshable(retry)
        : containerHooks(
          controller,
          state: { ContentState(source: nil, presentation: model.phase.presentation()) },
          actions: { actions }))
    for _ in 0..<8 {
      let body = branch(model.phase.presentation())
      let hooks =
        legacy && body == "idle"
        ? LegacyWiring.idleView(loadAction: nil, refresh: retry) : ViewHooks()
      screen.show(body, hooks: hooks)
      await drainMainActor()
    }
    let outcome = (gate.calls, gate.cancelledCalls)
    while gate.pending > 0 { gate.succeed("Article") }
    await lifecycle.settle()
    return outcome
  }

  @Test(
    "Item 1: the first load starts from the container; the branch swap it causes cannot cancel it")
  func item01_firstLoadStartsFromTheStableContainer() async {
    let fixed = await firstLoadScenario(legacy: false)
    #expect(fixed.calls == 1)
    #expect(fixed.cancelled == 0)

    // The old idle view started the load in its own task; the load replaced the idle view,
    // SwiftUI cancelled the task, the phase went back to idle and the idle view started again.
    let old = await firstLoadScenario(legacy: true)
    #expect(old.calls >= 3, "the old wiring loops: \(old.calls) requests")
    #expect(old.cancelled >= 2)
  }

  @Test("Item 1: the load the container started lands, and appearing again does not fetch again")
  func item01_firstLoadLandsAndIsNotRepeated() async {
    let gate = OperationGate<String>()
    let model = HandDrivenModel(gate: gate)
    let lifecycle = ViewLifecycle()
    let controller = ContentController()
    let actions = LoadActions(model)
    let hooks = containerHooks(
      controller, state: { ContentState(source: nil, presentation: model.phase.presentation()) },
      actions: { actions })
    lifecycle.appear("container", hooks)
    await eventually { gate.pending == 1 }
    lifecycle.appear("container", hooks)  // SwiftUI calls onAppear again: the load is joined
    await drainMainActor()
    #expect(gate.calls == 1)
    gate.succeed("Article")
    await eventually { model.phase.kind == .loaded }
    lifecycle.disappear("container")
    lifecycle.appear("container", hooks)  // back from a detail screen: the value stays
    await drainMainActor()
    #expect(gate.calls == 1)
    #expect(model.phase.value == "Article")
  }

  // MARK: Item 2

  private func nestedScenario(legacy: Bool) async -> Int {
    let outerGate = OperationGate<String>()
    let outer = AsyncLoader(phase: .loaded("Outer")) { try await outerGate.call() }
    let innerGate = OperationGate<String>()
    let inner = HandDrivenModel(gate: innerGate)
    let innerRetry: @Sendable () async -> Void = { await inner.reload() }
    let lifecycle = ViewLifecycle()
    let outerController = ContentController()
    let innerController = ContentController()
    if legacy {
      // The outer component set `.startedElsewhere` on its whole subtree, the content included,
      // and the inner LoadPhaseView's idle view inherited it.
      lifecycle.appear("outer", LegacyWiring.loaderContainer { await outer.load() })
      lifecycle.appear(
        "inner idle",
        LegacyWiring.idleView(loadAction: LegacyWiring.startedElsewhere, refresh: innerRetry))
    } else {
      lifecycle.appear(
        "outer",
        containerHooks(
          outerController,
          state: {
            ContentState(source: ObjectIdentifier(outer), presentation: outer.phase.presentation())
          },
          actions: { LoadActions(outer) }))
      lifecycle.appear(
        "inner",
        containerHooks(
          innerController,
          state: { ContentState(source: nil, presentation: inner.phase.presentation()) },
          actions: { LoadActions(load: innerRetry, reload: innerRetry) }))
      lifecycle.appear("inner idle")
    }
    await drainMainActor()
    let calls = innerGate.calls
    while innerGate.pending > 0 { innerGate.succeed("Inner") }
    await lifecycle.settle()
    #expect(outerGate.calls == 0, "the outer loader had a value: nothing to load")
    return calls
  }

  @Test("Item 2: a LoadPhaseView inside another component's content loads on its own")
  func item02_nestedPhaseViewLoads() async {
    #expect(await nestedScenario(legacy: false) == 1)
    // The inherited `.startedElsewhere` made the inner idle view do nothing: blank forever.
    #expect(await nestedScenario(legacy: true) == 0)
  }

  // MARK: Item 3

  private func bannerRetryScenario(legacy: Bool) async -> (cancelled: Int, kind: PhaseKind) {
    let gate = OperationGate<String>()
    let model = HandDrivenModel(phase: .reloadFailed("Old", Boom()), gate: gate)
    let lifecycle = ViewLifecycle()
    let controller = ContentController()
    let actions = LoadActions(model)
    let retry: @Sendable () async -> Void = { await controller.reload(actions) }
    let legacyButton = LegacyWiring.RetryButton()
    let button = ActionController()
    lifecycle.appear(
      "container",
      containerHooks(
        controller, state: { ContentState(source: nil, presentation: model.phase.presentation()) },
        actions: { actions }))
    lifecycle.appear(
      "banner", legacy ? legacyButton.hooks(action: { await model.reload() }) : ViewHooks())
    await drainMainActor()  // the banner is on screen before anyone taps it
    if legacy {
      legacyButton.tap()
      lifecycle.render()  // the new request restarts the button's task
    } else {
      button.start(retry)
    }
    await eventually { gate.pending == 1 }
    // The reload hides the banner: SwiftUI removes it, and its button with it.
    #expect(model.phase.presentation().banner == nil)
    lifecycle.disappear("banner")
    await drainMainActor()
    let cancelled = gate.cancelledCalls
    while gate.pending > 0 { gate.succeed("New") }
    await lifecycle.settle()
    await button.waitUntilIdle()
    return (cancelled, model.phase.kind)
  }

  @Test("Item 3: the banner's Retry outlives the banner it hides")
  func item03_retryOutlivesItsButton() async {
    let fixed = await bannerRetryScenario(legacy: false)
    #expect(fixed.cancelled == 0)
    #expect(fixed.kind == .loaded)
    // The button's own task ran the retry, and the banner's removal cancelled it.
    let old = await bannerRetryScenario(legacy: true)
    #expect(old.cancelled == 1)
  }

  private func reappearScenario(legacy: Bool) async -> Int {
    let gate = OperationGate<String>(honorsCancellation: false)
    let model = HandDrivenModel(phase: .failed(Boom()), gate: gate)
    let lifecycle = ViewLifecycle()
    let legacyButton = LegacyWiring.RetryButton()
    let button = ActionController()
    let action: @Sendable () async -> Void = { await model.reload() }
    let hooks = legacy ? legacyButton.hooks(action: action) : ViewHooks()
    lifecycle.appear("cell button", hooks)
    await drainMainActor()
    if legacy {
      legacyButton.tap()
      lifecycle.render()
    } else {
      button.start(action)
    }
    await eventually { gate.pending == 1 }
    gate.fail(Boom())
    await eventually { model.phase.kind == .failed }
    // The cell scrolls away and back (or is reused): its state is kept, its hooks run again.
    lifecycle.disappear("cell button")
    lifecycle.appear("cell button", hooks)
    await drainMainActor()
    let calls = gate.calls
    while gate.pending > 0 { gate.fail(Boom()) }
    await lifecycle.settle()
    await button.waitUntilIdle()
    return calls
  }

  @Test("Item 3: a retry button that appears again fires nothing nobody tapped")
  func item03_retryButtonNeverReplays() async {
    #expect(await reappearScenario(legacy: false) == 1)
    #expect(await reappearScenario(legacy: true) == 2)
  }

  private func footerRetryScenario(
    legacy: Bool
  ) async -> (calls: Int, cancelled: Int, items: [Int]?) {
    let gate = OperationGate<[Int]>()
    let feed = HandDrivenFeed(phase: .loadMoreFailed([1, 2], Boom()), gate: gate)
    let lifecycle = ViewLifecycle()
    let pager = LoadMoreController()
    let legacyButton = LegacyWiring.RetryButton()
    let button = ActionController()
    let loadMore: @Sendable () async -> Void = { await feed.fetchNextPage() }
    lifecycle.appear("footer error", legacy ? legacyButton.hooks(action: loadMore) : ViewHooks())
    await drainMainActor()
    if legacy {
      legacyButton.tap()
      lifecycle.render()
    } else {
      button.start { await pager.retry(loadMore: loadMore) }
    }
    await eventually { gate.pending == 1 }
    // Load-more swaps the footer's error for a spinner.
    #expect(feed.phase.kind == .loadingMore)
    let spinner =
      legacy
      ? LegacyWiring.footerSpinner(itemCount: { feed.phase.value?.count ?? 0 }, loadMore: loadMore)
      : ViewHooks()
    lifecycle.swapBranch(from: "footer error", to: "footer spinner", spinner)
    await drainMainActor()
    let cancelled = gate.cancelledCalls
    while gate.pending > 0 { gate.succeed([3]) }
    await drainMainActor()
    await lifecycle.settle()
    await button.waitUntilIdle()
    return (gate.calls, cancelled, feed.phase.value)
  }

  @Test("Item 3: the footer's Retry of a page driven by hand lands after the footer swapped")
  func item03_footerRetryLands() async {
    let fixed = await footerRetryScenario(legacy: false)
    #expect(fixed.calls == 1)
    #expect(fixed.cancelled == 0)
    #expect(fixed.items == [1, 2, 3])
    // The swap cancelled the retried page; whatever the old spinner did next, a request was lost.
    let old = await footerRetryScenario(legacy: true)
    #expect(old.cancelled == 1)
  }

  // MARK: Item 4

  private func newSourceScenario(legacy: Bool) async -> Int {
    let gateA = OperationGate<String>()
    let gateB = OperationGate<String>()
    let first = AsyncLoader(phase: .loaded("A")) { try await gateA.call() }
    let second = AsyncLoader { try await gateB.call() }
    let parent = Parent(first)
    let lifecycle = ViewLifecycle()
    let controller = ContentController()
    lifecycle.appear(
      "container",
      legacy
        ? LegacyWiring.loaderContainer { await parent.loader.load() }
        : containerHooks(
          controller,
          state: {
            ContentState(
              source: ObjectIdentifier(parent.loader),
              presentation: parent.loader.phase.presentation())
          },
          actions: { LoadActions(parent.loader) }))
    await drainMainActor()
    parent.loader = second  // the parent passes another loader to the same view identity
    lifecycle.render()
    await drainMainActor()
    let calls = gateB.calls
    while gateB.pending > 0 { gateB.succeed("B") }
    await lifecycle.settle()
    return calls
  }

  @Test("Item 4: a new loader given to the same view loads")
  func item04_newLoaderLoads() async {
    #expect(await newSourceScenario(legacy: false) == 1)
    #expect(await newSourceScenario(legacy: true) == 0)
  }

  private func resetScenario(legacy: Bool) async -> (calls: Int, kind: PhaseKind) {
    let gate = OperationGate<String>()
    let loader = AsyncLoader(phase: .loaded("A")) { try await gate.call() }
    let lifecycle = ViewLifecycle()
    let screen = BranchedScreen(lifecycle)
    let controller = ContentController()
    lifecycle.appear(
      "container",
      legacy
        ? LegacyWiring.loaderContainer { await loader.load() }
        : containerHooks(
          controller,
          state: {
            ContentState(
              source: ObjectIdentifier(loader), presentation: loader.phase.presentation())
          },
          actions: { LoadActions(loader) }))
    screen.show(branch(loader.phase.presentation()))
    await drainMainActor()
    loader.reset()  // back to idle while the view is on screen
    let idleHooks =
      legacy
      ? LegacyWiring.idleView(
        loadAction: LegacyWiring.startedElsewhere, refresh: { await loader.reload() })
      : ViewHooks()
    screen.show(branch(loader.phase.presentation()), hooks: idleHooks)
    await drainMainActor()
    let outcome = (gate.calls, loader.phase.kind)
    while gate.pending > 0 { gate.succeed("A again") }
    await lifecycle.settle()
    return outcome
  }

  @Test("Item 4: reset() while the view is on screen loads again")
  func item04_resetWhileVisibleLoadsAgain() async {
    let fixed = await resetScenario(legacy: false)
    #expect(fixed.calls == 1)
    #expect(fixed.kind == .loading)
    let old = await resetScenario(legacy: true)
    #expect(old.calls == 0)
    #expect(old.kind == .idle, "the old screen stayed blank")
  }

  @Test("Item 4: a first load cancelled on screen does not restart until the view appears again")
  func item04_cancelledFirstLoadWaitsForTheNextAppearance() async {
    let gate = OperationGate<String>()
    let loader = AsyncLoader { try await gate.call() }
    let lifecycle = ViewLifecycle()
    let controller = ContentController()
    let hooks = containerHooks(
      controller,
      state: {
        ContentState(source: ObjectIdentifier(loader), presentation: loader.phase.presentation())
      },
      actions: { LoadActions(loader) })
    lifecycle.appear("container", hooks)
    await eventually { gate.pending == 1 }
    lifecycle.render()  // loading
    loader.cancel()  // the owner's decision
    lifecycle.render()  // idle again, after a first load: not restarted
    await drainMainActor()
    #expect(gate.calls == 1)
    #expect(loader.phase.isIdle)
    lifecycle.disappear("container")
    lifecycle.appear("container", hooks)
    await eventually { gate.pending == 1 }
    #expect(gate.calls == 2)
    gate.succeed("A")
    await eventually { loader.phase.kind == .loaded }
    await lifecycle.settle()
  }

  // MARK: Item 5

  @Test("Item 5: a re-render that keeps the id allocates no loader; a new id loads afresh")
  func item05_loaderSlotFollowsTheID() async {
    let gate = OperationGate<String>()
    var slot = LoaderSlot<Int, AsyncLoader<String>>()
    var legacyState: AsyncLoader<String>?
    var legacyMade = 0
    for _ in 0..<5 {  // five parent renders with the same id
      slot.select(1, keepingPreviousValue: false) { try await gate.call() }
      LegacyWiring.asyncViewInit(state: &legacyState) {
        legacyMade += 1
        return AsyncLoader { "unused" }
      }
    }
    #expect(slot.loadersMade == 1)
    #expect(legacyMade == 5, "the old initializer made a loader on every render")

    // A new id gets a new loader, which starts idle: the view's first load shows progress.
    let first = slot.loader
    #expect(slot.select(2, keepingPreviousValue: false) { try await gate.call() })
    #expect(slot.loader !== first)
    #expect(slot.loader?.phase.isIdle == true)
    #expect(slot.id == 2)
    #expect(slot.loadersMade == 2)
    #expect(gate.calls == 0, "selecting loads nothing: the view's container starts the load")
  }

  @Test("Item 5: a new id keeps the previous value visible while it loads, when asked")
  func item05_keepsThePreviousValueWhenAsked() async {
    let gate = OperationGate<String>()
    var slot = LoaderSlot<String, AsyncLoader<String>>()
    slot.select("aus", keepingPreviousValue: true) { try await gate.call() }
    slot.loader?.startLoad()
    await eventually { gate.pending == 1 }
    gate.succeed("Austria")
    await eventually { slot.loader?.phase.value == "Austria" }

    slot.select("bra", keepingPreviousValue: true) { try await gate.call() }
    #expect(slot.loader?.phase.kind == .reloading)
    #expect(slot.loader?.phase.value == "Austria", "the old results stay while the new ones load")
    await eventually { gate.pending == 1 }
    gate.succeed("Brazil")
    await eventually { slot.loader?.phase.value == "Brazil" }

    slot.select("chl", keepingPreviousValue: false) { try await gate.call() }
    #expect(slot.loader?.phase.isIdle == true)
    #expect(slot.loadersMade == 3)
  }

  @Test("Item 5: the loader an id no longer shows is released and its load cancelled")
  func item05_replacedLoaderIsCancelled() async {
    let gate = OperationGate<String>()
    var slot = LoaderSlot<Int, AsyncLoader<String>>()
    slot.select(1, keepingPreviousValue: false) { try await gate.call() }
    slot.loader?.startLoad()
    await eventually { gate.pending == 1 }
    weak let replaced = slot.loader
    slot.select(2, keepingPreviousValue: false) { try await gate.call() }
    await eventually { gate.cancelledCalls == 1 }
    #expect(replaced == nil)
  }

  // MARK: Item 6

  @Test("Item 6: an empty collection shows the empty state by default")
  func item06_emptyShowsByDefault() {
    let phase = LoadPhase<[String], any Error>.loaded([])
    #expect(Presentation<[String], any Error>.isEmptyByDefault([]))
    #expect(!Presentation<[String], any Error>.isEmptyByDefault(["Austria"]))
    #expect(!Presentation<Int, any Error>.isEmptyByDefault(0), "only collections count")
    #expect(phase.presentation(isEmpty: Presentation<[String], any Error>.isEmptyByDefault).isEmpty)
    // AsyncView passed nothing, so nothing was ever empty and `empty:` never showed.
    #expect(!phase.presentation(isEmpty: LegacyWiring.asyncViewIsEmpty).isEmpty)
  }

  // MARK: Item 7

  private func emptyReloadScenario(legacy: Bool) async -> Int {
    let gate = OperationGate<[String]>()
    let loader = AsyncLoader(phase: .loaded([])) { try await gate.call() }
    let lifecycle = ViewLifecycle()
    let controller = ContentController()
    let actions = LoadActions(loader)
    let button = ActionController()
    // A screen without pull-to-refresh: the empty state is not in a scroll view.
    lifecycle.appear(
      "container",
      ViewHooks().onAppear {
        controller.appeared(
          ContentState(source: ObjectIdentifier(loader), presentation: loader.phase.presentation()),
          actions: actions)
      })
    lifecycle.appear("empty")
    if legacy {
      // The old empty view had no button; only a refreshable scroll view could reload.
      #expect(lifecycle.pullToRefresh("empty") == nil)
    } else {
      button.start { await controller.reload(actions) }  // the empty state's Reload
    }
    await drainMainActor()
    let calls = gate.calls
    while gate.pending > 0 { gate.succeed(["Austria"]) }
    await button.waitUntilIdle()
    await lifecycle.settle()
    return calls
  }

  @Test("Item 7: the empty state reloads without pull-to-refresh")
  func item07_emptyStateReloads() async {
    #expect(await emptyReloadScenario(legacy: false) == 1)
    #expect(await emptyReloadScenario(legacy: true) == 0)
  }

  // MARK: Item 8

  private func updateOnlyPageScenario(legacy: Bool) async -> [Int?] {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = PagedLoader<LifecycleRow, Int>(
      phase: .loaded(IdentifiedItems([LifecycleRow(id: 1), LifecycleRow(id: 2)])),
      nextCursor: 2
    ) { try await pages.fetch($0) }
    let lifecycle = ViewLifecycle()
    let pager = LoadMoreController()
    let loadMore: @Sendable () async -> Void = { await loader.loadMore() }
    let spinner = PagingEndView(
      pager, state: { PagingState(kind: loader.phase.kind, hasMore: loader.hasMore) },
      load: loadMore)
    lifecycle.appear(
      "footer spinner",
      legacy
        ? LegacyWiring.footerSpinner(itemCount: { loader.items.count }, loadMore: loadMore)
        : spinner.hooks)
    await eventually { pages.pending == 1 }
    // The server's page only updates rows already loaded: the count does not change.
    pages.succeed([LifecycleRow(id: 1, revision: 2), LifecycleRow(id: 2, revision: 2)], next: 4)
    await eventually { loader.phase.kind == .loaded }
    await drainMainActor()
    lifecycle.render()
    lifecycle.layout()  // the spinner stays on screen
    await drainMainActor()
    let cursors = pages.cursors.map { $0 }
    while pages.pending > 0 { pages.succeed([], next: nil) }
    await lifecycle.settle()
    return cursors
  }

  @Test("Item 8: a page that only updates rows does not leave the spinner stuck")
  func item08_loadMoreKeyedOnLandedPages() async {
    #expect(await updateOnlyPageScenario(legacy: false) == [2, 4])
    #expect(await updateOnlyPageScenario(legacy: true) == [2], "the old footer stuck")
  }

  @Test("Item 8: load-more runs at most once per page, never during a reload")
  func item08_oncePerPageNeverDuringReload() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = PagedLoader<LifecycleRow, Int>(
      phase: .loaded(IdentifiedItems([LifecycleRow(id: 1)])), nextCursor: 1
    ) { try await pages.fetch($0) }
    let pager = LoadMoreController()
    let loadMore: @Sendable () async -> Void = { await loader.loadMore() }
    func state() -> PagingState { PagingState(kind: loader.phase.kind, hasMore: loader.hasMore) }

    pager.footerAppeared(state(), generation: 0, loadMore: loadMore)
    pager.footerDisappeared(generation: 0)
    // Back on screen while it runs: joined.
    pager.footerAppeared(state(), generation: 0, loadMore: loadMore)
    await eventually { pages.pending == 1 }
    #expect(pages.calls == 1)
    pages.succeed([LifecycleRow(id: 2)], next: 2)
    await eventually { !pager.isLoadingMore }
    // The spinner that asked for the page, seen again, asks for nothing: it was replaced.
    pager.footerAppeared(state(), generation: 0, loadMore: loadMore)
    await drainMainActor()
    #expect(pages.calls == 1)
    #expect(pager.generation == 1)
    pager.footerAppeared(state(), generation: 1, loadMore: loadMore)
    pager.footerAppeared(state(), generation: 1, loadMore: loadMore)  // seen twice: one request
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [1, 2])

    // A reload supersedes the load-more; the footer shows nothing while it runs.
    let reload = Task { await loader.reload() }
    await eventually { pages.pending == 1 && pages.cursors.count == 3 }
    #expect(pages.cancelledCalls == 1, "the reload cancelled the load-more")
    pager.footerAppeared(state(), generation: pager.generation, loadMore: loadMore)
    await drainMainActor()
    #expect(pages.cursors == [1, 2, nil], "no load-more during the reload")
    pages.succeed([LifecycleRow(id: 1)], next: 1)
    await reload.value
    await pager.retry(loadMore: {})  // nothing left to join
  }

  @Test("Item 8: a failed page loads again only from its retry button")
  func item08_failedPageOnlyFromItsButton() async {
    let pages = PagedGate<LifecycleRow, Int>()
    let loader = PagedLoader<LifecycleRow, Int>(
      phase: .loaded(IdentifiedItems([LifecycleRow(id: 1)])), nextCursor: 1
    ) { try await pages.fetch($0) }
    let pager = LoadMoreController()
    let loadMore: @Sendable () async -> Void = { await loader.loadMore() }
    func state() -> PagingState { PagingState(kind: loader.phase.kind, hasMore: loader.hasMore) }

    pager.footerAppeared(state(), generation: 0, loadMore: loadMore)
    await eventually { pages.pending == 1 }
    pages.fail(Boom())
    await eventually { loader.phase.kind == .loadMoreFailed }
    await eventually { !pager.isLoadingMore }
    // The footer shows the error; scrolling it away and back must not retry.
    pager.footerDisappeared(generation: 0)
    pager.footerAppeared(state(), generation: pager.generation, loadMore: loadMore)
    await drainMainActor()
    #expect(pages.calls == 1)
    let retry = Task { await pager.retry(loadMore: loadMore) }
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [1, 1])
    pages.succeed([LifecycleRow(id: 2)], next: nil)
    await retry.value
    #expect(loader.items.map(\.id) == [1, 2])
  }

  // MARK: Item 9

  @Test("Item 9: dismissing the banner is a core transition every renderer shares")
  func item09_dismissErrorIsACoreTransition() {
    var phase = LoadPhase<[Int], Boom>.reloadFailed([1], Boom())
    let dismissedOnce = phase.dismissError()
    let dismissedTwice = phase.dismissError()
    #expect(dismissedOnce)
    #expect(!dismissedTwice, "nothing left to dismiss")
    #expect(phase == .loaded([1]))
    var paged = PagedPhase<[Int], Boom>.reloadFailed([1], Boom())
    let pagedDismissed = paged.dismissError()
    #expect(pagedDismissed)
    #expect(paged == .loaded([1]))

    var dismissed = 0
    let banner = BannerController(onDismiss: { dismissed += 1 })
    let shown = LoadPhase<[Int], Boom>.reloadFailed([1], Boom()).presentation()
    banner.update(isPresent: shown.banner != nil)
    #expect(banner.visible(shown.banner) == Boom())
    banner.dismiss()
    #expect(banner.visible(shown.banner) == nil)
    #expect(dismissed == 1)
    // What the screen shows now is the presentation of the dismissed phase.
    var after = LoadPhase<[Int], Boom>.reloadFailed([1], Boom())
    after.dismissError()
    #expect(after.presentation().banner == banner.visible(shown.banner))
  }

  @Test("Item 9: the banner's Dismiss returns every loader to loaded, and only a failed reload")
  func item09_theBannersDismissReachesTheLoader() async {
    let loader = AsyncLoader<[Int]>(phase: .reloadFailed([1], Boom())) { [1, 2] }
    let changes = LockIsolated(0)
    func observe() {
      withObservationTracking {
        _ = loader.phase
      } onChange: {
        changes.withValue { $0 += 1 }
      }
    }
    observe()
    // Hiding the banner alone (the old wiring) leaves the phase failed.
    let banner = BannerController()
    banner.update(isPresent: true)
    banner.dismiss()
    #expect(loader.phase.kind == .reloadFailed)
    // The container's Dismiss also runs the source's dismissError().
    LoadActions(loader).dismissError()
    #expect(loader.phase.kind == .loaded)
    #expect(loader.phase.value == [1])
    #expect(changes.value == 1, "observers see the change")
    observe()
    loader.dismissError()
    #expect(changes.value == 1, "nothing left to dismiss: no notification")

    // A paged loader: a failed reload is dismissed; a failed page keeps its footer error.
    let pages = PagedGate<LifecycleRow, Int>()
    let paged = PagedLoader<LifecycleRow, Int>(
      phase: .reloadFailed(IdentifiedItems([LifecycleRow(id: 1)]), Boom()), nextCursor: 1
    ) { try await pages.fetch($0) }
    LoadActions(paged: paged).dismissError()
    #expect(paged.phase.kind == .loaded)
    let more = Task { await paged.loadMore() }
    await eventually { pages.pending == 1 }
    pages.fail(Boom())
    await more.value
    paged.dismissError()
    #expect(paged.phase.kind == .loadMoreFailed)
    // A reload that runs is not touched.
    let reload = Task { await paged.reload() }
    await eventually { pages.pending == 1 }
    paged.dismissError()
    #expect(paged.phase.kind == .reloading)
    pages.succeed([LifecycleRow(id: 1)], next: nil)
    await reload.value
  }
}

/// The parent view of the item 4 test: it passes a loader to the view it renders.
@MainActor
final class Parent {
  var loader: AsyncLoader<String>
  init(_ loader: AsyncLoader<String>) { self.loader = loader }
}

/// A row of the paged tests: `revision` changes when the server updates it in place.
struct LifecycleRow: Identifiable, Hashable, Sendable {
  var id: Int
  var revision = 1
}
