import AsyncContent
import Observation

/// The app's loaders, made once by the app and handed to its screens: they outlive the screens,
/// so the list stays loaded while the user looks at a country.
@MainActor
@Observable
final class CountriesModel {
  /// The web service.
  let api: CountryAPI
  /// The countries, twelve at a time.
  let countries: PagedLoader<Country, Int>

  init(api: CountryAPI = CountryAPI()) {
    self.api = api
    countries = .offset(pageSize: 12) { offset, limit in
      try await api.countries(offset: offset, limit: limit)
    }
  }
}
