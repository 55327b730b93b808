import SwiftUI

/// The app: a window with a navigation stack, and the failure switch below it.
@main
struct CountriesApp: App {
  /// The web service, made once: an `App` is created once, unlike a view.
  private let api = CountryAPI()

  var body: some Scene {
    WindowGroup {
      NavigationStack {
        CountryListScreen(api: api)
      }
      .safeAreaInset(edge: .bottom) {
        FailureToggle(api: api)
      }
    }
  }
}
