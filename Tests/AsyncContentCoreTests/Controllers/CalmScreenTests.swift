import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Foundation
import Testing

// What a person sees over time, at the level the views work: a real `AsyncLoader` whose
// operation takes its time on a `TestClock`, the `ContentController` the SwiftUI container
// creates, and the lifecycle model that forwards appear and change events as SwiftUI does. The
// screen is read the way `ContentContainer` renders it: the loader's phase, presented through
// the controller's `display(for:)`.

/// A change of what the screen shows, in milliseconds since the view appeared.
private struct Shown: Equatable, CustomStringConvertible {
  var at: Int
  var what: String
  init(_ at: Int, _ what: String) {
    self.at = at
    self.what = what
  }
  var description: String { "\(at) ms: \(what)" }
}

/// A screen over one loader, wired as the SwiftUI container wires it.
@MainActor
private final class CalmScreen<Value: Sendable> {
  let clock: TestClock<Duration>
  let loader: AsyncLoader<Value>
  let controller: ContentController
  let lifecycle = ViewLifecycle()
  /// The app-wide timing, as the SwiftUI environment's `asyncProgressTiming` gives it.
  var appTiming = ProgressTiming.default
  private(set) var announced: [Announcement] = []

  init(clock: TestClock<Duration>, loader: AsyncLoader<Value>) {
    self.clock = clock
    self.loader = loader
    self.controller = ContentController(clock: clock)
    controller.announce = { [weak self] in self?.announced.append($0) }
  }

  /// The state the container forwards, as `ContentContainer` computes it.
  func state() -> ContentState {
    let phase = loader.phase
    return ContentState(
      source: ObjectIdentifier(loader), kind: phase.kind,
      hasBanner: phase.presentation().banner != nil,
      progressTiming: loader.progressTiming ?? appTiming,
      announcement: Announcement.Snapshot(
        phase, isCancellation: loader.lastLoadWasCancelled,
        message: { DefaultStrings(language: "en").message(for: $0) }))
  }

  /// What the screen shows now: "nothing" while a first load is within its delay, else the
  /// branch of the presentation ("idle", "loading", "content", "failure").
  var shows: String {
    let display = controller.display(for: state())
    if display == .nothing { return "nothing" }
    return branch(loader.phase.presentation(progress: display))
  }

  func appear() async {
    lifecycle.appear(
      "list",
      containerHooks(controller, state: { self.state() }, actions: { LoadActions(self.loader) }))
    await drainMainActor()
  }

  /// Moves the clock from 0 to `end` ms in steps of 10 ms, runs `events` at their times,
  /// renders, and records what shows each time it changes.
  func timeline(until end: Int, _ events: [Int: @MainActor () -> Void] = [:]) async -> [Shown] {
    var changes: [Shown] = []
    for time in stride(from: 0, through: end, by: 10) {
      if time > 0 { await clock.advanceAndDrain(by: .milliseconds(10)) }
      events[time]?()
      await drainMainActor()
      // The frame reads the state before `onChange` runs, as SwiftUI's body does.
      let frame = shows
      lifecycle.render()
      #expect(shows == frame, "the update after a frame must not change that frame (\(time) ms)")
      if changes.last?.what != frame { changes.append(Shown(time, frame)) }
    }
    return changes
  }
}

/// A loader whose load takes `milliseconds` on `clock`, then returns `value` (or throws).
@MainActor
private func slowLoader<Value: Sendable>(
  _ clock: TestClock<Duration>, _ milliseconds: Int, _ result: Result<Value, TestError>
) -> AsyncLoader<Value> {
  AsyncLoader(clock: clock) { [clock] in
    try await clock.sleep(for: .milliseconds(milliseconds))
    return try result.get()
  }
}

@MainActor
@Suite(
  "A calm screen: a loader and the controller the views use", .serialized, .timeLimit(.minutes(1)))
