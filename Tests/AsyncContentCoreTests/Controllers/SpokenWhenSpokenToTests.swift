import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import Testing

// VoiceOver speaks only when spoken to (issue 21, item 3): a screen announces the first load of
// what it shows and the loads the person started there (a pull, a tap, a scroll to a paging
// end), each at its priority, and says nothing for the work that runs in the background. The
// screens are wired as the SwiftUI layer wires them: the lifecycle model forwards appear,
// disappear, change and pull-to-refresh to a `ContentController`, and a key's screen selects
// and stops its `ValueScreen` as `AsyncView(key:)` does.

/// The message of an error, as the container gives it.
private func spoken(_ error: any Error) -> String {
  DefaultStrings.development.message(for: error)
}

/// A screen of one store key, as `AsyncView(key:)` wires it.
@MainActor
private final class KeyScreen {
  let name: String
  let keyed: ValueScreen<NumberKey>
  let controller = ContentController()
  let lifecycle: ViewLifecycle
  var key: NumberKey
  /// What VoiceOver said on this screen, in order.
  private(set) var heard: [Announcement] = []

  init(
    _ name: String, key: NumberKey, store: LoaderStore, lifecycle: ViewLifecycle,
    keepsPreviousValue: Bool = false
  ) {
    self.name = name
    self.key = key
    self.lifecycle = lifecycle
    keyed = ValueScreen(store: store, keepsPreviousValue: keepsPreviousValue)
    controller.announce = { [weak self] in self?.heard.append($0) }
  }

  /// The state the container forwards, as `ContentContainer` computes it.
  func state() -> ContentState {
    let phase = keyed.phase
    return ContentState(
      source: keyed.loader.map { ObjectIdentifier($0) }, kind: phase.kind,
      hasBanner: phase.presentation().banner != nil,
      announcement: Announcement.Snapshot(
        phase, isCancellation: keyed.loader?.lastLoadWasCancelled ?? false, message: spoken))
  }

  var actions: LoadActions { keyed.loader.map { LoadActions($0) } ?? .none }

  /// The screen appears: it selects its key, then its container appears.
  func appear() {
    lifecycle.appear(
      name,
      ViewHooks()
        .onAppear {
          self.keyed.select(self.key)
          self.controller.appeared(self.state(), actions: self.actions)
        }
        .onDisappear {
          self.controller.disappeared()
          self.keyed.stop()
        }
        .onChange(of: { self.state() }) { _, new in
          self.controller.changed(to: new, actions: self.actions)
        }
        .refreshable { await self.pull() })
  }

  /// The refresh control's action: the controller refreshes the key's loader of the moment.
  func pull() async {
    await controller.refresh(actions)
  }

  /// The screen shows another key, as a new `key:` does.
  func show(_ key: NumberKey) {
    self.key = key
    keyed.select(key)
  }
}

/// Lets the tasks run, then renders every visible screen.
@MainActor
private func render(_ lifecycle: ViewLifecycle) async {
  await drainMainActor()
  lifecycle.render()
}

@MainActor
@Suite("VoiceOver speaks only when spoken to", .serialized, .timeLimit(.minutes(1)))
struct SpokenWhenSpokenToTests {
  /// A store whose values are stale at once (the default), a key of it, and a screen of the
  /// key that has shown its first value, 1.
  private func screenShowingOne(
    _ lifecycle: ViewLifecycle, gate: Gate<Int>, store: LoaderStore
  ) async -> KeyScreen {
    let screen = KeyScreen(
      "screen", key: NumberKey(1, gate: gate), store: store, lifecycle: lifecycle)
    screen.appear()
    await yield { gate.pending == 1 }
    gate.succeed(1)
    await render(lifecycle)
    #expect(screen.heard == [.loaded(count: nil)], "the first load is awaited")
    return screen
  }

