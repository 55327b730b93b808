import AsyncContent
import SwiftUI

/// The app: the home screen, the failure switch below it, and the app's store in its
/// environment.
@main
struct CountriesApp: App {
  /// The app's loaders and store, made once: an `App` is created once, unlike a view.
  @State private var model = CountriesModel()

  var body: some Scene {
    WindowGroup {
      HomeScreen(model: model)
        .safeAreaInset(edge: .bottom) {
          FailureToggle(api: model.api)
        }
        .loaderStore(model.store)
    }
  }
}
