import Observation

/// The owner of one async action at a time: the work a tap, a pull-to-refresh or an appearance
/// starts, which must finish even when the view that started it goes away.
///
/// SwiftUI cancels a view's `.task` when the view leaves the hierarchy, and a button is often
/// replaced by the very work it starts (a Retry button by a spinner, a banner by the reload it
/// asked for). So a view never runs such work itself: it forwards the event to a controller, and
/// the controller runs the action in a task it owns and exposes ``isPerforming`` for the view
/// to render.
///
/// - **One run at a time.** ``start(_:)`` while a run is in progress joins it: a second tap does
///   not start the work twice.
/// - **Waiting is not owning.** ``perform(_:)`` starts or joins and returns when the run ends;
///   when the caller's task is cancelled (SwiftUI redrawing a refreshable view), only the waiting
///   stops and the run goes on.
/// - **It outlives its view.** Releasing the controller does not cancel a run that started: the
///   tap's work runs to its end. Only ``cancel()`` stops it.
///
/// ```swift
/// @State private var save = ActionController()
///
/// Button("Save") { save.start { await model.save() } }
///   .disabled(save.isPerforming)
/// ```
@MainActor
@Observable
package final class ActionController: WaitingCallers {
  /// Whether an action runs.
  package private(set) var isPerforming = false
  /// How many runs have ended, returned or cancelled: a view that reacts to the end of a run
  /// observes it.
  package private(set) var completedRuns = 0

  @ObservationIgnored private var task: Task<Void, Never>?
  @ObservationIgnored private var generation: UInt64 = 0
  @ObservationIgnored var waiters = Waiters()

  /// Creates a controller that runs nothing yet.
  package init() {}

  /// Starts `action` in a task the controller owns, or joins the run in progress.
  ///
  /// The action is not cancelled when the caller's view disappears; see ``cancel()``.
  ///
  /// - Parameter action: The work to run.
  /// - Returns: `true` when a run started, `false` when one was in progress (the call joined it
  ///   and `action` does not run).
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

  /// Starts `action`, or joins the run in progress, and returns when the run ends.
  ///
  /// Cancelling the calling task ends only the waiting: the run goes on. This is what a
  /// `.refreshable` action awaits, so the refresh control spins exactly as long as the run.
  ///
  /// ```swift
  /// .refreshable { await refresh.perform { await model.reload() } }
  /// ```
  ///
  /// - Parameter action: The work to run when no run is in progress.
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
