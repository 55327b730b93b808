import AsyncContent
import SwiftUI

/// The list of countries, a page at a time.
struct CountryListScreen: View {
  let model: CountriesModel

  var body: some View {
    PagingList(model.countries) { country in
      CountryRow(country: country)
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
