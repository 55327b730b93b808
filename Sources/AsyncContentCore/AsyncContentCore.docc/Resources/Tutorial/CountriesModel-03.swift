import AsyncContent
import Observation

/// The app's loaders, its store and its mutations, made once by the app and handed to its
/// screens: the list stays loaded while the user looks at a country, every screen that shows a
/// country shares its details by key, and a favorite lands even if its screen closes.
@MainActor
@Observable
final class CountriesModel {
  /// The web service.
  let api: CountryAPI
  /// The countries, twelve at a time.
  let countries: PagedLoader<Country, Int>
  /// The store of the countries' details, which fetches with the web service.
  let store: LoaderStore
  /// Marks a country as a favorite: the detail screen shows the star at once, puts it back if
  /// the request fails, and shows the server's answer when it succeeds.
  let favorite: Mutation<Favorite, CountryDetail>

  init(api: CountryAPI = CountryAPI()) {
    self.api = api
    store = LoaderStore(clients: api)
    countries = .offset(pageSize: 12) { offset, limit in
      try await api.countries(offset: offset, limit: limit)
    }
    favorite = Mutation(
      optimistic: { store, favorite in
        store.updateValue(for: CountryDetailKey(id: favorite.id)) {
          $0.isFavorite = favorite.isFavorite
        }
      },
      writeBack: { store, favorite, detail in
        store.setValue(detail, for: CountryDetailKey(id: favorite.id))
      }
    ) { favorite in
      try await api.setFavorite(favorite.isFavorite, id: favorite.id)
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

/// What the favorite button sends: a country, and whether it becomes a favorite.
struct Favorite: Sendable {
  var id: Country.ID
  var isFavorite: Bool
}
