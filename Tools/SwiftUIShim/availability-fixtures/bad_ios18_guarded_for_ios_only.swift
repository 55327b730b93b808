// Guarded for iOS alone: `*` is macOS 14 on a Mac, where the API needs macOS 15. Rejected.
import SwiftUI

struct Row: View {
  var body: some View {
    if #available(iOS 18.0, *) {
      Text("Row").accessibilityIdentifier("row", isEnabled: true)
    } else {
      Text("Row")
    }
  }
}
