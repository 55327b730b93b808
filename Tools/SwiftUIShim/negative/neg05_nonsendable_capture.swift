// A non-Sendable class captured by refreshable's @Sendable closure.
// EXPECT: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import SwiftUI

final class Counter { var n = 0 }

struct V: View {
  var body: some View {
    let counter = Counter()
    Text("x").refreshable { counter.n += 1 }
  }
}
