import SwiftUI

/// The app: a window with a navigation stack.
@main
struct CountriesApp: App {
  /// The web service, made once: an `App` is created once, unlike a view.
  private let api = CountryAPI()

  var body: some Scene {
    WindowGroup {
      NavigationStack {
        CountryListScreen(api: api)
      }
    }
  }
}