  @Test("A revalidation when the screen comes back says nothing")
  func aRevalidationOnReturnSaysNothing() async {
    await withMainSerialExecutor {
      let lifecycle = ViewLifecycle()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let screen = await screenShowingOne(lifecycle, gate: gate, store: store)
      lifecycle.disappear("screen")
      screen.appear()  // the value is stale: the store revalidates it
      await yield { gate.pending == 1 }
      await render(lifecycle)
      #expect(screen.keyed.phase.kind == .reloading)
      gate.succeed(2)
      await render(lifecycle)
      #expect(screen.keyed.phase.value == 2)
      // And a revalidation that fails: the banner shows, and VoiceOver still says nothing.
      lifecycle.disappear("screen")
      screen.appear()
      await yield { gate.pending == 1 }
      await render(lifecycle)
      gate.fail(TestError(1))
      await render(lifecycle)
      #expect(screen.keyed.phase.kind == .reloadFailed)
      #expect(screen.heard == [.loaded(count: nil)])
    }
  }

  @Test("Refetch events, an invalidation and a new observer say nothing")
  func backgroundWorkSaysNothing() async {
    await withMainSerialExecutor {
      let lifecycle = ViewLifecycle()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let screen = await screenShowingOne(lifecycle, gate: gate, store: store)
      /// Runs background work that reloads the key, and lands (or fails) the reload.
      @MainActor func reloadInTheBackground(_ work: () -> Void, fails: Bool = false) async {
        work()
        await yield { gate.pending == 1 }
        await render(lifecycle)
        #expect(screen.keyed.phase.kind == .reloading)
        if fails { gate.fail(TestError(1)) } else { gate.succeed(10) }
        await render(lifecycle)
      }
      await reloadInTheBackground { store.refetch(after: .becameActive, minimumInterval: .zero) }
      await reloadInTheBackground(
        { store.refetch(after: .networkAvailable, minimumInterval: .zero) }, fails: true)
      await reloadInTheBackground { store.invalidate(screen.key) }
      // Another observer of the key (a second screen) revalidates the stale value.
      var other: StoreSubscription<AsyncLoader<Int>>?
      await reloadInTheBackground { other = store.observe(screen.key) }
      #expect(other != nil)
      #expect(screen.heard == [.loaded(count: nil)])
    }
  }

  @Test("A refresh the person pulls is announced on their screen, and nowhere else")
  func aPulledRefreshIsAnnouncedWhereItWasPulled() async {
    await withMainSerialExecutor {
      let lifecycle = ViewLifecycle()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let first = await screenShowingOne(lifecycle, gate: gate, store: store)
      // A second screen of the same key on screen: a card beside the list.
      let second = KeyScreen("second", key: first.key, store: store, lifecycle: lifecycle)
      second.appear()
      await yield { gate.pending == 1 }  // the new observer revalidates
      gate.succeed(2)
      await render(lifecycle)

      let refresh = lifecycle.pullToRefresh("screen")
      await yield { gate.pending == 1 }
      await render(lifecycle)
      #expect(first.heard == [.loaded(count: nil), .loading])
      gate.succeed(3)
      await refresh?.value
      await render(lifecycle)
      #expect(first.heard == [.loaded(count: nil), .loading, .loaded(count: nil)])
      #expect(second.heard.isEmpty, "another screen's refresh is background work here")

      // A refresh that fails says so, at the priority of a failure.
      let failing = lifecycle.pullToRefresh("second")
      await yield { gate.pending == 1 }
      await render(lifecycle)
      gate.fail(TestError(4))
      await failing?.value
      await render(lifecycle)
      #expect(second.heard == [.loading, .reloadFailed(message: "Something went wrong.")])
      #expect(first.heard.count == 3)
      #expect(second.heard.map(\.priority) == [.low, .high])
    }
  }

  @Test("A refresh that landed before a render leaves nothing waiting for the next load")
  func aRefreshSeenOnlyAsItsOutcomeIsForgotten() async {
    await withMainSerialExecutor {
      let lifecycle = ViewLifecycle()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let screen = await screenShowingOne(lifecycle, gate: gate, store: store)
      // The reload runs and lands between two renders: the screen sees loaded, then loaded.
      let refresh = lifecycle.pullToRefresh("screen")
      await yield { gate.pending == 1 }
      gate.succeed(2)
      await refresh?.value
      await render(lifecycle)
      #expect(screen.heard == [.loaded(count: nil)])
      // The next load is an activation's: it is not the person's.
      store.refetch(after: .becameActive, minimumInterval: .zero)
      await yield { gate.pending == 1 }
      await render(lifecycle)
      gate.succeed(3)
      await render(lifecycle)
      #expect(screen.keyed.phase.value == 3)
      #expect(screen.heard == [.loaded(count: nil)])
    }
  }

