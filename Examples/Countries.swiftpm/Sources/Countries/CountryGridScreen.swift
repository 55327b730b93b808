#if canImport(SwiftUI)
import AsyncContent
import Foundation
import SwiftUI

/// The countries as a grid of flags that pages like the list: a `PagingSection` in a
/// `LazyVGrid`, whose footer, across all the columns, loads the next page when it shows. The
/// grid pages through the same loader as the list, so the two screens share their pages.
struct CountryGridScreen: View {
  let model: CountriesModel

  var body: some View {
    ScrollView {
      LazyVGrid(columns: [GridItem(.adaptive(minimum: 96))]) {
        PagingSection(model.countries, placeholder: IdentifiedItems(Country.placeholders)) {
          country in
          NavigationLink(value: country) {
            CountryCard(country: country)
          }
        }
      }
      .padding()
    }
    // The section lives inside the scroll view, so pull-to-refresh is the scroll view's.
    .refreshable { await model.countries.reload() }
    .navigationDestination(for: Country.self) { country in
      CountryDetailScreen(country: country, model: model)
    }
    .navigationTitle("Country grid")
  }
}

/// One cell of the grid: the flag over the name; also drawn redacted as a placeholder.
struct CountryCard: View {
  let country: Country

  var body: some View {
    VStack {
      Text(country.flag).font(.title)
      Text(country.name).font(.caption)
    }
    .padding()
  }
}
#endif
