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
}

@MainActor
private final class Counter {
  var value = 0
}
