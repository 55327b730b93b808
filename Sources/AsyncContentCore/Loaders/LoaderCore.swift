package import Foundation
public import Observation

/// What every loader has besides its phase: the running task and its generation, the callers
/// waiting for a load, staleness, the failure count and the observation of all of it.
/// ``AsyncLoader`` and ``PagedLoader`` each hold one (their `core`); only the loader holds it.
@MainActor @usableFromInline
package final class LoaderCore: Observable, WaitingCallers {
  // Ordered so that the object stays small: a Bool goes where an optional leaves room.

  /// The registrar, in a box made by the first access that registers.
  @exclusivity(unchecked) private var registrarBox: RegistrarBox?
  /// What loaders rarely change, shared by the loaders of a store until one changes it.
  @exclusivity(unchecked) private var settings: LoaderSettings

  /// The clock for retry waits and staleness.
  @usableFromInline package var clock: LoaderClock { settings.clock }
  /// What the loader's store knows of the network; `nil` outside a store (never waits).
  @usableFromInline package var network: NetworkGate? { settings.network }
  /// How failed attempts are retried; a load follows the policy of when it started.
  @usableFromInline package var retryPolicy: RetryPolicy {
    get { settings.retryPolicy }
    set { uniqueSettings().retryPolicy = newValue }
  }
  /// The retry policy for a load that starts now; `nil` when it never retries (read without
  /// copying the policy out).
  @usableFromInline var retryPolicyForLaunch: RetryPolicy? {
    settings.retryPolicy.retries ? settings.retryPolicy : nil
  }
  /// How old a value may grow before `load()` fetches it again.
  package var staleness: Staleness {
    get { staleAfter.map { .after($0) } ?? .never }
    set { staleAfter = newValue.duration }
  }
  /// ``staleness``'s duration; `nil` never goes stale.
  @exclusivity(unchecked) private var staleAfter: Duration?
  /// Whether a launched load has not settled yet: what triggers join.
  @exclusivity(unchecked) @usableFromInline package private(set) var isLoadRunning = false
  /// ``isWaitingForNetwork``, unobserved.
  @exclusivity(unchecked) @usableFromInline package private(set) var storedIsWaitingForNetwork =
    false
  /// ``lastLoadWasCancelled``, unobserved.
  @exclusivity(unchecked) package private(set) var storedLastLoadWasCancelled = false
  /// Whether a store invalidated the value: stale until the next value lands.
  @exclusivity(unchecked) package var isMarkedStale = false
  /// Whether the value is a store's optimistic edit that no landing has replaced.
  @exclusivity(unchecked) package var isValueEdited = false

  /// How long progress waits and stays for this loader; `nil` leaves it to the renderer.
  package var progressTiming: ProgressTiming? {
    get { settings.progressTiming }
    set { uniqueSettings().progressTiming = newValue }
  }

  /// The wall clock that dates a loaded value (``loadedDate``); tests replace it.
  package var wallClock: @MainActor () -> Date {
    get { settings.wallClock }
    set { uniqueSettings().wallClock = newValue }
  }

  /// Shares `settings`, equal to this loader's own, with other loaders.
  func share(_ settings: LoaderSettings) {
    self.settings = settings
  }

  /// ``settings``, copied first if another loader shares them.
  private func uniqueSettings() -> LoaderSettings {
    if !isKnownUniquelyReferenced(&settings) { settings = settings.copy() }
    return settings
  }

  // MARK: State
  // Read and written on every load, so it skips the exclusivity checks: the class is
  // main-actor isolated, and no access spans a call into code the loader does not control.

  /// When the value was loaded, on ``clock``; setting it dates it on the wall clock too.
  @exclusivity(unchecked) @usableFromInline package var storedLoadedAt: LoaderClock.Instant? {
    didSet {
      if storedLoadedAt != nil { storedLoadedDate = wallClock() }
      // A value landed (or went away): as fresh as its date says, and no longer an edit.
      isMarkedStale = false
      isValueEdited = false
      if let phaseListener { phaseListener.valueDidChange() }
    }
  }
  /// When the value was loaded, on ``wallClock``; meaningful while ``storedLoadedAt`` is set.
  @exclusivity(unchecked) var storedLoadedDate = Date(timeIntervalSinceReferenceDate: 0)
  /// ``loadedDate``, unobserved.
  package var unobservedLoadedDate: Date? { storedLoadedAt == nil ? nil : storedLoadedDate }
  /// The generation of the current load; results of any other are stale.
  @exclusivity(unchecked) private var generation: UInt64 = 0
  /// The running operation or subscription, which the loader creates at ``launch(phaseChanged:)``.
  @exclusivity(unchecked) @usableFromInline var task: Task<Void, Never>?

  /// The callers waiting for the running load to settle.
  @exclusivity(unchecked) @usableFromInline var waiters = Waiters()

  /// Hears every change of the phase (selections, a persisted cache's watcher), chained.
  @exclusivity(unchecked) package var phaseListener: PhaseListener?

  convenience init(clock: LoaderClock, retry: RetryPolicy, staleness: Staleness, hasValue: Bool) {
    let settings = LoaderSettings(clock: clock, retryPolicy: retry)
    self.init(settings: settings, staleness: staleness, hasValue: hasValue)
  }

  init(settings: LoaderSettings, staleness: Staleness, hasValue: Bool) {
    self.settings = settings
    self.staleAfter = staleness.duration
    if hasValue {
      storedLoadedAt = settings.clock.now
      storedLoadedDate = Date()  // didSet does not run in an initializer
    }
  }

  deinit {
    task?.cancel()  // the loader is gone: nothing can observe the result
  }

  // MARK: Status

  /// Failed attempts since the last success or reset; observed.
  package var failureCount: Int {
    registeringBox().registrar.access(self, keyPath: Self.failureCountPath)
    return storedFailureCount
  }

  /// When the value was loaded, on ``clock``; observed with the phase.
  package var loadedAt: LoaderClock.Instant? {
    accessPhase()
    return storedLoadedAt
  }

  /// When the value was loaded, on ``wallClock``; observed with the phase.
  package var loadedDate: Date? {
    accessPhase()
    return storedLoadedAt == nil ? nil : storedLoadedDate
  }

  /// Whether the load that settled last ended by a cancellation; observed with the phase.
  package var lastLoadWasCancelled: Bool {
    accessPhase()
    return storedLastLoadWasCancelled
  }

  /// Whether the value is older than ``staleness`` allows, or was marked stale since it landed.
  @usableFromInline package var isStale: Bool {
    guard let loadedAt = storedLoadedAt else { return false }
    if isMarkedStale { return true }
    guard let staleAfter else { return false }
    return loadedAt.duration(to: clock.now) >= staleAfter
  }

  /// Whether an operation or subscription runs; observed with the phase.
  package var isActive: Bool {
    accessPhase()
    return task != nil
  }

  /// Whether the running load waits for the network; observed with the phase.
  package var isWaitingForNetwork: Bool {
    accessPhase()
    return storedIsWaitingForNetwork
  }

  // MARK: Loads

  /// The core's half of launching a load, after the loader moved its phase: supersedes what
  /// runs, marks the load waiting if the network is down, notifies; returns the generation.
  @usableFromInline
  func launch(phaseChanged: Bool) -> UInt64 {
    let wasActive = task != nil
    let wasWaiting = storedIsWaitingForNetwork
    let generation = supersede()
    storedLastLoadWasCancelled = false
    if let network = settings.network, network.isOfflineUnobserved {
      storedIsWaitingForNetwork = true
    }
    if phaseChanged || !wasActive || wasWaiting != storedIsWaitingForNetwork { phaseDidChange() }
    isLoadRunning = true
    return generation
  }

  /// Ends the current generation's work, after the loader moved its phase, and settles.
  @usableFromInline
  func finish(phaseChanged: Bool) {
    let wasActive = task != nil
    task = nil
    if phaseChanged || wasActive { phaseDidChange() }
    settleWaiters()
  }

  /// ``finish(phaseChanged:)`` for work that reported cancellation on its own.
  @usableFromInline
  func finishCancelled(phaseChanged: Bool) {
    storedLastLoadWasCancelled = true
    finish(phaseChanged: phaseChanged)
  }

  /// Cancels whatever runs, moves the phase with `stopPhase` (a cancel or a reset), settles.
  @usableFromInline
  func stopLoad(_ stopPhase: () -> Bool) {
    let wasActive = task != nil
    supersede()
    if wasActive { storedLastLoadWasCancelled = true }
    changePhase { stopPhase() || wasActive }
    settleWaiters()
  }

  /// Cancels whatever runs and makes its results stale; returns the next generation.
  @discardableResult
  private func supersede() -> UInt64 {
    task?.cancel()
    task = nil
    storedIsWaitingForNetwork = false
    generation &+= 1
    return generation
  }

  /// Whether a run of `generation` may still change the loader.
  @usableFromInline
  func isCurrent(_ generation: UInt64) -> Bool {
    self.generation == generation
  }

  // MARK: Waiting

  /// Waits until the running load settles (at once when none runs, or the caller is cancelled).
  @inlinable @inline(__always)
  func waitForLoad() async {
    guard isLoadRunning else { return }
    await waitForSettlement()
  }

  /// The load settled: every waiting caller resumes, and triggers no longer join.
  @usableFromInline
  func settleWaiters() {
    isLoadRunning = false
    waiters.resumeAll()
  }

  // MARK: Observation
  // Observed through key paths of this class, which is not generic: its key paths are formed
  // once per process. The generic phase stands behind `phaseVersion`.

  /// How many times the phase changed: the loaders' `phase` getters register access to it.
  @exclusivity(unchecked) private(set) var phaseVersion: UInt64 = 0
  /// Failed attempts since the last success or reset.
  @exclusivity(unchecked) private var storedFailureCount = 0

  private static let phaseVersionPath: KeyPath<LoaderCore, UInt64> = \.phaseVersion
  private static let failureCountPath: KeyPath<LoaderCore, Int> = \.storedFailureCount

  /// Registers an access to the loader's phase, as the `@Observable` macro's getter does.
  @usableFromInline
  func accessPhase() {
    registeringBox().registrar.access(self, keyPath: Self.phaseVersionPath)
  }

  /// The registrar's box, made on the first access that registers.
  private func registeringBox() -> RegistrarBox {
    if let registrarBox { return registrarBox }
    let box = RegistrarBox()
    registrarBox = box
    return box
  }

  /// Runs `change`, which reports whether it changed the phase, and notifies only if it did.
  @usableFromInline @discardableResult
  func changePhase(_ change: () -> Bool) -> Bool {
    guard change() else { return false }
    phaseDidChange()
    return true
  }

  /// Notifies the phase's observers and listeners that it changed.
  @usableFromInline
  func phaseDidChange() {
    if let registrarBox {
      registrarBox.registrar.willSet(self, keyPath: Self.phaseVersionPath)
      phaseVersion &+= 1
      registrarBox.registrar.didSet(self, keyPath: Self.phaseVersionPath)
    } else {
      phaseVersion &+= 1  // no access has registered: nobody to notify
    }
    if let phaseListener { phaseListener.notifyAll() }
  }

  /// A load failed and left `kind`: a failed reload marks the value stale.
  @usableFromInline
  func noteFailure(leaving kind: PhaseKind) {
    if kind == .reloadFailed, storedLoadedAt != nil { isMarkedStale = true }
  }

  /// Marks the running load waiting for the network or not; notifies if it changed.
  @usableFromInline
  func markWaitingForNetwork(_ waiting: Bool) {
    guard storedIsWaitingForNetwork != waiting else { return }
    storedIsWaitingForNetwork = waiting
    phaseDidChange()
  }

  /// Counts a failed attempt.
  @usableFromInline
  func countFailedAttempt() {
    guard let registrarBox else {
      storedFailureCount += 1  // no access has registered: nobody to notify
      return
    }
    registrarBox.registrar.withMutation(of: self, keyPath: Self.failureCountPath) {
      storedFailureCount += 1
    }
  }

  /// Counts a failed attempt; returns the wait before the next under `policy`, or `nil`.
  @usableFromInline
  func nextWait(after failed: Int, _ error: any Error, _ policy: RetryPolicy?) -> RetryWait? {
    countFailedAttempt()
    return policy?.delay(afterFailedAttempts: failed, error: error).map { ($0, clock) }
  }

  /// Forgets the failed attempts; notifies only if there were any.
  @usableFromInline
  func resetFailureCount() {
    guard storedFailureCount != 0 else { return }
    guard let registrarBox else {
      storedFailureCount = 0  // no access has registered: nobody to notify
      return
    }
    registrarBox.registrar.withMutation(of: self, keyPath: Self.failureCountPath) {
      storedFailureCount = 0
    }
  }
}

