/// A small model of the SwiftUI view lifecycle: the events that decide whether async work a
/// view starts survives, so a screen's controllers can be tested on any platform.
///
/// SwiftUI does not run on Linux, and type-checking cannot see lifecycle. This model keeps the
/// rules that matter, as Apple documents them for `task(priority:_:)`, `task(id:priority:_:)`,
/// `onAppear(perform:)`, `onDisappear(perform:)`, `onChange(of:initial:_:)` and
/// `refreshable(action:)`:
/// - **appear** runs the view's `onAppear`, then starts its `.task` action in a new task that
///   inherits the main actor;
/// - **disappear** runs `onDisappear` and cancels the view's task;
/// - **a branch swap** (a phase change that replaces one view with another) is a disappear of
///   the old branch and an appear of the new one: the old branch's task is cancelled;
/// - **a render** re-reads every `onChange` value and `.task(id:)` identity of the visible views:
///   a changed value calls its `onChange` action, a changed identity cancels the task and starts
///   it again;
/// - **pull-to-refresh** runs the `refreshable` action in a task that the refresh control
///   awaits, and **a redraw during the refresh** cancels that task;
/// - **appearing again** runs `onAppear` and starts `.task` again, whatever ran before.
///
/// What it leaves out: layout, animation, and the exact frame on which SwiftUI calls each hook.
/// A controller that is correct here must not depend on the order of `onAppear` and the first
/// `onChange`; test both orders with ``appear(_:_:)`` and ``render()``.
///
/// ```swift
/// let lifecycle = ViewLifecycle()
/// let gate = OperationGate<String>()
/// lifecycle.appear("idle", ViewHooks().task { _ = try? await gate.call() })
/// await eventually { gate.pending == 1 }
/// lifecycle.swapBranch(from: "idle", to: "loading")  // the load replaced the idle view…
/// await eventually { gate.cancelledCalls == 1 }        // …and cancelled the load it started
/// ```
@MainActor
public final class ViewLifecycle {
  /// Something that happened to a view.
  public struct Event: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
      /// The view appeared: its `onAppear` ran.
      case appeared
      /// The view disappeared: its `onDisappear` ran and its task was cancelled.
      case disappeared
      /// The view's `.task` action started.
      case taskStarted
      /// The view's task was cancelled (disappear, or a new `.task(id:)` identity).
      case taskCancelled
      /// The view's `.task` action returned.
      case taskFinished
      /// An `onChange` action ran.
      case changed
      /// A pull-to-refresh started the view's `refreshable` action.
      case refreshStarted
      /// A redraw cancelled the running refresh action's task.
      case refreshCancelled
      /// The refresh action returned: the refresh control stopped.
      case refreshFinished
    }

    /// What happened.
    public var kind: Kind
    /// The view it happened to.
    public var view: String

    /// Creates an event.
    public init(_ kind: Kind, _ view: String) {
      self.kind = kind
      self.view = view
    }

    public var description: String { "\(view): \(kind.rawValue)" }
  }

  private struct Mounted {
    var hooks: ViewHooks
    var task: Task<Void, Never>?
    var taskGeneration = 0
    var taskIdentity: AnyHashable?
    var changeValues: [AnyHashable]
  }

  /// Everything that happened, oldest first.
  public private(set) var events: [Event] = []
  private var mounted: [String: Mounted] = [:]
  private var refreshTask: Task<Void, Never>?
  private var refreshGeneration = 0
  private var refreshingView: String?
  private var started: [Task<Void, Never>] = []

  /// Creates a lifecycle with no view on screen.
  public init() {}

  /// Whether `view` is on screen.
  public func isVisible(_ view: String) -> Bool { mounted[view] != nil }

  /// Whether the task of `view` runs (started, neither finished nor cancelled).
  public func isTaskRunning(_ view: String) -> Bool { mounted[view]?.task != nil }

  /// Whether a refresh action runs: the refresh control spins.
  public var isRefreshing: Bool { refreshTask != nil }

  /// The events of `view`, oldest first.
  public func events(of view: String) -> [Event.Kind] {
    events.filter { $0.view == view }.map(\.kind)
  }

  /// `view` appears with `hooks`: `onAppear` runs, then the `.task` action starts.
  ///
  /// Appearing again (after a disappear) runs both again, as SwiftUI does.
  public func appear(_ view: String, _ hooks: ViewHooks = ViewHooks()) {
    if mounted[view] != nil { disappear(view) }
    mounted[view] = Mounted(
      hooks: hooks, taskIdentity: hooks.taskIdentity?(),
      changeValues: hooks.changes.map { $0.read() })
    events.append(Event(.appeared, view))
    hooks.onAppear?()
    if mounted[view] != nil { startTask(of: view) }
  }

  /// `view` leaves the hierarchy: `onDisappear` runs and its task is cancelled.
  public func disappear(_ view: String) {
    guard let leaving = mounted.removeValue(forKey: view) else { return }
    if let task = leaving.task {
      task.cancel()
      events.append(Event(.taskCancelled, view))
    }
    if refreshingView == view { redrawDuringRefresh() }
    events.append(Event(.disappeared, view))
    leaving.hooks.onDisappear?()
  }

  /// A phase change replaces the branch `old` with the branch `new`: `old` disappears (its task
  /// is cancelled), then `new` appears with `hooks`.
  public func swapBranch(from old: String, to new: String, _ hooks: ViewHooks = ViewHooks()) {
    disappear(old)
    appear(new, hooks)
  }

  /// A render: every visible view's `onChange` values and `.task(id:)` identity are read
  /// again. A value that changed runs its action with the old and the new value; an identity
  /// that changed cancels the task and starts it again.
  public func render() {
    for view in mounted.keys.sorted() {
      guard var state = mounted[view] else { continue }
      let values = state.hooks.changes.map { $0.read() }
      let identity = state.hooks.taskIdentity?()
      let changed = zip(state.changeValues, values).enumerated().filter {
        $0.element.0 != $0.element.1
      }
      state.changeValues = values
      let restarts = state.hooks.taskIdentity != nil && identity != state.taskIdentity
      state.taskIdentity = identity
      mounted[view] = state
      for (index, (old, new)) in changed {
        events.append(Event(.changed, view))
        state.hooks.changes[index].action(old, new)
      }
      if restarts, mounted[view] != nil {
        if let task = mounted[view]?.task {
          task.cancel()
          events.append(Event(.taskCancelled, view))
        }
        startTask(of: view)
      }
    }
  }

  /// The user pulls `view` to refresh: its `refreshable` action runs in a new task, and the
  /// refresh control spins until the action returns.
  ///
  /// - Returns: The refresh task, or `nil` when `view` has no `refreshable` action.
  @discardableResult
  public func pullToRefresh(_ view: String) -> Task<Void, Never>? {
    guard let action = mounted[view]?.hooks.refreshable else { return nil }
    refreshGeneration += 1
    let generation = refreshGeneration
    refreshingView = view
    events.append(Event(.refreshStarted, view))
    let task = Task { @MainActor [weak self] in
      await action()
      self?.refreshEnded(generation: generation)
    }
    refreshTask = task
    started.append(task)
    return task
  }

  /// The view redraws while the refresh runs, and SwiftUI cancels the refresh action's task.
  public func redrawDuringRefresh() {
    guard let task = refreshTask, let view = refreshingView else { return }
    task.cancel()
    refreshTask = nil
    refreshingView = nil
    events.append(Event(.refreshCancelled, view))
  }

  /// Waits until every task the lifecycle started has returned (cancelled ones included).
  ///
  /// End every pending gate call first: a task that waits on a gate never returns.
  public func settle() async {
    while let task = started.first {
      started.removeFirst()
      await task.value
    }
  }

  private func startTask(of view: String) {
    guard var state = mounted[view], let action = state.hooks.task else { return }
    state.taskGeneration += 1
    let generation = state.taskGeneration
    events.append(Event(.taskStarted, view))
    let task = Task { @MainActor [weak self] in
      await action()
      self?.taskEnded(view, generation: generation)
    }
    state.task = task
    mounted[view] = state
    started.append(task)
  }

  private func taskEnded(_ view: String, generation: Int) {
    guard var state = mounted[view], state.taskGeneration == generation, state.task != nil else {
      return
    }
    state.task = nil
    mounted[view] = state
    events.append(Event(.taskFinished, view))
  }

  private func refreshEnded(generation: Int) {
    guard refreshGeneration == generation, let view = refreshingView else { return }
    refreshTask = nil
    refreshingView = nil
    events.append(Event(.refreshFinished, view))
  }
}

