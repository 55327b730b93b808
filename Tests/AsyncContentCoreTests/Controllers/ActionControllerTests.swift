import AsyncContentCore
import AsyncContentTestSupport
import Testing

@MainActor
@Suite("ActionController", .timeLimit(.minutes(1)))
struct ActionControllerTests {
  @Test func aSecondTapJoinsTheRun() async {
    let gate = OperationGate<Int>()
    let controller = ActionController()
    #expect(controller.start { _ = try? await gate.call() })
    #expect(!controller.start { _ = try? await gate.call() })
    await eventually { gate.pending == 1 }
    #expect(controller.isPerforming)
    gate.succeed(1)
    await controller.waitUntilIdle()
    #expect(!controller.isPerforming)
    #expect(controller.completedRuns == 1)
    #expect(gate.calls == 1)
  }

  @Test func performReturnsWhenTheRunEndsAndCallerCancellationOnlyStopsWaiting() async {
    let gate = OperationGate<Int>()
    let controller = ActionController()
    let waiting = Task { await controller.perform { _ = try? await gate.call() } }
    await eventually { gate.pending == 1 }
    waiting.cancel()  // SwiftUI redraws the refreshable view
    await waiting.value
    #expect(controller.isPerforming, "the run goes on")
    #expect(gate.cancelledCalls == 0)
    let joined = Task { await controller.perform { _ = try? await gate.call() } }
    await drainMainActor()
    gate.succeed(1)
    await joined.value
    #expect(gate.calls == 1)
    #expect(!controller.isPerforming)
  }

  @Test func aRunOutlivesItsController() async {
    let gate = OperationGate<Int>()
    let finished = RunFlag()
    var controller: ActionController? = ActionController()
    controller?.start {
      _ = try? await gate.call()
      await finished.set()
    }
    weak let released = controller
    await eventually { gate.pending == 1 }
    controller = nil  // the button that owned it is gone
    #expect(released == nil)
    gate.succeed(1)
    await eventually { finished.value }
    #expect(gate.cancelledCalls == 0)
  }

  @Test func cancelStopsTheRunAndResumesWaiters() async {
    let gate = OperationGate<Int>()
    let controller = ActionController()
    let waiting = Task { await controller.perform { _ = try? await gate.call() } }
    await eventually { gate.pending == 1 }
    controller.cancel()
    await waiting.value
    #expect(!controller.isPerforming)
    await eventually { gate.cancelledCalls == 1 }
    #expect(controller.completedRuns == 1)
    controller.cancel()  // nothing runs: nothing happens
    #expect(controller.completedRuns == 1)
  }
}

@MainActor
final class RunFlag {
  private(set) var value = false
  func set() { value = true }
}
