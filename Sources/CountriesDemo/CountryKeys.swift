public import AsyncContentCore

/// The store key of the paged country list of one server: `GET /countries`, page by page.
///
/// Two keys are equal when they name the same list (the same base URL and page size); the
/// session that sends the requests does not count.
///
/// ```swift
/// let list = store.observe(CountryListKey(client: client))
/// list.loader.startLoadMore()
/// ```
public struct CountryListKey: PagedLoaderKey, CustomStringConvertible {
  /// The server's client, which fetches the pages.
  public var client: CountriesClient

  public init(client: CountriesClient) {
    self.client = client
  }

  public func fetchPage(at cursor: Int?) async throws -> Page<Country, Int> {
    try await client.page(cursor: cursor)
  }

  /// `countries`, as the inspector lists the key.
  public var description: String { "countries" }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.client.baseURL == rhs.client.baseURL && lhs.client.pageSize == rhs.client.pageSize
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(client.baseURL)
    hasher.combine(client.pageSize)
  }
}

/// The store key of one country of one server, by its alpha-2 code: `GET /countries/<code>`.
///
/// ```swift
/// let detail = store.observe(CountryKey(client: client, code: "AT"))
/// ```
public struct CountryKey: LoaderKey, CustomStringConvertible {
  /// The server's client, which fetches the country.
  public var client: CountriesClient
  /// The country's alpha-2 code, in upper case.
  public var code: String

  public init(client: CountriesClient, code: String) {
    self.client = client
    self.code = code.uppercased()
  }

  public func fetch() async throws -> Country {
    try await client.country(code: code)
  }

  /// `country(AT)`, as the inspector lists the key.
  public var description: String { "country(\(code))" }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.code == rhs.code && lhs.client.baseURL == rhs.client.baseURL
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(client.baseURL)
  }
}

/// The input of the rename mutation: the country as it was shown, and its new name.
public struct Rename: Hashable, Sendable {
  /// The country to rename, as the screen showed it.
  public var country: Country
  /// The new name.
  public var name: String

  public init(country: Country, name: String) {
    self.country = country
    self.name = name
  }
}

extension LoaderStore {
  /// The rename of a country through `PUT /countries/<code>`, with an optimistic edit of the
  /// country's row in the list and of its detail, rolled back when the server fails or refuses,
  /// and both keys invalidated after a success, so that they show what the server stored.
  ///
  /// ```swift
  /// let rename = store.renameMutation(client: client)
  /// await rename.run(Rename(country: austria, name: "Österreich"))
  /// ```
  ///
  /// - Parameter client: The server's client.
  public func renameMutation(client: CountriesClient) -> Mutation<Rename, Country> {
    let list = CountryListKey(client: client)
    return Mutation(
      store: self,
      optimistic: { store, rename in
        let id = rename.country.id
        // Only a list that holds the row is edited: an edit is a new value, which would
        // cancel a load of the list that runs.
        if store.items(for: list)?[id: id] != nil {
          store.updateItems(for: list) { $0[id: id]?.name = rename.name }
        }
        store.updateValue(for: CountryKey(client: client, code: rename.country.alpha2)) {
          $0.name = rename.name
        }
      },
      invalidates: { rename, _ in
        [CountryKey(client: client, code: rename.country.alpha2), list]
      }
    ) { rename in
      try await client.rename(code: rename.country.alpha2, to: rename.name)
    }
  }
}
