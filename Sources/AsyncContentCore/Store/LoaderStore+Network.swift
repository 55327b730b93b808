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
