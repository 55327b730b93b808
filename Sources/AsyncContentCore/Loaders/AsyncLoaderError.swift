/// A misuse of a loader or a store, reported as a typed error instead of a crash.
public enum AsyncLoaderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A subclass of ``AsyncLoader`` was created without an operation closure and does not
  /// override ``AsyncLoader/makeOperation()``. A debug build stops at the load, with a message
  /// that names the loader's type; a release build fails the load with this error.
  case missingOperation(loader: String)
  /// A key's fetch (or a ``Mutation``'s request) needs an API client of type `client` that
  /// its ``LoaderStore`` was not given. A debug build stops at the fetch, with a message that
  /// names the key, the client's type and the line that provides it; a release build fails
  /// the fetch with this error, and the key's phase shows it.
  ///
  /// Pass the client to the store: `LoaderStore(clients: LiveCountriesAPI())`.
  case missingClient(client: String, key: String)

  public var description: String {
    switch self {
    case .missingOperation(let loader):
      "\(loader) has no operation: pass one to init(operation:) or override makeOperation() in a subclass"
    case .missingClient(let client, let key):
      "\(key) fetches with a \(client), but its LoaderStore has none: pass one to LoaderStore(clients:)"
    }
  }
}