/// The lifecycle hooks of one view: what its `onAppear`, `onDisappear`, `.task`, `onChange`
/// and `refreshable` modifiers register, built the way the modifiers are written.
///
/// ```swift
/// ViewHooks()
///   .onAppear { controller.appeared(state, actions: actions) }
///   .onChange(of: { loader.phase.kind }) { old, new in controller.changed(from: old, to: new) }
///   .refreshable { await controller.refresh(actions) }
/// ```
public struct ViewHooks {
  struct Change {
    let read: @MainActor () -> AnyHashable
    let action: @MainActor (AnyHashable, AnyHashable) -> Void
  }

  var onAppear: (@MainActor () -> Void)?
  var onDisappear: (@MainActor () -> Void)?
  var task: (@MainActor () async -> Void)?
  var taskIdentity: (@MainActor () -> AnyHashable)?
  var changes: [Change] = []
  var refreshable: (@Sendable () async -> Void)?

  /// Creates hooks that do nothing.
  public init() {}

  /// `onAppear(perform:)`: runs before the view appears.
  public func onAppear(_ action: @escaping @MainActor () -> Void) -> ViewHooks {
    var hooks = self
    hooks.onAppear = action
    return hooks
  }

  /// `onDisappear(perform:)`: runs after the view disappears.
  public func onDisappear(_ action: @escaping @MainActor () -> Void) -> ViewHooks {
    var hooks = self
    hooks.onDisappear = action
    return hooks
  }

  /// `.task`: starts when the view appears and is cancelled when it disappears.
  public func task(_ action: @escaping @MainActor () async -> Void) -> ViewHooks {
    var hooks = self
    hooks.task = action
    hooks.taskIdentity = nil
    return hooks
  }

  /// `.task(id:)`: as ``task(_:)``, and restarted when a render finds a new identity.
  public func task<ID: Hashable>(
    id: @escaping @MainActor () -> ID, _ action: @escaping @MainActor () async -> Void
  ) -> ViewHooks {
    var hooks = self
    hooks.task = action
    hooks.taskIdentity = { AnyHashable(id()) }
    return hooks
  }

  /// `onChange(of:)`: a render that reads a new value runs `action` with the old and the new
  /// value.
  public func onChange<Value: Hashable>(
    of value: @escaping @MainActor () -> Value,
    _ action: @escaping @MainActor (_ old: Value, _ new: Value) -> Void
  ) -> ViewHooks {
    var hooks = self
    hooks.changes.append(
      Change(
        read: { AnyHashable(value()) },
        action: { old, new in
          guard let old = old.base as? Value, let new = new.base as? Value else { return }
          action(old, new)
        }))
    return hooks
  }

  /// `refreshable(action:)`: the action a pull-to-refresh runs.
  public func refreshable(_ action: @escaping @Sendable () async -> Void) -> ViewHooks {
    var hooks = self
    hooks.refreshable = action
    return hooks
  }
}
