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
/// - **The placeholder.** By default a new key shows its own phase at once: its cached pages, or
///   its first load. With `keepsPreviousValue`, the rows on screen when the key changes stay
///   while the new key has none: its first page's load shows as `reloading`, so no footer, no
///   end of the list and no page of the previous key loads from them, and the new key's first
///   page replaces them. If that load fails, the failure shows without the previous rows, whose
///   end of the list would be another list's.
/// - **Disabled keys.** A key whose ``StoreKey/isEnabled`` is `false` shows its loader's phase
///   (idle) with no placeholder, and its ``actions`` and ``loadMore()`` load nothing.
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
  /// Whether the previous key's rows stay on screen, as a placeholder, until the new key's
  /// first page lands.
  package let keepsPreviousValue: Bool

  /// The current key and its observation.
  private var selection = KeyObservation<Key, PagedLoader<Key.Item, Key.Cursor>>()
  /// The previous key's items, shown while the current key has none.
  private var placeholder: PagedLoader<Key.Item, Key.Cursor>.Items?

  /// The current key; `nil` before the first ``select(_:)``.
  package var key: Key? { selection.key }
  /// The current key's loader; `nil` before the first ``select(_:)``.
  package var loader: PagedLoader<Key.Item, Key.Cursor>? { selection.loader }

  /// Creates a view of `store` that observes nothing yet.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - keepsPreviousValue: Whether the previous key's rows stay on screen until the new
  ///     key's first page lands.
  package init(store: LoaderStore, keepsPreviousValue: Bool = false) {
    self.store = store
    self.keepsPreviousValue = keepsPreviousValue
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
    let previousItems = phase.value
    let store = store
    let changed = selection.select(key, in: store) { key in
      let subscription = store.observe(key)
      return (subscription.observation, subscription.loader)
    }
    if changed { placeholder = keepsPreviousValue ? previousItems : nil }
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

  /// Whether the current key may load: its ``StoreKey/isEnabled``; `false` before the first
  /// ``select(_:)``.
  package var isEnabled: Bool { key?.isEnabled ?? false }

  /// Whether the rows on screen are the previous key's, kept while the current key's first page
  /// loads.
  package var isPlaceholder: Bool {
    guard let loader, loader.phase.value == nil else { return false }
    return phase.value != nil
  }

  /// The phase to show: the current key's loader's phase, or, while its first page loads, the
  /// previous key's rows as a reload (which shows no footer and loads no page).
  package var phase: PagedPhase<PagedLoader<Key.Item, Key.Cursor>.Items, any Error> {
    guard let loader else { return .idle }
    let phase = loader.phase
    guard phase.value == nil, isEnabled, let placeholder else { return phase }
    switch phase {
    case .idle, .loading, .retrying: return .reloading(placeholder)
    default: return phase
    }
  }

  /// Whether another page exists: the current key's; `false` while the rows are a
  /// placeholder.
  package var hasMore: Bool {
    isPlaceholder ? false : loader?.hasMore ?? false
  }

  /// Whether an earlier page exists, for a list that pages backwards: the current key's;
  /// `false` while the rows are a placeholder.
  package var hasPrevious: Bool? {
    guard let hasPrevious = loader?.hasPrevious else { return nil }
    return isPlaceholder ? false : hasPrevious
  }

  /// The loads the list's triggers run (its appearance, pull-to-refresh, the retry buttons):
  /// the current key's loader's, or none while the key is disabled or not selected yet.
  package var actions: LoadActions {
    guard let loader, isEnabled else { return .none }
    return LoadActions(paged: loader)
  }

  /// The footer's load: the current key's next page, or nothing while the key is disabled or
  /// the rows are a placeholder.
  package func loadMore() async {
    guard let loader, isEnabled, !isPlaceholder else { return }
    await loader.loadMore()
  }

  /// The header's load: the current key's previous page, or nothing while the key is disabled
  /// or the rows are a placeholder.
  package func loadPrevious() async {
    guard let loader, isEnabled, !isPlaceholder else { return }
    await loader.loadPrevious()
  }

  deinit {
    // A screen that goes away without `stop()` ends its observation all the same. The deinit
    // runs off the main actor, so it reads the selection's storage without observation.
    _selection.stopWhenReleased()
  }
}
