#if canImport(SwiftUI)
import AsyncContent
import SwiftUI

/// The Countries example: a paged country list with pull-to-refresh, placeholders, a failed-
/// reload banner, a failure switch and a detail screen per country, a rename that shows at
/// once and waits offline in the persisted cache, a gallery of cells that each load their own
/// color, and, in debug builds, the store's inspector.
///
/// Open `Examples/Countries.swiftpm` in Xcode (or Swift Playgrounds), choose an iPhone or iPad
/// simulator, and run; on a Mac with Apple silicon, "My Mac (Designed for iPad)" runs it too.
@main
struct CountriesApp: App {
  /// The app's loaders, made once: an `App` is created once, unlike a view.
  @State private var model = CountriesModel()

  var body: some Scene {
    WindowGroup {
      HomeScreen(model: model)
        .loaderStore(model.store)
    }
  }
}

/// Where the home screen leads.
enum Route: Hashable {
  case countries
  case countryGrid
  case gallery
  /// The rename screen of a country, which shares the country's key with its detail screen.
  case rename(Country)
}

/// The first screen: links to the country list and the gallery. The links carry values; the
/// stack builds a destination only when one is pushed. "Work offline" makes the store wait for
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
      .navigationDestination(for: Country.self) { country in
        CountryDetailScreen(country: country, model: model)
      }
    }
    .onChange(of: worksOffline) { model.setOffline(worksOffline) }
    .loaderStoreInspector(isPresented: $showsStore)
  }
}
#endif
