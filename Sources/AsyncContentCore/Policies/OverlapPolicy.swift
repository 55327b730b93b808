/// What a trigger does when a load already runs.
public enum OverlapPolicy: Hashable, Sendable {
  /// Join the running load: one operation runs and every caller resumes with its outcome.
  case joinRunning
  /// Cancel the running load and start a new one, for example when a search term changed.
  /// Callers of the cancelled load wait for the new one.
  case latestWins
}
