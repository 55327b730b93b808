import Observation

/// A screen's view of a ``LoaderStore`` for a paged key that changes: it observes the current
/// key's ``PagedLoader`` while the screen is on screen, as ``KeyedLoader`` does for a value.
///
/// A list of one region's countries, whose region the user picks, shows the store's list of the
/// region it shows now:
///
/// ```swift
/// let feed = KeyedPagedLoader<CountryFeedKey>(store: store)
/// feed.select(CountryFeedKey(region: "Europe"))  // the list appears: its first page loads
/// feed.loader?.startLoadMore()  // the footer's spinner showed
/// feed.select(CountryFeedKey(region: "Asia"))  // another region: its own loader
/// feed.stop()  // the list disappears; the pages stay cached
/// ```
///
/// - **One key observed.** ``select(_:)`` observes the new key and ends the observation of the
///   previous one. The previous key's running load is cancelled when no other observer shows
///   it; its pages stay cached, so going back shows them at once.
/// - **No placeholder.** A new key shows its own phase at once: its cached pages, or its first
///   load. Rows of another list are never shown as this one's.
/// - **Lifecycle.** The owner of the work is the store's loader, never the view: a view calls
///   ``select(_:)`` when it appears, ``keyChanged(to:)`` when its key changes, and ``stop()``
///   when it disappears, which ends the observation and leaves the load running.
///   `PagingList(key:)` does this.
/// - **Hidden lists observe nothing.** A key that changes while the list is hidden (a
///   `NavigationStack` pushed another screen over it) starts no observation and no first page;
///   the list observes the key it shows when it appears again, once.
@MainActor
@Observable
package final class KeyedPagedLoader<Key: PagedLoaderKey> {
  /// The store the loaders come from.
  package let store: LoaderStore

  /// The current key and its observation.
  private var selection = KeyObservation<Key, PagedLoader<Key.Item, Key.Cursor>>()

  /// The current key; `nil` before the first ``select(_:)``.
  package var key: Key? { selection.key }
  /// The current key's loader; `nil` before the first ``select(_:)``.
  package var loader: PagedLoader<Key.Item, Key.Cursor>? { selection.loader }

  /// Creates a view of `store` that observes nothing yet.
  ///
  /// - Parameter store: The store.
  package init(store: LoaderStore) {
    self.store = store
  }

  /// Whether the list is on screen: it appeared (``select(_:)``) and did not disappear since
  /// (``stop()``).
  package var isOnScreen: Bool { selection.isOnScreen }

  /// The list appeared showing `key` (or code observes `key` now): observes it. The same key
  /// observed again after ``stop()`` is observed again (a list that appears); a new key
  /// replaces the previous one, whose running load is cancelled when nobody else observes it.
  ///
  /// - Parameter key: The key the screen shows.
  package func select(_ key: Key) {
    let store = store
    _ = selection.select(key, in: store) { key in
      let subscription = store.observe(key)
      return (subscription.observation, subscription.loader)
    }
  }

  /// The list's key changed: on screen, observes `key` as ``select(_:)`` does; hidden (after
  /// ``stop()``, or before the first ``select(_:)``), observes nothing and loads nothing. The
  /// list observes the key it shows when it appears again.
  ///
  /// - Parameter key: The key the list shows now.
  package func keyChanged(to key: Key) {
    guard isOnScreen else { return }
    select(key)
  }

  /// Ends the observation of the current key, when the list disappears: the loader and its
  /// pages stay, and the running load goes on.
  package func stop() {
    selection.stop()
  }

  /// Hands the list over to `next`, its view of another store (`.loaderStore(_:)` gave the
  /// list another store): ends this observation, and leaves `next` on screen when this one was.
  ///
  /// - Parameter next: The view of the new store.
  package func handOver(to next: KeyedPagedLoader) {
    guard next !== self else { return }
    selection.handOver(to: &next.selection)
  }

  deinit {
    // A screen that goes away without `stop()` ends its observation all the same. The deinit
    // runs off the main actor, so it reads the selection's storage without observation.
    _selection.stopWhenReleased()
  }
}
