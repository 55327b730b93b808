import AsyncContent
import Foundation
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
    .navigationTitle("Country grid")
  }
}

/// One cell of the grid: the flag over the name.
struct CountryCard: View {
  let country: Country

  var body: some View {
    VStack {
      Text(verbatim: country.flag)
        .font(.title)
      Text(verbatim: country.name)
        .font(.caption)
    }
    .padding()
  }
}
