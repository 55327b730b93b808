public import Observation

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
///   ``OverlapPolicy/latestWins``, replaces it). Every trigger returns when the load it started
///   or joined finishes, so `.refreshable { await loader.reload() }` keeps its spinner exactly as
///   long as the real load runs.
/// - **Caller cancellation is not load cancellation.** When SwiftUI cancels the task that
///   awaits a trigger, the shared load goes on and lands. Only ``cancel()``,
///   ``OverlapPolicy/latestWins``, ``reset()`` and releasing the loader cancel the operation.
/// - **Cancellation is never a failure.** `CancellationError`, `URLError.cancelled` and any
///   error thrown by a cancelled operation return the phase to where the load started.
/// - **Stale results are dropped.** Every load has a generation, checked after every `await`.
/// - **Retry and staleness** run on the injected ``LoaderClock``.
/// - **Memory.** Stored tasks hold the loader weakly; releasing it cancels its work.
///
/// Subclass it as seed 000 subclasses `AsyncModel`: override ``operation()`` and call
/// `super.init()`. A subclass's operation is a method, so the loader stays alive while it runs.
@MainActor
open class AsyncLoader<Value: Sendable>: LoadableObject, Observable {
  /// The phase of the load.
  public private(set) var phase: LoadPhase<Value, any Error> {
    get {
      observation.access(self, keyPath: phaseKey)
      return storedPhase
    }
    set {
      observation.withMutation(of: self, keyPath: phaseKey) { storedPhase = newValue }
    }
    _modify {
      // In place, so a page appends to the stored items without copying them.
      observation.willSet(self, keyPath: phaseKey)
      defer { observation.didSet(self, keyPath: phaseKey) }
      yield &storedPhase
    }
  }
  /// Failed attempts since the last success: grows during retries with backoff.
  public private(set) var failureCount: Int {
    get {
      observation.access(self, keyPath: failureCountKey)
      return storedFailureCount
    }
    set {
      observation.withMutation(of: self, keyPath: failureCountKey) { storedFailureCount = newValue }
    }
  }

  // Observation is written by hand instead of with `@Observable`: the macro forms
  // `\AsyncLoader.phase` on every access and mutation, and for a generic class the runtime builds
  // that key path anew each time (about 22,000 instructions and 2 mallocs, measured with
  // callgrind in Benchmarks/). Here each key path is formed once per loader.
  private let observation = ObservationRegistrar()
  private let phaseKey: KeyPath<AsyncLoader, LoadPhase<Value, any Error>> = \.phase
  private let failureCountKey: KeyPath<AsyncLoader, Int> = \.failureCount
  private var storedPhase: LoadPhase<Value, any Error>
  private var storedFailureCount = 0
  /// When the value was loaded, on ``clock``; `nil` when no value has loaded. It changes only
  /// together with ``phase``, so it is not observed on its own.
  public private(set) var loadedAt: LoaderClock.Instant?

  /// The clock for retry waits and staleness.
  public let clock: LoaderClock
  /// How failed attempts are retried before the failure shows.
  public var retryPolicy: RetryPolicy
  /// How old a value may grow before ``load()`` fetches it again; `nil` never goes stale.
  public var staleAfter: Duration?
  /// What a trigger does when a load already runs.
  public var overlapPolicy: OverlapPolicy

  private let source: Source
  /// The generation of the current load; results of any other generation are stale.
  private var generation: UInt64 = 0
  /// The running operation or subscription.
  private var task: Task<Void, Never>?
  /// Callers waiting for the current load to settle.
  private let waiters = Waiters()

  enum Source {
    case operation(@Sendable () async throws -> Value)
    case subclass
    case sequence(@MainActor (SequenceSink) async -> Void)
  }

