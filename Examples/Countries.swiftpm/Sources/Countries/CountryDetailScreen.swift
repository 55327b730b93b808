#if canImport(SwiftUI)
import AsyncContent
import Foundation
import SwiftUI

/// A country's details, from the app's store: `AsyncView(key:)` observes the country's key while
/// the screen shows it, so the screen loads the right country whatever the stack reuses, a
/// re-render loads nothing, and a country opened again shows its details at once while they
/// revalidate. The rename screen observes the same key, so a rename shows here at once. The star
/// is a `MutationButton`: it runs the mutation in the environment's store
/// (the app's), and the mutation owns the request, so it lands even if the screen is closed at
/// once.
struct CountryDetailScreen: View {
  let country: Country
  let model: CountriesModel

  var body: some View {
    AsyncView(
      key: CountryDetailKey(id: country.id),
      loading: { ProgressView("Loading \(country.name)…") }
    ) { detail in
      List {
        CountryFacts(detail: detail)
        Section {
          MutationButton(
            model.favorite, input: Favorite(id: detail.country.id, isFavorite: !detail.isFavorite)
          ) {
            Label(
              detail.isFavorite ? "Remove from favorites" : "Add to favorites",
              systemImage: detail.isFavorite ? "star.fill" : "star")
          }
          NavigationLink(value: Route.rename(country)) {
            Label("Rename", systemImage: "pencil")
          }
          RetryButton("Reload")
        }
      }
    }
    .navigationTitle(country.name)
  }
}
#endif
