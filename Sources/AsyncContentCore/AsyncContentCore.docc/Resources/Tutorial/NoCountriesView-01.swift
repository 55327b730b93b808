import AsyncContent
import SwiftUI

/// What the list shows when its first load fails: the error, and a Retry button that shows
/// progress while the retry runs.
struct NoCountriesView: View {
  let error: any Error
  let isRetrying: Bool

  var body: some View {
    ContentUnavailableView {
      Label("No countries", systemImage: "globe")
    } description: {
      Text(error.localizedDescription)
    } actions: {
      RetryButton(isRunning: isRetrying)
    }
  }
}
