import SwiftUI

/// The first screen: links to the list and to the grid, in the app's navigation stack.
struct HomeScreen: View {
  let model: CountriesModel

  var body: some View {
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
    }
  }
}

/// The screens the first screen leads to.
enum Screen: Hashable {
  case list
  case grid
}
