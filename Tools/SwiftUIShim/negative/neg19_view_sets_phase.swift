// Views decide nothing: a view cannot set a loader's phase, only trigger it.
// EXPECT: 'phase' is a get-only property
import AsyncContent
import SwiftUI

struct V: View {
  @State private var loader = AsyncLoader { "hello" }
  var body: some View {
    Button("Fake it") { loader.phase = .loaded("fake") }
  }
}