struct CalmScreenTests {
  @Test("A 10 ms load shows no spinner and no placeholder at all")
  func aTenMillisecondLoad() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let screen = CalmScreen(clock: clock, loader: slowLoader(clock, 10, .success(["Austria"])))
      await screen.appear()
      let shown = await screen.timeline(until: 1_000)
      #expect(shown == [Shown(0, "nothing"), Shown(10, "content")])
    }
  }

  @Test("A 200 ms load shows progress from 150 ms, for at least 400 ms")
  func a200MillisecondLoad() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let screen = CalmScreen(clock: clock, loader: slowLoader(clock, 200, .success(["Austria"])))
      await screen.appear()
      let shown = await screen.timeline(until: 1_000)
      #expect(shown == [Shown(0, "nothing"), Shown(150, "loading"), Shown(550, "content")])
      #expect(screen.loader.phase.kind == .loaded)  // the value landed at 200 ms, held back
    }
  }

  @Test("A 2 s load shows progress from 150 ms until it lands")
  func aTwoSecondLoad() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let screen = CalmScreen(clock: clock, loader: slowLoader(clock, 2_000, .success(["Austria"])))
      await screen.appear()
      let shown = await screen.timeline(until: 2_500)
      #expect(shown == [Shown(0, "nothing"), Shown(150, "loading"), Shown(2_000, "content")])
    }
  }

  @Test("A cancel during the delay shows no progress, ever")
  func aCancelDuringTheDelay() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let screen = CalmScreen(clock: clock, loader: slowLoader(clock, 2_000, .success(["Austria"])))
      await screen.appear()
      let shown = await screen.timeline(until: 1_000, [50: { screen.loader.cancel() }])
      #expect(shown == [Shown(0, "nothing"), Shown(50, "idle")])
      #expect(screen.controller.progress.state == .passing)
      #expect(screen.announced.isEmpty)
    }
  }

  @Test("A failure during the minimum display shows when the minimum ends")
  func aFailureDuringTheMinimumDisplay() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let screen = CalmScreen(
        clock: clock,
        loader: slowLoader(clock, 300, Result<[String], TestError>.failure(TestError(7))))
      await screen.appear()
      let shown = await screen.timeline(until: 1_000)
      #expect(shown == [Shown(0, "nothing"), Shown(150, "loading"), Shown(550, "failure")])
      #expect(screen.announced == [.failed(message: "Something went wrong.")])
    }
  }

  @Test("A reload and a retry are never delayed or held")
  func reloadsAreNeverDelayed() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let screen = CalmScreen(clock: clock, loader: slowLoader(clock, 200, .success(["Austria"])))
      await screen.appear()
      _ = await screen.timeline(until: 600)
      screen.controller.loads.start(LoadActions(screen.loader).reload)
      let shown = await screen.timeline(until: 400)
      #expect(shown == [Shown(0, "content")])  // the list stays; the refresh control spins
      #expect(screen.loader.phase.kind == .loaded)
    }
  }

  @Test("A loader's own timing wins over the app's; the app's applies otherwise")
  func timingPerLoaderAndAppWide() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let own = CalmScreen(clock: clock, loader: slowLoader(clock, 200, .success(["Austria"])))
      own.loader.progressTiming = .immediate
      own.appTiming = ProgressTiming(
        progressDelay: .seconds(1), minimumProgressDuration: .seconds(1))
      await own.appear()
      #expect(await own.timeline(until: 300) == [Shown(0, "loading"), Shown(200, "content")])

      let appWide = CalmScreen(clock: clock, loader: slowLoader(clock, 200, .success(["Austria"])))
      appWide.appTiming = ProgressTiming(
        progressDelay: .milliseconds(50), minimumProgressDuration: .milliseconds(300))
      await appWide.appear()
      #expect(
        await appWide.timeline(until: 500)
          == [Shown(0, "nothing"), Shown(50, "loading"), Shown(350, "content")])
    }
  }

  @Test("A view that appears while its first load runs starts the delay then")
  func appearingDuringAFirstLoad() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let screen = CalmScreen(clock: clock, loader: slowLoader(clock, 100, .success(["Austria"])))
      screen.loader.startLoad()  // an app model started it before the screen came up
      await clock.advanceAndDrain(by: .milliseconds(60))
      await screen.appear()
      // Lands 40 ms after the screen came up: within the delay, so nothing flashes.
      #expect(await screen.timeline(until: 500) == [Shown(0, "nothing"), Shown(40, "content")])
    }
  }

  @Test("Announcements: loaded, a pulled refresh that fails, silence for a cancel and off screen")
  func announcementsThroughTheControllerHook() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<[String]>()
      let screen = CalmScreen(
        clock: clock, loader: AsyncLoader(clock: clock) { try await gate.call() })
      await screen.appear()
      gate.succeed(["Austria", "Brazil"])
      await drainMainActor()
      screen.lifecycle.render()
      #expect(screen.announced == [.loaded(count: 2)])

      let cancelled = screen.lifecycle.pullToRefresh("list")
      await drainMainActor()
      screen.lifecycle.render()
      screen.loader.cancel()  // reloading → loaded with the same value: says nothing
      await cancelled?.value
      screen.lifecycle.render()
      #expect(screen.loader.lastLoadWasCancelled)
      #expect(screen.announced == [.loaded(count: 2), .loading])

      let refresh = screen.lifecycle.pullToRefresh("list")
      await drainMainActor()
      screen.lifecycle.render()
      gate.fail(TestError(3))
      await refresh?.value
      screen.lifecycle.render()
      #expect(
        screen.announced == [
          .loaded(count: 2), .loading, .loading, .reloadFailed(message: "Something went wrong."),
        ])

      screen.lifecycle.disappear("list")
      screen.loader.startReload()
      await drainMainActor()
      gate.succeed(["Austria"])
      await drainMainActor()
      screen.lifecycle.render()
      #expect(screen.announced.count == 4)  // nobody sees the screen: nothing is announced
    }
  }

  @Test("A paged list announces the pages the reader scrolls to and the end of the list")
  func pagedAnnouncements() async {
    await withMainSerialExecutor {
      let pages = RowGate()
      let loader = PagedLoader<PagedRow, Int> { try await pages.fetch($0) }
      let controller = ContentController()
      var announced: [Announcement] = []
      controller.announce = { announced.append($0) }
      let lifecycle = ViewLifecycle()
      let state: @MainActor @Sendable () -> ContentState = {
        ContentState(
          source: ObjectIdentifier(loader), kind: loader.phase.kind, hasBanner: false,
          announcement: Announcement.Snapshot(
            loader.phase, hasMore: loader.hasMore, isCancellation: loader.lastLoadWasCancelled))
      }
      let loadMore: @Sendable () async -> Void = { await loader.loadMore() }
      lifecycle.appear(
        "list", containerHooks(controller, state: state, actions: { LoadActions(paged: loader) }))
      await eventually { pages.pending == 1 }
      pages.succeed(rows(0..<3), next: 3)
      await drainMainActor()
      lifecycle.render()
      for (page, next) in [(3..<5, 5), (5..<6, nil)] {
        // The footer comes into view, its page lands, and it scrolls away.
        let generation = controller.loadMore.generation
        controller.loadMore.footerAppeared(
          PagingState(kind: loader.phase.kind, hasMore: loader.hasMore), generation: generation,
          loadMore: loadMore)
        await eventually { pages.pending == 1 }
        lifecycle.render()
        pages.succeed(rows(page), next: next)
        await drainMainActor()
        lifecycle.render()
        controller.loadMore.footerDisappeared(generation: generation)
      }
      #expect(
        announced == [
          .loaded(count: 3), .loadingMore, .loadedMore(count: 2), .loadingMore,
          .endOfList(count: 6),
        ])
    }
  }
}

