// swift-tools-version: 6.1
import PackageDescription

// The Countries example: a SwiftUI app over AsyncContent. On a Mac,
// `swift run --package-path Examples/Countries` opens it in a window; open this package in
// Xcode to run it on an iOS simulator (see the repository's README). On Linux it cannot build
// (there is no SwiftUI), and `.ci/swiftui-typecheck` type-checks its sources instead.
let package = Package(
  name: "Countries",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    .package(name: "AsyncContent", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "Countries",
      dependencies: [
        .product(name: "AsyncContent", package: "AsyncContent")
      ],
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
