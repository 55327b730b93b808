/// What ``LoadPhase/startLoading()`` and ``PagedPhase/startLoading()`` did.
public enum LoadStart: Hashable, Sendable {
  /// The phase moved to a loading case: the caller runs the operation.
  case started
  /// A load already runs: the caller joins it and starts nothing.
  case alreadyLoading
}
