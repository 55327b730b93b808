// swift-tools-version: 6.1
import PackageDescription

// A Linux-only interface shim named `SwiftUI`, used only to type-check AsyncContent's
// `#if canImport(SwiftUI)` layer and its example app on Linux CI (.ci/swiftui-typecheck).
// It is a separate package: the main package never depends on it, so clients never resolve it.
// Nothing here renders; only the signatures, transcribed from developer.apple.com, matter.
// It depends on OpenCombine, Combine's stand-in on Linux (as in AsyncContentCore), for the
// `ObservableObject` that `StateObject` and `ObservedObject` require.
let package = Package(
  name: "SwiftUIShim",
  products: [
    .library(name: "SwiftUI", targets: ["SwiftUI"]),
    // The Accessibility framework's announcement API, which the SwiftUI layer posts with.
    .library(name: "Accessibility", targets: ["Accessibility"]),
  ],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")
  ],
  targets: [
    .target(
      name: "SwiftUI",
      dependencies: [
        .product(name: "OpenCombine", package: "OpenCombine")
      ],
      path: "Sources/SwiftUI"
    ),
    .target(
      name: "Accessibility",
      path: "Sources/Accessibility"
    ),
  ],
  // Swift 5 mode like Apple's own SDK module: Swift 6 mode would add inferred attributes
  // (e.g. @Sendable on @MainActor closures) and the signatures would drift.
  swiftLanguageModes: [.v5]
)
