// Project rule: no AnyView. The shim leaves it out, so any use fails to type-check.
// EXPECT: cannot find 'AnyView' in scope
import SwiftUI

struct V: View {
  var flag: Bool
  var body: some View { flag ? AnyView(Text("a")) : AnyView(Image(systemName: "b")) }
}
