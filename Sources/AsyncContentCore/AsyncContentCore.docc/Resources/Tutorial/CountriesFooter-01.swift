import AsyncContent
import SwiftUI

/// The footer of the list: the end of the list with a Reload button, and the default footer
/// for the rest (a spinner while a page loads, a failed page with its Retry button).
struct CountriesFooter: View {
  let footer: Presentation<Void, any Error>.Footer

  var body: some View {
    if case .endOfList = footer {
      VStack {
        Text("That's every country")
        RetryButton("Reload")
      }
    } else {
      DefaultFooterView(footer)
    }
  }
}
