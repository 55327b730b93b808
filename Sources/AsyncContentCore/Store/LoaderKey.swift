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
  /// struct CountriesKey: LoaderKey {
  ///   var staleness: Staleness? { .after(.seconds(60)) }  // the list changes rarely
  ///   func fetch(using api: any CountriesAPI) async throws -> [Country] {
  ///     try await api.countries()
  ///   }
  /// }
  /// ```
  var staleness: Staleness? { get }

  /// How long the key's entry stays in the store after its last observer left; `nil` uses the
  /// store's ``LoaderStore/gcAfter``.
  var gcAfter: Duration? { get }

  /// How the key's loader retries a failed fetch; `nil` (the default) uses the store's
  /// ``LoaderStore/retryPolicy``. TanStack Query's `retry` and `retryDelay` on a query.
  ///
  /// A policy is a value, as ``gcAfter`` is, so `nil` leaves it to the store, and
  /// ``RetryPolicy/never`` turns retries off for the key whatever the store says.
  ///
  /// ```swift
  /// struct PaymentKey: LoaderKey {
  ///   let id: Payment.ID
  ///   var retry: RetryPolicy? { .exponentialBackoff(maxAttempts: 5) }  // worth waiting for
  ///   func fetch(using api: any PaymentsAPI) async throws -> Payment {
  ///     try await api.payment(id: id)
  ///   }
  /// }
  /// ```
  ///
  /// A loader follows the policy it was made with: the store makes it when the key's entry is
  /// created.
  var retry: RetryPolicy? { get }

  /// The events on which the store's refetch triggers reload the key's observed, stale entry;
  /// every event by default.
  ///
  /// See ``LoaderStore/refetch(on:minimumInterval:)``. Leave out ``RefetchEvent/becameActive``
  /// for TanStack Query's `refetchOnWindowFocus: false`, and ``RefetchEvent/networkAvailable``
  /// for `refetchOnReconnect: false`.
  ///
  /// ```swift
  /// struct ScoreboardKey: LoaderKey {
  ///   var refetchesOn: Set<RefetchEvent> { [.networkAvailable] }  // not on every app switch
  ///   func fetch(using api: any ScoresAPI) async throws -> Scoreboard {
  ///     try await api.scoreboard()
  ///   }
  /// }
  /// ```
  var refetchesOn: Set<RefetchEvent> { get }

  /// Whether the store may load the key: `true` by default. A disabled key (TanStack Query's
  /// `enabled: false`) loads on no observer, refetch event or invalidation, and its views show
  /// their idle state with no spinner; a new key value that is enabled loads as usual.
  ///
  /// A dependent key, which can load only once another key's value exists, is a key whose
  /// field is optional and which is enabled when the field is there. Derive it from the key's
  /// fields only: the store reads it whenever it would load the key.
  ///
  /// ```swift
  /// struct ProjectsKey: LoaderKey {
  ///   var userID: User.ID?
  ///   var isEnabled: Bool { userID != nil }  // no request until the user is known
  ///   func fetch(using api: any ProjectsAPI) async throws -> [Project] {
  ///     try await api.projects(ownedBy: userID!)
  ///   }
  /// }
  /// ```
  ///
  /// The loader of a disabled key still loads when app code calls its `load()` or `reload()`,
  /// as TanStack Query's `refetch()` ignores `enabled`.
  var isEnabled: Bool { get }

  /// How often the store reloads the key while a screen shows it: `nil` (the default) never
  /// polls. TanStack Query's `refetchInterval`, SWR's `refreshInterval`.
  ///
  /// ```swift
  /// struct ScoreboardKey: LoaderKey {
  ///   var refetchInterval: Duration? { .seconds(10) }  // the score changes during the match
  ///   func fetch(using api: any ScoresAPI) async throws -> Scoreboard {
  ///     try await api.scoreboard()
  ///   }
  /// }
  /// ```
  ///
  /// The store reloads the key every interval, on its clock, while the key is observed and
  /// enabled (``isEnabled``), with its value on screen; a fresh value reloads too. A poll joins
  /// a load that runs and never supersedes it; a paged key reloads from its first page, and
  /// only when none of its pages loads. A failed poll leaves the value on screen with the error
  /// (a reload that failed), and the next interval polls again.
  ///
  /// - **When it polls.** The store polls every key of one interval together, at the instants
  ///   that are multiples of the interval on its clock, so that a thousand keys that poll every
  ///   ten seconds wake the app once every ten seconds, not a thousand times. A key whose value
  ///   landed less than half an interval before such an instant waits for the next one: the
  ///   value an observer's load just fetched is not fetched again at once. So the first poll
  ///   comes between half an interval and one and a half intervals after the value landed (or
  ///   after the observation began), and then one interval after the other.
  /// - **When it stops.** Polling stops when the key's last observer leaves, and starts again
  ///   with the next observer. It pauses while the app is in the background, when its scenes
  ///   apply SwiftUI's `.refetchesOnActivation()`, which tells the store; it resumes at the
  ///   next multiple of the interval after the app comes back (and `.becameActive` revalidates
  ///   stale values at once). A suspended app wakes nobody anyway.
  ///
  /// The interval must be greater than zero. The store reads it when the key's first observer
  /// comes.
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
/// Write one type per kind of data, with the fields that tell one piece from another, and let
/// Swift synthesize `Hashable`. The same key gives the same loader, whichever view asks, so two
/// screens that show the same country share one request and one phase.
///
/// The key holds no API client: its ``fetch(using:)`` receives one of type ``Client``, which
/// the store resolves when the fetch runs among the clients given to
/// ``LoaderStore/init(clock:staleness:gcAfter:maxEntries:retry:clients:)``. A test swaps the
/// client by making its own store with a fake, and keeps the key.
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
/// A key that needs no client leaves ``Client`` as `Void`, which every store has:
///
/// ```swift
/// struct ServerTimeKey: LoaderKey {
///   func fetch(using _: Void) async throws -> Date { try await TimeServer.now() }
/// }
/// ```
///
/// A key may set its own ``StoreKey/staleness``, ``StoreKey/gcAfter`` and ``StoreKey/retry``;
/// the defaults leave them to the store.
public protocol LoaderKey: StoreKey {
  /// The type of the value the key fetches.
  associatedtype Value: Sendable
  /// The type of the API client the fetch uses: a protocol (`any CountriesAPI`) that live and
  /// fake clients adopt, or a concrete type. `Void`, the default, needs no client.
  associatedtype Client: Sendable = Void

  /// Fetches the value with `client`; the store's loader for the key runs it, off the main
  /// actor.
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
/// The client comes from the store, as for a ``LoaderKey``. Invalidating a paged key reloads
/// it from the first page, as pull-to-refresh does.
public protocol PagedLoaderKey: StoreKey {
  /// The type of the list's items.
  associatedtype Item: Identifiable & Sendable where Item.ID: Sendable
  /// The type of the cursor that names a page.
  associatedtype Cursor: Sendable
  /// The type of the API client the fetch uses; `Void`, the default, needs no client.
  associatedtype Client: Sendable = Void

  /// Fetches the page at `cursor`, `nil` for the first page, with `client`; it runs off the
  /// main actor.
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
