import AsyncContentCore
import AsyncContentTestSupport
import Testing

/// The lifecycle model itself: it must behave as SwiftUI documents, or the controller tests
/// built on it prove nothing.
@MainActor
@Suite("View lifecycle model", .timeLimit(.minutes(1)))
struct ViewLifecycleTests {
  @Test func appearStartsTheTaskAndDisappearCancelsIt() async {
    let gate = OperationGate<Int>()
    let lifecycle = ViewLifecycle()
    var appeared = 0
    var disappeared = 0
    let hooks = ViewHooks()
      .onAppear { appeared += 1 }
      .onDisappear { disappeared += 1 }
      .task { _ = try? await gate.call() }
    lifecycle.appear("view", hooks)
    await eventually { gate.pending == 1 }
    #expect(appeared == 1)
    #expect(lifecycle.isTaskRunning("view"))
    lifecycle.disappear("view")
    await eventually { gate.cancelledCalls == 1 }
    #expect(disappeared == 1)
    #expect(!lifecycle.isVisible("view"))
    #expect(
      lifecycle.events(of: "view") == [.appeared, .taskStarted, .taskCancelled, .disappeared])
    await lifecycle.settle()
  }

  @Test func appearingAgainRunsTheHooksAgain() async {
    let gate = OperationGate<Int>(honorsCancellation: false)
    let lifecycle = ViewLifecycle()
    var appeared = 0
    let hooks = ViewHooks().onAppear { appeared += 1 }.task { _ = try? await gate.call() }
    lifecycle.appear("view", hooks)
    await eventually { gate.pending == 1 }
    gate.succeed(1)
    await eventually { !lifecycle.isTaskRunning("view") }
    lifecycle.disappear("view")
    lifecycle.appear("view", hooks)
    await eventually { gate.pending == 1 }
    #expect(appeared == 2)
    #expect(gate.calls == 2)
    gate.succeed(2)
    await lifecycle.settle()
  }

  @Test func aBranchSwapCancelsTheOldBranchsTask() async {
    let gate = OperationGate<Int>()
    let lifecycle = ViewLifecycle()
    lifecycle.appear("idle", ViewHooks().task { _ = try? await gate.call() })
    await eventually { gate.pending == 1 }
    lifecycle.swapBranch(from: "idle", to: "loading")
    await eventually { gate.cancelledCalls == 1 }
    #expect(lifecycle.isVisible("loading"))
    #expect(!lifecycle.isVisible("idle"))
    await lifecycle.settle()
  }

  @Test func aRenderRunsOnChangeAndRestartsATaskWithANewIdentity() async {
    let gate = OperationGate<Int>()
    let lifecycle = ViewLifecycle()
    let source = Counter()
    var changes: [[Int]] = []
    lifecycle.appear(
      "view",
      ViewHooks()
        .onChange(of: { source.value }) { old, new in changes.append([old, new]) }
        .task(id: { source.value }) { _ = try? await gate.call() })
    await eventually { gate.pending == 1 }
    lifecycle.render()  // nothing changed: nothing happens
    #expect(changes.isEmpty)
    source.value = 1
    lifecycle.render()
    await eventually { gate.cancelledCalls == 1 && gate.pending == 1 }
    #expect(changes == [[0, 1]])
    #expect(gate.calls == 2)
    lifecycle.disappear("view")
    await lifecycle.settle()
  }

  @Test func aRedrawDuringPullToRefreshCancelsTheRefreshTask() async {
    let gate = OperationGate<Int>()
    let lifecycle = ViewLifecycle()
    lifecycle.appear("list", ViewHooks().refreshable { _ = try? await gate.call() })
    #expect(lifecycle.pullToRefresh("missing") == nil)
    lifecycle.pullToRefresh("list")
    await eventually { gate.pending == 1 }
    #expect(lifecycle.isRefreshing)
    lifecycle.redrawDuringRefresh()
    await eventually { gate.cancelledCalls == 1 }
    #expect(!lifecycle.isRefreshing)
    lifecycle.pullToRefresh("list")
    await eventually { gate.pending == 1 }
    gate.succeed(1)
    await lifecycle.settle()
    #expect(lifecycle.events(of: "list").suffix(2) == [.refreshStarted, .refreshFinished])
  }

  @Test func aCoveredViewDisappearsAndStillRunsItsOnChange() async {
    let gate = OperationGate<Int>()
    let lifecycle = ViewLifecycle()
    let source = Counter()
    var appeared = 0
    var disappeared = 0
    var changes: [[Int]] = []
    let hooks = ViewHooks()
      .onAppear { appeared += 1 }
      .onDisappear { disappeared += 1 }
      .onChange(of: { source.value }) { old, new in changes.append([old, new]) }
      .task { _ = try? await gate.call() }
    lifecycle.appear("screen", hooks)
    await eventually { gate.pending == 1 }

    lifecycle.cover("screen")  // a screen is pushed over it
    await eventually { gate.cancelledCalls == 1 }
    #expect(disappeared == 1)
    #expect(!lifecycle.isVisible("screen"))
    #expect(lifecycle.isCovered("screen"))
    source.value = 1
    lifecycle.render()  // still alive: its onChange runs, its task stays cancelled
    #expect(changes == [[0, 1]])
    #expect(!lifecycle.isTaskRunning("screen"))

    lifecycle.appear("screen", hooks)  // popped back
    await eventually { gate.pending == 1 }
    #expect(appeared == 2)
    #expect(!lifecycle.isCovered("screen"))
    lifecycle.render()  // the values it compares were kept: nothing changed
    #expect(changes == [[0, 1]])
    #expect(
      lifecycle.events(of: "screen") == [
        .appeared, .taskStarted, .taskCancelled, .disappeared, .changed, .appeared, .taskStarted,
      ])
    lifecycle.disappear("screen")
    await lifecycle.settle()
  }

  @Test func aNewIdentityReplacesTheViewAtTheLayoutAndOnlyOnScreen() async {
    let lifecycle = ViewLifecycle()
    let source = Counter()
    var appeared: [Int] = []
    var disappeared = 0
    let hooks = ViewHooks()
      .onAppear { appeared.append(source.value) }
      .onDisappear { disappeared += 1 }
      .id { source.value }
    lifecycle.appear("footer", hooks)
    source.value = 1
    lifecycle.render()  // the update: nothing is delivered yet
    #expect(disappeared == 0)
    lifecycle.layout()  // on screen: the new view appears in place of the old one
    #expect(disappeared == 1)
    #expect(appeared == [0, 1])
    #expect(lifecycle.isVisible("footer"))

    source.value = 2
    lifecycle.render()
    lifecycle.layout(offScreen: ["footer"])  // laid out off screen: the new view is not shown
    #expect(disappeared == 2)
    #expect(appeared == [0, 1])
    #expect(!lifecycle.isVisible("footer"))
    lifecycle.appear("footer", hooks)  // the reader scrolls to it
    #expect(appeared == [0, 1, 2])

    lifecycle.appear("row", ViewHooks().onDisappear { disappeared += 1 })
    lifecycle.layout(offScreen: ["row"])  // a row the layout pushed away
    #expect(!lifecycle.isVisible("row"))
    #expect(disappeared == 3)
    #expect(lifecycle.isVisible("footer"))
  }
}

@MainActor
private final class Counter {
  var value = 0
}
