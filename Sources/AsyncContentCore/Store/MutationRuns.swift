package import Foundation

/// Where a ``LoaderStore`` keeps the mutation runs that queue offline, so that they survive a
/// relaunch: the persistence module's table in the cache's database. The store tells it when a
/// run of a queueing mutation is stored, and when a stored run ends.
///
/// Both calls come on the main actor, in the order of the runs; the journal writes off the main
/// actor, in that order.
@MainActor
package protocol MutationJournal: AnyObject {
  /// Stores `run`: a run of a queueing mutation made (or found paused) while the store is
  /// offline, or one after it in its mutation's queue.
  func store(_ run: JournaledMutationRun)
  /// Deletes the stored run `idempotencyKey` of the mutation `mutationID`: it ended (it
  /// succeeded, failed or was cancelled).
  func remove(mutationID: String, idempotencyKey: String)
}

/// A run of a queueing mutation, as its journal stores it.
package struct JournaledMutationRun: Sendable {
  /// The queueing mutation's id.
  package let mutationID: String
  /// The run's idempotency key, made when the run was asked for and kept across its retries
  /// and a relaunch.
  package let idempotencyKey: String
  /// The input, encoded by the mutation's `Codable` initializer; a failure when it does not
  /// encode (the run goes on in memory only).
  package let input: Result<Data, any Error>
  /// The input as text, for the inspector and diagnostics.
  package let inputDescription: String
}

/// What a queueing mutation needs to store its runs: its id, and how its input encodes. The
/// persistence module's `Mutation(queueing:…)` makes it.
package struct MutationQueueing<Input>: Sendable {
  /// The mutation's id, stable across launches: the rows of its runs carry it.
  package let id: String
  /// Encodes an input for the journal.
  package let encode: @Sendable (Input) throws -> Data

  package init(id: String, encode: @escaping @Sendable (Input) throws -> Data) {
    self.id = id
    self.encode = encode
  }
}

/// One pending mutation run of a ``LoaderStore``, as its inspector shows it.
package struct MutationRunSnapshot: Identifiable, Sendable {
  /// Where the run is.
  package enum State: Hashable, Sendable {
    /// Its turn came while the network is down: its optimistic edit shows, and its request
    /// waits for the network (``Mutation/isPaused``).
    case paused
    /// Its request is out, or waits to be retried.
    case sending
    /// It waits for the runs of its mutation before it.
    case waiting
  }

  /// The idempotency key, which names the run.
  package var id: String { idempotencyKey }
  /// The queueing mutation's id, or the mutation's type (`Mutation<Rename, Country>`).
  package let mutation: String
  /// Whether the mutation queues (it has a queueing id).
  package let isQueueing: Bool
  /// The input, as `String(describing:)` writes it.
  package let input: String
  /// The run's idempotency key.
  package let idempotencyKey: String
  /// Where the run is.
  package let state: State
  /// Whether the run is stored in the store's persistent cache, to replay after a relaunch.
  package let isStored: Bool
}

/// A mutation run the store's registry lists, whatever its input and output.
@MainActor
protocol RegisteredMutationRun: AnyObject {
  var snapshot: MutationRunSnapshot { get }
  /// Cancels the run in its mutation; `nil` once it ended.
  var cancelInStore: (@MainActor () -> Void)? { get }
}

/// The mutation runs of a ``LoaderStore`` that have not ended, in the order they were asked
/// for, and the journal that stores the queueing ones: what the inspector lists, and what the
/// persistence module attaches to.
///
/// It holds the runs weakly: the mutation that owns a run keeps it until it ends, and the run
/// leaves the registry then.
@MainActor
package final class MutationRuns {
  /// Where the runs of queueing mutations are stored, when it is not the store's persisted cache
  /// (tests set one of their own).
  package var journal: (any MutationJournal)?

  private struct Registration {
    let order: UInt64
    weak var run: (any RegisteredMutationRun)?
  }

  /// The runs, by identity.
  private var runs: [ObjectIdentifier: Registration] = [:]
  private var lastOrder: UInt64 = 0
  /// What observers of the runs observe.
  private let changes = ChangeCounter()

  init() {}

  /// Adds `run`, after every run added before it.
  func add(_ run: some RegisteredMutationRun) {
    lastOrder &+= 1
    runs[ObjectIdentifier(run)] = Registration(order: lastOrder, run: run)
    changes.count &+= 1
  }

  /// Removes `run`: it ended.
  func remove(_ run: some RegisteredMutationRun) {
    guard runs.removeValue(forKey: ObjectIdentifier(run)) != nil else { return }
    changes.count &+= 1
  }

  /// A run's state changed.
  func changed() {
    changes.count &+= 1
  }

  /// Cancels every run that has not ended, the last asked for first, so that no waiting run
  /// starts when the one before it is cancelled.
  func cancelAll() {
    let ordered = runs.values.sorted { $0.order > $1.order }.compactMap(\.run)
    for run in ordered { run.cancelInStore?() }
  }

  /// The runs that have not ended, in the order they were asked for. Reading it inside an
  /// observation tracks the runs and their states.
  package func snapshot() -> [MutationRunSnapshot] {
    _ = changes.count
    return runs.values.sorted { $0.order < $1.order }.compactMap { $0.run?.snapshot }
  }
}

extension LoaderStore {
  /// Where the store keeps the runs of queueing mutations: the journal set on its registry, or
  /// else its persisted cache, when the cache keeps them (the persistence module's does).
  var mutationJournal: (any MutationJournal)? {
    mutationRuns.journal ?? persistence as? any MutationJournal
  }

  /// Cancels the mutation runs in this store that have not ended, as each mutation's
  /// ``Mutation/cancel()`` would: their edits roll back, their callers throw
  /// `CancellationError`, and none is sent from now on. What ending a persistence scope does.
  package func cancelMutationRuns() {
    mutationRuns.cancelAll()
  }

  /// The mutation runs in this store that have not ended, in the order they were asked for:
  /// paused ones, stored ones, the ones whose request is out and the ones that wait for their
  /// turn. What the store's inspector lists under "Mutations". It is observed.
  package func mutationRunsSnapshot() -> [MutationRunSnapshot] {
    mutationRuns.snapshot()
  }
}
