#if canImport(SwiftUI)
import AsyncContent
import SwiftUI
#if canImport(AppKit)
import AppKit
#endif

/// The Countries example: a paged country list with pull-to-refresh, placeholders, a failed-
/// reload banner, a failure switch and a detail screen per country, and a gallery of cells
/// that each load their own color.
///
/// On a Mac, `swift run --package-path Examples/Countries` opens it in a window.
@main
struct CountriesApp: App {
  /// The app's loaders, made once: an `App` is created once, unlike a view.
  @State private var model = CountriesModel()

  init() {
    #if canImport(AppKit)
    // Started from `swift run`, the app is a plain process: make it a regular app with a Dock
    // icon and bring its window to the front.
    NSApplication.shared.setActivationPolicy(.regular)
    NSApplication.shared.activate()
    #endif
  }

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
}

/// The first screen: links to the country list and the gallery. The links carry values; the
/// stack builds a destination only when one is pushed. In debug builds, "Loader store" shows
/// what the app's store holds.
struct HomeScreen: View {
  let model: CountriesModel
  @State private var showsStore = false

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
        }
      }
      .navigationDestination(for: Country.self) { country in
        CountryDetailScreen(country: country, model: model)
      }
    }
    .loaderStoreInspector(isPresented: $showsStore)
  }
}
#endif
