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
/// A key may set its own ``staleAfter`` and ``gcAfter``; `nil` (the default) leaves them to
/// the store.
///
/// ```swift
/// struct CountriesKey: LoaderKey {
///   var staleAfter: Duration? { .seconds(60) }  // the list changes rarely
///   func fetch() async throws -> [Country] { try await API.shared.countries() }
/// }
/// ```
public protocol LoaderKey: Hashable, Sendable {
  /// The type of the value the key fetches.
  associatedtype Value: Sendable

  /// Fetches the value; the store's loader for the key runs it, off the main actor.
  func fetch() async throws -> Value

  /// How old the key's value may grow before an observer that appears reloads it; `nil` uses
  /// the store's ``LoaderStore/staleAfter``.
  var staleAfter: Duration? { get }

  /// How long the key's entry stays in the store after its last observer left; `nil` uses the
  /// store's ``LoaderStore/gcAfter``.
  var gcAfter: Duration? { get }
}

extension LoaderKey {
  /// The store's ``LoaderStore/staleAfter``.
  public var staleAfter: Duration? { nil }

  /// The store's ``LoaderStore/gcAfter``.
  public var gcAfter: Duration? { nil }
}
