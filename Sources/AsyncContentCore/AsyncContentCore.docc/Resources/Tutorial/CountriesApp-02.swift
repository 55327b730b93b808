import SwiftUI

/// The app: a window with a navigation stack, and the failure switch below it.
@main
struct CountriesApp: App {
  /// The app's loaders, made once: an `App` is created once, unlike a view.
  @State private var model = CountriesModel()

  var body: some Scene {
    WindowGroup {
      NavigationStack {
        CountryListScreen(model: model)
      }
      .safeAreaInset(edge: .bottom) {
        FailureToggle(api: model.api)
      }
    }
  }
}
