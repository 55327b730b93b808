// AsyncContent API: one meaning per label. `retry:` is always a RetryPolicy, never a closure
// (the async closure a phase-driven view runs is `reload:`).
// EXPECT: closure passed to parameter of type 'RetryPolicy' that does not accept a closure
import AsyncContent
import SwiftUI

struct V: View {
  var body: some View {
    AsyncView(retry: {}, operation: { "a" }) { Text($0) }
  }
}
