import AsyncContent
import SwiftUI

/// The list of countries, a page at a time. A failed first load shows `NoCountriesView`.
struct CountryListScreen: View {
  let model: CountriesModel

  var body: some View {
    PagingList(model.countries) { country in
      CountryRow(country: country)
    } failure: { error, isRetrying in
      NoCountriesView(error: error, isRetrying: isRetrying)
    } footer: { footer in
      CountriesFooter(footer: footer)
    }
    .asyncBannerPolicy(.transient(.seconds(5)))
    .navigationTitle("Countries")
  }
}
