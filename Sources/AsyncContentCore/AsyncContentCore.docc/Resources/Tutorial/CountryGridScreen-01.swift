import AsyncContent
import SwiftUI

/// The countries as a grid of flags, a page at a time.
struct CountryGridScreen: View {
  let model: CountriesModel

  var body: some View {
    ScrollView {
      LazyVGrid(columns: [GridItem(.adaptive(minimum: 96))]) {
        PagingSection(model.countries) { country in
          NavigationLink(value: country) {
            CountryCard(country: country)
          }
        }
      }
      .padding()
    }
    .refreshable { await model.countries.reload() }
    .navigationDestination(for: Country.self) { country in
      CountryDetailScreen(country: country, model: model)
    }
    .navigationTitle("Country grid")
  }
}

/// One cell of the grid: the flag over the name.
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
