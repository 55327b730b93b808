/// What a ``LoaderStore`` keeps for polling (``StoreKey/refetchInterval``): the observed entries
/// by interval, each group ticking at the multiples of its interval, and the one wake-up that
/// serves them all.
struct PollingSchedule: Sendable {
  /// The observed entries that poll, by interval.
  var groups: [Duration: PollingGroup] = [:]
  /// The task that sleeps until the earliest tick; `nil` when nothing polls or polling pauses.
  var wakeUp: Task<Void, Never>?
  /// When ``wakeUp`` wakes.
  var deadline: LoaderClock.Instant?
  /// How many times the wake-up ran: what the tests and the benchmark count.
  var wakeUps = 0
  /// The app's scenes, as `.refetchesOnActivation()` reports them.
  var scenes = ScenePresence()

  /// Stops the wake-up: the store goes away.
  func cancel() {
    wakeUp?.cancel()
  }
}

/// The observed entries that poll at one interval, and their next tick.
struct PollingGroup: Sendable {
  var entries: [ObjectIdentifier: StoreEntry] = [:]
  /// When the group polls next: a multiple of its interval on the store's clock.
  var nextTick: LoaderClock.Instant
}

/// The scenes that tell a store whether the app is in the background: polling pauses while every
/// scene that reported is there; a store no scene reports to always polls.
struct ScenePresence: Sendable, Equatable {
  /// The scenes that reported a phase and did not go away since.
  private(set) var count = 0
  /// Those of them that are not in the background.
  private(set) var inForeground = 0

  /// Whether the app is in the background: scenes reported, and all of them are there.
  var isInBackground: Bool { count > 0 && inForeground == 0 }

  /// A scene moved from `old` to `new`; `nil` is a scene that is not there (it appeared, or it
  /// went away).
  mutating func sceneChanged(from old: ActivationFilter.Phase?, to new: ActivationFilter.Phase?) {
    if let old {
      count -= 1
      if old != .background { inForeground -= 1 }
    }
    if let new {
      count += 1
      if new != .background { inForeground += 1 }
    }
    // A scene that reports a departure it never reported arriving must not count negative.
    count = max(count, 0)
    inForeground = min(max(inForeground, 0), count)
  }
}

extension LoaderStore {
  // MARK: Polling

  /// How many times the polling wake-up ran, for the tests and the benchmark.
  package var pollingWakeUps: Int { polling.wakeUps }

  /// Whether polling pauses because the app is in the background.
  package var isPollingPaused: Bool { polling.scenes.isInBackground }

  /// A scene moved from `old` to `new` (`nil`: it appeared or went away): polling pauses while
  /// every scene is in the background, and a persisted cache writes; missed ticks are not made up.
  package func sceneChanged(from old: ActivationFilter.Phase?, to new: ActivationFilter.Phase?) {
    let wasPaused = polling.scenes.isInBackground
    polling.scenes.sceneChanged(from: old, to: new)
    guard polling.scenes.isInBackground != wasPaused else { return }
    if !wasPaused {
      stopPollingWakeUp()
      persistence?.wentToBackground()  // a persisted cache writes what it holds
      return
    }
    persistence?.becameActive()
    // Back from the background: the ticks missed meanwhile are not made up.
    let now = clock.now
    for (interval, group) in polling.groups where group.nextTick <= now {
      polling.groups[interval]?.nextTick = Self.tick(after: now, every: interval)
    }
    schedulePolling()
  }

  /// Starts polling `entry`, whose first observer came, if its key polls.
  func startPolling(_ entry: StoreEntry) {
    guard let interval = entry.key.refetchInterval else { return }
    precondition(
      interval > .zero, "StoreKey.refetchInterval must be greater than zero, got \(interval)")
    let id = ObjectIdentifier(entry)
    if polling.groups[interval] != nil {
      polling.groups[interval]?.entries[id] = entry
      return  // the group's tick is planned already
    }
    polling.groups[interval] = PollingGroup(
      entries: [id: entry], nextTick: Self.tick(after: clock.now, every: interval))
    schedulePolling()
  }

  /// Stops polling `entry`, whose last observer left or which went away.
  func stopPolling(_ entry: StoreEntry) {
    guard let interval = entry.key.refetchInterval,
      polling.groups[interval]?.entries.removeValue(forKey: ObjectIdentifier(entry)) != nil
    else { return }
    guard polling.groups[interval]?.entries.isEmpty == true else { return }
    polling.groups[interval] = nil
    schedulePolling()  // the wake-up may have been planned for the group that went
  }

