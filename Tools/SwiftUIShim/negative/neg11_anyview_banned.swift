// Project rule: no AnyView. The shim declares the type (buildLimitedAvailability(_:) returns
// it) but leaves out its initializers, so making one fails to type-check.
// EXPECT: 'AnyView' initializer is inaccessible due to 'internal' protection level
import SwiftUI

struct V: View {
  var flag: Bool
  var body: some View { flag ? AnyView(Text("a")) : AnyView(Image(systemName: "b")) }
}
