/// A misuse of a loader, reported as a typed error instead of a crash.
public enum AsyncLoaderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A subclass of ``AsyncLoader`` was created without an operation closure and does not
  /// override ``AsyncLoader/makeOperation()``.
  case missingOperation(loader: String)

  public var description: String {
    switch self {
    case .missingOperation(let loader):
      "\(loader) has no operation: pass one to init(operation:) or override makeOperation() in a subclass"
    }
  }
}
