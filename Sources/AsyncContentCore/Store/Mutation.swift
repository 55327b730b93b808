public import Observation

/// A change sent to a server, with an optimistic update of the cached values of a
/// ``LoaderStore``, rolled back if the change fails or is cancelled, and the keys to refresh
/// when it succeeds.
///
/// ```swift
/// let rename = Mutation<Rename, Country>(
///   store: store,
///   optimistic: { store, rename in
///     store.updateValue(for: CountryKey(code: rename.code)) { $0.name = rename.name }
///   },
///   invalidates: { rename, _ in [CountryKey(code: rename.code), CountriesKey()] }
/// ) { rename in
///   try await api.rename(rename.code, to: rename.name)
/// }
///
/// await rename.run(Rename(code: "AT", name: "Österreich"))
/// ```
///
/// - **One run at a time.** ``run(_:ifRunning:)`` while a run is in progress joins it or
///   returns at once, as ``ConcurrentRun`` says; ``start(_:)`` never waits.
/// - **Optimistic updates.** `optimistic` edits cached values with
///   ``LoaderStore/setValue(_:for:)`` or ``LoaderStore/updateValue(for:_:)`` before the request
///   goes out; every view of those keys shows the edit at once.
/// - **Rollback.** When the request fails or is cancelled, each edit is rolled back, but only
///   where the entry still shows it: an edit after which a value landed (a load, or a plain
///   ``LoaderStore/setValue(_:for:)``) restores nothing, so a rollback never clobbers a newer
///   value. Where two mutations edited one key, the older edit's rollback leaves the newer edit
///   on screen, and the newer edit, if it is rolled back too, restores what the older one found.
///   A restored value is marked stale, so its next observer revalidates it.
/// - **Success.** The edits stay, and the keys `invalidates` returns are invalidated
///   (``LoaderStore/invalidate(_:)``): observed ones reload, superseding any load in flight.
/// - **Cancellation is not a failure.** ``cancel()``, or an operation that throws
///   `CancellationError` or `URLError.cancelled`, rolls the edits back and returns the phase to
///   where it was before the run.
/// - **A run outlives its caller.** Cancelling the task that awaits ``run(_:ifRunning:)`` stops
///   only the waiting, and releasing the mutation does not cancel a run: a save finishes, rolls
///   back or invalidates even when its screen went away. Only ``cancel()`` stops it.
@MainActor
public final class Mutation<Input: Sendable, Output: Sendable>: Observable, WaitingCallers {
  /// The request: sends `Input` and returns the server's answer, run off the main actor.
  public typealias Operation = @Sendable (Input) async throws -> Output

  /// The phase of the mutation. It is observed.
  public private(set) var phase: MutationPhase<Output> {
    get {
      _ = changes.count  // registers the access
      return storedPhase
    }
    set {
      storedPhase = newValue
      changes.count &+= 1  // notifies, after the change
    }
  }

  /// The store whose values the optimistic update edits and whose keys a success invalidates.
  public let store: LoaderStore
  private let operation: Operation
  private let optimistic: (@MainActor (LoaderStore, Input) -> Void)?
  private let invalidates: @MainActor (Input, Output) -> [any StoreKey]

  /// The phase, read and written without observation.
  private var storedPhase: MutationPhase<Output> = .idle
  /// What observers of the phase observe. The class is generic, and the key path of an
  /// observed property of a generic class is built anew on every access (as `LoaderCore`
  /// explains); the counter's class is not, so its key path is formed once.
  private let changes = ChangeCounter()
  /// The running request.
  private var task: Task<Void, Never>?
  /// The generation of the running request; a request of any other is stale.
  private var generation: UInt64 = 0
  /// The optimistic edits of the running request.
  private var edits: [EditReference] = []
  /// The phase before the running request, where a cancellation returns.
  private var phaseBeforeRun: MutationPhase<Output> = .idle
  /// The callers waiting for the running request.
  var waiters = Waiters()

