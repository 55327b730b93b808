// Missing @ViewBuilder on a generic content parameter: two views in the closure do not build.
// EXPECT: type '()' cannot conform to 'View'
import SwiftUI

struct Card<C: View>: View {
  let content: C
  init(content: () -> C) { self.content = content() }
  var body: some View { content }
}

struct Use: View {
  var body: some View {
    Card {
      Text("a")
      Text("b")
    }
  }
}
