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
/// - **The store's client.** The operation receives the API client of the run's store, as a
///   ``LoaderKey``'s fetch does: the first client given to
///   ``LoaderStore/init(clock:staleness:gcAfter:maxEntries:retry:clients:)`` that is of the type
///   the operation takes. A test that makes its store with a fake client swaps the writes with
///   the reads. A request that needs no client takes the input only.
///
/// - **The store of the run.** The mutation holds no store: each ``run(_:in:)`` and
///   ``start(_:in:)`` names the store it edits, writes back to and invalidates. A
///   `MutationButton` uses the store of its environment, the one its screen's views read.
/// - **Serial runs, in call order.** A run asked for while another runs waits for its turn,
///   then sends its own input; its optimistic update applies when its turn comes, on top of
///   what the runs before it left. ``isRunning`` holds while a run runs or waits.
/// - **Optimistic updates.** `optimistic` edits cached values with
///   ``LoaderStore/setValue(_:for:)`` or ``LoaderStore/updateValue(for:_:)`` before the request
///   goes out; every view of those keys shows the edit at once.
/// - **Success.** The optimistic edits are kept, then `writeBack` writes the server's answer
///   (a plain write, never rolled back: it is what the server stored), then the keys
///   `invalidates` returns are invalidated (``LoaderStore/invalidate(_:)``): observed ones
///   reload, superseding any load in flight. ``run(_:in:)`` returns the answer.
/// - **Rollback.** When the request fails or is cancelled, each edit is rolled back, but only
///   where the entry still shows it: an edit after which a value landed (a load, a write-back,
///   or a plain ``LoaderStore/setValue(_:for:)``) restores nothing, so a rollback never
///   clobbers a newer value. Where two mutations edited one key, the older edit's rollback
///   leaves the newer edit on screen, and the newer edit, if it is rolled back too, restores
///   what the older one found. A restored value is marked stale, so its next observer
///   revalidates it. ``run(_:in:)`` throws the request's error.
/// - **Retry.** With a `retry:` policy, a failed request is sent again after the policy's
///   wait, on the clock of the run's store, while the optimistic edits stay on screen; the
///   rollback waits for the last attempt to fail. A cancellation is never retried, and
///   ``cancel()`` during a wait rolls back at once.
///
///   ```swift
///   let save = Mutation<Draft, Note>(retry: .exponentialBackoff(maxAttempts: 3)) { draft in
///     try await api.save(draft)
///   }
///   ```
/// - **Offline.** A run whose turn comes while the store knows the network to be down
///   (``LoaderStore/followNetwork(_:)``) applies its optimistic edits at once and is paused
///   (``isPaused``): its request waits for the network, and the runs after it wait behind it,
///   in call order. A request that fails while the network is down is sent again when it comes
///   back, without counting as a failed attempt. ``cancel()`` rolls a paused run back at once.
/// - **Cancellation is not a failure.** ``cancel()`` cancels the running run and every waiting
///   one: their callers throw `CancellationError`, the running run's edits are rolled back, and
///   the phase returns to where it was before that run. An operation that throws
///   `CancellationError` or `URLError.cancelled` is rolled back the same way.
/// - **A run outlives its caller.** Cancelling the task that awaits ``run(_:in:)`` makes that
///   call throw `CancellationError` at once; the run goes on, and releasing the mutation does
///   not stop it either: a save finishes, rolls back or writes back even when its screen went
///   away. Only ``cancel()`` stops it.
@MainActor
public final class Mutation<Input: Sendable, Output: Sendable>: Observable {
  /// The request: sends `Input` and returns the server's answer, run off the main actor.
  public typealias Operation = @Sendable (Input) async throws -> Output
  /// The request, given the run's idempotency key too (a UUID string made when the run was
  /// asked for, the same for each of its attempts and for its replay after a relaunch) and the
  /// clients of the run's store, among which it resolves its own.
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
  /// The queueing id and the input's encoding, for a mutation whose runs are stored while the
  /// network is down; `nil` for one whose runs live in memory only.
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
  /// What observers of the phase observe. The class is generic, and the key path of an
  /// observed property of a generic class is built anew on every access (as `LoaderCore`
  /// explains); the counter's class is not, so its key path is formed once.
  private let changes = ChangeCounter()
  /// The run whose request is out.
  private var current: MutationRun<Input, Output>?
  /// The runs that wait for their turn, in call order.
  private var queue: [MutationRun<Input, Output>] = []

