// Mistake 3: the retry button runs its action in its own `.task(id:)`. The retry removes the
// button (a banner hides, a footer swaps to a spinner) and cancels itself; a button that
// appears again fires the retry again.
// LINT-EXPECT: branch-task
import SwiftUI

struct TaskRetryButton: View {
  @State private var request = 0
  let action: @Sendable () async -> Void
  var body: some View {
    Button("Retry") { request += 1 }
      .task(id: request) {
        guard request > 0 else { return }
        await action()
      }
  }
}

struct Footer: View {
  let failed: Bool
  let loadMore: @Sendable () async -> Void
  var body: some View {
    switch failed {
    case true: TaskRetryButton(action: loadMore)
    case false: ProgressView()
    }
  }
}
