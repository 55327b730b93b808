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
    .executable(name: "countries", targets: ["countries"]),
  ],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "AsyncContentCore",
      dependencies: [openCombine],
      // The String Catalog of the default texts (Localizable.xcstrings). Xcode compiles it;
      // SwiftPM's own build copies it as it is, and StringCatalog reads either.
      resources: [.process("Resources")],
      swiftSettings: swiftSettings
    ),
    // Gates, a phase recorder and clock helpers, for testing screens' loading logic as this
    // package tests its own. Clients add it to their test targets only.
    .target(
      name: "AsyncContentTestSupport",
      dependencies: [
        "AsyncContentCore",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Routes the issues `eventually` reports to the running test framework (Swift Testing
        // or XCTest); without it they are only printed, and the test passes.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "AsyncContent",
      dependencies: ["AsyncContentCore"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "CountriesDemo",
      dependencies: [
        "AsyncContentCore",
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      resources: [
        .copy("Resources/countries.json"), .process("Resources/Localizable.xcstrings"),
      ],
      swiftSettings: swiftSettings
    ),
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
      swiftSettings: swiftSettings
    ),
    // The tutorial "Build a countries app" (in AsyncContentCore's DocC catalog): its code files
    // without SwiftUI (the app's web service and model), linked from the catalog's
    // Resources/Tutorial into this target's folder, compiled and run on every platform.
    .testTarget(
      name: "CountriesTutorialTests",
      dependencies: ["AsyncContent"],
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
