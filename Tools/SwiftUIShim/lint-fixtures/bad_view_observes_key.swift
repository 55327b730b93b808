// Issue 12: a view observes a store's key itself. `onAppear` runs again on every appear, and
// nothing cancels the subscriptions when SwiftUI drops the view: the key never leaves the store.
// LINT-EXPECT: view-observes-key
import AsyncContent
import SwiftUI

struct CountryKey: LoaderKey {
  let id: String
  func fetch(using _: Void) async throws -> String { id }
}

struct Detail: View {
  let id: String
  @State private var loader: AsyncLoader<String>?
  var body: some View {
    Text(loader?.phase.value ?? "")
      .onAppear { loader = LoaderStore.shared.observe(CountryKey(id: id)).loader }
  }
}
