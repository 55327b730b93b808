#if Persistence
public import AsyncContentCore
package import Foundation
package import GRDB

extension Mutation where Input: Codable {
  /// Creates a mutation whose runs made while the network is down are stored in the persisted
  /// cache of the run's store (``LoaderStore/persist(in:)``) and replayed after a relaunch by
  /// ``LoaderStore/resumeQueuedMutations(_:)``. TanStack Query's paused mutations with a
  /// persister and `resumePausedMutations`.
  ///
  /// ```swift
  /// let rename = Mutation<Rename, Country>(
  ///   queueing: "rename",
  ///   optimistic: { store, rename in
  ///     store.updateValue(for: CountryKey(code: rename.code)) { $0.name = rename.name }
  ///   }
  /// ) { (rename, api: any CountriesAPI, idempotencyKey) in
  ///   try await api.rename(rename.code, to: rename.name, idempotencyKey: idempotencyKey)
  /// }
  ///
  /// // At launch, after store.persist(in: cache):
  /// store.resumeQueuedMutations(rename)
  /// ```
  ///
  /// Every run is stored in the outbox of the run's store's persisted cache (a file of its own,
  /// apart from the cached values) with its input (as JSON) and its idempotency key, before its
  /// request is sent, online or offline, after the runs of the mutation before it. Its row is
  /// deleted when it ends: it succeeded, failed (its edits rolled back) or was cancelled. A run
  /// the app was killed during (before its request, while it was out, or after its answer but
  /// before the delete) is still there at the next launch.
  ///
  /// The idempotency key is a UUID string made when the run is asked for, the same for each of
  /// its attempts and for its replay after a relaunch: send it with the request (an
  /// `Idempotency-Key` header) so that the server applies a change once, however many times
  /// it receives it. A replay may send a request the server received before the app was killed: the key
  /// is what makes it safe.
  ///
  /// - Parameters:
  ///   - id: The mutation's id, stable across launches and unique among the app's queueing
  ///     mutations: the stored runs carry it, and ``LoaderStore/resumeQueuedMutations(_:)``
  ///     finds them by it.
  ///   - optimistic: Edits the store's values before the request goes out, as in any
  ///     ``Mutation``; a replay applies it again.
  ///   - writeBack: Writes the server's answer into the store after a success.
  ///   - invalidates: The keys to invalidate after a success.
  ///   - retry: How a failed request is retried; none by default.
  ///   - operation: The request, given the input, the client of the run's store (the first
  ///     client given to the store that is a `Client`, as a ``LoaderKey``'s fetch gets its
  ///     ``LoaderKey/Client``) and the run's idempotency key. It runs off the main actor. A run
  ///     in a store without such a client fails with
  ///     ``AsyncLoaderError/missingClient(client:key:)`` (a debug build stops first).
  public convenience init<Client: Sendable>(
    queueing id: String,
    optimistic: (@MainActor (LoaderStore, Input) -> Void)? = nil,
    writeBack: (@MainActor (LoaderStore, Input, Output) -> Void)? = nil,
    invalidates: @escaping @MainActor (Input, Output) -> [any StoreKey] = { _, _ in [] },
    retry: RetryPolicy = .never,
    operation:
      @escaping @Sendable (Input, Client, _ idempotencyKey: String) async throws -> Output
  ) {
    self.init(
      optimistic: optimistic, writeBack: writeBack, invalidates: invalidates, retry: retry,
      queueing: MutationQueueing(id: id) { try JSONEncoder().encode($0) }
    ) { (input, idempotencyKey, client: Client) in
      try await operation(input, client, idempotencyKey)
    }
  }

  /// Creates a queueing mutation whose request needs no client of the store: the convenience
  /// for a request whose client is `Void`, as a ``Mutation`` that does not queue has one.
  ///
  /// - Parameters:
  ///   - id: The mutation's id, stable across launches and unique among the app's queueing
  ///     mutations.
  ///   - optimistic: Edits the store's values before the request goes out; a replay applies it
  ///     again.
  ///   - writeBack: Writes the server's answer into the store after a success.
  ///   - invalidates: The keys to invalidate after a success.
  ///   - retry: How a failed request is retried; none by default.
  ///   - operation: The request, given the input and the run's idempotency key. It runs off the
  ///     main actor.
  public convenience init(
    queueing id: String,
    optimistic: (@MainActor (LoaderStore, Input) -> Void)? = nil,
    writeBack: (@MainActor (LoaderStore, Input, Output) -> Void)? = nil,
    invalidates: @escaping @MainActor (Input, Output) -> [any StoreKey] = { _, _ in [] },
    retry: RetryPolicy = .never,
    operation: @escaping @Sendable (Input, _ idempotencyKey: String) async throws -> Output
  ) {
    self.init(
      queueing: id, optimistic: optimistic, writeBack: writeBack, invalidates: invalidates,
      retry: retry
    ) { (input, _: Void, idempotencyKey) in
      try await operation(input, idempotencyKey)
    }
  }
}

