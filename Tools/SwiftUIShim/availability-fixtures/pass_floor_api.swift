// An API at the floor (the one-argument accessibilityIdentifier is not declared here; a label set
// that no newer declaration has) is not flagged.
import SwiftUI

struct Row: View {
  var body: some View {
    Text("Row").accessibilityHidden(true)
  }
}
