internal import Foundation
public import Observation

/// A change sent to a server, run in the ``LoaderStore`` you give it: an optimistic update of
/// the store's cached values, rolled back if the change fails or is cancelled; the server's
/// answer written back into the cache; and the keys to refresh when it succeeds.
///
/// ```swift
/// let rename = Mutation<Rename, Country>(
///   optimistic: { store, rename in
///     store.updateValue(for: CountryKey(code: rename.code)) { $0.name = rename.name }
///   },
///   writeBack: { store, rename, country in
///     store.setValue(country, for: CountryKey(code: rename.code))
///   },
///   invalidates: { _, _ in [CountriesKey()] }
/// ) { (rename, api: any CountriesAPI) in
///   try await api.rename(rename.code, to: rename.name)
/// }
///
/// let country = try await rename.run(Rename(code: "AT", name: "Österreich"), in: store)
/// ```
///
/// - **Serial runs, in call order.** A run asked for while another runs waits for its turn;
///   its optimistic update applies when its turn comes. ``isRunning`` holds meanwhile.
/// - **Success** keeps the optimistic edits, writes the server's answer back (never rolled
///   back), then invalidates the keys `invalidates` returns. ``run(_:in:)`` returns the answer.
/// - **Rollback.** A failure or a cancellation rolls each edit back, but only where the entry
///   still shows it, so a rollback never clobbers a newer value; a restored value is stale.
/// - **Offline.** A run whose turn comes while the store knows the network to be down
///   (``LoaderStore/followNetwork(_:)``) shows its edits and is paused (``isPaused``) until the
///   network comes back; a failure while it is down is not counted.
/// - **A run outlives its caller.** Only ``cancel()`` stops runs (it is not a failure);
///   cancelling the awaiting task, or releasing the mutation, does not.
@MainActor
public final class Mutation<Input: Sendable, Output: Sendable>: Observable {
  /// The request: sends `Input` and returns the server's answer, run off the main actor.
  public typealias Operation = @Sendable (Input) async throws -> Output
  /// The request, given the run's idempotency key (the same for each attempt and replay) and
  /// the clients of the run's store.
  typealias KeyedOperation =
    @Sendable (Input, _ idempotencyKey: String, StoreClients) async throws -> Output

  /// The phase of the mutation: `running` while a run runs or waits, then how the last run
  /// ended. It is observed.
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

  private let operation: KeyedOperation
  /// The queueing id and the input's encoding; `nil` for runs that live in memory only.
  package let queueing: MutationQueueing<Input>?
  private let optimistic: (@MainActor (LoaderStore, Input) -> Void)?
  private let writeBack: (@MainActor (LoaderStore, Input, Output) -> Void)?
  private let invalidates: @MainActor (Input, Output) -> [any StoreKey]
  /// How a failed request is retried before the run fails.
  private let retry: RetryPolicy

  /// The phase, read and written without observation.
  private var storedPhase: MutationPhase<Output> = .idle
  /// ``failureCount``, read and written without observation.
  private var storedFailureCount = 0
  /// What observers of the phase observe (a non-generic class, whose key path forms once).
  private let changes = ChangeCounter()
  /// The run whose request is out.
  private var current: MutationRun<Input, Output>?
  /// The runs that wait for their turn, in call order.
  private var queue: [MutationRun<Input, Output>] = []

  /// Creates a mutation whose request receives the API client of the store each run names.
  ///
  /// ```swift
  /// let save = Mutation<Draft, Note>(retry: .exponentialBackoff(maxAttempts: 3)) {
  ///   (draft, api: any NotesAPI) in
  ///   try await api.save(draft)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - optimistic: Edits the store's values before the request goes out, with
  ///     ``LoaderStore/setValue(_:for:)`` or ``LoaderStore/updateValue(for:_:)``; the edits are
  ///     rolled back if the request fails or is cancelled.
  ///   - writeBack: Writes the server's answer into the store after a success, with
  ///     ``LoaderStore/setValue(_:for:)`` or ``LoaderStore/updateValue(for:_:)``: a plain
  ///     write, which no rollback undoes.
  ///   - invalidates: The keys to invalidate after a success (after the write-back), given the
  ///     input and the output.
  ///   - retry: How a failed request is retried, on the clock of the run's store, before the
  ///     run fails; none by default. The optimistic edits stay while it retries.
  ///   - operation: The request, given the input and the store's first client that is a
  ///     `Client`; it runs off the main actor. Without such a client the run fails with
  ///     ``AsyncLoaderError/missingClient(client:key:)`` (a debug build stops first).
  public convenience init<Client: Sendable>(
    optimistic: (@MainActor (LoaderStore, Input) -> Void)? = nil,
    writeBack: (@MainActor (LoaderStore, Input, Output) -> Void)? = nil,
    invalidates: @escaping @MainActor (Input, Output) -> [any StoreKey] = { _, _ in [] },
    retry: RetryPolicy = .never,
    operation: @escaping @Sendable (Input, Client) async throws -> Output
  ) {
    self.init(
      optimistic: optimistic, writeBack: writeBack, invalidates: invalidates, retry: retry,
      queueing: nil
    ) { input, _, client in
      try await operation(input, client)
    }
  }

