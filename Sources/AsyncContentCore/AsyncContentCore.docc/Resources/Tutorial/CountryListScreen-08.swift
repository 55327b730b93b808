import AsyncContent
import SwiftUI

/// The list of countries, a page at a time. Each row links to its country: the stack builds the
/// detail screen only when a country is pushed.
struct CountryListScreen: View {
  let model: CountriesModel

  var body: some View {
    PagingList(model.countries, placeholder: Self.placeholders) { country in
      NavigationLink(value: country) {
        CountryRow(country: country)
      }
    } failure: { error, isRetrying in
      NoCountriesView(error: error, isRetrying: isRetrying)
    } footer: { footer in
      CountriesFooter(footer: footer)
    }
    .navigationDestination(for: Country.self) { country in
      CountryDetailScreen(country: country, model: model)
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
