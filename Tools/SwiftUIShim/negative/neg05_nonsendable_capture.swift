// A non-Sendable class captured by refreshable's @Sendable closure, in nonisolated code. (In a view
// body the iOS 18 SDK's `@_inheritActorContext` makes the action main-actor isolated, and
// region-based isolation then accepts the capture, as it does on a Mac.)
// EXPECT: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import SwiftUI

final class Counter { var n = 0 }

nonisolated func refreshing<Content: View>(_ content: Content) -> some View {
  let counter = Counter()
  return content.refreshable { counter.n += 1 }
}
