/// The key a screen observes in a ``LoaderStore`` and the move from one key to the next: what
/// ``KeyedLoader`` and ``KeyedPagedLoader`` share.
///
/// A new key is observed before the previous one is let go of, and the previous key's running
/// load is cancelled when nobody else observes it, so a fast typist starts at most one request
/// at a time; the previous entry stays cached.
struct KeyObservation<Key: StoreKey, Loader: StoreLoader> {
  /// The current key; `nil` before the first ``select(_:in:observe:)``.
  private(set) var key: Key?
  /// The current key's loader; `nil` before the first ``select(_:in:observe:)``.
  private(set) var loader: Loader?
  /// The observation of the current key; `nil` after ``stop()``.
  private(set) var observation: StoreObservation?

  /// Observes `key`: the same key observed again after ``stop()`` is observed again; a new key
  /// replaces the previous one.
  ///
  /// - Parameters:
  ///   - key: The key the screen shows.
  ///   - store: The store that `observe` observes in.
  ///   - observe: Observes a key, giving the observation and the key's loader.
  /// - Returns: Whether the key changed.
  @MainActor
  mutating func select(
    _ key: Key, in store: LoaderStore, observe: (Key) -> (StoreObservation, Loader)
  ) -> Bool {
    if key == self.key {
      if observation == nil { observation = observe(key).0 }
      return false
    }
    let previousKey = self.key
    let previousLoader = loader
    stop()
    (observation, loader) = observe(key)
    self.key = key
    if let previousKey, let previousLoader, previousLoader.isLoadRunning,
      store.observerCount(for: previousKey) == 0
    {
      previousLoader.cancel()
    }
    return true
  }

  /// Ends the observation of the current key: the loader and its value stay, and a running
  /// load goes on.
  @MainActor
  mutating func stop() {
    observation?.cancel()
    observation = nil
  }

  /// Ends the observation when its owner goes away without ``stop()``: on the main actor,
  /// where the store counts its observers.
  func stopWhenReleased() {
    guard let observation else { return }
    Task { @MainActor in observation.cancel() }
  }
}
