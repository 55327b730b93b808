public import AsyncContentCore
public import AsyncContentPersistence

/// The store key of the paged country list: `GET /countries`, page by page, with the
/// ``CountriesClient`` of the store.
///
/// A key holds only what names its data; the server's client comes from the store
/// (`LoaderStore(clients: client)`), so a test swaps it without touching the key.
///
/// It is persisted (``PersistentPagedKey``): a store that persists in a ``PersistentCache``
/// keeps the pages it loaded in the cache's database, and shows them at the next launch at
/// once, stale, while it revalidates them.
///
/// ```swift
/// let store = LoaderStore(clients: client)
/// let list = store.observe(CountryListKey())
/// list.loader.startLoadMore()
/// ```
public struct CountryListKey: PersistentPagedKey, CustomStringConvertible {
  public init() {}

  /// `countries`, the list's row in the cache.
  public var persistenceID: String { "countries" }

  public func fetchPage(
    at cursor: Int?, using client: CountriesClient
  ) async throws -> Page<Country, Int> {
    try await client.page(cursor: cursor)
  }

  /// `countries`, as the inspector lists the key.
  public var description: String { "countries" }
}

/// The store key of one country, by its alpha-2 code: `GET /countries/<code>`, with the
/// ``CountriesClient`` of the store. It is persisted (``PersistentKey``), as the list is.
///
/// ```swift
/// let detail = store.observe(CountryKey(code: "AT"))
/// ```
public struct CountryKey: PersistentKey, CustomStringConvertible {
  /// The country's alpha-2 code, in upper case.
  public var code: String

  public init(code: String) {
    self.code = code.uppercased()
  }

  /// `country/AT`, the country's row in the cache.
  public var persistenceID: String { "country/\(code)" }

  public func fetch(using client: CountriesClient) async throws -> Country {
    try await client.country(code: code)
  }

  /// `country(AT)`, as the inspector lists the key.
  public var description: String { "country(\(code))" }
}

/// The input of the rename mutation: the country as it was shown, and its new name. It is
/// `Codable`, so that a rename made offline can wait in the cache's database for the network,
/// across a relaunch.
public struct Rename: Codable, Hashable, Sendable {
  /// The country to rename, as the screen showed it.
  public var country: Country
  /// The new name.
  public var name: String

  public init(country: Country, name: String) {
    self.country = country
    self.name = name
  }
}

extension Mutation<Rename, Country> {
  /// The rename of a country through `PUT /countries/<code>`: an optimistic edit of the
  /// country's row in the list and of its detail, rolled back when the server fails or
  /// refuses; after a success, the server's answer written back to both, and the list
  /// invalidated, so that it shows what the server stored.
  ///
  /// A rename made while the store is offline shows at once and waits for the network
  /// (``Mutation/isPaused``); it is sent, with its run's idempotency key, when the network
  /// comes back. It queues (`Mutation(queueing: "rename", …)`): in a store that persists, such
  /// a rename is stored in the cache's database until it ends, and
  /// `store.resumeQueuedMutations(rename)` sends it after a relaunch.
  ///
  /// The mutation runs in the store each run names:
  ///
  /// ```swift
  /// let rename = Mutation.rename(using: client)
  /// let renamed = try await rename.run(Rename(country: austria, name: "Österreich"), in: store)
  /// ```
  ///
  /// - Parameter client: The server's client, which sends the rename.
  public static func rename(using client: CountriesClient) -> Mutation<Rename, Country> {
    Mutation(
      queueing: "rename",
      optimistic: { store, rename in
        show(rename.country.with(name: rename.name), in: store)
      },
      writeBack: { store, _, country in
        show(country, in: store)
      },
      invalidates: { _, _ in [CountryListKey()] }
    ) { rename, idempotencyKey in
      // The run's idempotency key goes with the request: a rename sent again (after a failure
      // that reached the server, or replayed after a relaunch) is applied once.
      try await client.rename(
        code: rename.country.alpha2, to: rename.name, idempotencyKey: idempotencyKey)
    }
  }

  /// Shows `country` in its detail and in its row of the list.
  private static func show(_ country: Country, in store: LoaderStore) {
    // Only a list that holds the row is edited: an edit is a new value, which would cancel a
    // load of the list that runs.
    if store.items(for: CountryListKey())?[id: country.id] != nil {
      store.updateItems(for: CountryListKey()) { $0[id: country.id] = country }
    }
    store.updateValue(for: CountryKey(code: country.alpha2)) { $0 = country }
  }
}

extension Country {
  /// The country with another name.
  func with(name: String) -> Country {
    var country = self
    country.name = name
    return country
  }
}