  /// Creates a mutation, which runs in the store each run names, and whose request receives
  /// that store's API client.
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
  ///     write, which no rollback undoes (TanStack Query's "update from the mutation
  ///     response").
  ///   - invalidates: The keys to invalidate after a success (after the write-back), given the
  ///     input and the output.
  ///   - retry: How a failed request is retried, on the clock of the run's store, before the
  ///     run fails; none by default, as TanStack Query's `useMutation` (`retry: 0`). The
  ///     optimistic edits stay while it retries.
  ///   - operation: The request, given the input and the client of the run's store: the first
  ///     client given to the store that is a `Client`, as a ``LoaderKey``'s fetch gets its
  ///     ``LoaderKey/Client``. It runs off the main actor. A run in a store without such a
  ///     client fails with ``AsyncLoaderError/missingClient(client:key:)`` (in a debug build,
  ///     it stops first, naming the line that gives the store its client).
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

  /// Creates a mutation whose request needs no client of the store: the convenience for a
  /// request whose client is `Void`, as a ``LoaderKey`` whose ``LoaderKey/Client`` is `Void`.
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
  ///   - operation: The request. It runs off the main actor.
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

  /// Creates a mutation whose operation receives each run's idempotency key and the client of
  /// the run's store, and which stores its runs made offline when `queueing` is given and the
  /// run's store has a journal.
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

  /// Whether a run runs or waits for its turn. It is observed with the phase.
  public var isRunning: Bool { phase.isRunning }

  /// Whether the running run waits for the network: its turn came while the run's store knew
  /// the network to be down (``LoaderStore/followNetwork(_:)``), or a request failed while it
  /// was down. Its optimistic edits show; its request goes out when the network comes back, and
  /// the runs after it wait behind it. The phase stays ``MutationPhase/running``. TanStack
  /// Query's `isPaused` of `useMutation`. It is observed with the phase.
  ///
  /// ```swift
  /// if rename.isPaused { Text("Will be sent when you're back online") }
  /// ```
  public var isPaused: Bool {
    _ = changes.count  // registers the access
    return current?.state == .paused
  }

  /// How many attempts of the latest run failed: it grows while a `retry:` policy retries, so
  /// a view can say "Attempt 2 of 3", and is `0` again when a run succeeds. TanStack Query's
  /// `failureCount` of `useMutation`. It is observed with the phase.
  ///
  /// ```swift
  /// if save.isRunning, save.failureCount > 0 { Text("Retrying…") }
  /// ```
  public var failureCount: Int {
    _ = changes.count  // registers the access
    return storedFailureCount
  }

  /// Sends `input` in `store`, after the runs asked for before it, and returns the server's
  /// answer.
  ///
  /// Cancelling the calling task makes the call throw `CancellationError` at once; the run
  /// goes on.
  ///
  /// ```swift
  /// do {
  ///   let country = try await rename.run(input, in: store)
  ///   dismiss()
  /// } catch {
  ///   // rename.phase is .failed(error); the optimistic edit was rolled back
  /// }
  /// ```
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

  /// Cancels the running run and every waiting one: the running run's optimistic edits are
  /// rolled back, the phase returns to where it was before that run, and their callers throw
  /// `CancellationError`.
  public func cancel() {
    let waiting = queue
    queue = []
    cancelCurrent()
    for run in waiting { run.settle(.failure(CancellationError())) }
  }

  /// Cancels the run whose request is out: its task, its edits, and the phase and failure
  /// count it found.
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