  /// Sleeps until the earliest tick of all groups, unless the wake-up is planned for it
  /// already, nothing polls, or the app is in the background.
  private func schedulePolling() {
    guard !polling.scenes.isInBackground,
      let earliest = polling.groups.values.lazy.map(\.nextTick).min()
    else {
      stopPollingWakeUp()
      return
    }
    if polling.wakeUp != nil, polling.deadline == earliest { return }
    polling.wakeUp?.cancel()
    polling.deadline = earliest
    polling.wakeUp = clock.wakeUp(at: earliest) { [weak self] in self?.pollDueGroups() }
  }

  /// Drops the planned wake-up.
  private func stopPollingWakeUp() {
    polling.wakeUp?.cancel()
    polling.wakeUp = nil
    polling.deadline = nil
  }

  /// The wake-up: polls every group whose tick has come, and plans the next wake-up.
  private func pollDueGroups() {
    polling.wakeUp = nil
    polling.deadline = nil
    guard !polling.scenes.isInBackground else { return }
    polling.wakeUps += 1
    let now = clock.now
    for (interval, group) in polling.groups where group.nextTick <= now {
      polling.groups[interval]?.nextTick = Self.tick(after: now, every: interval)
      for entry in group.entries.values { poll(entry, every: interval, at: now) }
    }
    schedulePolling()
  }

  /// Reloads `entry` at the tick `now` of its `interval`: joins a load that runs, and skips a
  /// value that landed less than half an interval ago.
  private func poll(_ entry: StoreEntry, every interval: Duration, at now: LoaderClock.Instant) {
    let loader = entry.loader
    guard entry.observers > 0, isLive(entry), entry.key.isEnabled, !loader.isLoadRunning else {
      return
    }
    if let landed = loader.storedLoadedAt, landed.duration(to: now) < interval / 2 { return }
    // No load runs: a new one, from the first page for a paged list, with the value on screen.
    loader.launch()
  }

  /// The first multiple of `interval` on the store's clock after `now`.
  static func tick(after now: LoaderClock.Instant, every interval: Duration) -> LoaderClock.Instant
  {
    let ratio = (now.offset / interval).rounded(.down)
    var tick = LoaderClock.Instant(offset: interval * Int(ratio))
    // Corrects the rounding of the division's `Double` for instants far from the origin.
    while tick <= now { tick = tick.advanced(by: interval) }
    while tick.offset - interval > now.offset { tick.offset -= interval }
    return tick
  }
}

/// What one scene told a store about its phase, so that it can take it back: a report to
/// another store takes the scene out of the first; a scene that goes away leaves its store.
@MainActor
package struct SceneReport {
  /// The store the scene reported to, if any.
  private weak var store: LoaderStore?
  /// The phase the scene reported last; `nil` before the first report and after it went away.
  private var phase: ActivationFilter.Phase?

  /// A scene that has not reported yet.
  package init() {}

  /// The scene is in `phase`, for `store`.
  package mutating func report(_ phase: ActivationFilter.Phase, to store: LoaderStore) {
    if let reported = self.store, reported !== store {
      sceneWentAway()
    }
    guard self.phase != phase || self.store == nil else { return }
    store.sceneChanged(from: self.store == nil ? nil : self.phase, to: phase)
    self.store = store
    self.phase = phase
  }

  /// The scene went away: it no longer counts in the store it reported to.
  package mutating func sceneWentAway() {
    if let store, let phase { store.sceneChanged(from: phase, to: nil) }
    store = nil
    phase = nil
  }
}

/// What a scene's phase changes tell a store, in order: polling pauses or resumes first, then a
/// return from the background refetches.
@MainActor
package struct SceneEvents {
  private var report = SceneReport()
  private var activations = ActivationFilter()

  package init() {}

  /// The scene's phase changed to `phase` (the first call is where the scene starts).
  package mutating func phaseChanged(
    to phase: ActivationFilter.Phase, store: LoaderStore, minimumInterval: Duration
  ) {
    report.report(phase, to: store)
    guard activations.phaseChanged(to: phase) else { return }
    store.refetch(after: .becameActive, minimumInterval: minimumInterval)
  }

  /// The scene's view appeared again in `phase`: it counts for polling once more.
  package mutating func appeared(in phase: ActivationFilter.Phase, store: LoaderStore) {
    report.report(phase, to: store)
  }

  /// The scene's view went away: it no longer counts for polling.
  package mutating func sceneWentAway() {
    report.sceneWentAway()
  }
}
