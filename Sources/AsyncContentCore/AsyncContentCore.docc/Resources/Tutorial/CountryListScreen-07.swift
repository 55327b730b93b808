import AsyncContent
import SwiftUI

/// The list of countries, a page at a time, with redacted placeholder rows during the first load.
struct CountryListScreen: View {
  let model: CountriesModel

  var body: some View {
    PagingList(model.countries, placeholder: Self.placeholders) { country in
      CountryRow(country: country)
    } failure: { error, isRetrying in
      NoCountriesView(error: error, isRetrying: isRetrying)
    } footer: { footer in
      CountriesFooter(footer: footer)
    }
    .asyncBannerPolicy(.transient(.seconds(5)))
    .navigationTitle("Countries")
  }

  /// Rows drawn redacted while the first page loads.
  private static let placeholders: PagedLoader<Country, Int>.Items = [
    .placeholder(1), .placeholder(2), .placeholder(3), .placeholder(4),
    .placeholder(5), .placeholder(6), .placeholder(7), .placeholder(8),
  ]
}
