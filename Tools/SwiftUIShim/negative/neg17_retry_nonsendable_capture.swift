// AsyncContent API: AsyncView(phase:)'s reload is @Sendable; a non-Sendable model cannot be
// captured.
// EXPECT: non-Sendable type 'Model' of property 'model' cannot exit main actor-isolated context
import AsyncContent
import SwiftUI

final class Model {
  var phase: LoadPhase<String, any Error> = .idle
  func reload() async {}
}

struct V: View {
  let model: Model
  var body: some View {
    AsyncView(phase: model.phase, reload: { await model.reload() }) { Text($0) }
  }
}
