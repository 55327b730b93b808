package import Foundation

/// Where a ``LoaderStore`` keeps the runs that queue offline across a relaunch (the persistence
/// module's table); called on the main actor in the runs' order.
@MainActor
package protocol MutationJournal: AnyObject {
  /// Stores a run of a queueing mutation.
  func store(_ run: JournaledMutationRun)
  /// Deletes a stored run that ended.
  func remove(mutationID: String, idempotencyKey: String)
}

/// A run of a queueing mutation, as its journal stores it.
package struct JournaledMutationRun: Sendable {
  package let mutationID: String
  package let idempotencyKey: String
  /// The encoded input; a failure keeps the run in memory only.
  package let input: Result<Data, any Error>
  /// The input as text, for the inspector and diagnostics.
  package let inputDescription: String
}

/// A queueing mutation's id and input encoding (made by the persistence module).
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
  package enum State: Hashable, Sendable {
    /// Its request waits for the network (``Mutation/isPaused``).
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
  package let idempotencyKey: String
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

/// A ``LoaderStore``'s runs that have not ended, in call order (held weakly), and the journal of
/// the queueing ones: what the inspector lists.
@MainActor
package final class MutationRuns {
  /// The journal, when not the store's persisted cache (tests set one).
  package var journal: (any MutationJournal)?

  private struct Registration {
    let order: UInt64
    weak var run: (any RegisteredMutationRun)?
  }

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

  /// Cancels every run, the last first, so no waiting run starts meanwhile.
  func cancelAll() {
    let ordered = runs.values.sorted { $0.order > $1.order }.compactMap(\.run)
    for run in ordered { run.cancelInStore?() }
  }

  /// The runs that have not ended, in call order; observed.
  package func snapshot() -> [MutationRunSnapshot] {
    _ = changes.count
    return runs.values.sorted { $0.order < $1.order }.compactMap { $0.run?.snapshot }
  }
}

extension LoaderStore {
  /// The journal of the registry, or else the persisted cache's.
  var mutationJournal: (any MutationJournal)? {
    mutationRuns.journal ?? persistence as? any MutationJournal
  }

  /// Cancels this store's runs as ``Mutation/cancel()`` would: what ending a persistence scope
  /// does.
  package func cancelMutationRuns() {
    mutationRuns.cancelAll()
  }

  /// This store's runs that have not ended, in call order: the inspector's "Mutations".
  package func mutationRunsSnapshot() -> [MutationRunSnapshot] {
    mutationRuns.snapshot()
  }
}