/// The persisted cache's outbox keeps the runs of the queueing mutations of the store it is
/// attached to.
extension StorePersister: MutationJournal {
  func store(_ run: JournaledMutationRun) {
    guard !isEnded else { return }
    switch run.input {
    case .success(let input):
      cache.outbox.store(
        mutationID: run.mutationID, key: run.idempotencyKey, input: input,
        inputDescription: run.inputDescription)
    case .failure(let error):
      cache.report(
        .writeFailed(
          ids: [Outbox.diagnosticID(run.mutationID, run.idempotencyKey)], reason: "\(error)"))
    }
  }

  func remove(mutationID: String, idempotencyKey: String) {
    // After its scope ended, a run cancelled in memory keeps its row (or it was discarded).
    guard !isEnded else { return }
    cache.outbox.remove(mutationID: mutationID, key: idempotencyKey)
  }
}

extension PersistentCache {
  /// How many runs the outbox holds, of every mutation: for the tests.
  package var queuedMutationRunCount: Int { outbox.runs().count }

  /// The input descriptions of the runs in the outbox, in order: for the tests.
  package var queuedRunDescriptions: [String] { outbox.runs().map(\.inputDescription) }

  /// The idempotency keys of the runs in the outbox, in order: for the tests.
  package var queuedRunKeys: [String] { outbox.runs().map(\.key) }

  /// The outbox's database, for the tests; `nil` while it does not open.
  package var outboxWriter: (any DatabaseWriter)? { outbox.writer }

  /// The outbox's file; `nil` in memory.
  package var outboxURL: URL? { outbox.url }
}

extension LoaderStore {
  /// Ends the scope of this store's persisted cache, for sign-out: nothing of it shows or is
  /// sent from now on.
  ///
  /// It cancels the store's mutation runs that have not ended (their optimistic edits roll
  /// back, and their callers throw `CancellationError`), forgets every value in the store
  /// (``removeAll()``), deletes every row of the cache's scope, and detaches the cache. The
  /// scope's queued runs are discarded, each one reported to the diagnostics hook, or kept for
  /// that scope's next cache, as `queuedRuns` says. Then attach the next account's cache:
  ///
  /// ```swift
  /// await store.endScope(queuedRuns: .keep)
  /// store.persist(in: PersistentCache(scope: nextAccount.id))
  /// store.resumeQueuedMutations(rename)
  /// ```
  ///
  /// A run queued in one scope is never replayed in another: each scope has its own outbox,
  /// and a run of the ended scope still in memory is cancelled, not sent. What stays the app's
  /// job: signing out of its server session, and the values it keeps outside the store.
  ///
  /// - Parameter queuedRuns: ``PersistentCache/QueuedRuns/discard`` to delete the scope's
  ///   queued runs unsent, or ``PersistentCache/QueuedRuns/keep`` to keep them for the
  ///   account's next sign-in.
  public func endScope(queuedRuns: PersistentCache.QueuedRuns) async {
    guard let persister = persistence as? StorePersister else { return }
    let cache = persister.cache
    if queuedRuns == .discard { cache.outbox.discardAll() }
    persister.isEnded = true
    cancelMutationRuns()
    removeAll()
    persistence = nil
    await cache.flush()
  }

  /// Enqueues again the runs of `mutation` stored in this store's persisted cache's outbox, in
  /// the order they were asked for, each with its idempotency key: their optimistic edits show
  /// again when their turn comes, and their requests go out when the network is up. Call it at
  /// launch, after ``persist(in:)`` and ``followNetwork(_:)``, once per queueing mutation,
  /// before the app starts new runs of it.
  ///
  /// ```swift
  /// store.persist(in: cache)
  /// store.followNetwork(NetworkStatus.updates())
  /// store.resumeQueuedMutations(rename)
  /// ```
  ///
  /// The outbox holds every run that had not ended when the app was killed: queued offline,
  /// or sent online and not answered yet, or answered but not yet deleted. A replay sends its
  /// request with the same idempotency key, so a server that deduplicates by the key applies
  /// it once. A replay ends as any run: a success writes back and invalidates; a failure rolls
  /// its edits back and shows in the mutation's phase; either way its row is deleted. A stored
  /// input that no longer decodes is dropped and reported to the cache's diagnostics hook. A
  /// run already pending in this store is not enqueued twice. Only the runs of the cache's
  /// scope replay. Without a persisted cache, or for a mutation made without `queueing:`, it
  /// does nothing.
  ///
  /// - Parameter mutation: A mutation made with ``Mutation/init(queueing:optimistic:writeBack:invalidates:retry:operation:)``.
  public func resumeQueuedMutations<Input: Codable, Output>(_ mutation: Mutation<Input, Output>) {
    guard let queueing = mutation.queueing, let cache = persistentCache else { return }
    let pending = Set(mutationRunsSnapshot().map(\.idempotencyKey))
    for run in cache.outbox.runs(of: queueing.id) where !pending.contains(run.key) {
      do {
        let input = try JSONDecoder().decode(Input.self, from: run.input)
        mutation.resume(input, idempotencyKey: run.key, in: self)
      } catch {
        cache.report(
          .droppedRow(id: Outbox.diagnosticID(run), reason: .undecodable("\(error)")))
        cache.outbox.remove(mutationID: queueing.id, key: run.key)
      }
    }
  }
}
#endif