  /// Creates a mutation whose request needs no client of the store.
  ///
  /// ```swift
  /// let ping = Mutation<Void, Date> { try await TimeServer.ping() }
  /// ```
  ///
  /// - Parameters:
  ///   - optimistic: Edits the store's values before the request goes out; rolled back if the
  ///     request fails or is cancelled.
  ///   - writeBack: Writes the server's answer into the store after a success.
  ///   - invalidates: The keys to invalidate after a success.
  ///   - retry: How a failed request is retried before the run fails; none by default.
  ///   - operation: The request, run off the main actor.
  public convenience init(
    optimistic: (@MainActor (LoaderStore, Input) -> Void)? = nil,
    writeBack: (@MainActor (LoaderStore, Input, Output) -> Void)? = nil,
    invalidates: @escaping @MainActor (Input, Output) -> [any StoreKey] = { _, _ in [] },
    retry: RetryPolicy = .never,
    operation: @escaping Operation
  ) {
    self.init(
      optimistic: optimistic, writeBack: writeBack, invalidates: invalidates, retry: retry
    ) { (input, _: Void) in
      try await operation(input)
    }
  }

  /// Creates a mutation whose operation gets each run's idempotency key, and which journals its
  /// offline runs when `queueing` is given.
  package init<Client: Sendable>(
    optimistic: (@MainActor (LoaderStore, Input) -> Void)?,
    writeBack: (@MainActor (LoaderStore, Input, Output) -> Void)?,
    invalidates: @escaping @MainActor (Input, Output) -> [any StoreKey],
    retry: RetryPolicy,
    queueing: MutationQueueing<Input>?,
    operation:
      @escaping @Sendable (Input, _ idempotencyKey: String, Client) async throws ->
      Output
  ) {
    self.optimistic = optimistic
    self.writeBack = writeBack
    self.invalidates = invalidates
    self.retry = retry
    self.queueing = queueing
    self.operation = { input, idempotencyKey, clients in
      let client = try clients.resolve(Client.self, for: Mutation<Input, Output>.self)
      return try await operation(input, idempotencyKey, client)
    }
  }

  /// Whether a run runs or waits for its turn.
  public var isRunning: Bool { phase.isRunning }

  /// Whether the running run waits for the network (``LoaderStore/followNetwork(_:)``): its
  /// edits show, and its request goes out when the network comes back. The phase stays
  /// ``MutationPhase/running``. It is observed with the phase.
  ///
  /// ```swift
  /// if rename.isPaused { Text("Will be sent when you're back online") }
  /// ```
  public var isPaused: Bool {
    _ = changes.count  // registers the access
    return current?.state == .paused
  }

  /// How many attempts of the latest run failed: it grows while a `retry:` policy retries, and
  /// is `0` again when a run succeeds. It is observed with the phase.
  ///
  /// ```swift
  /// if save.isRunning, save.failureCount > 0 { Text("Retrying…") }
  /// ```
  public var failureCount: Int {
    _ = changes.count  // registers the access
    return storedFailureCount
  }

  /// Sends `input` in `store`, after the runs asked for before it, and returns the server's
  /// answer; cancelling the calling task throws `CancellationError` at once, the run goes on.
  ///
  /// - Parameters:
  ///   - input: What to send.
  ///   - store: The store to edit, write back to and invalidate.
  /// - Returns: The server's answer.
  /// - Throws: The request's error; `CancellationError` when ``cancel()`` cancelled the run or
  ///   the caller's task was cancelled.
  @discardableResult
  public func run(_ input: Input, in store: LoaderStore) async throws -> Output {
    try await enqueue(input, in: store).output()
  }

  /// Sends `input` in `store`, after the runs asked for before it, without waiting: what a
  /// button does. The phase shows how it ends.
  ///
  /// - Parameters:
  ///   - input: What to send.
  ///   - store: The store to edit, write back to and invalidate.
  public func start(_ input: Input, in store: LoaderStore) {
    enqueue(input, in: store)
  }

  /// Cancels the running run and every waiting one: the edits roll back, the phase returns to
  /// where it was, and their callers throw `CancellationError`.
  public func cancel() {
    let waiting = queue
    queue = []
    cancelCurrent()
    for run in waiting { run.settle(.failure(CancellationError())) }
  }

