/// The key a screen observes in a ``LoaderStore`` and the move from one key to the next: what
/// ``KeyedLoader`` and ``KeyedPagedLoader`` share.
///
/// A new key is observed before the previous one is let go of, and the previous key's running
/// load is cancelled when nobody else observes it, so a fast typist starts at most one request
/// at a time; the previous entry stays cached.
///
/// A screen observes only while it is on screen (``isOnScreen``): from
/// ``select(_:in:observe:)`` (it appeared) to ``stop()`` (it disappeared). Its owner moves the
/// observation when the key changes on screen, and does nothing for a key that changes while
/// the screen is hidden (a `NavigationStack` pushed another screen over it: SwiftUI delivered
/// `onDisappear`, and the view, still alive, still sees its inputs change); the screen observes
/// the key it shows when it appears again.
struct KeyObservation<Key: StoreKey, Loader: StoreLoader> {
  /// The current key; `nil` before the first ``select(_:in:observe:)``.
  private(set) var key: Key?
  /// The current key's loader; `nil` before the first ``select(_:in:observe:)``.
  private(set) var loader: Loader?
  /// The observation of the current key; `nil` after ``stop()``.
  private(set) var observation: StoreObservation?
  /// Whether the screen is on screen: it appeared (``select(_:in:observe:)``) and did not
  /// disappear since (``stop()``).
  private(set) var isOnScreen = false

  /// The screen appeared showing `key`: observes it. The same key observed again after
  /// ``stop()`` is observed again; a new key replaces the previous one.
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
    isOnScreen = true
    if key == self.key {
      if observation == nil { observation = observe(key).0 }
      return false
    }
    let previousKey = self.key
    let previousLoader = loader
    observation?.cancel()
    (observation, loader) = observe(key)
    self.key = key
    if let previousKey, let previousLoader, previousLoader.isLoadRunning,
      store.observerCount(for: previousKey) == 0
    {
      previousLoader.cancel()
    }
    return true
  }

  /// The screen disappeared: ends the observation of the current key; the loader and its value
  /// stay, and a running load goes on.
  @MainActor
  mutating func stop() {
    isOnScreen = false
    observation?.cancel()
    observation = nil
  }

  /// Hands the screen over to `next`, the view of another store (`.loaderStore(_:)` changed):
  /// ends this observation, and leaves `next` on screen when this one was, so a key change
  /// observes in `next` while the view shows and nothing while it is hidden.
  @MainActor
  mutating func handOver(to next: inout KeyObservation) {
    let onScreen = isOnScreen
    stop()
    next.isOnScreen = onScreen
  }

  /// Ends the observation when its owner goes away without ``stop()``: on the main actor,
  /// where the store counts its observers.
  func stopWhenReleased() {
    guard let observation else { return }
    Task { @MainActor in observation.cancel() }
  }
}
