// Mistake 5: a loader made in the initializer, once per parent render; a new input is ignored.
// LINT-EXPECT: state-from-init
import AsyncContent
import SwiftUI

struct Detail: View {
  @State private var loader: AsyncLoader<String>
  init(id: Int) {
    _loader = State(initialValue: AsyncLoader { "Item \(id)" })
  }
  var body: some View { AsyncView(loader) { Text($0) } }
}
