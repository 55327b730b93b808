// Issue 31, finding 7: task(name:priority:file:line:_:) is not in the iOS 18 SDK that Swift 6.1
// (Xcode 16.3) builds with.
// EXPECT: cannot convert value of type 'String' to expected argument type '@Sendable () async -> Void'
import SwiftUI

struct V: View {
  var body: some View {
    Text("x").task(name: "load") {}
  }
}
