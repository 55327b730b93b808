// Positive control: branches forward events to a controller; the stable container forwards
// the lifecycle; `.task` only on a view no phase change removes; an allowed exception; a key
// shown through the store's view, which observes it while the view is on screen.
// LINT-EXPECT-PASS
import AsyncContent
import SwiftUI

struct Spinner: View {
  let appeared: () -> Void
  var body: some View {
    ProgressView().onAppear { appeared() }
  }
}

struct Screen: View {
  @State private var save = ActionController()
  let phase: Int
  let loader: AsyncLoader<String>
  var body: some View {
    VStack {
      switch phase {
      case 0: Spinner { loader.startLoad() }
      default: Button("Save") { save.start { await loader.reload() } }
      }
    }
    .task { await loader.load() }  // the screen stays while its phase changes
  }
}

struct SearchKey: LoaderKey {
  let query: String
  func fetch(using _: Void) async throws -> [String] { [query] }
}

struct Search: View {
  let query: String
  var body: some View {
    AsyncView(key: SearchKey(query: query), keepsPreviousValue: true) { Text("\($0.count)") }
  }
}