  /// Adds a run of `input` in `store`, and starts it if nothing runs.
  ///
  /// - Parameter idempotencyKey: The run's key: a new one, or the stored run's on a replay.
  /// - Parameter isStored: Whether the run is stored already (a replay after a relaunch).
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
    // Journaled before its request is sent, online too: a kill at any point leaves it stored.
    storeRuns(upTo: run)
    if current == nil { begin(queue.removeFirst()) }
    return run
  }

  /// Adds a stored run of `input` in `store`, with the idempotency key it was stored with,
  /// after the runs asked for before it: its replay after a relaunch. Its optimistic edits
  /// apply on its turn, and its request goes out when the network is up; when it ends, its row
  /// is deleted. The phase shows how it ends.
  package func resume(_ input: Input, idempotencyKey: String, in store: LoaderStore) {
    enqueue(input, in: store, idempotencyKey: idempotencyKey, isStored: true)
  }

  /// Stores, in their stores' journals, the runs that are not stored yet, from the running run
  /// up to `last`, in order: every run when it is asked for (online too, before its request
  /// is sent), and the runs asked for before it, so that a replay keeps their order.
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

  /// Cancels `run` alone, as ``cancel()`` cancels every run: what ending its store's
  /// persistence scope does to the runs of that store.
  private func cancel(_ run: MutationRun<Input, Output>) {
    if let index = queue.firstIndex(where: { $0 === run }) {
      queue.remove(at: index)
      run.settle(.failure(CancellationError()))
      return
    }
    guard current === run else { return }
    cancelCurrent()
    if !queue.isEmpty { begin(queue.removeFirst()) }
  }

  /// Marks `run` paused or not, for its mutation's and its store's observers.
  private func setPaused(_ run: MutationRun<Input, Output>, _ isPaused: Bool) {
    run.state = isPaused ? .paused : .sending
    changes.count &+= 1  // notifies isPaused's observers
  }

  /// Applies `run`'s optimistic update and sends its request.
  private func begin(_ run: MutationRun<Input, Output>) {
    current = run
    let (store, input, idempotencyKey) = (run.store, run.input, run.idempotencyKey)
    let network = store.network
    // Paused at once when the network is down: the edits show, the request waits.
    run.state = network.isOfflineUnobserved ? .paused : .sending
    run.phaseBefore = storedPhase
    run.failureCountBefore = storedFailureCount
    storedFailureCount = 0
    run.edits = optimistic.map { update in store.recordEdits { update(store, input) } } ?? []
    phase = .running
    let operation = operation
    let retry = retry
    let clock = store.clock
    let clients = store.clients
    // The task holds the mutation until the run ends: a run outlives its screen.
    run.task = Task {
      var failedAttempts = 0
      while true {
        if network.isOfflineUnobserved {
          // Paused: the edits show, and the request waits for the network.
          setPaused(run, true)
          storeRuns(upTo: run)
          await network.waitUntilOnline()
          guard current === run else { return }  // cancel() rolled back and settled the run
        }
        // Paused when its turn came, or while it waited: it sends now.
        if run.state == .paused { setPaused(run, false) }
        let result: Result<Output, any Error>
        do {
          result = .success(try await operation(input, idempotencyKey, clients))
        } catch {
          result = .failure(error)
        }
        // A failure while the network is down is not the request's: it is sent again when the
        // network comes back, and burns no attempt.
        if case .failure(let error) = result, current === run, !isCancellation(error),
          network.isOfflineUnobserved
        {
          continue
        }
        // A success, a cancellation, a run cancel() ended, or a failure the policy does not
        // retry ends here; the edits stay until then.
        guard case .failure(let error) = result, current === run, !isCancellation(error),
          let delay = retry.delay(afterFailedAttempts: failedAttempts + 1, error: error)
        else {
          finish(run, result)
          return
        }
        failedAttempts += 1
        storedFailureCount = failedAttempts
        changes.count &+= 1  // notifies the count's observers
        do {
          try await clock.sleep(until: clock.now.advanced(by: delay))
        } catch {
          return  // cancel() cancelled the wait: it rolled back and settled the run
        }
        guard current === run else { return }
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
    if !queue.isEmpty { begin(queue.removeFirst()) }
  }
}

/// One run of a ``Mutation``: its input and store, its idempotency key, its edits, and the
/// callers that wait for its answer. It is listed in its store's ``MutationRuns`` until it
/// ends.
@MainActor
final class MutationRun<Input: Sendable, Output: Sendable>: RegisteredMutationRun {
  let input: Input
  let store: LoaderStore
  /// A UUID string made when the run was asked for (or the stored run's, on a replay), the
  /// same for each of its attempts.
  let idempotencyKey: String
  /// The mutation's queueing id, or its type, for the inspector.
  let mutation: String
  /// Whether the mutation queues.
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

  /// Ends the run: it leaves its store's registry, its row (if stored) is deleted, and every
  /// waiting caller resumes with `result`.
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

  /// Waits for the run's answer; a caller whose task is cancelled stops waiting and throws
  /// `CancellationError`, and the run goes on.
  func output() async throws -> Output {
    lastWaiterID &+= 1
    let id = lastWaiterID
    let settled: Result<Output, any Error> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // This closure runs at once, on the main actor, before the caller suspends: the run
        // cannot settle between the checks and the registration.
        if let result {
          continuation.resume(returning: result)
        } else if Task.isCancelled {
          continuation.resume(returning: .failure(CancellationError()))
        } else {
          waiters[id] = continuation
        }
      }
    } onCancel: {
      // Cancellation arrives on any thread; the waiters live on the main actor, so the caller
      // is resumed there, one turn later, and found gone if the run settled first.
      Task { @MainActor in self.stopWaiting(id) }
    }
    return try settled.get()
  }

  /// Resumes the caller `id` with `CancellationError`, if it still waits.
  private func stopWaiting(_ id: UInt64) {
    waiters.removeValue(forKey: id)?.resume(returning: .failure(CancellationError()))
  }
}

/// A counter whose changes notify its observers: the observed stand-in of a generic class's
/// state.
@MainActor
@Observable
final class ChangeCounter {
  var count: UInt64 = 0
}
