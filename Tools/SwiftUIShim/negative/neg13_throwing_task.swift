// task(priority:_:) takes a non-throwing closure: errors must be handled (seed 003's lesson).
// EXPECT: throwing function of type '@Sendable () async throws -> ()' to non-throwing function type
import SwiftUI

struct V: View {
  func fetch() async throws {}
  var body: some View { Text("x").task { try await fetch() } }
}
