import AsyncContent
import SwiftUI

/// A country's details, loaded when the screen shows the country: `AsyncView(id:)` keeps one
/// loader per country, so the screen loads the right country whatever the stack reuses, and a
/// re-render loads nothing.
struct CountryDetailScreen: View {
  let country: Country
  let model: CountriesModel

  var body: some View {
    AsyncView(id: country.id) { [api = model.api, id = country.id] in
      try await api.detail(id: id)
    } loading: {
      ProgressView("Loading \(country.name)…")
    } content: { detail in
      List {
        CountryFacts(detail: detail)
        Section {
          RetryButton("Reload")
        }
      }
    }
    .navigationTitle(country.name)
  }
}