/// A loader's ``ObservationRegistrar``, made on the first access that registers.
private final class RegistrarBox {
  let registrar = ObservationRegistrar()
}

/// What a loader rarely changes; the loaders of a ``LoaderStore`` share one until one of them
/// changes it (copy on write, ``LoaderCore``).
@MainActor
package final class LoaderSettings {
  /// The clock for retry waits and staleness.
  let clock: LoaderClock
  /// How failed attempts are retried before the failure shows.
  var retryPolicy: RetryPolicy
  /// How long a first load may run before progress shows; `nil` leaves it to the renderer.
  var progressTiming: ProgressTiming?
  /// The wall clock that dates a loaded value.
  var wallClock: @MainActor () -> Date
  /// What the loader's store knows of the network; `nil` outside a store.
  let network: NetworkGate?

  init(
    clock: LoaderClock, retryPolicy: RetryPolicy, progressTiming: ProgressTiming? = nil,
    wallClock: @escaping @MainActor () -> Date = { Date() }, network: NetworkGate? = nil
  ) {
    self.clock = clock
    self.retryPolicy = retryPolicy
    self.progressTiming = progressTiming
    self.wallClock = wallClock
    self.network = network
  }

  /// A copy, for a loader that changes what it shared.
  func copy() -> LoaderSettings {
    LoaderSettings(
      clock: clock, retryPolicy: retryPolicy, progressTiming: progressTiming, wallClock: wallClock,
      network: network)
  }
}

/// What hears every change of a loader's phase (``LoaderCore/phaseListener``): the base of the
/// selections of `LoaderStore+Selection.swift` and of a persisted cache's watcher.
@MainActor
package class PhaseListener {
  /// Whether a value landed or went away since the listener last ran (set where the core dates
  /// the value), so a listener transforms each new value once.
  package final var valueChanged = false

  /// The next listener of the same loader, which hears every change too.
  package final var next: PhaseListener?

  /// The phase changed (or work started or stopped); the loader's phase is already the new one.
  package func phaseChanged() {}

  /// Tells this listener and the ones after it that a value landed or went away.
  final func valueDidChange() {
    var listener: PhaseListener? = self
    while let current = listener {
      current.valueChanged = true
      listener = current.next
    }
  }

  /// Tells this listener and the ones after it that the phase changed.
  final func notifyAll() {
    var listener: PhaseListener? = self
    while let current = listener {
      current.phaseChanged()
      listener = current.next
    }
  }
}
