// swift-tools-version: 6.1
import PackageDescription

/// Settings shared by every target: Swift 6 language mode (set package-wide below) with complete
/// concurrency checking, plus the upcoming features the house style asks for.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "AsyncContent",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "AsyncContentCore", targets: ["AsyncContentCore"]),
    .library(name: "AsyncContent", targets: ["AsyncContent"]),
    .executable(name: "countries", targets: ["countries"]),
  ],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "AsyncContentCore",
      dependencies: [
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
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
      resources: [.copy("Resources/countries.json")],
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
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "CountriesDemoTests",
      dependencies: [
        "CountriesDemo",
        "AsyncContentCore",
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
