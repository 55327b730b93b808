// MainActor violation: a view's body is main-actor isolated.
// EXPECT: main actor-isolated
import SwiftUI

struct V: View {
  var body: some View { Text("x") }
}

nonisolated func render(_ v: V) -> some View { v.body }