  @Test("A retry the person taps is announced; the retry of a failed first load too")
  func aTappedRetryIsAnnounced() async {
    await withMainSerialExecutor {
      let lifecycle = ViewLifecycle()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let screen = KeyScreen(
        "screen", key: NumberKey(1, gate: gate), store: store, lifecycle: lifecycle)
      screen.appear()
      await yield { gate.pending == 1 }
      gate.fail(TestError(1))
      await render(lifecycle)
      #expect(screen.heard == [.failed(message: "Something went wrong.")])

      // The failure view's Retry.
      let retry = Task { await screen.controller.retry(screen.actions) }
      await yield { gate.pending == 1 }
      await render(lifecycle)
      #expect(screen.keyed.phase.kind == .retrying)
      gate.succeed(5)
      await retry.value
      await render(lifecycle)
      #expect(
        screen.heard == [.failed(message: "Something went wrong."), .loading, .loaded(count: nil)])
      #expect(screen.heard.map(\.priority) == [.high, .low, .default])
    }
  }

  @Test("A load that app code starts says nothing; a reset that blanks the screen is a first load")
  func appCodeLoadsSayNothing() async {
    await withMainSerialExecutor {
      let gate = Gate<[String]>()
      let loader = AsyncLoader { try await gate.call() }
      let controller = ContentController()
      var heard: [Announcement] = []
      controller.announce = { heard.append($0) }
      let lifecycle = ViewLifecycle()
      let state: @MainActor () -> ContentState = {
        ContentState(
          source: ObjectIdentifier(loader), kind: loader.phase.kind,
          hasBanner: loader.phase.presentation().banner != nil,
          announcement: Announcement.Snapshot(
            loader.phase, isCancellation: loader.lastLoadWasCancelled, message: spoken))
      }
      lifecycle.appear(
        "list", containerHooks(controller, state: state, actions: { LoadActions(loader) }))
      await yield { gate.pending == 1 }
      gate.succeed(["Austria", "Brazil"])
      await render(lifecycle)
      #expect(heard == [.loaded(count: 2)])

      loader.startReload()  // a model's own reload, a timer, a push notification
      await yield { gate.pending == 1 }
      await render(lifecycle)
      gate.succeed(["Austria", "Brazil", "Chile"])
      await render(lifecycle)
      loader.startReload()
      await yield { gate.pending == 1 }
      await render(lifecycle)
      gate.fail(TestError(2))
      await render(lifecycle)
      #expect(loader.phase.kind == .reloadFailed)
      #expect(heard == [.loaded(count: 2)])

      // A reset blanks the screen; the container loads again, and the person waits for it.
      loader.reset()
      await render(lifecycle)
      await yield { gate.pending == 1 }
      await render(lifecycle)
      gate.succeed(["Austria"])
      await render(lifecycle)
      #expect(heard == [.loaded(count: 2), .loaded(count: 1)])
    }
  }

  @Test("A page the reader scrolled to is announced; a page app code loads is not")
  func aPageScrolledToIsAnnounced() async {
    await withMainSerialExecutor {
      let pages = RowGate()
      let loader = PagedLoader<PagedRow, Int> { try await pages.fetch($0) }
      let controller = ContentController()
      var heard: [Announcement] = []
      controller.announce = { heard.append($0) }
      let lifecycle = ViewLifecycle()
      let state: @MainActor () -> ContentState = {
        ContentState(
          source: ObjectIdentifier(loader), kind: loader.phase.kind, hasBanner: false,
          announcement: Announcement.Snapshot(
            loader.phase, hasMore: loader.hasMore, isCancellation: loader.lastLoadWasCancelled,
            message: spoken))
      }
      let paging = { PagingState(kind: loader.phase.kind, hasMore: loader.hasMore) }
      let loadMore: @Sendable () async -> Void = { await loader.loadMore() }
      lifecycle.appear(
        "list", containerHooks(controller, state: state, actions: { LoadActions(paged: loader) }))
      await eventually { pages.pending == 1 }
      pages.succeed(rows(0..<3), next: 3)
      await render(lifecycle)

      // The footer scrolls into view: the next page loads, and its landing is announced.
      var generation = controller.loadMore.generation
      controller.loadMore.footerAppeared(paging(), generation: generation, loadMore: loadMore)
      await eventually { pages.pending == 1 }
      await render(lifecycle)
      pages.succeed(rows(3..<5), next: 5)
      await render(lifecycle)
      controller.loadMore.footerDisappeared(generation: generation)
      #expect(heard == [.loaded(count: 3), .loadingMore, .loadedMore(count: 2)])

      // A page that app code loads (a prefetch) says nothing.
      loader.startLoadMore()
      await eventually { pages.pending == 1 }
      await render(lifecycle)
      pages.succeed(rows(5..<7), next: 7)
      await render(lifecycle)
      #expect(heard.count == 3)

      // A page that fails is announced, and so is its retry and the end of the list.
      generation = controller.loadMore.generation
      controller.loadMore.footerAppeared(paging(), generation: generation, loadMore: loadMore)
      await eventually { pages.pending == 1 }
      await render(lifecycle)
      pages.fail(TestError(3))
      await render(lifecycle)
      controller.loadMore.footerDisappeared(generation: generation)  // the error replaced it
      let retry = Task { await controller.loadMore.retry(loadMore: loadMore) }
      await eventually { pages.pending == 1 }
      await render(lifecycle)
      pages.succeed(rows(7..<8), next: nil)
      await retry.value
      await render(lifecycle)
      #expect(
        Array(heard.dropFirst(3)) == [
          .loadingMore, .loadMoreFailed(message: "Something went wrong."), .loadingMore,
          .endOfList(count: 8),
        ])
    }
  }

  @Test("The value of a key the person chose is announced, over the previous key's value")
  func aChosenKeyIsAwaited() async {
    await withMainSerialExecutor {
      let lifecycle = ViewLifecycle()
      let gate = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let search = KeyScreen(
        "search", key: NumberKey(1, gate: gate), store: store, lifecycle: lifecycle,
        keepsPreviousValue: true)
      search.appear()
      await yield { gate.pending == 1 }
      gate.succeed(10)
      await render(lifecycle)
      search.show(NumberKey(2, gate: gate))  // the previous value stays as a placeholder
      await yield { gate.pending == 1 }
      await render(lifecycle)
      #expect(search.keyed.phase.kind == .reloading)
      gate.succeed(20)
      await render(lifecycle)
      #expect(search.heard == [.loaded(count: nil), .loaded(count: nil)])
      // Back to the first key, cached and fresh: nothing loads, nothing is said.
      search.show(NumberKey(1, gate: gate))
      await render(lifecycle)
      #expect(search.heard.count == 2)
    }
  }
}

