package import Foundation
public import Observation

/// What every loader has besides its phase, and the machinery every loader shares, written
/// once: the running task and its generation, the callers waiting for a load to settle,
/// staleness on the injected clock, the failure count, and the observation of all of it.
///
/// ``AsyncLoader`` and ``PagedLoader`` each hold one (their `core`) and forward their status
/// to it; code of this package that works with a loader of any kind reaches it through
/// ``AnyLoader``. It is not API: a public class cannot inherit from a package one, so the
/// loaders compose it rather than subclass it.
///
/// The rules that make loads safe to trigger from anywhere live here:
/// - **Superseding cancels.** Starting or stopping a load cancels the running task and bumps
///   the generation, so a result of any earlier generation is stale and is dropped.
/// - **Every exit settles its waiters.** Success, failure, cancellation, reset, and a
///   subscription's first value all resume every caller that waits.
/// - **A trigger joins only a running load.** A caller waits only while a started load has not
///   settled, so a loader created in a loading phase for a preview never hangs a caller.
/// - **Cancel on release.** Stored tasks hold the loader weakly, and only its loader holds the
///   core, so releasing the loader releases the core, whose `deinit` cancels the task.
///
/// It is not generic, so its code is compiled once, its observation key paths are formed once
/// per process, and the loaders' generic code stays small. Observation tracks the registrar
/// and key path an access names, whatever object it names them on, so a loader's `phase`
/// getter registers its access here and SwiftUI and `withObservationTracking` follow it.
@MainActor @usableFromInline
package final class LoaderCore: Observable, WaitingCallers {
  // The fields are ordered so that the object stays small (a loader idle in a store's cache
  // costs this object, its loader and its entry): a Bool goes where an optional leaves room.

  /// The registrar the loader's observed properties report to, made by the first access that
  /// registers: a loader nobody has read (an entry cached for later) needs none, and nothing
  /// can observe a change before an access has registered. It sits in an object of its own: an
  /// optional `ObservationRegistrar` (a type of another module, whose layout is not known here)
  /// is tested and copied through value witnesses, about 500 instructions a page of 50 of
  /// `PagedLoader` (callgrind); an optional reference is one comparison.
  @exclusivity(unchecked) private var registrarBox: RegistrarBox?
  /// The clock, the retry policy, the progress timing and the wall clock: what loaders rarely
  /// change, in an object that the loaders of a ``LoaderStore`` share until one changes them
  /// (then it gets a copy of its own).
  @exclusivity(unchecked) private var settings: LoaderSettings

  /// The clock for retry waits and staleness.
  @usableFromInline package var clock: LoaderClock { settings.clock }
  /// What the loader's store knows of the network, which a load waits for while it is down;
  /// `nil` for a loader outside a store, which never waits.
  @usableFromInline package var network: NetworkGate? { settings.network }
  /// How failed attempts are retried before the failure shows. A load follows the policy of
  /// when it started.
  @usableFromInline package var retryPolicy: RetryPolicy {
    get { settings.retryPolicy }
    set { uniqueSettings().retryPolicy = newValue }
  }
  /// How old a value may grow before ``AsyncLoader/load()`` or ``PagedLoader/load()`` fetches
  /// it again.
  package var staleness: Staleness {
    get { staleAfter.map { .after($0) } ?? .never }
    set { staleAfter = newValue.duration }
  }
  /// ``staleness``, resolved: only the duration is stored, so a trigger's staleness check is one
  /// comparison and the core holds no second copy; `nil` never goes stale.
  @exclusivity(unchecked) private var staleAfter: Duration?
  /// Whether a load was started and has not settled yet: what triggers join. A subscription
  /// settles with its first value and goes on running.
  @exclusivity(unchecked) @usableFromInline package private(set) var isLoadRunning = false
  /// Whether the running load waits for the network before its next attempt; unobserved
  /// (``isWaitingForNetwork`` observes).
  @exclusivity(unchecked) @usableFromInline package private(set) var storedIsWaitingForNetwork =
    false
  /// Whether the load that settled last ended by a cancellation; unobserved
  /// (``lastLoadWasCancelled`` observes).
  @exclusivity(unchecked) package private(set) var storedLastLoadWasCancelled = false
  /// Whether a ``LoaderStore`` invalidated the value: it is stale until the next value lands,
  /// whatever its age.
  @exclusivity(unchecked) package var isMarkedStale = false
  /// Whether the value on screen is an edit of a ``LoaderStore`` (an optimistic update) and no
  /// value has landed since: what decides whether the edit may be rolled back.
  @exclusivity(unchecked) package var isValueEdited = false

  /// How long a first load may run before progress shows, and how long progress stays once it
  /// shows, for this loader; `nil` (the default) leaves it to whoever renders the loader: the
  /// `asyncProgressTiming` of the SwiftUI environment, or ``ProgressTiming/default``.
  package var progressTiming: ProgressTiming? {
    get { settings.progressTiming }
    set { uniqueSettings().progressTiming = newValue }
  }

  /// The wall clock that dates a loaded value (``loadedDate``); `Date.init` by default. Replace
  /// it in tests to get fixed dates.
  package var wallClock: @MainActor () -> Date {
    get { settings.wallClock }
    set { uniqueSettings().wallClock = newValue }
  }

  /// Shares `settings`, equal to this loader's own (the same clock and retry policy), with
  /// other loaders: a ``LoaderStore`` gives its paged loaders its own.
  func share(_ settings: LoaderSettings) {
    self.settings = settings
  }

  /// ``settings``, copied first if another loader shares them.
  private func uniqueSettings() -> LoaderSettings {
    if !isKnownUniquelyReferenced(&settings) { settings = settings.copy() }
    return settings
  }

  // MARK: State
  //
  // The state below is read and written on every load, so it opts out of the runtime's
  // exclusivity checks (`@exclusivity(unchecked)`; about 35 checks a load cycle, 3,000
  // instructions, measured with callgrind in Benchmarks/). The checks cannot fire here:
  // - the class is `@MainActor`, so no two threads touch the state at once;
  // - no access to it spans a call into code the loader does not control. Transitions are pure
  //   functions of the phase; operations, merges, observers and the wall clock run between
  //   accesses, never inside one; resuming a waiter only enqueues its task.
  // Keep it so: call out to such code only after an access has ended.

  /// When the value was loaded, on ``clock``; `nil` when no value has loaded.
  @exclusivity(unchecked) @usableFromInline package var storedLoadedAt: LoaderClock.Instant? {
    didSet {
      // Every place that dates the value on the clock dates it on the wall clock too, so the two
      // always describe the same landing.
      if storedLoadedAt != nil { storedLoadedDate = wallClock() }
      // A value landed (or went away): it is as fresh as its date says, and no longer an edit.
      isMarkedStale = false
      isValueEdited = false
      if let phaseListener { phaseListener.valueDidChange() }
    }
  }
  /// When the value was loaded, on ``wallClock``; meaningful only while ``storedLoadedAt`` is
  /// set (so it needs no optional's room of its own).
  @exclusivity(unchecked) var storedLoadedDate = Date(timeIntervalSinceReferenceDate: 0)
  /// When the value was loaded, on ``wallClock``, unobserved (``loadedDate`` observes); `nil`
  /// when no value has loaded.
  package var unobservedLoadedDate: Date? { storedLoadedAt == nil ? nil : storedLoadedDate }
  /// The generation of the current load; results of any other generation are stale.
  @exclusivity(unchecked) private var generation: UInt64 = 0
  /// The running operation or subscription.
  @exclusivity(unchecked) private var task: Task<Void, Never>?

  /// The callers waiting for the running load to settle.
  @exclusivity(unchecked) var waiters = Waiters()

  /// Hears every change of the phase, synchronously, after the change: the selections of a
  /// part of the value (`LoaderStore.value(for:select:)`), made on first use, and a persisted
  /// cache's watcher; more than one are chained through ``PhaseListener/next``. One word, `nil`
  /// for a loader nobody selects from or persists, which pays one check a change.
  @exclusivity(unchecked) package var phaseListener: PhaseListener?

  convenience init(clock: LoaderClock, retry: RetryPolicy, staleness: Staleness, hasValue: Bool) {
    self.init(
      settings: LoaderSettings(clock: clock, retryPolicy: retry), staleness: staleness,
      hasValue: hasValue)
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
    // The loader is gone (only it holds the core): nothing can observe the result. The task
    // holds the loader weakly, so this is the end of its work.
    task?.cancel()
  }

  // MARK: Status

  /// Failed attempts since the last success or reset: grows during retries with backoff, so
  /// a screen can show "attempt 2 of 3".
  package var failureCount: Int {
    registeringBox().registrar.access(self, keyPath: Self.failureCountPath)
    return storedFailureCount
  }

  /// When the value on screen was loaded, on ``clock``; `nil` when no value has loaded. It
  /// changes only together with the phase and is observed with it.
  package var loadedAt: LoaderClock.Instant? {
    accessPhase()
    return storedLoadedAt
  }

  /// When the value on screen was loaded, on ``wallClock``: the date to show as its age
  /// ("Updated 3 min ago"). `nil` when no value has loaded. It is set together with
  /// ``loadedAt``, changes only together with the phase, and is observed with it.
  ///
  package var loadedDate: Date? {
    accessPhase()
    return storedLoadedAt == nil ? nil : storedLoadedDate
  }

  /// Whether the load that settled last ended by a cancellation: ``AsyncLoader/cancel()``,
  /// a reset, or an operation that reported cancellation. It is `false` while a load runs and
  /// after a load that landed or failed, and is observed with the phase.
  ///
  /// A cancelled reload goes from reloading back to loaded with the value it had, which the
  /// phases alone cannot tell from a reload that landed; this can, so an ``Announcement``
  /// stays silent for it.
  package var lastLoadWasCancelled: Bool {
    accessPhase()
    return storedLastLoadWasCancelled
  }

  /// Whether the value is older than ``staleness`` allows, or was invalidated since it landed:
  /// by a ``LoaderStore`` (``LoaderStore/invalidate(_:)``) or by a reload that failed.
  @usableFromInline package var isStale: Bool {
    guard let loadedAt = storedLoadedAt else { return false }
    if isMarkedStale { return true }
    guard let staleAfter else { return false }
    return loadedAt.duration(to: clock.now) >= staleAfter
  }

  /// Whether an operation or subscription is running (a subscription goes on after its first
  /// value has landed). It is observed together with the phase.
  package var isActive: Bool {
    accessPhase()
    return task != nil
  }

  /// Whether the running load waits for the network: its store knows the network to be down,
  /// so the next attempt has not started (TanStack Query's `isPaused`). The phase stays the
  /// loading one it was. It is observed together with the phase.
  package var isWaitingForNetwork: Bool {
    accessPhase()
    return storedIsWaitingForNetwork
  }

  // MARK: Loads

  /// Starts a load: supersedes whatever runs, moves the phase with `startPhase`, and stores the
  /// task `makeTask` creates for the new generation.
  ///
  /// Observers hear once, if the phase changed or work started where none ran.
  ///
  /// - Parameters:
  ///   - startPhase: Moves the phase to its loading case; returns whether it changed (a phase
  ///     that already loads, such as the initial phase of a preview, stays as it is).
  ///   - makeTask: Creates the task of the load. It must hold the loader weakly and check
  ///     ``isCurrent(_:)`` after every `await`.
  ///
  /// A load that starts while the store knows the network to be down is marked waiting for it at
  /// once (``storedIsWaitingForNetwork``; its first attempt waits), so a superseding load never
  /// shows a moment without the mark.
  @usableFromInline
  func beginLoad(
    _ startPhase: () -> Bool, _ makeTask: (_ generation: UInt64) -> Task<Void, Never>
  ) {
    let wasActive = task != nil
    let wasWaiting = storedIsWaitingForNetwork
    let generation = supersede()
    storedLastLoadWasCancelled = false
    if let network = settings.network, network.isOfflineUnobserved {
      storedIsWaitingForNetwork = true
    }
    changePhase { startPhase() || !wasActive || wasWaiting != storedIsWaitingForNetwork }
    isLoadRunning = true
    task = makeTask(generation)
  }

  /// Ends the work of the current generation: moves the phase with `endPhase`, and settles.
  ///
  /// Observers hear once, if the phase changed or the work that ran stopped.
  @usableFromInline
  func finishLoad(_ endPhase: () -> Bool) {
    let wasActive = task != nil
    task = nil
    changePhase { endPhase() || wasActive }
    settleWaiters()
  }

  /// Ends the work of the current generation that reported cancellation on its own (an
  /// operation that threw a cancellation error, a sequence that ended before any element):
  /// ``finishLoad(_:)``, remembered as a cancellation.
  @usableFromInline
  func finishCancelledLoad(_ cancelPhase: () -> Bool) {
    storedLastLoadWasCancelled = true
    finishLoad(cancelPhase)
  }

  /// Cancels whatever runs, moves the phase with `stopPhase` (a cancel or a reset), and
  /// settles.
  @usableFromInline
  func stopLoad(_ stopPhase: () -> Bool) {
    let wasActive = task != nil
    supersede()
    if wasActive { storedLastLoadWasCancelled = true }
    changePhase { stopPhase() || wasActive }
    settleWaiters()
  }

  /// Cancels whatever runs and makes its results stale.
  ///
  /// - Returns: The generation of the load that starts next.
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

  /// Waits until the running load settles; returns at once when no load runs.
  ///
  /// A caller whose own task is cancelled stops waiting at once; the load goes on: a caller's
  /// cancellation is not the load's.
  @usableFromInline
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

  // The observed properties are observed through key paths of this class: the loaders are
  // generic, and for a generic class the runtime builds a key path such as `\AsyncLoader.phase`
  // anew on every access (about 22,000 instructions and 2 mallocs, measured with callgrind in
  // Benchmarks/). This class is not generic, so its key paths are formed once per process.
  // Observation tracks a registrar and a key path; the generic phase is stored in the subclass
  // and stands behind `phaseVersion`.

  /// How many times the loader's phase has changed. A loader's `phase` getter registers an
  /// access to it, and every change of the phase (or of whether work runs) notifies it.
  @exclusivity(unchecked) private(set) var phaseVersion: UInt64 = 0
  /// Failed attempts since the last success or reset.
  @exclusivity(unchecked) private var storedFailureCount = 0

  // The key paths, formed once: a key path literal is looked up anew at every use (about 60
  // instructions), and every phase change uses one twice.
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

  /// Runs `change`, which changes the phase in place and reports whether it changed anything,
  /// and notifies the phase's observers only when it did.
  ///
  /// The notification follows the change, because only the change knows whether there was one:
  /// a trigger that joins a running load, or a transition that leaves the phase as it is, must
  /// not cost a render. Observers read the new value on their next turn, as SwiftUI does.
  ///
  /// - Returns: Whether the phase changed.
  @usableFromInline @discardableResult
  func changePhase(_ change: () -> Bool) -> Bool {
    guard change() else { return false }
    if let registrarBox {
      registrarBox.registrar.willSet(self, keyPath: Self.phaseVersionPath)
      phaseVersion &+= 1
      registrarBox.registrar.didSet(self, keyPath: Self.phaseVersionPath)
    } else {
      phaseVersion &+= 1  // no access has registered: nobody to notify
    }
    // The selections hear every change, whether or not anybody read the phase itself.
    if let phaseListener { phaseListener.notifyAll() }
    return true
  }

  /// A load failed and left `kind`. A failed reload (``PhaseKind/reloadFailed``) keeps the value
  /// on screen, but the value is no longer current: it is marked stale until a value lands, so
  /// the next `load()` (an observer that appears, a store's refetch event) fetches again, as
  /// TanStack Query invalidates a query whose background fetch failed. A failed page (load-more
  /// or previous page) says nothing about the value and marks nothing.
  @usableFromInline
  func noteFailure(leaving kind: PhaseKind) {
    if kind == .reloadFailed, storedLoadedAt != nil { isMarkedStale = true }
  }

  /// Marks the running load waiting for the network before its next attempt, or no longer
  /// waiting; observers hear once, if it changed.
  @usableFromInline
  func markWaitingForNetwork(_ waiting: Bool) {
    guard storedIsWaitingForNetwork != waiting else { return }
    changePhase {
      storedIsWaitingForNetwork = waiting
      return true
    }
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

  /// Counts a failed attempt of the running load and decides whether to try again.
  ///
  /// - Parameters:
  ///   - failed: How many attempts of this load have failed, this one included.
  ///   - error: What the attempt threw.
  ///   - policy: The ``retryPolicy`` of when the load started; `nil` if it never retries.
  /// - Returns: How long to wait before the next attempt, and the clock to wait on; `nil` shows
  ///   the failure.
  @usableFromInline
  func nextWait(after failed: Int, _ error: any Error, _ policy: RetryPolicy?) -> RetryWait? {
    countFailedAttempt()
    return policy?.delay(afterFailedAttempts: failed, error: error).map { ($0, clock) }
  }

  /// Forgets the failed attempts, after a success or a reset; notifies only if there were any.
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

/// A loader's ``ObservationRegistrar``, which ``LoaderCore`` makes on the first access that
/// registers.
private final class RegistrarBox {
  let registrar = ObservationRegistrar()
}

/// What a loader rarely changes: its clock, its retry policy, its progress timing and its wall
/// clock. The loaders of a ``LoaderStore`` share one (the store's clock and retry policy), so
/// that an idle cached loader holds one reference instead of about 190 bytes; a loader that
/// changes one of them copies them first (``LoaderCore``).
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
  /// What the loader's store knows of the network: a load waits for it while it is down. `nil`
  /// for a loader outside a store, which never waits.
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

/// What hears every change of a loader's phase (``LoaderCore/phaseListener``): the base of a
/// loader's selections, which `LoaderStore+Selection.swift` subclasses with the loader's value
/// type. It is not generic, so the core holds it in one word.
@MainActor
package class PhaseListener {
  /// Whether a value landed or went away since the listener last ran: set by the core wherever
  /// it dates the value, so a listener runs its transforms once per new value, not once per
  /// change of the phase (a reload that starts keeps the value it had). A new listener starts
  /// from the value of its making.
  package final var valueChanged = false

  /// The next listener of the same loader (``LoaderCore/addListener(_:)``), which hears every
  /// change too.
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
