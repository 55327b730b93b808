// LINT-EXPECT: debug-only-tool
// The example as it was: the button shows in release builds, where it does nothing.
import AsyncContent
import SwiftUI

struct Home: View {
  @State private var showsStore = false

  var body: some View {
    List {
      Button("Loader store") { showsStore = true }
    }
    .loaderStoreInspector(isPresented: $showsStore)
  }
}
