/// How long a loaded value counts as fresh: the one type that says "the store's default",
/// "after this long" and "never".
///
/// A value that is no longer fresh is *stale*: it stays on screen, and the next `load()` (a
/// view that appears, a refetch trigger) fetches it again in the background.
///
/// ```swift
/// struct CountriesKey: LoaderKey {
///   var staleness: Staleness { .after(.seconds(60)) }  // the list changes rarely
///   func fetch(using api: CountriesAPI) async throws -> [Country] { try await api.countries() }
/// }
///
/// let store = LoaderStore(staleness: .after(.seconds(30)))  // keys that say .storeDefault
/// let settings = AsyncLoader(staleness: .never) { try await api.settings() }
/// ```
public enum Staleness: Hashable, Sendable {
  /// The setting of the store the value lives in: on a key, the store's
  /// ``LoaderStore/staleness``. A store given it uses the library's default, `.after(.zero)`
  /// (every new observer revalidates, TanStack Query's `staleTime` of 0); a loader outside a
  /// store has no store to ask and never goes stale.
  case storeDefault
  /// Stale once the value is this old; `.after(.zero)` is stale as soon as it lands.
  case after(Duration)
  /// Never stale by age; only an invalidation makes it stale.
  case never

  /// The age at which a value goes stale, or `nil` for never, with `.storeDefault` standing for
  /// `fallback`.
  package func duration(storeDefault fallback: Duration?) -> Duration? {
    switch self {
    case .storeDefault: fallback
    case .after(let duration): duration
    case .never: nil
    }
  }
}
