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

/// One row of the list.
struct CountryRow: View {
  let country: Country

  var body: some View {
    HStack {
      Text(verbatim: country.flag)
        .font(.title)
      VStack(alignment: .leading) {
        Text(verbatim: country.name)
          .font(.headline)
        Text(verbatim: country.capital)
          .font(.caption)
          .foregroundStyle(.secondary)
      }
    }
  }
}
