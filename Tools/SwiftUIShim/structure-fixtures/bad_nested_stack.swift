// LINT-EXPECT: nested-stack
// The inspector as it was: a view an app embeds in its own debug screen, with a stack inside.
import SwiftUI

struct Inspector: View {
  var body: some View {
    NavigationStack {
      List { Text("entry") }
        .navigationTitle("Loader store")
    }
  }
}
