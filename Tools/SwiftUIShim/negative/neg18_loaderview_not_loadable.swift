// AsyncContent API: AsyncView(_:) takes a LoadableObject, not any object with a phase.
// EXPECT: conform to 'LoadableObject'
import AsyncContent
import SwiftUI

@MainActor final class Model {
  var phase: LoadPhase<String, any Error> = .idle
}

struct V: View {
  let model: Model
  var body: some View {
    AsyncView(model) { Text($0) }
  }
}
