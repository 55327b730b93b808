// Mistake 3, as far as a type-check reaches: RetryButton takes its action as a `@Sendable`
// closure and runs it in a controller's task; a non-Sendable model cannot be captured into it.
// EXPECT: capture of 'model' with non-Sendable type 'Model' in a '@Sendable' closure
import AsyncContent
import SwiftUI

final class Model {
  func reload() async {}
}

struct Failure: View {
  let model = Model()
  var body: some View {
    let model = model
    RetryButton(action: { await model.reload() })
  }
}
