import AsyncContentCore
import Benchmark
import Scenarios

// The keyed store (LoaderStore): mallocs, exact counts and wall clock. As in LoaderBenchmarks,
// instructions come from callgrind.sh (Thresholds/instructions.json), and only the metrics that
// repeat are thresholded: mallocs, malloc bytes and the custom counts. Every store runs on a
// ManualClock (StoreScenarios.swift), so its collection happens only when a scenario advances
// the clock.
let benchmarks: @Sendable () -> Void = {
  let storeMetrics: [BenchmarkMetric] = [.mallocCountTotal, .wallClock, .instructions]
  /// The custom counts are exact.
  let exact = BenchmarkThresholds(absolute: [.p90: 0])
  let operationsRan = BenchmarkMetric.custom("operations ran")
  let notificationsPerEntry = BenchmarkMetric.custom("notifications per entry")

  Benchmark.defaultConfiguration.maxDuration = .seconds(2)
  Benchmark.defaultConfiguration.maxIterations = 50

  // 10,000 get-or-create lookups (loader(for:)) of keys a store of 10,000 live keys holds, each
  // key once; the store is built before the measurement. Mallocs per lookup: the count / 10,000.
  Benchmark(
    "StoreLookup10000Keys",
    configuration: .init(
      metrics: storeMetrics,
      thresholds: [.mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 20])])
  ) { benchmark in
    let keys = 10_000
    let store = await makeStore(keys: keys)
    benchmark.startMeasurement()
    blackHole(await lookUpKeys(store, keys: keys, lookups: keys))
    benchmark.stopMeasurement()
    blackHole(store)
  }

  // A store of 10,000 cached entries, none observed or loaded: their mallocs and the bytes they
  // request (without malloc's chunk overhead; callgrind.sh checks the heap bytes per entry,
  // overhead included).
  Benchmark(
    "StoreEntries10000",
    configuration: .init(
      metrics: [.mallocCountTotal, .mallocBytesCount, .wallClock, .instructions],
      thresholds: [
        .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 20]),
        .mallocBytesCount: BenchmarkThresholds(relative: [.p90: 1.0]),
      ])
  ) { benchmark in
    benchmark.startMeasurement()
    let store = await makeStore(keys: 10_000)
    benchmark.stopMeasurement()
    blackHole(store)
  }

  // invalidateAll() over 1,000 observed, loaded entries: each key is fetched exactly once more
  // (operations ran), and each loader notifies twice (loaded → reloading → loaded). The
  // mallocs include the observation, the first loads and the counters.
  Benchmark(
    "StoreInvalidate1000Observed",
    configuration: .init(
      metrics: storeMetrics + [operationsRan, notificationsPerEntry],
      thresholds: [
        .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 10.0]),
        operationsRan: exact, notificationsPerEntry: exact,
      ])
  ) { benchmark in
    let count = 1_000
    let (outcome, store) = await invalidateObserved(count)
    precondition(
      outcome.reloads == count && outcome.entriesReloadedOnce == count,
      "invalidating \(count) observed entries: \(outcome)")
    benchmark.measurement(operationsRan, outcome.reloads)
    benchmark.measurement(notificationsPerEntry, outcome.notifications / count)
    blackHole(store)
  }

  // 10,000 unobserved entries evicted when the manual clock passes their gcAfter: the
  // measurement covers the advance and the collection only.
  Benchmark(
    "StoreEviction10000",
    configuration: .init(
      metrics: storeMetrics,
      thresholds: [.mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 20])])
  ) { benchmark in
    let count = 10_000
    let clock = ManualClock()
    let store = await makeStoreAwaitingCollection(count, clock: clock)
    benchmark.startMeasurement()
    let evicted = await evictAfterGCTime(store, clock: clock)
    benchmark.stopMeasurement()
    precondition(evicted == count, "evicted \(evicted) of \(count)")
    blackHole(store)
  }

  // 1,000 restores from the persistent cache (issue 22): loader(for:) of keys with a row in a
  // database of 10,000 countries and no entry in the store, each key once; the database is
  // written once per process, the cache opened and the store made before the measurement.
  // Mallocs per restore: the count / 1,000, 65.4 (callgrind.sh counts them under memcheck too,
  // against a GRDB fetch of the same rows). The count moves by a few mallocs run to run
  // (65,439 to 65,443), hence 1%.
  Benchmark(
    "PersistRestore1000",
    configuration: .init(
      metrics: storeMetrics,
      thresholds: [.mallocCountTotal: BenchmarkThresholds(relative: [.p90: 1.0])])
  ) { benchmark in
    let restores = 1_000
    let url = await sharedRestoreDatabase()
    let (store, cache) = await openRestoringStore(at: url, entries: persistedEntries)
    benchmark.startMeasurement()
    blackHole(await restoreCountries(store, count: restores, keys: persistedEntries))
    benchmark.stopMeasurement()
    blackHole(store)
    blackHole(cache)
  }
}
