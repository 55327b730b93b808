public import Observation

/// Whether the device can reach the network, as a ``LoaderStore`` knows it: what
/// ``LoaderStore/followNetwork(_:)`` consumes.
public enum NetworkStatus: Hashable, Sendable {
  /// The network can be reached; loads and mutations send their requests.
  case online
  /// The network cannot be reached: loads and mutations wait for it, visibly, instead of
  /// sending requests that fail and burning their retries.
  case offline
}

/// What a ``LoaderStore`` knows of the network, shared by its loaders and mutations: its status
/// (online until told otherwise), and the callers that wait for it to come back.
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
