#if canImport(SwiftUI)
import AsyncContent
import Foundation
import IdentifiedCollections
import SwiftUI

/// The paged country list: placeholders on the first load, a footer that loads the next page,
/// pull-to-refresh, retry, a banner when a reload fails, and a switch that makes requests fail.
struct CountryListScreen: View {
  let api: CountryAPI
  @State private var countries: PagedLoader<Country, Int>
  @State private var failsRequests = false

  init(api: CountryAPI) {
    self.api = api
    _countries = State(
      initialValue: PagedLoader<Country, Int>.offset(pageSize: 12) { offset, limit in
        try await api.countries(offset: offset, limit: limit)
      })
  }

  var body: some View {
    PagingList(
      countries, placeholder: IdentifiedArrayOf(uniqueElements: Country.placeholders)
    ) { country in
      NavigationLink {
        CountryDetailScreen(country: country, api: api)
      } label: {
        CountryRow(country: country)
      }
    }
    .safeAreaInset(edge: .bottom) {
      Toggle("Make requests fail", systemImage: "bolt.horizontal", isOn: $failsRequests)
        .padding()
        .background(Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.2))
    }
    .task(id: failsRequests) { await api.setFailsRequests(failsRequests) }
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
