import AsyncContent
import AsyncContentPersistence
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
  /// The store's persisted cache: a SQLite file in the app's caches directory that keeps the
  /// details of the countries seen (`CountryDetailKey` is a `PersistentKey`), so a relaunch
  /// shows them at once while they revalidate, and the renames queued while offline.
  let cache: PersistentCache
  /// The paged country list.
  let countries: PagedLoader<Country, Int>
  /// Marks a country as a favorite: the detail screen shows the star at once, puts it back if
  /// the request fails, and shows the server's answer when it succeeds.
  let favorite: Mutation<Favorite, CountryDetail>
  /// Renames a country: an optimistic edit that both screens of the country show at once,
  /// rolled back if the service fails, replaced by the service's answer when it succeeds.
  /// Made offline, the rename waits for the network in the cache's database, and is sent after
  /// a relaunch too, with the same idempotency key.
  let rename: Mutation<Rename, CountryDetail>
  /// Feeds the store's network status (`LoaderStore.followNetwork(_:)`).
  @ObservationIgnored private let network: AsyncStream<NetworkStatus>.Continuation

  init() {
    let api = api
    store = LoaderStore(clients: api)
    // Before the first screen asks for a key, so the first read finds the cache.
    cache = PersistentCache()
    store.persist(in: cache)
    let (statuses, network) = AsyncStream.makeStream(of: NetworkStatus.self)
    self.network = network
    store.followNetwork(statuses)
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
    rename = Mutation(
      queueing: "rename",
      optimistic: { store, rename in
        store.updateValue(for: CountryDetailKey(id: rename.id)) { $0.country.name = rename.name }
      },
      writeBack: { store, rename, detail in
        store.setValue(detail, for: CountryDetailKey(id: rename.id))
      }
    ) { rename, idempotencyKey in
      // The run's idempotency key goes with the request: a rename sent again (replayed after a
      // relaunch) is applied once.
      try await api.rename(id: rename.id, to: rename.name, idempotencyKey: idempotencyKey)
    }
    // The renames a previous launch queued offline: shown again, and sent when online.
    store.resumeQueuedMutations(rename)
  }

  /// Plays offline or online: offline, loads wait for the network instead of failing, and a
  /// rename shows at once and waits in the cache's database; back online, both go out.
  func setOffline(_ isOffline: Bool) {
    network.yield(isOffline ? .offline : .online)
  }
}

/// A country's details in the app's store: one loader per country, so going back to a country
/// shows its details at once, and every screen that shows it agrees. The key holds only the
/// id; the `CountryAPI` comes from the store. It is persisted: the cache keeps its value across
/// launches, under `country/<id>`.
struct CountryDetailKey: PersistentKey {
  let id: Country.ID

  var persistenceID: String { "country/\(id)" }

  func fetch(using api: CountryAPI) async throws -> CountryDetail {
    try await api.detail(id: id)
  }
}

/// What the favorite mutation sends.
struct Favorite: Sendable {
  var id: Country.ID
  var isFavorite: Bool
}

/// What the rename mutation sends. `Codable`, so that a rename made offline can wait in the
/// cache's database across a relaunch.
struct Rename: Codable, Hashable, Sendable {
  var id: Country.ID
  var name: String
}