@Suite("What a person waits for")
struct AttentionTests {
  private let loaded = Announcement.Snapshot(kind: .loaded, count: 2)
  private let reloading = Announcement.Snapshot(kind: .reloading, count: 2)
  private let landed = Announcement.Snapshot(kind: .loaded, count: 3)

  @Test("Priorities: a failure is high, a landing default, progress low")
  func priorities() {
    let cases: [(Announcement, Announcement.Priority)] = [
      (.loading, .low), (.loadingMore, .low), (.loadingEarlier, .low),
      (.loaded(count: 1), .default), (.loadedMore(count: 1), .default),
      (.endOfList(count: nil), .default), (.loadedEarlier(count: 1), .default),
      (.startOfList(count: 2), .default),
      (.failed(message: ""), .high), (.reloadFailed(message: ""), .high),
      (.loadMoreFailed(message: ""), .high), (.loadPreviousFailed(message: ""), .high),
    ]
    for (announcement, priority) in cases {
      #expect(announcement.priority == priority, "\(announcement)")
    }
    let strings = DefaultStrings(language: "en")
    #expect(strings.announcement(.loading) == "Loading…")
    #expect(strings.announcement(.loadingMore) == "Loading more…")
    #expect(strings.announcement(.loadingEarlier) == "Loading earlier…")
  }

