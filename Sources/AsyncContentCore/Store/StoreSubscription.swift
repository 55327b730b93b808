/// A view's observation of a key in a ``LoaderStore``: while it lasts, the key's entry is never
/// evicted.
///
/// ``LoaderStore``'s `observe(_:)` returns it: a `StoreSubscription<AsyncLoader<Value>>` for a
/// ``LoaderKey``, a `StoreSubscription<PagedLoader<Item, Cursor>>` for a ``PagedLoaderKey``.
/// Cancel it when the view goes away; cancelling twice does nothing the second time. Releasing
/// it without cancelling keeps the key observed.
///
/// ```swift
/// let subscription = store.observe(CountryKey(code: "AT"))
/// show(subscription.loader.phase)
/// subscription.cancel()
/// ```
@MainActor
public final class StoreSubscription<Loader: AnyObject> {
  /// The key's loader.
  public let loader: Loader
  /// The observation the store counts.
  let observation: StoreObservation

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { observation.isCancelled }

  init(_ observation: StoreObservation, loader: Loader) {
    self.observation = observation
    self.loader = loader
  }

  /// Ends the observation: the entry is evicted after its key's ``StoreKey/gcAfter`` unless an
  /// observer comes back first. The loader's running load goes on.
  public func cancel() {
    observation.cancel()
  }
}

/// One observer of a store's entry, released once.
@MainActor
final class StoreObservation {
  private(set) var isCancelled = false
  private weak var store: LoaderStore?
  let entry: StoreEntry

  init(store: LoaderStore, entry: StoreEntry) {
    self.store = store
    self.entry = entry
  }

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    store?.release(entry)
  }
}