  /// Cancels the run whose request is out, restoring the phase and failure count it found.
  private func cancelCurrent() {
    guard let run = current else { return }
    current = nil
    run.task?.cancel()
    run.store.rollBack(run.edits)
    storedFailureCount = run.failureCountBefore
    phase = run.phaseBefore  // notifies isPaused's observers too
    run.settle(.failure(CancellationError()))
  }

  /// Cancels the runs, as ``cancel()`` does, and returns to idle.
  public func reset() {
    cancel()
    storedFailureCount = 0
    phase = .idle
  }

  /// Adds a run of `input` in `store` (a replay gives its stored key), and launches it if
  /// nothing runs.
  @discardableResult
  private func enqueue(
    _ input: Input, in store: LoaderStore, idempotencyKey: String = UUID().uuidString,
    isStored: Bool = false
  ) -> MutationRun<Input, Output> {
    let run = MutationRun<Input, Output>(
      input: input, store: store, idempotencyKey: idempotencyKey,
      mutation: queueing?.id ?? "Mutation<\(Input.self), \(Output.self)>",
      isQueueing: queueing != nil, isStored: isStored)
    store.mutationRuns.add(run)
    run.cancelInStore = { [weak self, unowned run] in self?.cancel(run) }
    queue.append(run)
    storeRuns(upTo: run)
    if current == nil { launch(queue.removeFirst()) }
    return run
  }

  /// Replays a stored run after a relaunch, with its idempotency key, after the runs before it.
  package func resume(_ input: Input, idempotencyKey: String, in store: LoaderStore) {
    enqueue(input, in: store, idempotencyKey: idempotencyKey, isStored: true)
  }

  /// Journals the runs not stored yet, from the running one up to `last`, in order (before a
  /// request is sent, so a kill at any point leaves it stored).
  private func storeRuns(upTo last: MutationRun<Input, Output>) {
    guard let queueing else { return }
    for run in [current].compactMap({ $0 }) + queue {
      if !run.isStored, let journal = run.store.mutationJournal {
        run.isStored = true
        journal.store(
          JournaledMutationRun(
            mutationID: queueing.id, idempotencyKey: run.idempotencyKey,
            input: Result { try queueing.encode(run.input) },
            inputDescription: String(describing: run.input)))
      }
      if run === last { return }
    }
  }

  /// Cancels `run` alone: what ending its store's persistence scope does.
  private func cancel(_ run: MutationRun<Input, Output>) {
    if let index = queue.firstIndex(where: { $0 === run }) {
      queue.remove(at: index)
      run.settle(.failure(CancellationError()))
      return
    }
    guard current === run else { return }
    cancelCurrent()
    if !queue.isEmpty { launch(queue.removeFirst()) }
  }

  /// Marks `run` paused or not, for its mutation's and its store's observers.
  private func setPaused(_ run: MutationRun<Input, Output>, _ isPaused: Bool) {
    run.state = isPaused ? .paused : .sending
    changes.count &+= 1  // notifies isPaused's observers
  }

  /// Launches `run`: applies its optimistic update and sends its request.
  private func launch(_ run: MutationRun<Input, Output>) {
    current = run
    let (store, input, idempotencyKey) = (run.store, run.input, run.idempotencyKey)
    let network = store.network
    run.state = network.isOfflineUnobserved ? .paused : .sending
    run.phaseBefore = storedPhase
    run.failureCountBefore = storedFailureCount
    storedFailureCount = 0
    run.edits = optimistic.map { update in store.recordEdits { update(store, input) } } ?? []
    phase = .running
    let operation = operation
    let markedWaiting = run.state == .paused
    let (retry, clock, clients) = (retry, store.clock, store.clients)
    // The task holds the mutation until the run ends: a run outlives its screen.
    run.task = Task {
      let outcome = await runAttempts(
        { try await operation(input, idempotencyKey, clients) }, network: network,
        markedWaiting: markedWaiting, isOffline: { network.isOfflineUnobserved },
        isCurrent: { current === run },
        markWaiting: { waiting in
          setPaused(run, waiting)
          if waiting { storeRuns(upTo: run) }
        },
        retryWait: { failed, error in
          guard let delay = retry.delay(afterFailedAttempts: failed, error: error) else {
            return nil
          }
          storedFailureCount = failed
          changes.count &+= 1  // notifies the count's observers
          return (delay, clock)
        })
      switch outcome {
      case .success(let output): finish(run, .success(output))
      case .failure(let error), .cancelled(let error): finish(run, .failure(error))
      case nil: return  // cancel() rolled back and settled the run
      }
    }
  }

