// An iOS 18 API used unguarded: availability-lint.py must reject it (the package supports iOS 17).
import SwiftUI

struct Row: View {
  var body: some View {
    Text("Row").accessibilityIdentifier("row", isEnabled: true)
  }
}
