/// How long a loaded value counts as fresh: "after this long" or "never".
///
/// A value that is no longer fresh is *stale*: it stays on screen, and the next `load()` (a
/// view that appears, a refetch trigger) fetches it again in the background.
///
/// ```swift
/// struct CountriesKey: LoaderKey {
///   var staleness: Staleness? { .after(.seconds(60)) }  // the list changes rarely
///   func fetch(using api: CountriesAPI) async throws -> [Country] { try await api.countries() }
/// }
///
/// let store = LoaderStore(staleness: .after(.seconds(30)))  // keys that say nil
/// let settings = AsyncLoader(staleness: .never) { try await api.settings() }
/// ```
///
/// A key's ``StoreKey/staleness`` is optional: `nil`, its default, is the store's
/// ``LoaderStore/staleness``. A loader outside a store takes a `Staleness`, never the store's.
public enum Staleness: Hashable, Sendable {
  /// Stale once the value is this old; `.after(.zero)` is stale as soon as it lands.
  case after(Duration)
  /// Never stale by age; only an invalidation makes it stale.
  case never

  /// The age at which a value goes stale, or `nil` for never.
  package var duration: Duration? {
    switch self {
    case .after(let duration): duration
    case .never: nil
    }
  }
}
