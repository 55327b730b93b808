// Mistake 1: the idle view starts the load in its own task. The load replaces the idle view,
// SwiftUI cancels the task, the phase returns to idle and the idle view starts it again.
// LINT-EXPECT: branch-task
import SwiftUI

struct StartingIdleView: View {
  @Environment(\.refresh) private var refresh
  var body: some View {
    Color.clear.task { await refresh?() }
  }
}

struct PhaseScreen<Idle: View>: View {
  let isIdle: Bool
  let idle: Idle
  init(isIdle: Bool, @ViewBuilder idle: () -> Idle = { StartingIdleView() }) {
    self.isIdle = isIdle
    self.idle = idle()
  }
  var body: some View {
    if isIdle { idle } else { Text("Loaded") }
  }
}
