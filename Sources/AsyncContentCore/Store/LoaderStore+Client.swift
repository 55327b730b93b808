/// The API clients of a ``LoaderStore``, which its keys' fetches receive; immutable and
/// `Sendable`, so the loaders read it off the main actor.
struct StoreClients: Sendable {
  let clients: [any Sendable]

  /// The client a key (or mutation) of type `Key` fetches with: `Void` is always there;
  /// otherwise the first client that is a `Client`, or the typed error that says how to
  /// register one, after a debug build stopped with it (``WiringCheck``).
  func resolve<Client: Sendable, Key>(_: Client.Type, for _: Key.Type) throws -> Client {
    if let void = () as? Client { return void }
    for client in clients {
      if let client = client as? Client { return client }
    }
    let error = AsyncLoaderError.missingClient(
      client: String(reflecting: Client.self), key: String(reflecting: Key.self))
    WiringCheck.report(error)
    throw error
  }
}
