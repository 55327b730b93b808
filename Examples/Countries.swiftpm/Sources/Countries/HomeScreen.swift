#if canImport(SwiftUI)
import AsyncContent
import SwiftUI

/// Where the home screen leads.
enum Route: Hashable {
  case countries
  case countryGrid
  case gallery
  /// The rename screen of a country, which shares the country's key with its detail screen.
  case rename(Country)
}

/// The first screen: links to the country list, the grid and the gallery. The links carry
/// values; the stack builds a destination only when one is pushed (the list and the grid build
/// the detail screen of the country they push). "Work offline" makes the store wait for
/// the network, as the terminal demo's server switch does. In debug builds, "Loader store"
/// shows what the app's store holds.
struct HomeScreen: View {
  let model: CountriesModel
  @State private var showsStore = false
  @State private var worksOffline = false

  var body: some View {
    NavigationStack {
      List {
        NavigationLink(value: Route.countries) {
          Label("Countries", systemImage: "globe")
        }
        NavigationLink(value: Route.countryGrid) {
          Label("Country grid", systemImage: "square.grid.2x2")
        }
        NavigationLink(value: Route.gallery) {
          Label("Color gallery", systemImage: "square.grid.3x3")
        }
        Toggle("Work offline", systemImage: "wifi.slash", isOn: $worksOffline)
        #if DEBUG
        // The inspector exists in debug builds only, so the button that shows it does too.
        Button("Loader store", systemImage: "tray.full") { showsStore = true }
        #endif
      }
      .navigationTitle("AsyncContent")
      .navigationDestination(for: Route.self) { route in
        switch route {
        case .countries: CountryListScreen(model: model)
        case .countryGrid: CountryGridScreen(model: model)
        case .gallery: GalleryScreen()
        case .rename(let country): RenameScreen(country: country, model: model)
        }
      }
    }
    .onChange(of: worksOffline) { model.setOffline(worksOffline) }
    .loaderStoreInspector(isPresented: $showsStore)
  }
}
#endif
