#if canImport(SwiftUI)
import AsyncContent
import Foundation
import SwiftUI

/// A country's details, loaded from their own source when the screen opens, as seed 004's
/// article detail: the screen owns its loader and shows it with `AsyncContentView`.
struct CountryDetailScreen: View {
  let country: Country
  @State private var detail: AsyncLoader<CountryDetail>

  init(country: Country, api: CountryAPI) {
    self.country = country
    let id = country.id
    _detail = State(initialValue: AsyncLoader { try await api.detail(id: id) })
  }

  var body: some View {
    AsyncContentView(source: detail) {
      ProgressView("Loading \(country.name)…")
    } content: { detail in
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
    .navigationTitle(LocalizedStringKey(country.name))
  }
}
#endif
