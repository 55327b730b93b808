import AsyncContent
import SwiftUI

/// The list of countries, a page at a time. A failed reload's banner hides itself after five
/// seconds.
struct CountryListScreen: View {
  let model: CountriesModel

  var body: some View {
    PagingList(model.countries) { country in
      CountryRow(country: country)
    } footer: { footer in
      CountriesFooter(footer: footer)
    }
    .asyncBannerPolicy(.transient(.seconds(5)))
    .navigationTitle("Countries")
  }
}
