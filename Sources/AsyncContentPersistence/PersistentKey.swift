#if Persistence
public import AsyncContentCore

/// What every persisted key has, a ``PersistentKey`` or a ``PersistentPagedKey``: a stable
/// identifier for its row, the version of its stored form, and how old a stored value may be to
/// show.
///
/// Secrets do not belong in a persisted key's value: the cache is a plain SQLite file, readable
/// by anyone who can read the app's files. Keep tokens and passwords in the Keychain.
public protocol PersistentStoreKey: StoreKey {
  /// The key's row in the cache: stable across launches and unique across key types, such as
  /// `"country/AT"`. Two keys with the same identifier share one row.
  var persistenceID: String { get }

  /// The version of the stored form of the key type's value; `1` by default. Raise it when the
  /// value's `Codable` form changes: a row of another version is dropped (and reported), never
  /// shown.
  static var persistenceVersion: Int { get }

  /// How old a stored value may be and still show after a relaunch; `nil` (the default) leaves
  /// it to the cache's ``PersistentCache/maxAge``.
  var maxAge: Duration? { get }
}

extension PersistentStoreKey {
  /// Version 1.
  public static var persistenceVersion: Int { 1 }

  /// `nil`: the cache's ``PersistentCache/maxAge``.
  public var maxAge: Duration? { nil }
}

/// A ``LoaderKey`` whose value a ``PersistentCache`` keeps across launches: a screen that
/// observes it after a relaunch shows the stored value at once, as stale data, and revalidates
/// it.
///
/// ```swift
/// struct CountryKey: PersistentKey {
///   var code: String
///   var persistenceID: String { "country/\(code)" }
///   func fetch(using api: any CountriesAPI) async throws -> Country {
///     try await api.country(code: code)
///   }
/// }
/// ```
///
/// A key opts in by adopting this protocol with a `Codable` value; the values of other keys are
/// never written. Secrets do not belong in a persisted key's value (the cache is a plain file):
/// keep them in the Keychain.
public protocol PersistentKey: LoaderKey, PersistentStoreKey where Value: Codable {}

/// A ``PagedLoaderKey`` whose list (its items and cursors) a ``PersistentCache`` keeps across
/// launches, as ``PersistentKey`` does for a value.
///
/// Secrets do not belong in a persisted key's items: keep them in the Keychain.
public protocol PersistentPagedKey: PagedLoaderKey, PersistentStoreKey
where Item: Codable, Cursor: Codable {}
#endif
