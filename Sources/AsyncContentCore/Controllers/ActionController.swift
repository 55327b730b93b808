import Observation

/// The owner of one async action at a time: the work a tap, a pull-to-refresh or an appearance
/// starts, which must finish even when the view that started it goes away. A second start
/// joins the run; a waiter's cancellation ends only its waiting; only ``cancel()`` stops a run.
@MainActor
@Observable
package final class ActionController: WaitingCallers {
  /// Whether an action runs.
  package private(set) var isPerforming = false
  /// How many runs have ended, returned or cancelled.
  package private(set) var completedRuns = 0

  @ObservationIgnored private var task: Task<Void, Never>?
  @ObservationIgnored private var generation: UInt64 = 0
  @ObservationIgnored @usableFromInline var waiters = Waiters()

  /// Creates a controller that runs nothing yet.
  package init() {}

  /// Starts `action` in a task the controller owns, or joins the run in progress; returns
  /// `true` when a run started.
  @discardableResult
  package func start(_ action: @escaping @Sendable () async -> Void) -> Bool {
    guard task == nil else { return false }
    generation &+= 1
    let generation = generation
    isPerforming = true
    task = Task { [weak self] in
      await action()
      self?.finish(generation)
    }
    return true
  }

  /// Starts `action`, or joins the run in progress, and returns when the run ends; cancelling
  /// the caller ends only the waiting.
  package func perform(_ action: @escaping @Sendable () async -> Void) async {
    start(action)
    await waitUntilIdle()
  }

  /// Returns when no run is in progress, or at once when the calling task is cancelled.
  package func waitUntilIdle() async {
    guard isPerforming else { return }
    await waitForSettlement()
  }

  /// Cancels the run in progress: its task is cancelled, the controller is idle at once, and
  /// callers waiting in ``perform(_:)`` resume.
  package func cancel() {
    guard let task else { return }
    task.cancel()
    end()
  }

  private func finish(_ generation: UInt64) {
    guard generation == self.generation, task != nil else { return }
    end()
  }

  private func end() {
    task = nil
    isPerforming = false
    completedRuns += 1
    waiters.resumeAll()
  }
}