  @Test("A reload nobody started says nothing; one the person started says its start and outcome")
  func whoStartedTheReload() {
    var attention = Attention()
    #expect(attention.announcement(from: loaded, to: reloading) { _ in 0 } == nil)
    #expect(attention.announcement(from: reloading, to: landed) { _ in 0 } == nil)
    attention.personStarted(.content, endedRuns: 0)
    #expect(attention.announcement(from: landed, to: reloading) { _ in 0 } == .loading)
    #expect(attention.isWaiting(for: .content))
    #expect(attention.announcement(from: reloading, to: landed) { _ in 1 } == .loaded(count: 3))
    #expect(!attention.isWaiting(for: .content))
    #expect(attention.announcement(from: landed, to: reloading) { _ in 1 } == nil)
  }

  @Test("The outcome is the person's when it renders after their run ended")
  func anOutcomeAfterTheRunEnded() {
    var attention = Attention()
    attention.personStarted(.content, endedRuns: 4)
    #expect(attention.announcement(from: loaded, to: reloading) { _ in 4 } == .loading)
    let failed = Announcement.Snapshot(kind: .reloadFailed, count: 2, message: "Offline.")
    #expect(
      attention.announcement(from: reloading, to: failed) { _ in 5 }
        == .reloadFailed(message: "Offline."))
  }

  @Test("After the person's run ended unseen, the next load is someone else's")
  func anUnseenRunIsForgotten() {
    var attention = Attention()
    attention.personStarted(.content, endedRuns: 0)
    // The run ended; the screen saw no change. The next change starts a background load.
    #expect(attention.announcement(from: loaded, to: reloading) { _ in 1 } == nil)
    #expect(!attention.isWaiting(for: .content))
    #expect(attention.announcement(from: reloading, to: landed) { _ in 1 } == nil)
  }

  @Test("A first load is awaited whoever started it; a cancel and a return to idle say nothing")
  func firstLoads() {
    var attention = Attention()
    let idle = Announcement.Snapshot(kind: .idle)
    let loading = Announcement.Snapshot(kind: .loading)
    #expect(attention.announcement(from: idle, to: loading) { _ in 0 } == nil)
    #expect(attention.announcement(from: loading, to: landed) { _ in 0 } == .loaded(count: 3))
    #expect(
      attention.announcement(from: loading, to: Announcement.Snapshot(kind: .failed, message: "x"))
      { _ in 0 } == .failed(message: "x"))
    #expect(attention.announcement(from: loading, to: idle) { _ in 0 } == nil)
    attention.personStarted(.content, endedRuns: 0)
    let cancelled = Announcement.Snapshot(kind: .loaded, count: 2, isCancellation: true)
    #expect(attention.announcement(from: reloading, to: cancelled) { _ in 1 } == nil)
    #expect(!attention.isWaiting(for: .content))
  }

  @Test("Each paging end waits on its own; a new source forgets everything")
  func pagingEndsAndSources() {
    var attention = Attention()
    let more = Announcement.Snapshot(kind: .loadingMore, count: 2, hasMore: true)
    let grown = Announcement.Snapshot(kind: .loaded, count: 5, hasMore: true)
    attention.personStarted(.end, endedRuns: 0)
    #expect(!attention.isWaiting(for: .content))
    #expect(attention.announcement(from: loaded, to: more) { _ in 0 } == .loadingMore)
    #expect(attention.announcement(from: more, to: grown) { _ in 1 } == .loadedMore(count: 3))
    attention.personStarted(.start, endedRuns: 0)
    attention.awaitFirstValue()
    attention.reset()
    #expect(Attention.Part.allCases.allSatisfy { !attention.isWaiting(for: $0) })
  }
}
