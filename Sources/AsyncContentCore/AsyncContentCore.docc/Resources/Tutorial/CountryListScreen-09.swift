import AsyncContent
import SwiftUI

/// The list of countries, a page at a time.
struct CountryListScreen: View {
  let model: CountriesModel
  @State private var failsRequests = false

  var body: some View {
    PagingList(model.countries, placeholder: Self.placeholders) { country in
      NavigationLink(value: country) {
        CountryRow(country: country)
      }
    } failure: { error, isRetrying in
      ContentUnavailableView {
        Label("No countries", systemImage: "globe")
      } description: {
        Text(error.localizedDescription)
      } actions: {
        RetryButton(isRunning: isRetrying)
      }
    } footer: { footer in
      if case .endOfList = footer {
        VStack {
          Text("That's every country")
          RetryButton("Reload")
        }
      } else {
        DefaultFooterView(footer)
      }
    }
    .safeAreaInset(edge: .bottom) {
      Toggle("Make requests fail", systemImage: "bolt.horizontal", isOn: $failsRequests)
        .padding()
        .background(Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.2))
    }
    .onChange(of: failsRequests) { model.api.failureSwitch.set(failsRequests) }
    .asyncBannerPolicy(.transient(.seconds(5)))
    .navigationTitle("Countries")
  }

  /// Rows drawn redacted while the first page loads.
  private static let placeholders: PagedLoader<Country, Int>.Items = [
    .placeholder(1), .placeholder(2), .placeholder(3), .placeholder(4),
    .placeholder(5), .placeholder(6), .placeholder(7), .placeholder(8),
  ]
}

/// One row of the list.
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
