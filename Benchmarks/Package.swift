// swift-tools-version: 6.1
import PackageDescription

// The benchmarks of AsyncContent: a package of its own so that the library never depends on
// ordo-one/benchmark. See README.md beside this file for what each benchmark measures, how the
// thresholds are recorded, and why instruction counts come from callgrind on Linux.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "AsyncContentBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    // The trait "Persistence" builds AsyncContentPersistence, which the persistence scenarios use.
    .package(name: "AsyncContent", path: "..", traits: ["Persistence"]),
    // The collection PagedLoader stores its items in, for the decomposition in callgrind.sh.
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    // The floor of a restore from the persistent cache: one GRDB primary-key fetch of the row.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // Only "MallocInterposer": naming the traits leaves the default "RuntimeInterposer" trait
    // (Linux ARC counting, Swift 6.3 only) off, so its package is not needed.
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // The scenarios, shared by the benchmarks and the callgrind probe so both measure the same
    // code.
    .target(
      name: "Scenarios",
      dependencies: [
        .product(name: "AsyncContentCore", package: "AsyncContent"),
        .product(name: "AsyncContentPersistence", package: "AsyncContent"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "LoaderBenchmarks",
      dependencies: [
        "Scenarios",
        .product(name: "AsyncContentCore", package: "AsyncContent"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/LoaderBenchmarks",
      swiftSettings: swiftSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "PagingBenchmarks",
      dependencies: [
        "Scenarios",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/PagingBenchmarks",
      swiftSettings: swiftSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [
        "Scenarios",
        .product(name: "AsyncContentCore", package: "AsyncContent"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/StoreBenchmarks",
      swiftSettings: swiftSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Runs one scenario N times, chosen by argv, for `callgrind.sh` (instruction counts) and
    // for the memory figures of an idle loader and of a store's entry (mallinfo2 deltas).
    .target(name: "CMallocStats"),
    .executableTarget(
      name: "CallgrindProbe",
      dependencies: [
        "Scenarios", "CMallocStats", .product(name: "AsyncContentCore", package: "AsyncContent"),
      ],
      swiftSettings: swiftSettings
    ),
    // Wall clock as ratios taken in one run, for `wallclock.sh`: the loader, the rebuild of
    // kntkymt's "[SwiftUI] enumを用いた画面の状態管理のすすめ" and the Task + append floor, timed back to back and repeated; the medians are checked
    // against Thresholds/wallclock.json.
    .executableTarget(
      name: "WallClock",
      dependencies: ["Scenarios"],
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
