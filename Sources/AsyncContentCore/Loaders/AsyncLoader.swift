public import Foundation

/// The one owner of an async load: every trigger goes through it, so there are no duplicate
/// requests, no stale responses and no cancellation shown as an error.
///
/// ```swift
/// let loader = AsyncLoader { try await api.countries() }
/// await loader.load()       // .task: loads when nothing is current
/// await loader.reload()     // pull-to-refresh: always fetches, the list stays visible
/// ```
///
/// - **Joining.** A trigger that arrives while a load runs joins it (or, with
///   ``OverlapPolicy/latestWins``, replaces it), and returns when that load finishes.
/// - **Caller cancellation is not load cancellation.** When SwiftUI cancels the awaiting task,
///   the load goes on; only ``cancel()``, ``reset()``, latestWins and releasing the loader stop it.
/// - **Cancellation is never a failure**: the phase returns to where the load started.
/// - **Stale results are dropped**, and **retry and staleness** run on the injected clock.
/// - **Releasing it cancels its work**: a loader released while it loads is freed at once.
///
/// Subclass it as Ralf Ebert's "AsyncView – Asynchrone Ladevorgänge in SwiftUI" subclasses
/// `AsyncModel`: override ``makeOperation()`` and call `super.init()`.
///
/// ```swift
/// final class CountriesModel: AsyncLoader<[Country]> {
///   let api: API
///   init(api: API) {
///     self.api = api
///     super.init()
///   }
///   override func makeOperation() -> Operation {
///     { [api] in try await api.countries() }
///   }
/// }
/// ```
@MainActor
open class AsyncLoader<Value: Sendable>: LoadableObject, AnyLoader {
  /// The load: an async function that returns the value, run off the main actor.
  public typealias Operation = @Sendable () async throws -> Value

  /// The phase of the load.
  @inlinable
  public final var phase: LoadPhase<Value, any Error> {
    core.accessPhase()
    return storedPhase
  }

  /// The task, the waiters, staleness, the failure count and the observation; only this
  /// loader holds it.
  @usableFromInline package let core: LoaderCore

  /// The phase, unobserved; ``core`` notifies.
  @exclusivity(unchecked) @usableFromInline final var storedPhase: LoadPhase<Value, any Error>
  /// What a trigger does when a load already runs.
  public final var overlapPolicy: OverlapPolicy
  /// Where the value comes from; set once, by the initializers.
  private var source = Source.subclass

  private enum Source {
    case operation(Operation)
    case subclass
    case sequence(@MainActor (SequenceSink) async -> Void)
  }

  /// Creates a loader that runs `operation`.
  ///
  /// - Parameters:
  ///   - phase: The initial phase, for previews and tests. A loading phase is shown as it is;
  ///     no load runs until the first trigger, which starts a real one.
  ///   - clock: The clock for retry waits and staleness.
  ///   - retry: How failed attempts are retried; none by default.
  ///   - staleness: How old a value may grow before ``load()`` fetches again; never by default.
  ///   - overlap: What a trigger does while a load runs.
  ///   - operation: The load. It runs off the main actor.
  public convenience init(
    phase: LoadPhase<Value, any Error> = .idle,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .never,
    staleness: Staleness = .never,
    overlap: OverlapPolicy = .joinRunning,
    operation: @escaping Operation
  ) {
    self.init(phase: phase, clock: clock, retry: retry, staleness: staleness, overlap: overlap)
    source = .operation(operation)
  }

  /// Creates a loader for a subclass that overrides ``makeOperation()`` (see the example above).
  ///
  /// - Parameters:
  ///   - phase: The initial phase, for previews and tests. A loading phase is shown as it is;
  ///     no load runs until the first trigger, which starts a real one.
  ///   - clock: The clock for retry waits and staleness.
  ///   - retry: How failed attempts are retried; none by default.
  ///   - staleness: How old a value may grow before ``load()`` fetches again; never by default.
  ///   - overlap: What a trigger does while a load runs.
  public init(
    phase: LoadPhase<Value, any Error> = .idle,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .never,
    staleness: Staleness = .never,
    overlap: OverlapPolicy = .joinRunning
  ) {
    storedPhase = phase
    overlapPolicy = overlap
    core = LoaderCore(
      clock: LoaderClock(clock), retry: retry, staleness: staleness, hasValue: phase.value != nil)
  }

  /// Creates an idle loader with `settings`, which it may share: what a store makes for its keys.
  init(settings: LoaderSettings, staleness: Staleness) {
    storedPhase = .idle
    overlapPolicy = .joinRunning
    core = LoaderCore(settings: settings, staleness: staleness, hasValue: false)
  }

