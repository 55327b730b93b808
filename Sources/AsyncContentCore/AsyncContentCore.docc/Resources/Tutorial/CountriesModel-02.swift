import AsyncContent
import Observation

/// The app's loaders and its store, made once by the app and handed to its screens: the list
/// stays loaded while the user looks at a country, and every screen that shows a country shares
/// its details by key.
@MainActor
@Observable
final class CountriesModel {
  /// The web service.
  let api: CountryAPI
  /// The countries, twelve at a time.
  let countries: PagedLoader<Country, Int>
  /// The store of the countries' details, which fetches with the web service.
  let store: LoaderStore

  init(api: CountryAPI = CountryAPI()) {
    self.api = api
    store = LoaderStore(clients: api)
    countries = .offset(pageSize: 12) { offset, limit in
      try await api.countries(offset: offset, limit: limit)
    }
  }
}

/// A country's details in the app's store: one loader per country, so going back to a country
/// shows its details at once, and every screen that shows it agrees. The key holds only the id;
/// the `CountryAPI` comes from the store.
struct CountryDetailKey: LoaderKey {
  let id: Country.ID

  func fetch(using api: CountryAPI) async throws -> CountryDetail {
    try await api.detail(id: id)
  }
}