@MainActor
@Suite("Freshness and cancellation on the loaders", .serialized, .timeLimit(.minutes(1)))
struct LoaderFreshnessTests {
  @Test("loadedDate dates each landing on the injected wall clock, beside loadedAt")
  func loadedDateFollowsTheWallClock() async {
    let clock = TestClock()
    let gate = Gate<String>()
    let loader = AsyncLoader(clock: clock) { try await gate.call() }
    var now = Date(timeIntervalSince1970: 1_700_000_000)
    loader.wallClock = { now }
    #expect(loader.loadedDate == nil)
    let load = Task { await loader.load() }
    await eventually { gate.pending == 1 }
    gate.succeed("A")
    await load.cancellableValue
    #expect(loader.loadedDate == now)
    #expect(loader.loadedAt == loader.clock.now)

    now += 90
    await clock.advance(by: .seconds(90))
    let reload = Task { await loader.reload() }
    await eventually { gate.pending == 1 }
    gate.fail(TestError(1))
    await reload.cancellableValue
    #expect(loader.loadedDate == now - 90)  // a failed reload keeps the value and its date
    #expect(
      DefaultStrings(language: "en").showingData(loadedAt: loader.loadedDate!, now: now)
        == "Showing data from 1 min ago")

    let again = Task { await loader.reload() }
    await eventually { gate.pending == 1 }
    gate.succeed("B")
    await again.cancellableValue
    #expect(loader.loadedDate == now)
    loader.reset()
    #expect(loader.loadedDate == nil)
    #expect(AsyncLoader(phase: .loaded("Preview")) { "X" }.loadedDate != nil)
  }

  @Test("The paged loader dates its first page, and a page appended keeps the date")
  func pagedLoadedDate() async {
    let pages = RowGate()
    let loader = PagedLoader<PagedRow, Int> { try await pages.fetch($0) }
    let first = Date(timeIntervalSince1970: 1_700_000_000)
    loader.wallClock = { first }
    let load = Task { await loader.load() }
    await eventually { pages.pending == 1 }
    pages.succeed(rows(0..<3), next: 3)
    await load.cancellableValue
    #expect(loader.loadedDate == first)
    loader.wallClock = { first + 60 }
    let more = Task { await loader.loadMore() }
    await eventually { pages.pending == 1 }
    pages.succeed(rows(3..<6), next: nil)
    await more.cancellableValue
    #expect(loader.loadedDate == first)
  }

  @Test("lastLoadWasCancelled tells a cancelled load from one that landed or failed")
  func lastLoadWasCancelled() async {
    let gate = Gate<String>()
    let loader = AsyncLoader { try await gate.call() }
    let load = Task { await loader.load() }
    await eventually { gate.pending == 1 }
    #expect(!loader.lastLoadWasCancelled)
    gate.succeed("A")
    await load.cancellableValue
    #expect(!loader.lastLoadWasCancelled)
    loader.startReload()
    #expect(!loader.lastLoadWasCancelled)
    loader.cancel()
    #expect(loader.lastLoadWasCancelled)
    let reload = Task { await loader.reload() }
    await eventually { gate.pending == 1 }
    #expect(!loader.lastLoadWasCancelled)
    gate.fail(TestError(1))
    await reload.cancellableValue
    #expect(!loader.lastLoadWasCancelled)
    let selfCancelled = Task { await loader.reload() }
    await eventually { gate.pending == 1 }
    gate.fail(CancellationError())  // the operation reports cancellation on its own
    await selfCancelled.cancellableValue
    #expect(loader.lastLoadWasCancelled)
    #expect(loader.phase.kind == .loaded)  // a cancelled reload returns to the value
  }
}

