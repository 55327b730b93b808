public import AsyncContentCore
import Observation

/// Takes the server down and brings it back, and tells the stores: the network's status a
/// ``LoaderStore`` follows (``LoaderStore/followNetwork(_:)``), as `NWPathMonitor` would tell an
/// app, fed by the demo itself.
///
/// Taking the server down tells the stores first, then cuts the ``ServerLink``, so that loads
/// wait for the network instead of failing; bringing it back restores the link first, then
/// tells the stores, whose observed entries with nothing current refetch.
///
/// ```swift
/// let network = NetworkSwitch(link: client.link)
/// network.follow(in: store)
/// try await network.takeServerDown()  // loads wait for the network
/// await network.bringServerBack()  // they resume
/// ```
@MainActor
public final class NetworkSwitch {
  /// The link to the server that taking it down cuts.
  public let link: ServerLink
  /// The status told to the stores.
  public private(set) var status: NetworkStatus = .online
  /// The streams the stores follow, each fed every status.
  private var continuations: [AsyncStream<NetworkStatus>.Continuation] = []
  /// The stores told, to wait until they have heard a status.
  private var stores: [WeakStore] = []

  /// Creates the switch over `link`; the network is online.
  public init(link: ServerLink) {
    self.link = link
  }

  /// Whether the server is down.
  public var isServerDown: Bool { status == .offline }

  /// Makes `store` follow the network's status, starting with the current one, and returns once
  /// the store has heard it, so that a screen shown next already waits when the network is down.
  ///
  /// - Returns: The subscription, to stop following.
  @discardableResult
  public func follow(in store: LoaderStore) async -> StoreSubscription<Void> {
    let subscription = follow(startingIn: store)
    let status = status
    await waitUntil { store.networkStatus == status }
    return subscription
  }

  /// Makes `store` follow the network's status, starting with the current one, which the store
  /// hears on its next turn: for a store that starts online while the network is.
  ///
  /// - Returns: The subscription, to stop following.
  @discardableResult
  public func follow(startingIn store: LoaderStore) -> StoreSubscription<Void> {
    let (statuses, continuation) = AsyncStream.makeStream(of: NetworkStatus.self)
    continuation.yield(status)
    continuations.append(continuation)
    stores.append(WeakStore(store: store))
    return store.followNetwork(statuses)
  }

  /// Stops telling `store` the network's status, as when its app is killed: the store keeps the
  /// last status it heard, and taking the server down or bringing it back no longer waits for it.
  public func stopTelling(_ store: LoaderStore) {
    guard let index = stores.firstIndex(where: { $0.store === store }) else { return }
    stores.remove(at: index)
    continuations.remove(at: index).finish()
  }

  /// Takes the server down: the stores hear that the network is offline, then its requests are
  /// refused. Returns when every store has heard it.
  ///
  /// - Throws: When no refusing port can be bound (the server stays up, the stores online).
  public func takeServerDown() async throws {
    await tell(.offline)
    do {
      try link.cut()
    } catch {
      await tell(.online)
      throw error
    }
  }

  /// Brings the server back: its requests reach it again, then the stores hear that the
  /// network is online, and their observed entries with nothing current refetch. Returns when
  /// every store has heard it.
  public func bringServerBack() async {
    link.restore()
    await tell(.online)
  }

  /// Tells every store `status` and waits until each has heard it.
  private func tell(_ status: NetworkStatus) async {
    self.status = status
    for continuation in continuations {
      continuation.yield(status)
    }
    for store in stores.compactMap(\.store) {
      await waitUntil { store.networkStatus == status }
    }
  }

  /// Ends the streams: the stores keep the last status.
  public func finish() {
    for continuation in continuations {
      continuation.finish()
    }
    continuations = []
  }
}

/// A store, held weakly.
private struct WeakStore {
  weak var store: LoaderStore?
}

/// Waits until `condition` holds, re-checking it whenever an observed property it reads changes.
@MainActor
func waitUntil(_ condition: @escaping @MainActor () -> Bool) async {
  while !condition() {
    // The check and the registration happen in one main-actor turn, so no change slips between
    // them.
    await withCheckedContinuation { continuation in
      withObservationTracking {
        _ = condition()
      } onChange: {
        continuation.resume()
      }
    }
  }
}
