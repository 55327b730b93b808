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

  init() {
    let api = api
    countries = PagedLoader<Country, Int>.offset(pageSize: 12) { offset, limit in
      try await api.countries(offset: offset, limit: limit)
    }
  }
}
