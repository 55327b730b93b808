// A `.task` written straight into a branch of a phase switch.
// LINT-EXPECT: branch-task
import SwiftUI

struct Screen: View {
  let phase: Int
  let load: @Sendable () async -> Void
  var body: some View {
    switch phase {
    case 0: Color.clear.task { await load() }
    default: Text("Shown")
    }
  }
}
