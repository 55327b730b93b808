/// A cancel handle of a ``LoaderStore``: a view's observation of a key, or the store's
/// consumption of a sequence of events.
///
/// `observe(_:)` returns one whose ``loader`` is the key's loader, whose entry is never evicted
/// while it lasts; ``LoaderStore/refetch(on:minimumInterval:)`` and
/// ``LoaderStore/followNetwork(_:)`` return a `StoreSubscription<Void>`. Cancelling twice does
/// nothing; releasing it without cancelling keeps the key observed, or the sequence consumed.
@MainActor
public final class StoreSubscription<Loader> {
  /// The key's loader; `()` for the consumption of a sequence.
  public let loader: Loader
  /// The observation or consumption it ends.
  let observation: StoreObservation

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { observation.isCancelled }

  init(_ observation: StoreObservation, loader: Loader) {
    self.observation = observation
    self.loader = loader
  }

  /// Ends the observation (the entry goes after its `gcAfter` unless an observer comes back) or
  /// the consumption; a load that runs goes on.
  public func cancel() {
    observation.cancel()
  }
}

/// One observer of a store's entry, or one consumption of a sequence, ended once.
@MainActor
final class StoreObservation {
  private(set) var isCancelled = false
  /// What ending it does: releases the entry, or stops the consuming task.
  private let end: @MainActor () -> Void

  /// An observer of `entry`, which `store` (held weakly) counts.
  init(store: LoaderStore, entry: StoreEntry) {
    self.end = { [weak store] in store?.release(entry) }
  }

  /// A consumption that `end` stops.
  init(end: @escaping @MainActor () -> Void) {
    self.end = end
  }

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    end()
  }
}
