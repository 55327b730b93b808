// MainActor violation: @State mutated from a detached task.
// EXPECT: main actor-isolated
import SwiftUI

struct V: View {
  @State private var n = 0
  var body: some View {
    Text("\(n)").onAppear {
      Task.detached { n += 1 }
    }
  }
}