  /// Ends `run` with `result`, unless ``cancel()`` ended it first, and starts the next run.
  private func finish(_ run: MutationRun<Input, Output>, _ result: Result<Output, any Error>) {
    guard current === run else { return }  // cancelled: rolled back and settled already
    current = nil
    let store = run.store
    switch result {
    case .success(let output):
      store.commit(run.edits)
      writeBack?(store, run.input, output)
      for key in invalidates(run.input, output) { store.invalidate(key) }
      storedFailureCount = 0
      phase = .succeeded(output)
    case .failure(let error):
      store.rollBack(run.edits)
      if isCancellation(error) {
        storedFailureCount = run.failureCountBefore
        phase = run.phaseBefore
      } else {
        storedFailureCount += 1  // the last attempt, which the policy did not retry
        phase = .failed(error)
      }
    }
    run.settle(result)
    if !queue.isEmpty { launch(queue.removeFirst()) }
  }
}

/// One run of a ``Mutation``: its input, store, key, edits and waiting callers; listed in its
/// store's ``MutationRuns`` until it ends.
@MainActor
final class MutationRun<Input: Sendable, Output: Sendable>: RegisteredMutationRun {
  let input: Input
  let store: LoaderStore
  /// A UUID string, the same for each of its attempts and its replay.
  let idempotencyKey: String
  /// The mutation's queueing id, or its type, for the inspector.
  let mutation: String
  let isQueueing: Bool
  /// Whether the run is stored in its store's journal; its row is deleted when it ends.
  var isStored = false {
    didSet { store.mutationRuns.changed() }
  }
  /// Where the run is: waiting for its turn, sending, or paused.
  var state: MutationRunSnapshot.State = .waiting {
    didSet { if state != oldValue { store.mutationRuns.changed() } }
  }
  /// The request, once the run's turn came.
  var task: Task<Void, Never>?
  /// The optimistic edits, once the run's turn came.
  var edits: [EditReference] = []
  /// The mutation's phase when the run's turn came, where a cancellation returns.
  var phaseBefore: MutationPhase<Output> = .idle
  /// The mutation's failure count when the run's turn came, where a cancellation returns.
  var failureCountBefore = 0
  /// Cancels this run in its mutation (``LoaderStore/cancelMutationRuns()``).
  var cancelInStore: (@MainActor () -> Void)?
  /// How the run ended; `nil` while it runs or waits.
  private var result: Result<Output, any Error>?
  /// The callers waiting for the result, by id.
  private var waiters: [UInt64: CheckedContinuation<Result<Output, any Error>, Never>] = [:]
  private var lastWaiterID: UInt64 = 0

  init(
    input: Input, store: LoaderStore, idempotencyKey: String, mutation: String,
    isQueueing: Bool, isStored: Bool
  ) {
    self.input = input
    self.store = store
    self.idempotencyKey = idempotencyKey
    self.mutation = mutation
    self.isQueueing = isQueueing
    self.isStored = isStored
  }

  var snapshot: MutationRunSnapshot {
    MutationRunSnapshot(
      mutation: mutation, isQueueing: isQueueing, input: String(describing: input),
      idempotencyKey: idempotencyKey, state: state, isStored: isStored)
  }

  /// Ends the run: it leaves the registry and the journal, and its callers resume.
  func settle(_ result: Result<Output, any Error>) {
    guard self.result == nil else { return }
    self.result = result
    cancelInStore = nil
    store.mutationRuns.remove(self)
    if isStored {
      store.mutationJournal?.remove(mutationID: mutation, idempotencyKey: idempotencyKey)
    }
    let waiting = waiters
    waiters = [:]
    for continuation in waiting.values { continuation.resume(returning: result) }
  }

  /// Waits for the answer; a cancelled caller throws `CancellationError`, the run goes on.
  func output() async throws -> Output {
    lastWaiterID &+= 1
    let id = lastWaiterID
    let settled: Result<Output, any Error> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // Runs at once, on the main actor: the run cannot settle before the registration.
        if let result {
          continuation.resume(returning: result)
        } else if Task.isCancelled {
          continuation.resume(returning: .failure(CancellationError()))
        } else {
          waiters[id] = continuation
        }
      }
    } onCancel: {
      // Cancellation arrives on any thread: the caller is resumed on the main actor.
      Task { @MainActor in self.stopWaiting(id) }
    }
    return try settled.get()
  }

  /// Resumes the caller `id` with `CancellationError`, if it still waits.
  private func stopWaiting(_ id: UInt64) {
    waiters.removeValue(forKey: id)?.resume(returning: .failure(CancellationError()))
  }
}

/// A counter whose changes notify its observers: a generic class's observed stand-in.
@MainActor
@Observable
final class ChangeCounter {
  var count: UInt64 = 0
}
