/// A cancel handle of a ``LoaderStore``: a view's observation of a key, or the store's
/// consumption of a sequence of events.
///
/// - ``LoaderStore``'s `observe(_:)` returns a `StoreSubscription<AsyncLoader<Value>>` for a
///   ``LoaderKey``, a `StoreSubscription<PagedLoader<Item, Cursor>>` for a ``PagedLoaderKey``:
///   while it lasts, the key's entry is never evicted, and ``loader`` is the key's loader.
/// - ``LoaderStore/refetch(on:minimumInterval:)`` and ``LoaderStore/followNetwork(_:)`` return a
///   `StoreSubscription<Void>`, which has no loader: the store consumes the sequence until it is
///   cancelled, the sequence ends, or the store goes away.
///
/// Cancel it when the view goes away, or to stop consuming the sequence; cancelling twice does
/// nothing the second time. Releasing it without cancelling keeps the key observed, and the
/// sequence consumed, so an app-wide store may ignore what `refetch(on:)` returns.
///
/// ```swift
/// let subscription = store.observe(CountryKey(code: "AT"))
/// show(subscription.loader.phase)
/// subscription.cancel()
///
/// let triggers = store.refetch(on: events)
/// triggers.cancel()  // the events no longer reload anything
/// ```
@MainActor
public final class StoreSubscription<Loader> {
  /// The key's loader; `()` for the consumption of a sequence.
  public let loader: Loader
  /// What the subscription holds and ends: an observation the store counts, or the
  /// consumption of a sequence.
  let observation: StoreObservation

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { observation.isCancelled }

  init(_ observation: StoreObservation, loader: Loader) {
    self.observation = observation
    self.loader = loader
  }

  /// Ends the observation or the consumption. An observed entry is evicted after its key's
  /// ``StoreKey/gcAfter`` unless an observer comes back first, and the loader's running load
  /// goes on; a consumed sequence's later events reload nothing, and a reload an earlier event
  /// started goes on.
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