  /// Creates a mutation.
  ///
  /// - Parameters:
  ///   - store: The store to edit and invalidate.
  ///   - optimistic: Edits the store's values before the request goes out, with
  ///     ``LoaderStore/setValue(_:for:)`` or ``LoaderStore/updateValue(for:_:)``; the edits are
  ///     rolled back if the request fails or is cancelled.
  ///   - invalidates: The keys to invalidate after a success, given the input and the output.
  ///   - operation: The request. It runs off the main actor.
  public init(
    store: LoaderStore,
    optimistic: (@MainActor (LoaderStore, Input) -> Void)? = nil,
    invalidates: @escaping @MainActor (Input, Output) -> [any StoreKey] = { _, _ in [] },
    operation: @escaping Operation
  ) {
    self.store = store
    self.optimistic = optimistic
    self.invalidates = invalidates
    self.operation = operation
  }

  /// Whether a run is in progress. It is observed with the phase.
  public var isRunning: Bool { phase.isRunning }

  /// Sends `input` and returns when the run ends; while a run is in progress, joins it or
  /// returns at once, as `policy` says.
  ///
  /// Cancelling the calling task stops only the waiting; the run goes on.
  ///
  /// ```swift
  /// Button("Save") { Task { await rename.run(input, ifRunning: .reject) } }
  /// ```
  ///
  /// - Parameters:
  ///   - input: What to send.
  ///   - policy: What to do when a run is in progress: ``ConcurrentRun/join`` (the default)
  ///     waits for it, ``ConcurrentRun/reject`` returns at once. Either way `input` is not sent.
  /// - Returns: Whether this call sent `input`.
  @discardableResult
  public func run(_ input: Input, ifRunning policy: ConcurrentRun = .join) async -> Bool {
    let started = start(input)
    if started || policy == .join { await waitForSettlement() }
    return started
  }

  /// Sends `input` without waiting, unless a run is in progress.
  ///
  /// - Parameter input: What to send.
  /// - Returns: Whether a run started; `false` when one was in progress.
  @discardableResult
  public func start(_ input: Input) -> Bool {
    guard task == nil else { return false }
    generation &+= 1
    let generation = generation
    phaseBeforeRun = storedPhase
    let store = store
    edits = optimistic.map { update in store.recordEdits { update(store, input) } } ?? []
    phase = .running
    let mutation = WeakReference(self)
    let (operation, invalidates, edits) = (operation, invalidates, edits)
    task = Task {
      let result: Result<Output, any Error>
      do {
        result = .success(try await operation(input))
      } catch {
        result = .failure(error)
      }
      // Cancelled by `cancel()`, which rolled back and moved the phase on already.
      guard !Task.isCancelled else { return }
      switch result {
      case .success(let output):
        store.commit(edits)
        for key in invalidates(input, output) { store.invalidate(key) }
        mutation.object?.finish(generation, .succeeded(output))
      case .failure(let error):
        store.rollBack(edits)
        mutation.object?.finish(generation, isCancellation(error) ? nil : .failed(error))
      }
    }
    return true
  }

  /// Cancels the running request: its optimistic edits are rolled back, the phase returns to
  /// where it was before the run, and waiting callers resume.
  public func cancel() {
    guard let task else { return }
    task.cancel()
    store.rollBack(edits)
    finish(generation, nil)
  }

  /// Cancels the running request, as ``cancel()`` does, and returns to idle.
  public func reset() {
    cancel()
    phase = .idle
  }

  /// Ends the run of `generation` in `phase`; `nil` returns to the phase before the run.
  private func finish(_ generation: UInt64, _ phase: MutationPhase<Output>?) {
    guard generation == self.generation, task != nil else { return }
    self.generation &+= 1
    task = nil
    edits = []
    self.phase = phase ?? phaseBeforeRun
    waiters.resumeAll()
  }
}

/// A counter whose changes notify its observers: the observed stand-in of a generic class's
/// state.
@MainActor
@Observable
final class ChangeCounter {
  var count: UInt64 = 0
}
