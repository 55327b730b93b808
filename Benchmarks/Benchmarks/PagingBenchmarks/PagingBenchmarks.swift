import Benchmark
import Scenarios

// Paging through 100,000 items in pages of 50, four ways, in the same run:
//   PagingLoader100k   PagedLoader: load(), then loadMore() until the end of the list;
//   PagingRebuild100k  the rebuild of kntkymt's "[SwiftUI] enumを用いた画面の状態管理のすすめ":
//                      `dataState = .success(users + newUsers)` for every page;
//   PagingTaskAppend100k  one Task per page awaiting the same fetch, plus Array.append: the
//                      floor of any pager whose pages outlive their caller;
//   PagingAppend100k   plain Array.append(contentsOf:) of the same pages, no Task, no await.
// The pages are built before the measurement starts, so every variant appends the same arrays.
//
// Metrics: mallocs, wall clock and instructions. This machine has no hardware counters, so
// `instructions` reports nothing here; callgrind.sh counts them (Thresholds/instructions.json
// holds the ratio targets). Only mallocs are thresholded: wall clock depends on the machine.
let items = 100_000
let pageSize = 50

/// A run allocates the same way every time; allow 2% for the runtime's and Dispatch's own.
func pagingConfiguration() -> Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.mallocCountTotal, .wallClock, .instructions], warmupIterations: 1,
    maxDuration: .seconds(5), maxIterations: 10,
    thresholds: [.mallocCountTotal: BenchmarkThresholds(relative: [.p90: 5.0])])
}

let benchmarks: @Sendable () -> Void = {
  Benchmark("PagingLoader100k", configuration: pagingConfiguration()) { benchmark in
    let pages = makePages(items: items, pageSize: pageSize)
    benchmark.startMeasurement()
    let loaded = await pageWithLoader(pages)
    benchmark.stopMeasurement()
    precondition(loaded == items, "the loader lost items: \(loaded) of \(items)")
  }

  Benchmark("PagingRebuild100k", configuration: pagingConfiguration()) { benchmark in
    let pages = makePages(items: items, pageSize: pageSize)
    benchmark.startMeasurement()
    let loaded = await pageByRebuilding(pages)
    benchmark.stopMeasurement()
    precondition(loaded == items, "the rebuild lost items: \(loaded) of \(items)")
  }

  Benchmark("PagingTaskAppend100k", configuration: pagingConfiguration()) { benchmark in
    let pages = makePages(items: items, pageSize: pageSize)
    benchmark.startMeasurement()
    let loaded = await pageByTaskAndAppending(pages)
    benchmark.stopMeasurement()
    precondition(loaded == items, "the floor lost items: \(loaded) of \(items)")
  }

  Benchmark("PagingAppend100k", configuration: pagingConfiguration()) { benchmark in
    let pages = makePages(items: items, pageSize: pageSize)
    benchmark.startMeasurement()
    let loaded = pageByAppending(pages)
    benchmark.stopMeasurement()
    precondition(loaded == items, "the append lost items: \(loaded) of \(items)")
  }
}
