import AsyncContentCore
import AsyncContentTestSupport
import Testing

@MainActor
@Suite("ContentController", .timeLimit(.minutes(1)))
struct ContentControllerTests {
  private func refreshScenario(legacy: Bool) async -> (cancelled: Int, kind: PhaseKind) {
    let gate = OperationGate<String>()
    let model = HandDrivenModel(phase: .loaded("Old"), gate: gate)
    let lifecycle = ViewLifecycle()
    let controller = ContentController()
    let actions = LoadActions(model)
    lifecycle.appear(
      "list",
      legacy
        ? ViewHooks().refreshable { await model.reload() }
        : containerHooks(
          controller,
          state: { ContentState(source: nil, presentation: model.phase.presentation()) },
          actions: { actions }))
    lifecycle.pullToRefresh("list")
    await eventually { gate.pending == 1 }
    lifecycle.redrawDuringRefresh()
    await drainMainActor()
    let cancelled = gate.cancelledCalls
    while gate.pending > 0 { gate.succeed("New") }
    await lifecycle.settle()
    await controller.loads.waitUntilIdle()
    return (cancelled, model.phase.kind)
  }

  @Test("A redraw during pull-to-refresh cancels only the waiting; the reload lands")
  func refreshSurvivesARedraw() async {
    let fixed = await refreshScenario(legacy: false)
    #expect(fixed.cancelled == 0)
    #expect(fixed.kind == .loaded)
    let old = await refreshScenario(legacy: true)
    #expect(old.cancelled == 1)
  }

  @Test("Pull-to-refresh during the first load joins it")
  func refreshJoinsTheFirstLoad() async {
    let gate = OperationGate<String>()
    let model = HandDrivenModel(gate: gate)
    let controller = ContentController()
    let actions = LoadActions(model)
    controller.appeared(
      ContentState(source: nil, presentation: model.phase.presentation()), actions: actions)
    await eventually { gate.pending == 1 }
    let refresh = Task { await controller.refresh(actions) }
    await drainMainActor()
    #expect(gate.calls == 1)
    gate.succeed("Article")
    await refresh.value
    #expect(model.phase.value == "Article")
  }

  private func switchStyleScenario(legacy: Bool) async -> Int {
    let gate = OperationGate<[Int]>()
    let feed = HandDrivenFeed(gate: gate)
    let lifecycle = ViewLifecycle()
    let controller = ContentController()
    let hooks =
      legacy
      // The docs' Switch example before: `.task { await fetchInitial() }` on the list.
      ? ViewHooks().task { await feed.fetchFirstPage() }
      : containerHooks(
        controller,
        state: {
          ContentState(source: nil, presentation: feed.phase.presentation(hasMore: feed.hasMore))
        },
        actions: { feed.actions })
    lifecycle.appear("list", hooks)
    await eventually { gate.pending == 1 }
    gate.succeed([1, 2])
    await eventually { feed.phase.kind == .loaded }
    lifecycle.disappear("list")  // a detail screen is pushed…
    lifecycle.appear("list", hooks)  // …and popped
    await drainMainActor()
    let fetches = feed.firstPageFetches
    while gate.pending > 0 { gate.succeed([1, 2]) }
    await lifecycle.settle()
    return fetches
  }

  @Test("The Switch style does not fetch again the data it shows")
  func switchStyleDoesNotFetchShownDataAgain() async {
    #expect(await switchStyleScenario(legacy: false) == 1)
    #expect(await switchStyleScenario(legacy: true) == 2)
  }

  @Test("A phase driven by hand drops a load-more failure that a reload made outdated")
  func handDrivenPhaseDropsAnOutdatedLoadMoreFailure() async {
    let gate = OperationGate<[Int]>()
    let feed = HandDrivenFeed(phase: .loaded([1, 2]), gate: gate)
    let controller = ContentController()
    let more = Task { await feed.fetchNextPage() }
    await eventually { gate.pending == 1 }
    let refresh = Task { await controller.refresh(feed.actions) }
    await eventually { gate.pending == 2 }
    #expect(feed.phase.kind == .reloading)
    gate.fail(Boom(), at: 0)  // the load-more's request fails after the reload started
    await more.value
    #expect(feed.phase.kind == .reloading, "the outdated failure was dropped")
    gate.succeed([7, 8])
    await refresh.value
    #expect(feed.phase == .loaded([7, 8]))

    // The old way, `phase.fail(error)`, turned the reload into a failed reload.
    var old = PagedPhase<[Int], Boom>.reloading([1, 2])
    old.fail(Boom())
    #expect(old.kind == .reloadFailed)
  }
}

extension PagedPhase where Value == [Int] {
  fileprivate static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind && lhs.value == rhs.value
  }
}
