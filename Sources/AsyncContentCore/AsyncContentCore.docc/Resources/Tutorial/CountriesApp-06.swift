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
        List {
          NavigationLink(value: Screen.list) {
            Label("Countries", systemImage: "globe")
          }
          NavigationLink(value: Screen.grid) {
            Label("Country grid", systemImage: "square.grid.2x2")
          }
        }
        .navigationTitle("AsyncContent")
        .navigationDestination(for: Screen.self) { screen in
          switch screen {
          case .list: CountryListScreen(model: model)
          case .grid: CountryGridScreen(model: model)
          }
        }
        .navigationDestination(for: Country.self) { country in
          CountryDetailScreen(country: country, model: model)
        }
      }
      .loaderStore(model.store)
    }
  }
}

/// The screens the first screen leads to.
enum Screen: Hashable {
  case list
  case grid
}
