/// Wiring mistakes that a developer makes once and must see at once: a key or a mutation whose
/// store lacks its API client, an ``AsyncLoader`` without an operation.
///
/// A debug build stops at the mistake with a message that names the type, what it lacks, and
/// the line that provides it. A release build does not stop: the load or run fails with the
/// typed ``AsyncLoaderError``, which the screen shows as any failure.
package enum WiringCheck {
  /// What a mistake does before the typed error is thrown: stops the app in a debug build
  /// (`fatalError`), nothing in a release build (`nil`). A test replaces it for a scope with
  /// `WiringCheck.$stop.withValue { message in … }` to read the message, or with `nil` to see
  /// the release build's behaviour. Task-local, so that tests that run in parallel keep their
  /// own; a load's task inherits the value of the task that started it.
  @TaskLocal package static var stop: (@Sendable (String) -> Void)? = defaultStop

  #if DEBUG
  /// Stops the app: a debug build.
  package static let defaultStop: (@Sendable (String) -> Void)? = { message in
    fatalError(message)
  }
  #else
  /// Does not stop: a release build, where the typed error reaches the screen.
  package static let defaultStop: (@Sendable (String) -> Void)? = nil
  #endif

  /// Reports `mistake` through ``stop``; the caller then throws its typed error.
  package static func report(_ mistake: AsyncLoaderError) {
    stop?("AsyncContent: \(mistake.fix)")
  }
}

extension AsyncLoaderError {
  /// What went wrong and the line that fixes it, for a developer: the message a debug build
  /// stops with.
  var fix: String {
    switch self {
    case .missingOperation(let loader):
      "\(loader) has no operation. Pass one where you create it, "
        + "`AsyncLoader { try await api.fetch() }`, or override `makeOperation()` in the subclass."
    case .missingClient(let client, let key):
      "\(key) needs a client of type \(client), but its LoaderStore was given none. Pass one "
        + "where you create the store: `LoaderStore(clients: <a \(client)>)`, for example "
        + "`LoaderStore(clients: LiveAPI())` in the app and `LoaderStore(clients: FakeAPI())` "
        + "in a test."
    }
  }
}
