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
