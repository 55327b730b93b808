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

/// A paging benchmark: builds the pages before the measurement, then measures `page` going
/// through them, and checks that it kept every item.
func pagingBenchmark(
  _ name: String, _ variant: String, _ page: @escaping @Sendable ([[Item]]) async -> Int
) {
  Benchmark(name, configuration: pagingConfiguration()) { benchmark in
    let pages = makePages(items: items, pageSize: pageSize)
    benchmark.startMeasurement()
    let loaded = await page(pages)
    benchmark.stopMeasurement()
    precondition(loaded == items, "the \(variant) lost items: \(loaded) of \(items)")
  }
}

let benchmarks: @Sendable () -> Void = {
  pagingBenchmark("PagingLoader100k", "loader") { await pageWithLoader($0) }
  pagingBenchmark("PagingRebuild100k", "rebuild") { await pageByRebuilding($0) }
  pagingBenchmark("PagingTaskAppend100k", "floor") { await pageByTaskAndAppending($0) }
  pagingBenchmark("PagingAppend100k", "append") { pageByAppending($0) }
}
