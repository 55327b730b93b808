/// A phase a ``LoaderStore`` can edit: ``LoadPhase`` and ``PagedPhase``.
protocol EditablePhase: AsyncPhase {
  mutating func startLoading() -> LoadStart
  mutating func succeed(_ value: Value)
  mutating func cancel() -> Bool
}

extension LoadPhase: EditablePhase {}
extension PagedPhase: EditablePhase {}

/// What a ``LoaderStore`` does with a loader without knowing its value type: ``AsyncLoader``
/// and ``PagedLoader`` have all of it already.
@MainActor
protocol StoreLoader: AnyLoader {
  associatedtype Phase: EditablePhase
  /// The phase, unobserved.
  var storedPhase: Phase { get set }
  /// The phase's kind, observed: what the inspector shows.
  var phaseKind: PhaseKind { get }
  /// Loads when there is nothing current: what the inspector's Reset asks for once nothing
  /// runs.
  func startLoad()
  /// Launches a load when nothing is current and no load runs: what a new observer and a
  /// refetch event ask for. It joins whatever runs, a page of a paged list included.
  func launchUnlessRunning()
  /// Launches a new load that supersedes the running one: what an invalidation asks for.
  func launch()
  /// Cancels the running load: what an eviction does.
  func cancel()
  /// Cancels any work and forgets the value: the inspector's Reset.
  func reset()
}

extension AsyncLoader: StoreLoader {
  var phaseKind: PhaseKind { phase.kind }

  /// ``launchIfNeeded()``, which joins any load that runs.
  func launchUnlessRunning() {
    launchIfNeeded()
  }
}

extension PagedLoader: StoreLoader {
  var phaseKind: PhaseKind { phase.kind }

  /// Loads the first page again, superseding whatever runs, a first-page load included.
  func launch() {
    launch(.first, at: nil)
  }

  /// ``launchIfNeeded()`` unless a load runs: a refetch event or a new observer joins a running
  /// page rather than throwing the reader back to the first page.
  func launchUnlessRunning() {
    guard !isLoadRunning else { return }
    launchIfNeeded()
  }
}

extension StoreLoader {
  /// Shows `value`, dated now, as a store's edit: cancels the running load and lands `value`.
  /// Returns the phase before the edit (after the cancellation), to restore on a rollback.
  func edit(to value: Phase.Value, optimistic: Bool = false) -> Phase {
    stopLoad { storedPhase.cancel() }
    let previous = storedPhase
    storedLoadedAt = clock.now
    // Set before the listeners hear the change: a persisted cache does not write a value that a
    // rollback may still take back.
    isValueEdited = optimistic
    changePhase {
      storedPhase.succeed(value)
      return true
    }
    return previous
  }

  /// Puts back `phase`, which ``edit(to:optimistic:)`` returned, in its loading form if a load
  /// runs; a restored value is dated now and marked stale.
  func restore(_ phase: Phase) {
    var restored = phase
    if isLoadRunning { _ = restored.startLoading() }
    let hasValue = restored.value != nil
    storedLoadedAt = hasValue ? clock.now : nil
    isMarkedStale = hasValue
    changePhase {
      storedPhase = restored
      return true
    }
  }
}
