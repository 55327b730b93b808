import AsyncContent
import SwiftUI

/// A country's details, from the app's store: `AsyncView(key:)` observes the country's key while
/// the screen shows it, so a re-render loads nothing, and a country opened again shows its
/// details at once while they revalidate.
struct CountryDetailScreen: View {
  let country: Country

  var body: some View {
    AsyncView(
      key: CountryDetailKey(id: country.id),
      loading: { ProgressView("Loading \(country.name)…") }
    ) { detail in
      List {
        Section("Country") {
          CountryRow(country: detail.country)
        }
        Section("Facts") {
          Text("Population: \(detail.population)")
          Text("Area: \(detail.area) km²")
          ForEach(detail.languages, id: \.self) { language in
            Text(verbatim: language)
          }
        }
        Section {
          RetryButton("Reload")
        }
      }
    }
    .navigationTitle(country.name)
  }
}
