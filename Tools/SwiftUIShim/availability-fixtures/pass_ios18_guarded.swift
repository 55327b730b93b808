// The same API under a guard that reaches it on every platform: accepted.
import SwiftUI

struct Row: View {
  var body: some View {
    if #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      Text("Row").accessibilityIdentifier("row", isEnabled: true)
    } else {
      Text("Row")
    }
  }
}

@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct NewRow: View {
  var body: some View {
    Text("Row").accessibilityIdentifier("row", isEnabled: false)
  }
}
