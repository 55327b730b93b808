import ConcurrencyExtras

/// Runs `operation` with every task enqueued on the main serial executor, as
/// swift-concurrency-extras' `withMainSerialExecutor` does, but safely for suites that run in
/// parallel. The test module's calls resolve to this function, which shadows the library's.
///
/// The library's function sets the process-wide `uncheckedUseMainSerialExecutor` and, when it
/// ends, restores the value it found. Swift Testing runs suites in parallel: a short test that
/// began before a long randomized suite (StoreScheduleTests, PagingWindowScheduleTests,
/// LoaderInterleavingTests) and ended during it switched the serial executor off under that
/// suite, whose schedules then went on on the global pool, no longer deterministic; on a loaded
/// machine a schedule failed now and then ("caller 0 never resumed", "landed from the stale
/// call"). Here the first caller switches it on and the last one to leave switches it off. Every
/// caller is on the main actor, so the count needs no lock.
@MainActor
func withMainSerialExecutor(
  operation: @MainActor @Sendable () async throws -> Void
) async rethrows {
  MainSerialExecutorUsers.count += 1
  if MainSerialExecutorUsers.count == 1 { uncheckedUseMainSerialExecutor = true }
  defer {
    MainSerialExecutorUsers.count -= 1
    if MainSerialExecutorUsers.count == 0 { uncheckedUseMainSerialExecutor = false }
  }
  try await operation()
}

/// How many tests are inside `withMainSerialExecutor` now.
@MainActor
private enum MainSerialExecutorUsers {
  static var count = 0
}
