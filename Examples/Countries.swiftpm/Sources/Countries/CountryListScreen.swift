#if canImport(SwiftUI)
import AsyncContent
import Foundation
import SwiftUI

/// The paged country list: placeholders on the first load, a footer that loads the next page,
/// pull-to-refresh, retry, a banner when a reload fails, how old the list is, and a switch that
/// makes requests fail. The rows link to countries by value; the stack builds a detail screen
/// only when one opens.
struct CountryListScreen: View {
  let model: CountriesModel
  @State private var failsRequests = false

  var body: some View {
    PagingList(
      model.countries, placeholder: IdentifiedItems(Country.placeholders)
    ) { country in
      NavigationLink(value: country) {
        CountryRow(country: country)
      }
    }
    .safeAreaInset(edge: .bottom) {
      VStack {
        UpdatedLabel(loadedAt: model.countries.loadedDate)
        Toggle("Make requests fail", systemImage: "bolt.horizontal", isOn: $failsRequests)
      }
      .padding()
      .background(Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.2))
    }
    .onChange(of: failsRequests) { model.api.failureSwitch.set(failsRequests) }
    .navigationTitle("Countries")
  }
}

/// One row of the list; also drawn redacted as a placeholder.
struct CountryRow: View {
  let country: Country

  var body: some View {
    HStack {
      Text(verbatim: country.flag)
        .font(.title)
      VStack(alignment: .leading) {
        Text(verbatim: country.name)
          .font(.headline)
        Text(verbatim: country.capital)
          .font(.caption)
          .foregroundStyle(.secondary)
      }
    }
  }
}
#endif
