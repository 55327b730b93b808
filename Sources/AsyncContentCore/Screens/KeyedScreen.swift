package import Foundation
import Observation

/// What a ``KeyedScreen`` needs of its kind of key: how to observe a key, and how the key's
/// loader shows a placeholder. ``ValueScreenKind`` and ``PagedScreenKind`` are the two kinds.
@MainActor
package protocol ScreenKind {
  associatedtype Key: StoreKey
  associatedtype Loader: ScreenLoader
  /// The phase before the first key.
  static var idle: Loader.Phase { get }
  /// Observes `key` in `store`.
  static func observe(_ key: Key, in store: LoaderStore) -> StoreSubscription<Loader>
  /// `phase`, which has no value, with the previous key's value shown over it.
  static func phase(_ phase: Loader.Phase, showing value: Loader.Phase.Value) -> Loader.Phase
  /// The loads a screen's triggers run on `loader`.
  static func actions(of loader: Loader) -> LoadActions
}

/// What a ``KeyedScreen`` reads of its key's loader: ``AsyncLoader`` and ``PagedLoader`` have it.
@MainActor
package protocol ScreenLoader: AnyLoader {
  associatedtype Phase: AsyncPhase
  var phase: Phase { get }
  /// Cancels the running load.
  func cancel()
}

extension AsyncLoader: ScreenLoader {}
extension PagedLoader: ScreenLoader {}

/// A ``LoaderKey``'s screen: a failure without a value shows under the placeholder, as a failed
/// reload.
package enum ValueScreenKind<Key: LoaderKey>: ScreenKind {
  package typealias Loader = AsyncLoader<Key.Value>
  package typealias Phase = LoadPhase<Key.Value, any Error>
  package static var idle: Phase { .idle }
  package static func observe(_ key: Key, in store: LoaderStore) -> StoreSubscription<Loader> {
    store.observe(key)
  }
  package static func phase(_ phase: Phase, showing value: Key.Value) -> Phase {
    phase.showing(value)
  }
  package static func actions(of loader: Loader) -> LoadActions { LoadActions(loader) }
}

/// A ``PagedLoaderKey``'s screen: a failure shows without the previous rows, whose end of the
/// list would be another list's.
package enum PagedScreenKind<Key: PagedLoaderKey>: PagingScreenKind {
  package typealias Loader = PagedLoader<Key.Item, Key.Cursor>
  package typealias Item = Key.Item
  package typealias Cursor = Key.Cursor
  package typealias Phase = PagedPhase<Loader.Items, any Error>
  package static var idle: Phase { .idle }
  package static func observe(_ key: Key, in store: LoaderStore) -> StoreSubscription<Loader> {
    store.observe(key)
  }
  package static func actions(of loader: Loader) -> LoadActions { LoadActions(paged: loader) }
  package static func phase(_ phase: Phase, showing rows: Loader.Items) -> Phase {
    switch phase {
    case .idle, .loading, .retrying: .reloading(rows)
    default: phase
    }
  }
}

/// A ``ScreenKind`` whose loader pages: it gives a ``KeyedScreen`` its footer's and header's loads.
package protocol PagingScreenKind: ScreenKind where Loader == PagedLoader<Item, Cursor> {
  associatedtype Item: Identifiable & Sendable where Item.ID: Sendable
  associatedtype Cursor: Sendable
}

/// The screen side of a value key that changes (search as you type): `AsyncView(key:)`'s.
package typealias ValueScreen<Key: LoaderKey> = KeyedScreen<ValueScreenKind<Key>>
/// The screen side of a paged key that changes: `PagingList(key:)`'s.
package typealias PagedScreen<Key: PagedLoaderKey> = KeyedScreen<PagedScreenKind<Key>>

