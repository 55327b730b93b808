#if canImport(SwiftUI)
import AsyncContent
import Foundation
import SwiftUI

/// The paged country list: placeholders on the first load, a footer that loads the next page,
/// pull-to-refresh, retry, a banner when a reload fails, and how old the list is. The rows link
/// to countries by value; the stack builds a detail screen only when one opens.
struct CountryListScreen: View {
  let model: CountriesModel

  var body: some View {
    PagingList(
      model.countries, placeholder: IdentifiedItems(Country.placeholders)
    ) { country in
      NavigationLink(value: country) {
        CountryRow(country: country)
      }
    }
    .navigationDestination(for: Country.self) { country in
      CountryDetailScreen(country: country, model: model)
    }
    .safeAreaInset(edge: .bottom) {
      UpdatedLabel(loadedAt: model.countries.loadedDate)
        .padding()
        .background(Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.2))
    }
    .navigationTitle("Countries")
  }
}
#endif
