extension AsyncLoader {
  /// Shows `value`, dated now, as an edit of a ``LoaderStore``: cancels the running load, whose
  /// response was asked for before the edit, and lands `value`.
  ///
  /// - Returns: The phase before the edit, after the cancellation: a phase no load stands
  ///   behind, to restore if the edit is rolled back.
  func edit(to value: Value) -> LoadPhase<Value, any Error> {
    stopLoad { storedPhase.cancel() }
    let previous = storedPhase
    storedLoadedAt = clock.now
    changePhase {
      storedPhase.succeed(value)
      return true
    }
    return previous
  }

  /// Puts back `phase`, which ``edit(to:)`` returned, when an edit is rolled back.
  ///
  /// A load that runs goes on (it started after the edit, which cancelled the one before), so
  /// the restored phase is its loading form. A restored value is dated now and marked stale: it
  /// comes from memory, not from the source, and the next observer revalidates it.
  func restore(_ phase: LoadPhase<Value, any Error>) {
    var restored = phase
    if isLoadRunning { restored.startLoading() }
    let hasValue = restored.value != nil
    storedLoadedAt = hasValue ? clock.now : nil
    isMarkedStale = hasValue
    changePhase {
      storedPhase = restored
      return true
    }
  }
}