  /// Creates a loader that runs `operation`.
  ///
  /// - Parameters:
  ///   - phase: The initial phase, for previews and tests.
  ///   - clock: The clock for retry waits and staleness.
  ///   - retry: How failed attempts are retried; none by default.
  ///   - staleAfter: How old a value may grow before ``load()`` fetches again.
  ///   - overlap: What a trigger does while a load runs.
  ///   - operation: The load. It runs off the main actor.
  public convenience init(
    phase: LoadPhase<Value, any Error> = .idle,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .none,
    staleAfter: Duration? = nil,
    overlap: OverlapPolicy = .joinRunning,
    operation: @escaping @Sendable () async throws -> Value
  ) {
    self.init(
      source: .operation(operation), phase: phase, clock: LoaderClock(clock), retry: retry,
      staleAfter: staleAfter, overlap: overlap)
  }

  /// Creates a loader for a subclass that overrides ``operation()``.
  ///
  /// ```swift
  /// final class CountriesModel: AsyncLoader<[Country]> {
  ///   init() { super.init() }
  ///   override func operation() async throws -> [Country] { try await api.countries() }
  /// }
  /// ```
  public init(
    phase: LoadPhase<Value, any Error> = .idle,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .none,
    staleAfter: Duration? = nil,
    overlap: OverlapPolicy = .joinRunning
  ) {
    self.source = .subclass
    self.storedPhase = phase
    self.clock = LoaderClock(clock)
    self.retryPolicy = retry
    self.staleAfter = staleAfter
    self.overlapPolicy = overlap
    if phase.value != nil { loadedAt = self.clock.now }
  }

  init(
    source: Source, phase: LoadPhase<Value, any Error>, clock: LoaderClock, retry: RetryPolicy,
    staleAfter: Duration?, overlap: OverlapPolicy
  ) {
    self.source = source
    self.storedPhase = phase
    self.clock = clock
    self.retryPolicy = retry
    self.staleAfter = staleAfter
    self.overlapPolicy = overlap
    if phase.value != nil { loadedAt = clock.now }
  }

  deinit {
    task?.cancel()
  }

  /// The load. Subclasses override it (and call `super.init()` without an operation); the
  /// default runs the closure given to ``init(phase:clock:retry:staleAfter:overlap:operation:)``.
  ///
  /// - Throws: ``AsyncLoaderError/missingOperation(loader:)`` when there is neither.
  open func operation() async throws -> Value {
    guard case .operation(let operation) = source else {
      throw AsyncLoaderError.missingOperation(loader: String(describing: type(of: self)))
    }
    return try await operation()
  }

  // MARK: Triggers

  /// Loads when there is nothing current (idle, failed, or a stale value) and returns when that
  /// load finishes; joins a load that runs, under either ``OverlapPolicy``. This is what `.task`
  /// calls, so appearing again does not fetch again.
  public func load() async {
    if phase.isLoading {
      await waitForSettle()  // joins, whatever the overlap policy: `.task` never restarts a load
    } else if needsLoad {
      begin()
      await waitForSettle()
    }
  }

  /// Fetches whatever is shown and returns when the load finishes; joins a load that runs
  /// (or replaces it under ``OverlapPolicy/latestWins``). Pull-to-refresh calls it: the value
  /// stays visible while it runs, and cancelling the awaiting task does not cancel the load.
  public func reload() async {
    if phase.isLoading {
      await joinOrReplace()
    } else {
      begin()
      await waitForSettle()
    }
  }

  /// Tries again after a failure; the same as ``reload()``.
  public func retry() async {
    await reload()
  }

  /// Starts ``load()`` without waiting, for button actions and `onAppear`.
  public func startLoad() {
    if !phase.isLoading, needsLoad { begin() }
  }

  /// Starts ``reload()`` without waiting, for button actions.
  public func startReload() {
    if phase.isLoading {
      if overlapPolicy == .latestWins { begin() }
    } else {
      begin()
    }
  }

  /// Cancels the running load or subscription. The phase returns to where the load started
  /// (a first load to idle, a reload to loaded, a retry to failed) and waiting callers resume.
  public func cancel() {
    stopWork()
    if phase.isLoading { phase.cancel() }
    settle()
  }

