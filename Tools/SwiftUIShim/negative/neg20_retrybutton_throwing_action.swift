// AsyncContent API: RetryButton's action cannot throw; the loader keeps the error in its phase.
// EXPECT: invalid conversion from throwing function
import AsyncContent
import SwiftUI

func fetch() async throws {}

struct V: View {
  var body: some View {
    RetryButton(action: { try await fetch() })
  }
}
