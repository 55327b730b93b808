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
/// Three orders that a device delivers and a screen must survive:
/// - **a screen pushed over** (``cover(_:)``): a `NavigationStack` pushes another screen over the
///   view; SwiftUI runs its `onDisappear` and cancels its task, but the view stays alive, so a
///   render still runs its `onChange` actions (its inputs, a key, go on changing). Appearing
///   again (``appear(_:_:)``, the pushed screen popped) runs `onAppear` and keeps the values its
///   `onChange` compares;
/// - **an update, then its layout**: ``render()`` is the update (the new rows are inserted, the
///   `onChange` actions run) and ``layout(offScreen:)`` the layout pass after it, in which a
///   `List` ends displaying the rows it pushed off screen (`onDisappear`) and displays a view
///   given a new identity (`.id(_:)`, ``ViewHooks/id(_:)``) only when it is on screen
///   (`onAppear`): so "a page lands, then the footer disappears" is `render()`, then
///   `layout(offScreen: ["footer"])`;
/// - **after the update**: work that a controller defers with a `Task` on the main actor,
///   started during an update, runs once the update and its layout are done, when the test
///   next yields (`drainMainActor()`), as on a device it runs after SwiftUI's update and layout
///   pass return to the run loop.
///
/// What it leaves out: animation, and the exact frame on which SwiftUI calls each hook. A
/// controller that is correct here must not depend on the order of `onAppear` and the first
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
    /// The view's `.id`, as of the last render.
    var identity: AnyHashable?
    /// Whether a screen pushed over the view: it disappeared, and still renders.
    var isCovered = false
    /// Whether a render gave the view a new identity: the next layout replaces it.
    var isReplaced = false
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

  /// Whether `view` is on screen: it appeared, and neither disappeared nor was covered since.
  public func isVisible(_ view: String) -> Bool {
    guard let state = mounted[view] else { return false }
    return !state.isCovered
  }

  /// Whether a screen pushed over `view` (``cover(_:)``): it is not on screen, and it still
  /// renders.
  public func isCovered(_ view: String) -> Bool { mounted[view]?.isCovered == true }

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
  /// Appearing again (after a disappear) runs both again, as SwiftUI does. A view a screen was
  /// pushed over (``cover(_:)``) appears again when that screen is popped: it keeps the values
  /// its `onChange` actions compare, as the same view does in SwiftUI.
  public func appear(_ view: String, _ hooks: ViewHooks = ViewHooks()) {
    if var covered = mounted[view], covered.isCovered {
      covered.hooks = hooks
      covered.isCovered = false
      covered.taskIdentity = hooks.taskIdentity?()
      mounted[view] = covered
    } else {
      if mounted[view] != nil { disappear(view) }
      mounted[view] = Mounted(
        hooks: hooks, taskIdentity: hooks.taskIdentity?(),
        changeValues: hooks.changes.map { $0.read() }, identity: hooks.identity?())
    }
    events.append(Event(.appeared, view))
    hooks.onAppear?()
    if mounted[view] != nil { startTask(of: view) }
  }

  /// `view` leaves the hierarchy: `onDisappear` runs and its task is cancelled.
  public func disappear(_ view: String) {
    guard let leaving = mounted.removeValue(forKey: view) else { return }
    guard !leaving.isCovered else { return }
    if let task = leaving.task {
      task.cancel()
      events.append(Event(.taskCancelled, view))
    }
    if refreshingView == view { redrawDuringRefresh() }
    events.append(Event(.disappeared, view))
    leaving.hooks.onDisappear?()
  }

  /// A `NavigationStack` pushes another screen over `view`: its `onDisappear` runs and its task
  /// is cancelled, as for ``disappear(_:)``, but the view stays alive: a ``render()`` still runs
  /// its `onChange` actions, and ``appear(_:_:)`` (the pushed screen popped) shows it again.
  public func cover(_ view: String) {
    guard var state = mounted[view], !state.isCovered else { return }
    if let task = state.task {
      task.cancel()
      state.task = nil
      events.append(Event(.taskCancelled, view))
    }
    state.isCovered = true
    mounted[view] = state
    if refreshingView == view { redrawDuringRefresh() }
    events.append(Event(.disappeared, view))
    state.hooks.onDisappear?()
  }

  /// A phase change replaces the branch `old` with the branch `new`: `old` disappears (its task
  /// is cancelled), then `new` appears with `hooks`.
  public func swapBranch(from old: String, to new: String, _ hooks: ViewHooks = ViewHooks()) {
    disappear(old)
    appear(new, hooks)
  }

  /// A render (an update): every view's `onChange` values and `.task(id:)` identity are read
  /// again, a covered view's included. A value that changed runs its action with the old and
  /// the new value; an identity that changed cancels the task and starts it again (on screen).
  /// A view whose `.id` changed (``ViewHooks/id(_:)``) is a new view: its actions do not run,
  /// and the next ``layout(offScreen:)`` replaces it.
  public func render() {
    for view in mounted.keys.sorted() {
      guard var state = mounted[view] else { continue }
      if let identity = state.hooks.identity?(), identity != state.identity {
        state.identity = identity
        if !state.isCovered { state.isReplaced = true }
        mounted[view] = state
        continue
      }
      guard !state.isReplaced else { continue }
      let values = state.hooks.changes.map { $0.read() }
      let identity = state.hooks.taskIdentity?()
      let changed = zip(state.changeValues, values).enumerated().filter {
        $0.element.0 != $0.element.1
      }
      state.changeValues = values
      let restarts =
        state.hooks.taskIdentity != nil && identity != state.taskIdentity && !state.isCovered
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

  /// The layout pass after a ``render()``: a `List` ends displaying the rows it laid out off
  /// screen, and displays a view that the render gave a new identity only when it is on screen.
  ///
  /// Every visible view in `offScreen` disappears (its `onDisappear` runs, its task is
  /// cancelled). A view that the last render gave a new `.id` is replaced: the old view
  /// disappears, and the new one appears (its `onAppear` runs, its task starts) unless it is in
  /// `offScreen`, where it waits, undisplayed, for an ``appear(_:_:)`` (the reader scrolling to
  /// it).
  ///
  /// ```swift
  /// lifecycle.render()                       // the page lands: the rows are inserted
  /// lifecycle.layout(offScreen: ["footer"])  // and they pushed the footer off screen
  /// ```
  ///
  /// - Parameter offScreen: The views that the layout put off screen.
  public func layout(offScreen: Set<String> = []) {
    for view in mounted.keys.sorted() {
      guard let state = mounted[view], !state.isCovered else { continue }
      if state.isReplaced {
        disappear(view)
        if !offScreen.contains(view) { appear(view, state.hooks) }
      } else if offScreen.contains(view) {
        disappear(view)
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
  var identity: (@MainActor () -> AnyHashable)?

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

  /// `id(_:)`: the view's identity. A render that reads a new identity makes it a new view,
  /// which the next ``ViewLifecycle/layout(offScreen:)`` puts in place of the old one: the old
  /// one disappears, and the new one appears when it is on screen.
  public func id<ID: Hashable>(_ identity: @escaping @MainActor () -> ID) -> ViewHooks {
    var hooks = self
    hooks.identity = { AnyHashable(identity()) }
    return hooks
  }

  /// `refreshable(action:)`: the action a pull-to-refresh runs.
  public func refreshable(_ action: @escaping @Sendable () async -> Void) -> ViewHooks {
    var hooks = self
    hooks.refreshable = action
    return hooks
  }
}
