/// A view's observation of a key in a ``LoaderStore``: while it lasts, the key's entry is never
/// evicted.
///
/// ``LoaderStore/observe(_:)`` returns it. Cancel it when the view goes away; cancelling twice
/// does nothing the second time. Releasing it without cancelling keeps the key observed.
///
/// ```swift
/// let subscription = store.observe(CountryKey(code: "AT"))
/// show(subscription.loader.phase)
/// subscription.cancel()
/// ```
@MainActor
public final class LoaderSubscription<Value: Sendable> {
  /// The key's loader.
  public let loader: AsyncLoader<Value>
  /// Whether ``cancel()`` was called.
  public private(set) var isCancelled = false

  private weak var store: LoaderStore?
  private let entry: StoreEntry

  init(store: LoaderStore, entry: StoreEntry, loader: AsyncLoader<Value>) {
    self.store = store
    self.entry = entry
    self.loader = loader
  }

  /// Ends the observation: the entry is evicted after its key's ``LoaderKey/gcAfter`` unless an
  /// observer comes back first. The loader's running load goes on.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    store?.release(entry)
  }
}
