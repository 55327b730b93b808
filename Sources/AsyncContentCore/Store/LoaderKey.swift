/// What every key of a ``LoaderStore`` has: it is hashable and sendable, and may set its own
/// staleness and garbage-collection times and the events that refetch it.
///
/// Do not adopt it directly: adopt ``LoaderKey`` for a key whose loader is an ``AsyncLoader``,
/// or ``PagedLoaderKey`` for one whose loader is a ``PagedLoader``. Predicates of
/// ``LoaderStore/invalidate(where:)`` receive keys of both kinds as `any StoreKey`.
public protocol StoreKey: Hashable, Sendable {
  /// How old the key's value may grow before an observer that appears reloads it; `nil` uses
  /// the store's ``LoaderStore/staleAfter``.
  var staleAfter: Duration? { get }

  /// How long the key's entry stays in the store after its last observer left; `nil` uses the
  /// store's ``LoaderStore/gcAfter``.
  var gcAfter: Duration? { get }

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
  ///   func fetch() async throws -> Scoreboard { try await API.shared.scoreboard() }
  /// }
  /// ```
  var refetchesOn: Set<RefetchEvent> { get }
}

extension StoreKey {
  /// The store's ``LoaderStore/staleAfter``.
  public var staleAfter: Duration? { nil }

  /// The store's ``LoaderStore/gcAfter``.
  public var gcAfter: Duration? { nil }

  /// Every event: the key reloads when the app becomes active and when the network comes back.
  public var refetchesOn: Set<RefetchEvent> { Set(RefetchEvent.allCases) }
}

/// A key of a ``LoaderStore``: a value that names one piece of data and knows how to fetch it.
///
/// Write one type per kind of data, with the fields that tell one piece from another. The same
/// key gives the same loader, whichever view asks, so two screens that show the same country
/// share one request and one phase.
///
/// ```swift
/// struct CountryKey: LoaderKey {
///   let code: String
///
///   func fetch() async throws -> Country {
///     try await API.shared.country(code: code)
///   }
/// }
///
/// let loader = store.loader(for: CountryKey(code: "AT"))
/// ```
///
/// A key may set its own ``StoreKey/staleAfter`` and ``StoreKey/gcAfter``; `nil` (the default)
/// leaves them to the store.
///
/// ```swift
/// struct CountriesKey: LoaderKey {
///   var staleAfter: Duration? { .seconds(60) }  // the list changes rarely
///   func fetch() async throws -> [Country] { try await API.shared.countries() }
/// }
/// ```
public protocol LoaderKey: StoreKey {
  /// The type of the value the key fetches.
  associatedtype Value: Sendable

  /// Fetches the value; the store's loader for the key runs it, off the main actor.
  func fetch() async throws -> Value
}

/// A key of a ``LoaderStore`` whose loader is a ``PagedLoader``: a list that loads page by page,
/// shared by every screen that shows it.
///
/// ```swift
/// struct CountryFeedKey: PagedLoaderKey {
///   let region: String
///
///   func fetchPage(at cursor: Int?) async throws -> Page<Country, Int> {
///     try await API.shared.countries(region: region, after: cursor)
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

  /// Fetches the page at `cursor`, `nil` for the first page; it runs off the main actor.
  func fetchPage(at cursor: Cursor?) async throws -> Page<Item, Cursor>

  /// How many pages stay loaded at most, as ``PagedLoader``'s `maxPages`; `nil` (the default)
  /// keeps every page.
  var maxPages: Int? { get }
}

extension PagedLoaderKey {
  /// Every page stays loaded.
  public var maxPages: Int? { nil }
}
