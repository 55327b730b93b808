public import AsyncContentCore

/// A scene of the app, as a test drives it: what SwiftUI's `.refetchesOnActivation()` tells a
/// ``AsyncContentCore/LoaderStore`` when the scene's phase changes, without SwiftUI.
///
/// A scene starts in the phase it is created with. Moving every scene of a store to the
/// background pauses the store's polling (``AsyncContentCore/StoreKey/refetchInterval``) and
/// makes a persisted cache write what it holds at once; coming back to `active` from the
/// background resumes polling and sends ``AsyncContentCore/RefetchEvent/becameActive``, so that
/// the observed keys that refetch on it and have nothing current reload. A trip through
/// `inactive` alone (Control Center, an alert) refetches nothing, as on a device.
///
/// The scene goes through the same code as the view modifier: a test that drives it tests what
/// the app does on a device, on any platform.
///
/// ```swift
/// let scene = TestScene(store: store)  // the app is in front
/// scene.enter(.background)  // polling pauses; a persisted cache flushes
/// await clock.advance(by: .seconds(60))  // no poll runs meanwhile
/// scene.enter(.active)  // polling resumes; stale observed keys reload
/// ```
@MainActor
public final class TestScene {
  /// A scene's phase, as SwiftUI's `ScenePhase` names it.
  public enum Phase: Sendable, Hashable, CaseIterable {
    /// Not visible: the app is in the background.
    case background
    /// In the foreground but not interactive: covered by a system overlay, in the app switcher,
    /// or on its way to or from the background.
    case inactive
    /// In the foreground and interactive.
    case active
  }

  /// The store the scene reports to.
  public let store: LoaderStore
  /// The phase the scene is in; `nil` once it went away.
  public private(set) var phase: Phase?
  /// How long after handling an activation the store drops the next one.
  private let minimumInterval: Duration
  /// What the scene told the store, in the modifier's order (the modifier's own `SceneEvents`).
  private var events = SceneEvents()

  /// A scene of `store` that appears in `phase`.
  ///
  /// - Parameters:
  ///   - store: The store the scene reports to, as `.refetchesOnActivation(store)` does.
  ///   - phase: The phase the scene starts in; `active` by default. The first phase is where
  ///     the scene starts, not a return: it refetches nothing.
  ///   - minimumInterval: How long after handling an activation the store drops the next one,
  ///     as the modifier's parameter of the same name; one second by default.
  public init(
    store: LoaderStore, phase: Phase = .active, minimumInterval: Duration = .seconds(1)
  ) {
    self.store = store
    self.minimumInterval = minimumInterval
    enter(phase)
  }

  /// Moves the scene to `phase`, as SwiftUI changes its `scenePhase`.
  ///
  /// Entering the phase the scene is in changes nothing. A scene that went away appears again.
  ///
  /// - Parameter phase: The scene's new phase.
  public func enter(_ phase: Phase) {
    self.phase = phase
    events.phaseChanged(
      to: ActivationFilter.Phase(phase), store: store, minimumInterval: minimumInterval)
  }

  /// The scene went away (its window closed): it no longer keeps the store's polling paused or
  /// running.
  public func goAway() {
    events.sceneWentAway()
    events = SceneEvents()  // a scene that appears again starts anew
    phase = nil
  }
}

extension ActivationFilter.Phase {
  /// The filter's phase for a test scene's.
  init(_ phase: TestScene.Phase) {
    switch phase {
    case .background: self = .background
    case .inactive: self = .inactive
    case .active: self = .active
    }
  }
}

extension LoaderStore {
  /// Does what the store does when the system warns of low memory: evicts every entry that
  /// nobody observes, cancelling its load. Observed entries stay, so no screen loses what it
  /// shows.
  ///
  /// On a device, the store listens to the system's memory-pressure events itself; a test calls
  /// this instead, on any platform.
  ///
  /// ```swift
  /// _ = store.loader(for: CountryKey(id: "AT"))  // cached, nobody observes it
  /// #expect(store.simulateMemoryWarning() == 1)
  /// ```
  ///
  /// - Returns: How many entries the store evicted.
  @discardableResult
  public func simulateMemoryWarning() -> Int {
    evictUnobserved()
  }

  /// The mutation runs in this store that have not ended, in the order they were asked for:
  /// those that wait for the network (paused), those whose request is out or waits for a retry,
  /// and those that wait for an earlier run of their mutation. What the store's inspector lists
  /// under "Mutations".
  ///
  /// A run of a queueing mutation that the store's persisted cache keeps is ``PendingMutationRun/isStored``:
  /// it replays after a relaunch.
  ///
  /// ```swift
  /// #expect(store.pendingMutationRuns.map(\.state) == [.paused, .waiting])
  /// ```
  public var pendingMutationRuns: [PendingMutationRun] {
    mutationRunsSnapshot().map(PendingMutationRun.init)
  }
}

/// A mutation run that has not ended, as ``AsyncContentCore/LoaderStore/pendingMutationRuns``
/// lists it.
public struct PendingMutationRun: Sendable, Hashable {
  /// Where a run is.
  public enum State: Sendable, Hashable {
    /// Its turn came while the network is down: its optimistic edit shows, and its request
    /// waits for the network.
    case paused
    /// Its request is out, or waits to be retried.
    case sending
    /// It waits for the runs of its mutation before it.
    case waiting
  }

  /// The mutation's queueing id, or its type (`Mutation<Rename, Country>`) for a mutation that
  /// does not queue.
  public let mutation: String
  /// Whether the mutation queues offline.
  public let isQueueing: Bool
  /// The input, as `String(describing:)` writes it.
  public let input: String
  /// The idempotency key the run sends with each attempt, kept across retries and relaunches.
  public let idempotencyKey: String
  /// Where the run is.
  public let state: State
  /// Whether the store's persisted cache keeps the run, to replay it after a relaunch.
  public let isStored: Bool

  /// The run the store's snapshot describes.
  init(_ snapshot: MutationRunSnapshot) {
    mutation = snapshot.mutation
    isQueueing = snapshot.isQueueing
    input = snapshot.input
    idempotencyKey = snapshot.idempotencyKey
    state =
      switch snapshot.state {
      case .paused: .paused
      case .sending: .sending
      case .waiting: .waiting
      }
    isStored = snapshot.isStored
  }
}
