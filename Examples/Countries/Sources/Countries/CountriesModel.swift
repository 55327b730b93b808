import AsyncContent
import Observation

/// The loaders of the app, made once by the `App` and handed to the screens, so no screen
/// makes a loader in its initializer.
@MainActor
@Observable
final class CountriesModel {
  /// The web service.
  let api = CountryAPI()
  /// The paged country list.
  let countries: PagedLoader<Country, Int>
  /// Marks a country as a favorite: the detail screen shows the star at once, and puts it back
  /// if the request fails.
  let favorite: Mutation<Favorite, Void>

  init() {
    let api = api
    countries = PagedLoader<Country, Int>.offset(pageSize: 12) { offset, limit in
      try await api.countries(offset: offset, limit: limit)
    }
    favorite = Mutation(
      store: .shared,
      optimistic: { store, favorite in
        store.updateValue(for: CountryDetailKey(id: favorite.id, api: api)) {
          $0.isFavorite = favorite.isFavorite
        }
      },
      invalidates: { favorite, _ in [CountryDetailKey(id: favorite.id, api: api)] }
    ) { favorite in
      try await api.setFavorite(favorite.isFavorite, id: favorite.id)
    }
  }
}

/// A country's details in the app's store (`LoaderStore.shared`): one loader per country, so
/// going back to a country shows its details at once, and every screen that shows it agrees.
struct CountryDetailKey: LoaderKey {
  let id: Country.ID
  let api: CountryAPI

  func fetch() async throws -> CountryDetail {
    try await api.detail(id: id)
  }

  /// Equal ids are equal keys, whatever the service.
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// What the favorite mutation sends.
struct Favorite: Sendable {
  var id: Country.ID
  var isFavorite: Bool
}
