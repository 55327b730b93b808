import Observation

/// A screen's view of a ``LoaderStore`` for a key that changes: it observes the current key, and
/// can keep showing the previous key's value, flagged as a placeholder, until the new key's
/// first value lands.
///
/// A search-as-you-type screen keeps its old results on screen while the new query loads,
/// instead of a blank spinner on every keystroke (TanStack Query's `placeholderData`):
///
/// ```swift
/// let search = KeyedLoader<SearchKey>(store: store, keepsPreviousValue: true)
/// search.select(SearchKey(query: "aus"))
/// // … the results of "aus" land, then the user types one more letter:
/// search.select(SearchKey(query: "aust"))
/// search.phase          // .reloading(results of "aus")
/// search.isPlaceholder  // true, until the results of "aust" land
/// ```
///
/// - **One key observed.** ``select(_:)`` observes the new key and ends the observation of the
///   previous one. The previous key's running load is cancelled when no other observer shows
///   it, so a fast typist starts at most one request at a time; its entry stays cached.
/// - **The placeholder.** With `keepsPreviousValue`, the value on screen when the key changes
///   stays while the new key has none: its first load shows as `reloading`, its failure as
///   `reloadFailed` with the placeholder kept under the banner. A new key with a cached value
///   shows that value at once.
/// - **Lifecycle.** The owner of the work is the store's loader, never the view: a view calls
///   ``select(_:)`` when it appears, ``keyChanged(to:)`` when its key changes, and ``stop()``
///   when it disappears, which ends the observation and leaves the load running.
///   `AsyncView(key:)` does this.
/// - **Disabled keys.** A key whose ``StoreKey/isEnabled`` is `false` shows its loader's phase
///   (idle, unless a value was set) with no placeholder, and its ``actions`` load nothing: the
///   view's appearance, pull-to-refresh and the retry buttons start no request. A new key value
///   that is enabled loads as usual.
/// - **Hidden screens observe nothing.** A key that changes while the screen is hidden (a
///   `NavigationStack` pushed another screen over it: the view is still alive and still sees its
///   key change) starts no observation and no request; the screen observes the key it shows
///   when it appears again, once.
@MainActor
@Observable
package final class KeyedLoader<Key: LoaderKey> {
  /// The store the loaders come from.
  package let store: LoaderStore
  /// Whether the previous key's value stays on screen, as a placeholder, until the new key's
  /// first value lands.
  package let keepsPreviousValue: Bool

  /// The current key and its observation.
  private var selection = KeyObservation<Key, AsyncLoader<Key.Value>>()
  /// The previous key's value, shown while the current key has none.
  private var placeholder: Key.Value?

  /// The current key; `nil` before the first ``select(_:)``.
  package var key: Key? { selection.key }
  /// The current key's loader; `nil` before the first ``select(_:)``.
  package var loader: AsyncLoader<Key.Value>? { selection.loader }

  /// Creates a view of `store` that observes nothing yet.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - keepsPreviousValue: Whether the previous key's value stays on screen until the new
  ///     key's first value lands.
  package init(store: LoaderStore, keepsPreviousValue: Bool = false) {
    self.store = store
    self.keepsPreviousValue = keepsPreviousValue
  }

  /// Whether the screen is on screen: it appeared (``select(_:)``) and did not disappear since
  /// (``stop()``).
  package var isOnScreen: Bool { selection.isOnScreen }

  /// The screen appeared showing `key` (or code observes `key` now): observes it. The same key
  /// observed again after ``stop()`` is observed again (a view that appears); a new key
  /// replaces the previous one, whose running load is cancelled when nobody else observes it.
  ///
  /// - Parameter key: The key the screen shows.
  package func select(_ key: Key) {
    let previousValue = phase.value
    let store = store
    let changed = selection.select(key, in: store) { key in
      let subscription = store.observe(key)
      return (subscription.observation, subscription.loader)
    }
    if changed { placeholder = keepsPreviousValue ? previousValue : nil }
  }

  /// The screen's key changed: on screen, observes `key` as ``select(_:)`` does; hidden (after
  /// ``stop()``, or before the first ``select(_:)``), observes nothing and requests nothing. The
  /// screen observes the key it shows when it appears again.
  ///
  /// - Parameter key: The key the screen shows now.
  package func keyChanged(to key: Key) {
    guard isOnScreen else { return }
    select(key)
  }

  /// Ends the observation of the current key, when the view disappears: the loader and the
  /// value stay, and the running load goes on.
  package func stop() {
    selection.stop()
  }

  /// Hands the screen over to `next`, its view of another store (`.loaderStore(_:)` gave the
  /// view another store): ends this observation, and leaves `next` on screen when this one was.
  ///
  /// - Parameter next: The view of the new store.
  package func handOver(to next: KeyedLoader) {
    guard next !== self else { return }
    selection.handOver(to: &next.selection)
  }

  /// Whether the current key may load: its ``StoreKey/isEnabled``; `false` before the first
  /// ``select(_:)``.
  package var isEnabled: Bool { key?.isEnabled ?? false }

  /// The loads the view's triggers run (its appearance, pull-to-refresh, the retry buttons):
  /// the current key's loader's, or none while the key is disabled or not selected yet.
  package var actions: LoadActions {
    guard let loader, isEnabled else { return .none }
    return LoadActions(loader)
  }

  /// The previous key's value, while it is shown: a disabled key shows none, since nothing
  /// would replace it.
  var shownPlaceholder: Key.Value? {
    isEnabled ? placeholder : nil
  }

  /// Whether the value on screen is the previous key's, kept while the current key has none.
  package var isPlaceholder: Bool {
    shownPlaceholder != nil && loader?.phase.value == nil
  }

  /// The phase to show: the current key's loader's phase, or, while it has no value, that
  /// phase with the previous key's value kept as a placeholder.
  package var phase: LoadPhase<Key.Value, any Error> {
    guard let loader else { return .idle }
    let phase = loader.phase
    guard phase.value == nil, let placeholder = shownPlaceholder else { return phase }
    switch phase {
    case .idle, .loading, .retrying: return .reloading(placeholder)
    case .failed(let error): return .reloadFailed(placeholder, error)
    case .loaded, .reloading, .reloadFailed: return phase
    }
  }

  /// The value on screen: the current key's, or the placeholder.
  package var value: Key.Value? { phase.value }

  deinit {
    // A screen that goes away without `stop()` ends its observation all the same. The deinit
    // runs off the main actor, so it reads the selection's storage without observation.
    _selection.stopWhenReleased()
  }
}
