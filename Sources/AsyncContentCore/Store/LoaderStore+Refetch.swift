/// What a ``LoaderStore`` keeps for its refetch triggers.
struct RefetchTriggers: Sendable {
  /// The tasks that consume the sequences of events, by number.
  var consumers: [UInt64: Task<Void, Never>] = [:]
  var consumerCount: UInt64 = 0
  /// When the store last handled each event, for the throttle.
  var lastHandled: [RefetchEvent: LoaderClock.Instant] = [:]

  /// Stops every consumption: the store goes away.
  func cancelAll() {
    for task in consumers.values { task.cancel() }
  }
}

extension LoaderStore {
  /// Reloads the observed entries with nothing current whenever `events` delivers an event (the
  /// app came back, the network came back), as ``refetch(after:minimumInterval:)`` does.
  ///
  /// ```swift
  /// store.refetch(on: RefetchEvent.appActivations())
  /// ```
  ///
  /// The store consumes `events` in a task that holds it weakly, until the store goes away, the
  /// sequence ends or throws, or the subscription is cancelled.
  ///
  /// - Parameters:
  ///   - events: The events. A sequence that throws ends the consumption.
  ///   - minimumInterval: How long after handling an event the store drops the same event, on
  ///     the store's clock; one second by default, `.zero` handles every event. It must
  ///     not be negative.
  /// - Returns: The subscription, to cancel the consumption.
  @discardableResult
  public func refetch<Events: AsyncSequence & Sendable>(
    on events: Events, minimumInterval: Duration = .seconds(1)
  ) -> StoreSubscription<Void> where Events.Element == RefetchEvent {
    checkRefetchInterval(minimumInterval)
    return consume(events) { store, event in
      store.refetch(after: event, minimumInterval: minimumInterval)
    }
  }

  /// Hands each element of `elements` to `handle` in a task the store owns (holding it weakly),
  /// until the subscription is cancelled, the sequence ends, or the store goes away.
  func consume<Elements: AsyncSequence & Sendable>(
    _ elements: Elements, handle: @escaping @MainActor (LoaderStore, Elements.Element) -> Void
  ) -> StoreSubscription<Void> where Elements.Element: Sendable {
    refetchTriggers.consumerCount &+= 1
    let id = refetchTriggers.consumerCount
    let task = Task { [weak self] in
      do {
        for try await element in elements {
          guard !Task.isCancelled, let store = self else { return }
          handle(store, element)
        }
      } catch {
        // The sequence failed: it delivers no more elements.
      }
      self?.refetchTriggers.consumers[id] = nil
    }
    refetchTriggers.consumers[id] = task
    return StoreSubscription(
      StoreObservation { [weak self] in
        task.cancel()
        self?.refetchTriggers.consumers[id] = nil
      }, loader: ())
  }

  /// Handles one refetch event: reloads every entry that is observed, opted in for `event`
  /// (``StoreKey/refetchesOn``) and has nothing current (a stale value, a failure, no value),
  /// joining running loads, unless the store handled `event` less than `minimumInterval` ago.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - minimumInterval: How long after handling `event` the store drops it, on the store's
  ///     clock; one second by default. It must not be negative.
  /// - Returns: Whether the store handled the event; `false` when it dropped it.
  @discardableResult
  public func refetch(after event: RefetchEvent, minimumInterval: Duration = .seconds(1)) -> Bool {
    checkRefetchInterval(minimumInterval)
    let now = clock.now
    if let last = refetchTriggers.lastHandled[event], last.duration(to: now) < minimumInterval {
      return false
    }
    refetchTriggers.lastHandled[event] = now
    // Each entry once: the dictionary holds one entry per key.
    for entry in liveEntries
    where entry.observers > 0 && entry.key.isEnabled && entry.key.refetchesOn.contains(event) {
      entry.loader.launchUnlessRunning()  // loads when nothing is current; joins any running load
    }
    return true
  }

  /// Stops with a clear message when `minimumInterval` is negative.
  private func checkRefetchInterval(_ minimumInterval: Duration) {
    precondition(
      minimumInterval >= .zero,
      "LoaderStore.refetch minimumInterval must not be negative, got \(minimumInterval)")
  }
}