/// A screen's view of a ``LoaderStore`` for a key that changes: it observes the current key
/// while on screen (``select(_:)``, ``keyChanged(to:)``, ``stop()``), and can keep the previous
/// key's value on screen, as a placeholder, until the new key's first value lands.
@MainActor
@Observable
package final class KeyedScreen<Kind: ScreenKind> {
  /// The phase of the key's loader: a ``LoadPhase`` or a ``PagedPhase``.
  package typealias Phase = Kind.Loader.Phase
  package let store: LoaderStore
  /// Whether the previous key's value stays on screen until the new key's first value lands.
  package let keepsPreviousValue: Bool
  /// The current key; `nil` before the first ``select(_:)``.
  package private(set) var key: Kind.Key?
  /// The current key's loader; `nil` before the first ``select(_:)``.
  package private(set) var loader: Kind.Loader?
  /// Whether the screen appeared (``select(_:)``) and did not disappear since (``stop()``).
  package private(set) var isOnScreen = false
  /// The observation of the current key; `nil` after ``stop()``.
  @ObservationIgnored private var observation: StoreObservation?
  /// The previous key's value, shown while the current key has none.
  private var placeholder: Phase.Value?

  /// Creates a view of `store` that observes nothing yet.
  package init(store: LoaderStore, keepsPreviousValue: Bool = false) {
    self.store = store
    self.keepsPreviousValue = keepsPreviousValue
  }

  /// The screen appeared showing `key`: observes it (again, after ``stop()``). A new key
  /// replaces the previous one, whose running load is cancelled when nobody else observes it.
  package func select(_ key: Kind.Key) {
    let previousValue = phase.value
    isOnScreen = true
    if key == self.key {
      if observation == nil { observation = Kind.observe(key, in: store).observation }
      return
    }
    let previousKey = self.key
    let previousLoader = loader
    observation?.cancel()
    let subscription = Kind.observe(key, in: store)
    (observation, loader) = (subscription.observation, subscription.loader)
    self.key = key
    if let previousKey, let previousLoader, previousLoader.isLoadRunning,
      store.observerCount(for: previousKey) == 0
    {
      previousLoader.cancel()
    }
    placeholder = keepsPreviousValue ? previousValue : nil
  }

  /// The screen's key changed: observes it as ``select(_:)`` does, but only while on screen.
  package func keyChanged(to key: Kind.Key) {
    guard isOnScreen else { return }
    select(key)
  }

  /// The screen disappeared: ends the observation; the loader, its value and its load stay.
  package func stop() {
    isOnScreen = false
    observation?.cancel()
    observation = nil
  }

  /// Hands the screen over to `next`, its view of another store: `next` is on screen if this was.
  package func handOver(to next: KeyedScreen) {
    guard next !== self else { return }
    let onScreen = isOnScreen
    stop()
    next.isOnScreen = onScreen
  }

  /// Whether the current key may load: its ``StoreKey/isEnabled``; `false` before a key.
  package var isEnabled: Bool { key?.isEnabled ?? false }

  /// The loads the view's triggers run: the current key's loader's; none while it is disabled.
  package var actions: LoadActions {
    guard let loader, isEnabled else { return .none }
    return Kind.actions(of: loader)
  }

  /// The previous key's value, while it is shown: a disabled key shows none.
  var shownPlaceholder: Phase.Value? { isEnabled ? placeholder : nil }

  /// Whether the value on screen is the previous key's, kept while the current key has none.
  package var isPlaceholder: Bool {
    guard let loader, loader.phase.value == nil else { return false }
    return phase.value != nil
  }

  /// The phase to show: the current key's loader's, with the placeholder while it has no value.
  package var phase: Phase {
    guard let loader else { return Kind.idle }
    let phase = loader.phase
    guard phase.value == nil, let placeholder = shownPlaceholder else { return phase }
    return Kind.phase(phase, showing: placeholder)
  }

  /// The value on screen: the current key's, or the placeholder.
  package var value: Phase.Value? { phase.value }

  deinit {
    // A screen released without `stop()` ends its observation on the main actor all the same.
    guard let observation else { return }
    Task { @MainActor in observation.cancel() }
  }
}

extension KeyedScreen where Kind: PagingScreenKind {
  /// Whether another page exists: the current key's; `false` while the rows are a placeholder.
  package var hasMore: Bool { isPlaceholder ? false : loader?.hasMore ?? false }

  /// Whether an earlier page exists: the current key's; `false` while the rows are a placeholder.
  package var hasPrevious: Bool? {
    guard let hasPrevious = loader?.hasPrevious else { return nil }
    return isPlaceholder ? false : hasPrevious
  }

  /// The footer's load: the next page, or nothing while disabled or showing a placeholder.
  package func loadMore() async {
    guard let loader, isEnabled, !isPlaceholder else { return }
    await loader.loadMore()
  }

  /// The header's load: the previous page, or nothing while disabled or showing a placeholder.
  package func loadPrevious() async {
    guard let loader, isEnabled, !isPlaceholder else { return }
    await loader.loadPrevious()
  }
}

/// What a view of a part of a key's value shows: the mapped phase and the loader's status.
package struct SelectedPhase<Selected> {
  /// The phase to show, with the previous key's selected value as a placeholder.
  package var phase: LoadPhase<Selected, any Error>
  /// Whether the value shown is the previous key's.
  package var isPlaceholder = false
  /// When the value was loaded, on the wall clock.
  package var loadedDate: Date?
  /// Whether the last load ended by a cancellation.
  package var lastLoadWasCancelled = false
}

extension KeyedScreen {
  /// The current key's phase mapped through `keyPath`, read from the key's selection only, with
  /// the previous key's value mapped the same way as a placeholder.
  package func selectedPhase<Value, Selected: Equatable>(
    _ keyPath: KeyPath<Value, Selected>
  ) -> SelectedPhase<Selected>
  where Kind.Loader == AsyncLoader<Value> {
    guard let loader else { return SelectedPhase(phase: .idle) }
    let selection = loader.selection(keyPath)
    var shown = SelectedPhase(
      phase: selection.phase, loadedDate: selection.loadedDate,
      lastLoadWasCancelled: selection.lastLoadWasCancelled)
    guard shown.phase.value == nil, let placeholder = shownPlaceholder else { return shown }
    shown.phase = shown.phase.showing(placeholder[keyPath: keyPath])
    shown.isPlaceholder = true
    return shown
  }
}

extension LoadPhase {
  /// This phase, which has no value, with the previous key's value shown over it: a first load
  /// as a reload, a failure as a failed reload.
  fileprivate func showing(_ placeholder: Value) -> LoadPhase {
    switch self {
    case .idle, .loading, .retrying: .reloading(placeholder)
    case .failed(let error): .reloadFailed(placeholder, error)
    case .loaded, .reloading, .reloadFailed: self
    }
  }
}
