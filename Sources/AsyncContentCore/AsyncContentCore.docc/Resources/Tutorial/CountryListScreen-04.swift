import AsyncContent
import SwiftUI

/// The list of countries, a page at a time, with a footer of its own at the end of the list.
struct CountryListScreen: View {
  let model: CountriesModel

  var body: some View {
    PagingList(model.countries) { country in
      CountryRow(country: country)
    } footer: { footer in
      CountriesFooter(footer: footer)
    }
    .navigationTitle("Countries")
  }
}
