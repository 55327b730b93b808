extension LoaderStore {
  /// Whether the store knows the network to be down: ``NetworkStatus/online`` until
  /// ``followNetwork(_:)`` says otherwise. It is observed.
  public var networkStatus: NetworkStatus {
    network.status
  }

  /// Follows the network's status: while it is ``NetworkStatus/offline``, the store's loads and
  /// mutations wait for it, visibly, instead of failing and burning their retries; when it comes
  /// back they resume, and the observed keys with nothing current refetch. The store consumes
  /// `statuses` as ``refetch(on:minimumInterval:)`` consumes its events.
  ///
  /// ```swift
  /// store.followNetwork(NetworkStatus.updates())
  /// ```
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
