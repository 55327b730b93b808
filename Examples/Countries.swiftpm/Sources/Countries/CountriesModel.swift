import AsyncContent
import Observation

/// The loaders of the app, made once by the `App` and handed to the screens, so no screen
/// makes a loader in its initializer.
@MainActor
@Observable
final class CountriesModel {
  /// The web service.
  let api = CountryAPI()
  /// The app's store, which the `App` puts in the environment: the screens that show a country
  /// share its details by key, fetched with the store's `CountryAPI`.
  let store: LoaderStore
  /// The paged country list.
  let countries: PagedLoader<Country, Int>
  /// Marks a country as a favorite: the detail screen shows the star at once, puts it back if
  /// the request fails, and shows the server's answer when it succeeds.
  let favorite: Mutation<Favorite, CountryDetail>

  init() {
    let api = api
    store = LoaderStore(clients: api)
    countries = PagedLoader<Country, Int>.offset(pageSize: 12) { offset, limit in
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
/// shows its details at once, and every screen that shows it agrees. The key holds only the
/// id; the `CountryAPI` comes from the store.
struct CountryDetailKey: LoaderKey {
  let id: Country.ID

  func fetch(using api: CountryAPI) async throws -> CountryDetail {
    try await api.detail(id: id)
  }
}

/// What the favorite mutation sends.
struct Favorite: Sendable {
  var id: Country.ID
  var isFavorite: Bool
}
