/// What ``Mutation/run(_:ifRunning:)`` does when the mutation is already running.
public enum ConcurrentRun: Hashable, Sendable {
  /// Waits for the running run and returns when it ends; the new input is not sent. A second
  /// tap on Save waits for the first save.
  case join
  /// Returns at once; the new input is not sent.
  case reject
}
