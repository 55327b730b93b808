/// What every key of a ``LoaderStore`` has: it is hashable and sendable, and may set its own
/// staleness and garbage-collection times, retry policy and the events that refetch it.
///
/// Do not adopt it directly: adopt ``LoaderKey`` for a key whose loader is an ``AsyncLoader``,
/// or ``PagedLoaderKey`` for one whose loader is a ``PagedLoader``. Predicates of
/// ``LoaderStore/invalidate(where:)`` receive keys of both kinds as `any StoreKey`.
public protocol StoreKey: Hashable, Sendable {
  /// How old the key's value may grow before an observer that appears reloads it: `nil` (the
  /// default) uses the store's ``LoaderStore/staleness``, ``Staleness/never`` keeps it fresh
  /// whatever the store says.
  ///
  /// ```swift
  /// var staleness: Staleness? { .after(.seconds(60)) }  // the list changes rarely
  /// ```
  var staleness: Staleness? { get }

  /// How long the key's entry stays in the store after its last observer left; `nil` uses the
  /// store's ``LoaderStore/gcAfter``.
  var gcAfter: Duration? { get }

  /// How the key's loader retries a failed fetch; `nil` (the default) uses the store's
  /// ``LoaderStore/retryPolicy``, ``RetryPolicy/never`` turns retries off for the key.
  ///
  /// ```swift
  /// var retry: RetryPolicy? { .exponentialBackoff(maxAttempts: 5) }  // worth waiting for
  /// ```
  var retry: RetryPolicy? { get }

  /// The events on which the store's refetch triggers (``LoaderStore/refetch(on:minimumInterval:)``)
  /// reload the key's observed, stale entry; every event by default.
  ///
  /// ```swift
  /// var refetchesOn: Set<RefetchEvent> { [.networkAvailable] }  // not on every app switch
  /// ```
  var refetchesOn: Set<RefetchEvent> { get }

  /// Whether the store may load the key: `true` by default. A disabled key loads on no
  /// observer, refetch event or invalidation, and its views show their idle state. A dependent
  /// key is enabled once its optional field is there; derive it from the key's fields only.
  /// The loader of a disabled key still loads when app code calls its `load()` or `reload()`.
  ///
  /// ```swift
  /// var isEnabled: Bool { userID != nil }  // no request until the user is known
  /// ```
  var isEnabled: Bool { get }

  /// How often the store reloads the key while a screen shows it: `nil` (the default) never
  /// polls. Polls run while the key is observed and enabled and the app is not in the
  /// background; a failed poll keeps the value on screen. The interval must be greater than
  /// zero; the store reads it when the key's first observer comes.
  ///
  /// ```swift
  /// var refetchInterval: Duration? { .seconds(10) }  // the score changes during the match
  /// ```
  var refetchInterval: Duration? { get }
}

extension StoreKey {
  /// The store's ``LoaderStore/staleness``.
  public var staleness: Staleness? { nil }

  /// The store's ``LoaderStore/gcAfter``.
  public var gcAfter: Duration? { nil }

  /// The store's ``LoaderStore/retryPolicy``.
  public var retry: RetryPolicy? { nil }

  /// Every event: the key reloads when the app becomes active and when the network comes back.
  public var refetchesOn: Set<RefetchEvent> { Set(RefetchEvent.allCases) }

  /// Enabled: the store loads the key whenever it needs to.
  public var isEnabled: Bool { true }

  /// No polling: the key reloads on observers, refetch events and invalidations only.
  public var refetchInterval: Duration? { nil }
}

/// A key of a ``LoaderStore``: a value that names one piece of data and knows how to fetch it
/// with the API client the store gives it.
///
/// Write one type per kind of data and let Swift synthesize `Hashable`: the same key gives the
/// same loader, whichever view asks. The key holds no API client: its ``fetch(using:)`` receives
/// the store's client of type ``Client`` (``LoaderStore/init(clock:staleness:gcAfter:maxEntries:retry:clients:)``),
/// so a test makes its own store with a fake and keeps the key.
///
/// ```swift
/// struct CountryKey: LoaderKey {
///   let code: String
///
///   func fetch(using api: any CountriesAPI) async throws -> Country {
///     try await api.country(code: code)
///   }
/// }
///
/// let store = LoaderStore(clients: LiveCountriesAPI())
/// let loader = store.loader(for: CountryKey(code: "AT"))
/// ```
///
/// A key that needs no client leaves ``Client`` as `Void`, which every store has.
public protocol LoaderKey: StoreKey {
  /// The type of the value the key fetches.
  associatedtype Value: Sendable
  /// The type of the API client the fetch uses: a protocol (`any CountriesAPI`) that live and
  /// fake clients adopt, or a concrete type. `Void`, the default, needs no client.
  associatedtype Client: Sendable = Void

  /// Fetches the value with `client`, off the main actor.
  ///
  /// - Parameter client: The first client given to the store that is a ``Client``.
  func fetch(using client: Client) async throws -> Value
}

/// A key of a ``LoaderStore`` whose loader is a ``PagedLoader``: a list that loads page by page,
/// shared by every screen that shows it.
///
/// ```swift
/// struct CountryFeedKey: PagedLoaderKey {
///   let region: String
///
///   func fetchPage(at cursor: Int?, using api: any CountriesAPI) async throws -> Page<Country, Int> {
///     try await api.countries(region: region, after: cursor)
///   }
/// }
///
/// let feed = store.pagedLoader(for: CountryFeedKey(region: "Europe"))
/// ```
///
/// Invalidating a paged key reloads it from the first page, as pull-to-refresh does.
public protocol PagedLoaderKey: StoreKey {
  /// The type of the list's items.
  associatedtype Item: Identifiable & Sendable where Item.ID: Sendable
  /// The type of the cursor that names a page.
  associatedtype Cursor: Sendable
  /// The type of the API client the fetch uses; `Void`, the default, needs no client.
  associatedtype Client: Sendable = Void

  /// Fetches the page at `cursor` with `client`, off the main actor.
  ///
  /// - Parameters:
  ///   - cursor: The page's cursor; `nil` for the first page.
  ///   - client: The first client given to the store that is a ``Client``.
  func fetchPage(at cursor: Cursor?, using client: Client) async throws -> Page<Item, Cursor>

  /// How many pages stay loaded at most, as ``PagedLoader``'s `maxPages`; `nil` (the default)
  /// keeps every page.
  var maxPages: Int? { get }
}

extension PagedLoaderKey {
  /// Every page stays loaded.
  public var maxPages: Int? { nil }
}
