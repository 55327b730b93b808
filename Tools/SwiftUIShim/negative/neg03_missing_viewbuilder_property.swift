// Missing @ViewBuilder: an if/else of two view types is not a single opaque type.
// EXPECT: function declares an opaque return type 'some View', but the return statements in its body do not have matching underlying types
import SwiftUI

struct V: View {
  var flag: Bool
  var body: some View { header }
  var header: some View {
    if flag { return Text("a") } else { return Image(systemName: "b") }
  }
}
