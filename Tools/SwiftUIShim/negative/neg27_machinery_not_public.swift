// AsyncContent API: the defaults behind the builders are not public API: DefaultIdleView (the
// default of `idle:`) is reached by leaving the builder out, not by name.
// EXPECT: cannot find 'DefaultIdleView' in scope
import AsyncContent
import SwiftUI

struct V: View {
  var body: some View {
    AsyncView(operation: { "a" }, idle: { DefaultIdleView() }) { Text($0) }
  }
}