@Suite("What the screen shows before and after its controller decides")
struct ProgressDisplayTests {
  @Test("A presentation under each display")
  func presentationsUnderEachDisplay() {
    let landed = LoadPhase<[String], TestError>.loaded(["Austria"])
    #expect(landed.presentation(progress: .source) == landed.presentation())
    #expect(landed.presentation(progress: .nothing) == Presentation(body: .idle))
    #expect(landed.presentation(progress: .progress) == Presentation(body: .progress))
    #expect(
      landed.presentation(placeholder: ["▒▒▒"], progress: .progress)
        == Presentation(body: .content(["▒▒▒"], isPlaceholder: true)))
    let paged = PagedPhase<[Int], TestError>.loaded([1, 2])
    #expect(paged.presentation(hasMore: true, progress: .progress).footer == .none)
  }

  @Test("A renderer without a controller yet shows what a new controller would")
  func initialDisplay() {
    #expect(ProgressController.initialDisplay(for: .loading, timing: .default) == .nothing)
    #expect(ProgressController.initialDisplay(for: .loading, timing: .immediate) == .source)
    #expect(ProgressController.initialDisplay(for: .loaded, timing: .default) == .source)
    #expect(ProgressController.initialDisplay(for: .idle, timing: .default) == .source)
    #expect(ProgressDisplay(.holdingProgress(end: .init(offset: .zero))) == .progress)
  }
}

