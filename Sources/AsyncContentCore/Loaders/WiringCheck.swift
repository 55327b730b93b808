/// Wiring mistakes a developer must see at once (a store without a key's client, a loader
/// without an operation): a debug build stops with the fix; a release build fails the load.
package enum WiringCheck {
  /// What a mistake does before the typed error is thrown; task-local, so a test replaces it
  /// for a scope (`WiringCheck.$stop.withValue { message in … }`).
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
  /// What went wrong and the line that fixes it: the message a debug build stops with.
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