  /// Creates a loader fed by `sequence`, which subscribes for a load and delivers into its sink.
  package convenience init(
    phase: LoadPhase<Value, any Error>, clock: some Clock<Duration>, staleness: Staleness,
    sequence: @escaping @MainActor (SequenceSink) async -> Void
  ) {
    self.init(phase: phase, clock: clock, staleness: staleness, overlap: .latestWins)
    source = .sequence(sequence)
  }

  /// Makes the operation of a load; called on the main actor each time a load starts.
  ///
  /// Subclasses override it. Capture what the load needs (an API client, an id), not `self`,
  /// so that releasing the loader cancels the request.
  ///
  /// - Returns: The operation; without an override or a closure, one that throws
  ///   ``AsyncLoaderError/missingOperation(loader:)`` (a debug build stops first).
  open func makeOperation() -> Operation {
    if case .operation(let operation) = source { return operation }
    let error = AsyncLoaderError.missingOperation(loader: String(describing: type(of: self)))
    WiringCheck.report(error)  // a debug build stops here
    return { throw error }
  }

  // MARK: Triggers

  /// Loads when there is nothing current (idle, failed, stale) and returns when that load
  /// finishes; joins a load that runs. `.task` calls it.
  @inlinable
  public final func load() async {
    if launchIfNeeded() { await core.waitForLoad() }
  }

  /// Fetches whatever is shown and returns when the load finishes, the value visible meanwhile;
  /// joins a load that runs (or replaces it under latestWins). Pull-to-refresh calls it.
  @inlinable
  public final func reload() async {
    startReload()
    await core.waitForLoad()
  }

  /// Tries again after a failure; the same as ``reload()``.
  @inlinable
  public final func retry() async {
    await reload()
  }

  /// Starts ``load()`` without waiting, for button actions and `onAppear`; it decides exactly
  /// as ``load()`` does.
  @inlinable
  public final func startLoad() {
    launchIfNeeded()
  }

  /// Starts ``reload()`` without waiting, for button actions; it decides exactly as
  /// ``reload()`` does.
  @inlinable
  public final func startReload() {
    if !core.isLoadRunning || overlapPolicy == .latestWins { launch() }
  }

  /// Cancels the running load or subscription: the phase returns to where the load started and
  /// waiting callers resume.
  @inlinable
  public final func cancel() {
    core.stopLoad { storedPhase.cancel() }
  }

  /// Dismisses the error of a failed reload (the banner's Dismiss), as
  /// ``LoadPhase/dismissError()`` decides.
  @inlinable
  public final func dismissError() {
    core.changePhase { storedPhase.dismissError() }
  }

  /// Cancels any work and forgets the value, the error and the failure count: back to idle.
  @inlinable
  public final func reset() {
    core.storedLoadedAt = nil
    core.stopLoad { storedPhase.reset() }
    core.resetFailureCount()
  }

  /// Whether ``load()`` would fetch: no load runs, and nothing current is shown.
  @inlinable
  public final var needsLoad: Bool {
    core.accessPhase()
    return needsLoadNow
  }

  // MARK: Running loads

  /// ``needsLoad``, without registering an observation.
  @inlinable
  final var needsLoadNow: Bool {
    guard !core.isLoadRunning else { return false }
    switch storedPhase.kind {
    case .idle, .failed, .loading, .reloading, .retrying, .loadingMore, .loadingPrevious:
      return true
    case .loaded, .reloadFailed, .loadMoreFailed, .loadPreviousFailed: return core.isStale
    }
  }

  /// Launches a load when ``load()`` should; returns whether a load runs to join.
  @inlinable @discardableResult
  final func launchIfNeeded() -> Bool {
    if core.isLoadRunning { return true }  // joins, whatever the overlap policy
    guard needsLoadNow else { return false }
    launch()
    return true
  }

  /// Launches a new load: supersedes whatever runs and moves the phase to a loading case.
  @inlinable
  final func launch() {
    if launchSubscription() { return }
    let operation = makeOperation()
    let retry = core.retryPolicyForLaunch  // `nil` keeps none of its closures in the task
    let network = core.network
    let generation = core.launch(phaseChanged: storedPhase.startLoading() == .started)
    let markedWaiting = core.storedIsWaitingForNetwork
    let loader = WeakReference(self)
    core.task = Task {
      let outcome = await runAttempts(
        operation, network: network, markedWaiting: markedWaiting,
        isOffline: { network?.isOfflineUnobserved ?? false },
        isCurrent: { loader.object?.core.isCurrent(generation) ?? false },
        markWaiting: { loader.object?.core.markWaitingForNetwork($0) },
        retryWait: { loader.object?.core.nextWait(after: $0, $1, retry) })
      guard let self = loader.object, let outcome, self.core.isCurrent(generation) else { return }
      self.finish(outcome)
    }
  }

