import AsyncContent
import SwiftUI

/// The app: a window with a navigation stack, and the app's store in its environment.
@main
struct CountriesApp: App {
  /// The app's loaders and store, made once: an `App` is created once, unlike a view.
  @State private var model = CountriesModel()

  var body: some Scene {
    WindowGroup {
      NavigationStack {
        CountryListScreen(model: model)
          .navigationDestination(for: Country.self) { country in
            CountryDetailScreen(country: country, model: model)
          }
      }
      .loaderStore(model.store)
    }
  }
}
