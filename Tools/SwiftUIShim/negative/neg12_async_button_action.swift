// John Sundell's "Making SwiftUI views refreshable" wrote Button(role:action:label:) with an async action; the SDK's action is synchronous.
// EXPECT: cannot pass function of type '() async -> Void' to parameter expecting synchronous function type
import SwiftUI

struct V: View {
  @Environment(\.refresh) private var refresh
  var body: some View {
    Button(role: nil, action: { await refresh?() }, label: { Text("Retry") })
  }
}
