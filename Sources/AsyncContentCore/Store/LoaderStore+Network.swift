public import Observation

/// Whether the device can reach the network, as a ``LoaderStore`` knows it: what
/// ``LoaderStore/followNetwork(_:)`` consumes. TanStack Query's `onlineManager`.
///
/// ```swift
/// let (statuses, continuation) = AsyncStream.makeStream(of: NetworkStatus.self)
/// store.followNetwork(statuses)
/// continuation.yield(.offline)  // loads wait instead of sending
/// continuation.yield(.online)  // they resume
/// ```
public enum NetworkStatus: Hashable, Sendable {
  /// The network can be reached; loads and mutations send their requests.
  case online
  /// The network cannot be reached: loads and mutations wait for it, visibly, instead of
  /// sending requests that fail and burning their retries.
  case offline
}

/// What a ``LoaderStore`` knows of the network, shared by its loaders and mutations: its status,
/// and the callers that wait for it to come back.
///
/// A store that was never told the network's status (``LoaderStore/followNetwork(_:)``) is
/// online, so a store without a network source behaves as before: nothing waits.
@MainActor
@Observable
@usableFromInline
package final class NetworkGate: WaitingCallers {
  /// The status, observed.
  package private(set) var status: NetworkStatus = .online
  /// The callers that wait for the network, resumed when it comes back.
  @ObservationIgnored @usableFromInline var waiters = Waiters()

  package init() {}

  /// Whether the network is known to be down.
  package var isOffline: Bool {
    status == .offline
  }

  /// Whether the network is known to be down, unobserved: what a load checks before each
  /// attempt.
  @usableFromInline
  package var isOfflineUnobserved: Bool {
    _status == .offline
  }

  /// Sets the status; the callers that wait resume when it comes back.
  ///
  /// - Returns: Whether the network came back (an `.offline` to `.online` transition).
  @discardableResult
  package func update(_ new: NetworkStatus) -> Bool {
    guard new != _status else { return false }
    status = new
    guard new == .online else { return false }
    waiters.resumeAll()
    return true
  }

  /// Waits until the network is online: returns at once when it is, and when the calling task is
  /// cancelled (check for it after the call).
  @usableFromInline
  package func waitUntilOnline() async {
    while isOfflineUnobserved, !Task.isCancelled {
      await waitForSettlement()
    }
  }
}

extension LoaderStore {
  /// Whether the store knows the network to be down: ``NetworkStatus/online`` until
  /// ``followNetwork(_:)`` says otherwise. It is observed.
  public var networkStatus: NetworkStatus {
    network.status
  }

  /// Follows the network's status: while it is ``NetworkStatus/offline``, the store's loads and
  /// mutations wait for the network, visibly, instead of sending requests that would fail and
  /// burn their retries; when it comes back, they resume, and the observed keys whose values
  /// are not current refetch, as ``RefetchEvent/networkAvailable`` reloads them. TanStack
  /// Query's `onlineManager` with `networkMode: 'online'`.
  ///
  /// ```swift
  /// let store = LoaderStore()
  /// // At launch, on Apple platforms:
  /// store.followNetwork(NetworkStatus.updates())
  /// ```
  ///
  /// The store consumes `statuses` in a task it owns, on the main actor, and holds itself
  /// weakly in it, as ``refetch(on:minimumInterval:)`` does. The status stays as the last
  /// element set it when the sequence ends or the subscription is cancelled. Tests feed an
  /// `AsyncStream` of their own.
  ///
  /// - Parameter statuses: The network's status, each time it changes. A repeated status
  ///   changes nothing.
  /// - Returns: The subscription, to stop following the sequence.
  @discardableResult
  public func followNetwork<Statuses: AsyncSequence & Sendable>(
    _ statuses: Statuses
  ) -> StoreSubscription<Void> where Statuses.Element == NetworkStatus {
    consume(statuses) { store, status in store.networkChanged(to: status) }
  }

  /// The network's status changed to `status`: the loads and mutations that wait resume when it
  /// comes back, and the observed entries with nothing current refetch.
  package func networkChanged(to status: NetworkStatus) {
    guard network.update(status) else { return }
    refetch(after: .networkAvailable)
  }
}
