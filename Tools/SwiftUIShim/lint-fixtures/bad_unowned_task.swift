// A button that starts work in a task nobody owns.
// LINT-EXPECT: unowned-task
import SwiftUI

struct SaveButton: View {
  let save: @Sendable () async -> Void
  var body: some View {
    Button("Save") { Task { await save() } }
  }
}