  /// Cancels any work and forgets the value, the error and the failure count: back to idle.
  public func reset() {
    stopWork()
    if !phase.isIdle { phase.reset() }
    if failureCount != 0 { failureCount = 0 }
    if loadedAt != nil { loadedAt = nil }
    settle()
  }

  /// Whether ``load()`` would fetch: the phase is idle or failed, or the value is stale.
  public var needsLoad: Bool {
    switch phase.kind {
    case .idle, .failed: true
    case .loaded, .reloadFailed: isStale
    case .loading, .reloading, .retrying, .loadingMore, .loadMoreFailed: false
    }
  }

  /// Whether the value is older than ``staleAfter``.
  public var isStale: Bool {
    guard let staleAfter, let loadedAt else { return false }
    return loadedAt.duration(to: clock.now) >= staleAfter
  }

  /// Whether an operation or subscription is running (a subscription goes on after its first
  /// value has landed).
  public var isActive: Bool { task != nil }

  // MARK: Running loads

  private func joinOrReplace() async {
    if overlapPolicy == .latestWins { begin() }
    await waitForSettle()
  }

  /// Starts a new load: supersedes whatever runs and moves the phase to a loading case.
  private func begin() {
    stopWork()
    if !phase.isLoading { phase.startLoading() }
    let generation = generation
    switch source {
    case .operation(let operation):
      task = Task { [weak self, retryPolicy, clock] in
        let outcome = await runAttempts(
          operation, retry: retryPolicy, clock: clock,
          isCurrent: { self?.generation == generation },
          failedAttempt: { self?.failureCount += 1 })
        self?.finish(outcome)
      }
    case .subclass:
      // The operation is a method, so it holds the loader while it runs.
      task = Task { [weak self, retryPolicy, clock] in
        let outcome = await runAttempts(
          {
            guard let self else { throw CancellationError() }
            return try await self.operation()
          }, retry: retryPolicy, clock: clock,
          isCurrent: { self?.generation == generation },
          failedAttempt: { self?.failureCount += 1 })
        self?.finish(outcome)
      }
    case .sequence(let iterate):
      let sink = SequenceSink(loader: self, generation: generation)
      task = Task { await iterate(sink) }
    }
  }

  /// Lands the outcome of a current run; `nil` (stale) changes nothing.
  private func finish(_ outcome: LoadOutcome<Value>?) {
    switch outcome {
    case .success(let value): land(value)
    case .failure(let error): land(error)
    case .cancelled: revert()
    case nil: break
    }
  }

  private func land(_ value: Value) {
    task = nil
    phase.succeed(value)
    if failureCount != 0 { failureCount = 0 }
    loadedAt = clock.now
    settle()
  }

  private func land(_ error: any Error) {
    task = nil
    phase.fail(error)
    settle()
  }

  /// The operation reported cancellation on its own: return to where the load started.
  private func revert() {
    task = nil
    if phase.isLoading { phase.cancel() }
    settle()
  }

  private func stopWork() {
    task?.cancel()
    task = nil
    generation &+= 1
  }

  private func waitForSettle() async {
    guard phase.isLoading else { return }
    await waiters.wait(since: waiters.epoch)
  }

  private func settle() {
    waiters.resumeAll()
  }

  // MARK: Sequences

  /// Feeds the elements of a sequence or publisher into a loader, while its generation is current.
  @MainActor
  struct SequenceSink {
    weak var loader: AsyncLoader?
    let generation: UInt64

    /// Lands `value`; returns `false` when the subscription is stale and should stop.
    func deliver(_ value: Value) -> Bool {
      guard let loader, loader.generation == generation else { return false }
      loader.phase.succeed(value)
      loader.loadedAt = loader.clock.now
      loader.settle()
      return true
    }

    /// Ends the subscription: an error lands as failed or reloadFailed; a cancellation or a
    /// sequence that ends before any element returns the phase to where it started.
    func finish(throwing error: (any Error)?) {
      guard let loader, loader.generation == generation else { return }
      loader.task = nil
      if let error, !isCancellation(error), !Task.isCancelled {
        loader.land(error)
      } else {
        loader.revert()
      }
    }
  }
}
