#if canImport(SwiftUI)
import AsyncContent
import SwiftUI

/// The Countries example: a paged country list with pull-to-refresh, placeholders, a failed-
/// reload banner, a failure switch and a detail screen per country, and a gallery of cells
/// that each load their own color.
@main
struct CountriesApp: App {
  var body: some Scene {
    WindowGroup {
      HomeScreen(api: CountryAPI())
    }
  }
}

/// The first screen: links to the country list and the gallery.
struct HomeScreen: View {
  let api: CountryAPI

  var body: some View {
    NavigationStack {
      List {
        NavigationLink {
          CountryListScreen(api: api)
        } label: {
          Label("Countries", systemImage: "globe")
        }
        NavigationLink {
          GalleryScreen()
        } label: {
          Label("Color gallery", systemImage: "square.grid.3x3")
        }
      }
      .navigationTitle("AsyncContent")
    }
  }
}
#endif
