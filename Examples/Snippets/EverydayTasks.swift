// The three everyday tasks of the README's "Measured" section, written with the 1.0 API as an
// app writes them, type-checked by `.ci/swiftui-typecheck` as a client (public API only). Each
// task sits in a namespace of its own so that its names read as an app's would; the README
// quotes the code between the namespace's braces.

import AsyncContent
import SwiftUI

/// What the tasks fetch from: a stand-in for an app's web service.
struct CountriesAPI: Sendable {
  static let live = CountriesAPI()
  func countries() async throws -> [Country] { [] }
  func countries(offset: Int, limit: Int) async throws -> [Country] { [] }
  func country(_ code: String) async throws -> Country { Country(id: code, name: code) }
  func save(_ country: Country) async throws -> Country { country }
}

/// One value with loading, an error with retry, and pull-to-refresh.
enum OneValueTask {
  static let api = CountriesAPI.live

  struct CountriesView: View {
    var body: some View {
      AsyncView(operation: { try await api.countries() }) { countries in
        List(countries) { Text($0.name) }
      }
    }
  }
}

/// An endless list with load-more, a footer error with retry, and an end.
enum EndlessListTask {
  static let api = CountriesAPI.live

  struct CountryFeed: View {
    var body: some View {
      PagingList { (offset: Int?) in
        let countries = try await api.countries(offset: offset ?? 0, limit: 25)
        return Page(items: countries, nextCursor: countries.count < 25 ? nil : (offset ?? 0) + 25)
      } row: { country in
        Text(country.name)
      }
    }
  }
}

/// A value shared by two screens by key, with an optimistic mutation that writes the server's
/// answer back.
enum SharedByKeyTask {
  struct CountryKey: LoaderKey {
    let code: String
    func fetch(using api: CountriesAPI) async throws -> Country { try await api.country(code) }
  }

  @MainActor static let rename = Mutation<Country, Country>(
    optimistic: { store, country in store.setValue(country, for: CountryKey(code: country.id)) },
    writeBack: { store, _, saved in store.setValue(saved, for: CountryKey(code: saved.id)) }
  ) { country in try await CountriesAPI.live.save(country) }

  struct CountryName: View {  // on both screens
    let code: String
    var body: some View {
      AsyncView(key: CountryKey(code: code)) { country in
        Text(country.name)
        MutationButton("Rename", mutation: rename, input: Country(id: code, name: "Österreich"))
      }
    }
  }

  static let store = LoaderStore(clients: CountriesAPI.live)  // made once, for the app

  struct Root: View {
    var body: some View {
      NavigationStack { CountryName(code: "AT") }
        .loaderStore(store)
    }
  }
}
