// task(name:priority:file:line:_:) takes a non-throwing closure: errors must be handled (a
// lesson of Swift by Sundell's "Making SwiftUI views refreshable").
// EXPECT: to non-throwing function type
import SwiftUI

struct V: View {
  func fetch() async throws {}
  var body: some View { Text("x").task { try await fetch() } }
}
