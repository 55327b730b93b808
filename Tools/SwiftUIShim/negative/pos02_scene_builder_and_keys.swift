// Positive control for issue 31: what the SDK accepts still compiles against the stricter shim.
// EXPECT-PASS
import SwiftUI

struct OneWindowApp: App {
  var body: some Scene {
    WindowGroup { Text("One") }
  }
}

// SceneBuilder's buildOptional and buildLimitedAvailability take an `if #available` (issue 31,
// finding 6: the old shim, with the pack buildBlock alone, rejected it).
struct TwoWindowApp: App {
  var body: some Scene {
    WindowGroup { Text("One") }
    if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) {
      WindowGroup { Text("Two") }
    }
  }
}

struct Counts: View {
  let count: Int
  let ratio: Double
  var body: some View {
    VStack {
      Text("\(count) items, \(ratio, specifier: "%.1f") each")
      Spacer()
      Section("Title") { Text("Row") }
    }
    .task { await Task.yield() }
  }
}

func name(of space: Color.RGBColorSpace) -> String {
  switch space {
  case .sRGB: "sRGB"
  case .sRGBLinear: "sRGB linear"
  case .displayP3: "Display P3"
  }
}
