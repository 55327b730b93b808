import SwiftUI

/// The app: a window with a navigation stack.
@main
struct CountriesApp: App {
  /// The app's loaders, made once: an `App` is created once, unlike a view.
  @State private var model = CountriesModel()

  var body: some Scene {
    WindowGroup {
      NavigationStack {
        CountryListScreen(model: model)
      }
    }
  }
}