@Suite("When an age's text changes")
struct RelativeAgeScheduleTests {
  private let loaded = Date(timeIntervalSince1970: 1_700_000_000)

  @Test(arguments: [
    (0.0, 10.0), (3, 10), (9.99, 10), (10, 11), (12.5, 13), (59.2, 60), (60, 120),
    (200, 240), (3_599, 3_600), (3_600, 7_200), (7_300, 10_800), (86_400, 172_800),
    (-30, 10),
  ])
  func theNextChange(_ age: Double, _ next: Double) {
    let now = loaded.addingTimeInterval(age)
    let change = RelativeAge.nextChange(since: loaded, after: now)
    #expect(change == loaded.addingTimeInterval(next))
    #expect(change > now)
    // The text really changes there, and not a moment before.
    let strings = DefaultStrings(language: "en")
    let before = change.addingTimeInterval(-0.001)
    if age >= 0 {
      #expect(strings.updated(at: loaded, now: before) == strings.updated(at: loaded, now: now))
    }
    #expect(strings.updated(at: loaded, now: change) != strings.updated(at: loaded, now: before))
  }
}

@Suite("Announcement snapshots")
struct AnnouncementSnapshotTests {
  @Test("A presentation gives the count, the error and whether more pages exist")
  func fromAPresentation() {
    let message: (TestError) -> String = { "error \($0.id)" }
    let content = PagedPhase<[Int], TestError>.loaded([1, 2, 3])
    #expect(
      Announcement.Snapshot(content.presentation(hasMore: true), kind: .loaded, message: message)
        == .init(kind: .loaded, count: 3, hasMore: true))
    #expect(
      Announcement.Snapshot(content.presentation(hasMore: false), kind: .loaded, message: message)
        == .init(kind: .loaded, count: 3, hasMore: false))
    let footer = PagedPhase<[Int], TestError>.loadMoreFailed([1], TestError(2))
    #expect(
      Announcement.Snapshot(
        footer.presentation(hasMore: true), kind: .loadMoreFailed, message: message)
        == .init(kind: .loadMoreFailed, count: 1, message: "error 2", hasMore: true))
    let failed = LoadPhase<[Int], TestError>.failed(TestError(4))
    #expect(
      Announcement.Snapshot(failed.presentation(), kind: .failed, message: message)
        == .init(kind: .failed, message: "error 4"))
    #expect(
      Announcement.Snapshot(
        LoadPhase<[Int], TestError>.loaded([]).presentation(), kind: .loaded, message: message
      )
      .count == 0)
  }

  @Test("Snapshots decide as phases do")
  func snapshotsDecideAsPhases() {
    let before = LoadPhase<[Int], TestError>.reloading([1])
    let after = LoadPhase<[Int], TestError>.reloadFailed([1], TestError(1))
    #expect(
      Announcement(from: Announcement.Snapshot(before), to: Announcement.Snapshot(after))
        == Announcement(from: before, to: after))
    #expect(
      Announcement(
        from: Announcement.Snapshot(kind: .reloading, count: 1),
        to: Announcement.Snapshot(kind: .loaded, count: 1, isCancellation: true)) == nil)
  }
}
