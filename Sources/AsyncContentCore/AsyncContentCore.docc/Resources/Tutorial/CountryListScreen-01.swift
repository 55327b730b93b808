import AsyncContent
import SwiftUI

/// The list of countries.
struct CountryListScreen: View {
  let api: CountryAPI

  var body: some View {
    AsyncView(operation: { [api] in try await api.countries(offset: 0, limit: 30) }) { countries in
      List(countries) { country in
        CountryRow(country: country)
      }
    }
    .navigationTitle("Countries")
  }
}
