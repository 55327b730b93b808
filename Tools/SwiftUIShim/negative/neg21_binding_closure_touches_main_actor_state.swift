// Mistake 10: Binding(get:set:) takes `@isolated(any) @Sendable` closures (Apple's current
// declaration); a closure that reads a view's main-actor state must say `@MainActor in`, or be
// replaced by a controller. The old banner wrote exactly this.
// EXPECT: main actor-isolated property 'isDismissed' can not be referenced from a Sendable closure
import SwiftUI

struct Banner: View {
  @State private var isDismissed = false
  let error: (any Error)?

  var body: some View {
    Toggle(
      isOn: Binding(get: { isDismissed }, set: { isDismissed = $0 })
    ) {
      Text("Dismissed")
    }
  }
}