  /// Launches a subscription, if this is a sequence or publisher loader; returns whether it is.
  @usableFromInline
  final func launchSubscription() -> Bool {
    guard case .sequence(let subscription) = source else { return false }
    let generation = core.launch(phaseChanged: storedPhase.startLoading() == .started)
    let sink = SequenceSink(loader: self, generation: generation)
    core.task = Task { await subscription(sink) }
    return true
  }

  /// Lands the outcome of the current run.
  @inlinable
  final func finish(_ outcome: LoadOutcome<Value>) {
    switch outcome {
    case .success(let value): land(value)
    case .failure(let error): fail(error)
    case .cancelled: core.finishCancelled(phaseChanged: storedPhase.cancel())
    }
  }

  /// Shows `value` and settles; the work goes on when `ending` is `false` (a subscription).
  @inlinable
  final func land(_ value: Value, ending: Bool = true) {
    core.storedLoadedAt = core.clock.now
    storedPhase.succeed(value)
    if ending {
      core.finish(phaseChanged: true)
    } else {
      core.phaseDidChange()
      core.settleWaiters()
    }
    core.resetFailureCount()
  }

  /// Shows `error` and settles.
  @inlinable
  final func fail(_ error: any Error) {
    storedPhase.fail(error)
    core.noteFailure(leaving: storedPhase.kind)
    core.finish(phaseChanged: true)
  }

  // MARK: Sequences

  /// Feeds a sequence's or publisher's elements into a loader while its generation is current.
  @MainActor
  package struct SequenceSink {
    weak var loader: AsyncLoader?
    let generation: UInt64

    /// Lands `value`; returns `false` when the subscription is stale and should stop.
    func deliver(_ value: Value) -> Bool {
      guard let loader, loader.core.isCurrent(generation) else { return false }
      loader.land(value, ending: false)
      return true
    }

    /// Ends the subscription: an error fails the load; a cancellation, or an end before any
    /// element, returns the phase to where it started.
    func finish(throwing error: (any Error)?) {
      guard let loader, loader.core.isCurrent(generation) else { return }
      if let error, !isCancellation(error), !Task.isCancelled {
        loader.core.countFailedAttempt()
        loader.fail(error)
      } else {
        loader.core.finishCancelled(phaseChanged: loader.storedPhase.cancel())
      }
    }
  }
}

// MARK: Status

extension AsyncLoader {
  /// How failed attempts are retried before the failure shows; a change applies from the next
  /// load on.
  ///
  /// ```swift
  /// loader.retryPolicy = .exponentialBackoff(maxAttempts: 3)
  /// ```
  public var retryPolicy: RetryPolicy {
    get { core.retryPolicy }
    set { core.retryPolicy = newValue }
  }

  /// How old the value may grow before ``load()`` fetches again; ``Staleness/never`` by default.
  ///
  /// ```swift
  /// loader.staleness = .after(.seconds(300))  // `.task` fetches again after 5 min
  /// ```
  public var staleness: Staleness {
    get { core.staleness }
    set { core.staleness = newValue }
  }

  /// How long a first load may run before progress shows, and how long it stays; `nil` (the
  /// default) leaves it to the renderer.
  ///
  /// ```swift
  /// loader.progressTiming = .immediate  // a search field shows its spinner at once
  /// ```
  public var progressTiming: ProgressTiming? {
    get { core.progressTiming }
    set { core.progressTiming = newValue }
  }

  /// Failed attempts since the last success or reset; observed.
  ///
  /// ```swift
  /// if loader.failureCount > 0 { Text("Attempt \(loader.failureCount + 1)") }
  /// ```
  public var failureCount: Int { core.failureCount }

  /// When the value on screen was loaded, on the wall clock; observed with the phase.
  ///
  /// ```swift
  /// UpdatedLabel(loadedAt: loader.loadedDate)
  /// ```
  public var loadedDate: Date? { core.loadedDate }

  /// Whether the value is older than ``staleness`` allows, or was invalidated (by a store, or a
  /// failed reload) since it landed.
  public var isStale: Bool { core.isStale }

  /// Whether an operation or subscription is running; observed with the phase.
  public var isActive: Bool { core.isActive }

  /// Whether the running load waits for the network: the loader's ``LoaderStore`` knows the
  /// network to be down (``LoaderStore/followNetwork(_:)``), so the request goes out when it
  /// comes back. The phase stays the loading one; a failure while the network is down burns no
  /// retry. A loader outside a store never waits. It is observed together with the phase.
  ///
  /// ```swift
  /// if loader.isWaitingForNetwork { Text("Waiting for the network") }
  /// ```
  public var isWaitingForNetwork: Bool { core.isWaitingForNetwork }
}
