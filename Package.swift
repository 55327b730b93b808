// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// Settings shared by every target: Swift 6 language mode (set package-wide below) with complete
/// concurrency checking, plus the upcoming features the house style asks for.
var swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

// CI (`.ci/run`) sets this to turn every warning in this package's own targets into an error in
// the same build that runs the tests. Clients never set it, so the package stays usable as a
// dependency (SwiftPM refuses unsafe flags in dependencies).
if ProcessInfo.processInfo.environment["ASYNCCONTENT_WARNINGS_AS_ERRORS"] == "1" {
  swiftSettings.append(.unsafeFlags(["-warnings-as-errors"]))
}

// A client resolves every package that any *product* of this one depends on (a
// platform-conditional dependency too, on every platform), but not the dependencies of test
// targets, of an executable target that is not declared as a product, or of a trait that the
// client does not enable. So AsyncContentCore, AsyncContent and AsyncContentTestSupport depend on
// no package at all, and every package below serves only the tests, the demo (`swift run
// countries`, a target but not a product), the documentation plugin, or the trait below.
//
// The trait "Persistence" (off by default) is the persisted cache: with it on,
// AsyncContentPersistence links GRDB.swift; with it off, GRDB is not even resolved, so an app that
// does not persist (or uses another GRDB, or a fork with SQLCipher) adopts the package with no
// dependency. A client turns it on with `.package(url: …, from: "1.0.0", traits: ["Persistence"])`,
// or in Xcode's package UI (Xcode 26.4 and later). Every source file of AsyncContentPersistence
// sits inside `#if Persistence`; without the trait the module compiles one `#error` that names
// the fix (TraitCheck.swift). This repository's own commands enable it:
// `swift run --enable-all-traits countries`, `swift test --enable-all-traits`.
// `Scripts/check-client-resolution.sh` (run by `.ci/run`) holds all of this.
//
// Combine: `AsyncLoader(publisher:)` lives in its own file,
// Sources/AsyncContentCore/ValueSources/AsyncLoader+Combine.swift, compiled into the core only
// where Apple's Combine exists. So that Linux tests that same code, the test target
// AsyncContentCoreTests compiles the file once more through a relative symlink
// (Tests/AsyncContentCoreTests/Support/AsyncLoader+Combine.swift), against OpenCombine, a
// test-only dependency: there the define ASYNCCONTENT_OPENCOMBINE (Linux only) makes the file
// `import OpenCombine`, and ASYNCCONTENT_COMBINE_TEST_COPY keeps the copy out of the test module
// on Apple platforms, where the core's own initializer is the one under test. What the
// initializer calls in AsyncLoader is `package`, so the test module reaches it.
let openCombine = Target.Dependency.product(
  name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))

let package = Package(
  name: "AsyncContent",
  // The default texts' String Catalogs are in English; see DefaultStrings.
  defaultLocalization: "en",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "AsyncContentCore", targets: ["AsyncContentCore"]),
    .library(name: "AsyncContent", targets: ["AsyncContent"]),
    .library(name: "AsyncContentTestSupport", targets: ["AsyncContentTestSupport"]),
    .library(name: "AsyncContentPersistence", targets: ["AsyncContentPersistence"]),
  ],
  traits: [
    .trait(
      name: "Persistence",
      description:
        "AsyncContentPersistence: the store's cache and queued mutations in SQLite (GRDB)."
    )
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "AsyncContentCore",
      // The String Catalog of the default texts (Localizable.xcstrings). Xcode compiles it;
      // SwiftPM's own build copies it as it is, and StringCatalog reads either.
      resources: [.process("Resources")],
      swiftSettings: swiftSettings
    ),
    // Gates, a phase recorder and waiting helpers, for testing screens' loading logic as this
    // package tests its own. Clients add it to their test targets only. It depends on no
    // package: it records issues with Swift Testing (`Issue.record`) and locks with NSLock.
    .target(
      name: "AsyncContentTestSupport",
      dependencies: ["AsyncContentCore"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "AsyncContent",
      dependencies: ["AsyncContentCore"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "AsyncContentPersistence",
      dependencies: [
        "AsyncContentCore",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Persistence"])),
      ],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "CountriesDemo",
      dependencies: [
        "AsyncContentCore",
        "AsyncContentPersistence",
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      resources: [
        .copy("Resources/countries.json"), .process("Resources/Localizable.xcstrings"),
      ],
      swiftSettings: swiftSettings
    ),
    // The demo's executable: `swift run countries` runs it from the repository's root. It is a
    // target but not a product, so a client does not resolve FlyingFox, which only the demo
    // and the tests use.
    .executableTarget(
      name: "countries",
      dependencies: ["CountriesDemo"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "AsyncContentCoreTests",
      dependencies: [
        "AsyncContentCore",
        "AsyncContentTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        openCombine,
      ],
      // The Combine initializer's test copy (see the note on Combine at the top).
      swiftSettings: swiftSettings + [
        .define("ASYNCCONTENT_COMBINE_TEST_COPY"),
        .define("ASYNCCONTENT_OPENCOMBINE", .when(platforms: [.linux])),
      ]
    ),
    // The tutorial "Build a countries app" (in AsyncContentCore's DocC catalog): its code files
    // without SwiftUI (the app's web service and model), linked from the catalog's
    // Resources/Tutorial into this target's folder, compiled and run on every platform.
    .testTarget(
      name: "CountriesTutorialTests",
      dependencies: ["AsyncContent"],
      swiftSettings: swiftSettings
    ),
    // A child process for the persistence tests' kill tests: it writes rows through a
    // PersistentCache in a loop and prints each committed batch, or sends a queueing mutation's
    // run and stops at a point of the send, until the test kills it. A target, not a product,
    // so no client resolves or builds it.
    .executableTarget(
      name: "PersistenceKillWriter",
      dependencies: ["AsyncContentCore", "AsyncContentPersistence"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "AsyncContentPersistenceTests",
      dependencies: [
        "AsyncContentCore",
        "AsyncContentPersistence",
        "AsyncContentTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "CountriesDemoTests",
      dependencies: [
        "CountriesDemo",
        "AsyncContentCore",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
