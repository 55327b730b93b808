// Wrong argument label: refreshable(action:), not perform:.
// EXPECT: incorrect argument label in call (have 'perform:', expected 'action:')
import SwiftUI

struct V: View {
  var body: some View { Text("x").refreshable(perform: {}) }
}
