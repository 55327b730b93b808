#if canImport(SwiftUI)
import SwiftUI

/// A bar with a switch that makes every request of the service fail, to try the failure, retry
/// and banner paths. The app shows it below every screen.
struct FailureToggle: View {
  let api: CountryAPI
  @State private var failsRequests = false

  var body: some View {
    Toggle("Make requests fail", systemImage: "bolt.horizontal", isOn: $failsRequests)
      .padding()
      .background(Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.2))
      // The service's switch is flipped synchronously, so no task is needed.
      .onChange(of: failsRequests) { api.failureSwitch.set(failsRequests) }
  }
}
#endif
