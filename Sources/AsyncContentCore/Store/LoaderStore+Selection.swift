package import Foundation
import Observation

// Selections: a part or a transform of a key's value, observed on its own (TanStack Query's
// `select`, with the effect of its `notifyOnChangeProps`). A screen that shows one field of a
// value reads the field's selection; a change of another field sends it no notification, and the
// transform runs once per new value, however many screens read it.
//
// A selection belongs to a loader, so to the store's entry of the key (an entry has one loader):
// the loader's core holds, in its one-word `phaseListener`, the selections made from it, by key
// path, and runs them synchronously on every change of the phase. Nothing is allocated for a
// loader nobody selects from.

extension LoaderStore {
  /// A part or a transform of the value the store holds for `key`, if any, without creating an
  /// entry: the value of `select` applied to the key's value. TanStack Query's `select`.
  ///
  /// It is observed more finely than ``value(for:)``: a view whose body reads it renders again
  /// only when the selected value changes, not when another part of the key's value changes,
  /// nor when a load starts or ends without changing it. So a header that shows a country's
  /// name does not render again when its population is edited or reloaded:
  ///
  /// ```swift
  /// struct CountryTitle: View {
  ///   @Environment(\.loaderStore) private var store
  ///   let code: String
  ///
  ///   var body: some View {
  ///     Text(store.value(for: CountryKey(code: code), select: \.name) ?? "")
  ///   }
  /// }
  /// ```
  ///
  /// - The transform runs once per new value of the key, whatever the number of readers: the
  ///   store keeps one selection per key and key path, made on first use, and updates it when a
  ///   value lands. A key path can name a computed property, which is how a transform is
  ///   spelled: `\.population.formatted`, `\.visibleCities`.
  /// - The selected value must be `Equatable` (it is compared to tell a change); the key's value
  ///   need not be.
  /// - Like ``value(for:)``, a read before the key has an entry renders again when entries come
  ///   or go, and a read of an entry that is evicted renders again once, to read what comes
  ///   next.
  ///
  /// `AsyncView(key:select:content:)` shows a selected value with its loading, failure and
  /// refresh, observed the same way.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - select: The part of the value to read: a key path, stored or computed.
  /// - Returns: The selected part of the key's value, or `nil` when the store holds no value
  ///   for the key.
  public func value<Key: LoaderKey, Selected: Equatable>(
    for key: Key, select: KeyPath<Key.Value, Selected>
  ) -> Selected? {
    guard let loader = cachedLoader(for: key) ?? restoredLoader(for: key) else {
      _ = count  // observed: the entry that comes is read on the next render
      return nil
    }
    let selection = loader.selection(select)
    _ = selection.isEntryEvicted  // observed: a read after an eviction finds no entry
    return selection.value
  }

  /// The store evicts `entry`: its selections tell their readers once, so that they read the
  /// key again (and find no entry, or a new one).
  func endSelections(of entry: StoreEntry) {
    var listener = entry.loader.core.phaseListener
    while let current = listener {
      (current as? any EvictableSelections)?.entryEvicted()
      listener = current.next
    }
  }
}

// MARK: - Selections

/// A part or a transform of a loader's value, and the loader's phase mapped through it, each
/// observed on its own and assigned only when it changes.
///
/// - ``value`` changes only when the selected value differs (`==`) from the one before.
/// - ``phase`` changes when the phase's kind changes, when the selected value differs, or with
///   a failure (errors are not compared, so a new failure always counts); a change of another
///   part of the value, or a new value whose selected part is equal, leaves it as it is.
///
/// Get one from ``AsyncLoader/selection(_:)``; the loader keeps it (one per key path) and
/// updates it synchronously when its phase changes, running the key path once per new value.
@MainActor
@Observable
package final class ValueSelection<Value: Sendable, Selected: Equatable> {
  /// The selected part of the loader's value; `nil` while the loader has no value.
  package private(set) var value: Selected?
  /// The loader's phase with its value mapped through the key path.
  package private(set) var phase: LoadPhase<Selected, any Error> = .idle
  /// Whether the store evicted the entry of the loader: set once, so that a reader through the
  /// store reads the key again.
  package private(set) var isEntryEvicted = false
  /// When the value was loaded, on the loader's wall clock, as of the last change of ``phase``:
  /// what a failed reload's banner shows. Not observed.
  @ObservationIgnored package private(set) var loadedDate: Date?
  /// Whether the load that settled last ended by a cancellation, as of the last change of
  /// ``phase``. Not observed.
  @ObservationIgnored package private(set) var lastLoadWasCancelled = false

  /// The part of the value selected.
  @ObservationIgnored package let keyPath: KeyPath<Value, Selected>

  init(_ keyPath: KeyPath<Value, Selected>, of loader: AsyncLoader<Value>) {
    self.keyPath = keyPath
    update(from: loader, valueChanged: true)
  }

  /// Maps the loader's phase, unobserved, and assigns what changed.
  ///
  /// - Parameter valueChanged: Whether a value landed since the last update; otherwise a value
  ///   the loader still shows is the one selected before, and the key path does not run.
  func update(from loader: AsyncLoader<Value>, valueChanged: Bool) {
    // The stored properties are read without registering an access (`_value`, `_phase`): an
    // update can run inside a reader's tracking (the first read makes the selection), which
    // must observe only what the reader reads.
    let current = _value
    /// The selected part of `value`, run again only for a new value.
    func select(_ value: Value) -> Selected {
      if !valueChanged, let current { return current }
      return value[keyPath: keyPath]
    }
    let newPhase: LoadPhase<Selected, any Error> =
      switch loader.storedPhase {
      case .idle: .idle
      case .loading: .loading
      case .failed(let error): .failed(error)
      case .retrying(let error): .retrying(error)
      case .loaded(let value): .loaded(select(value))
      case .reloading(let value): .reloading(select(value))
      case .reloadFailed(let value, let error): .reloadFailed(select(value), error)
      }
    let newValue = newPhase.value
    if newValue != current { value = newValue }
    if !Self.isSame(newPhase, _phase) {
      loadedDate = loader.core.unobservedLoadedDate
      lastLoadWasCancelled = loader.core.storedLastLoadWasCancelled
      phase = newPhase
    }
  }

  /// Whether two phases show the same: the same kind with equal values, and no error (errors
  /// are not compared).
  private static func isSame(
    _ lhs: LoadPhase<Selected, any Error>, _ rhs: LoadPhase<Selected, any Error>
  ) -> Bool {
    switch (lhs, rhs) {
    case (.idle, .idle), (.loading, .loading): true
    case (.loaded(let left), .loaded(let right)), (.reloading(let left), .reloading(let right)):
      left == right
    default: false
    }
  }

  /// The store evicted the loader's entry.
  func entryEvicted() {
    if !_isEntryEvicted { isEntryEvicted = true }
  }
}

/// The selections of one loader, by key path: its core's ``LoaderCore/phaseListener``.
@MainActor
final class LoaderSelections<Value: Sendable>: PhaseListener {
  /// The loader; it holds its core, which holds this.
  unowned let loader: AsyncLoader<Value>
  /// The selections made from the loader, by key path.
  private var selections: [AnyKeyPath: any UpdatableSelection<Value>] = [:]

  init(loader: AsyncLoader<Value>) {
    self.loader = loader
  }

  /// The selection of `keyPath`, made on first use.
  func selection<Selected: Equatable>(
    _ keyPath: KeyPath<Value, Selected>
  ) -> ValueSelection<Value, Selected> {
    if let selection = selections[keyPath] as? ValueSelection<Value, Selected> {
      return selection
    }
    let selection = ValueSelection(keyPath, of: loader)
    selections[keyPath] = selection
    return selection
  }

  override func phaseChanged() {
    let valueChanged = self.valueChanged
    self.valueChanged = false
    for selection in selections.values {
      selection.update(from: loader, valueChanged: valueChanged)
    }
  }

  func entryEvicted() {
    for selection in selections.values { selection.entryEvicted() }
  }
}

/// A ``ValueSelection`` of any selected type.
@MainActor
protocol UpdatableSelection<Value>: AnyObject {
  associatedtype Value: Sendable
  func update(from loader: AsyncLoader<Value>, valueChanged: Bool)
  func entryEvicted()
}

extension ValueSelection: UpdatableSelection {}

extension LoaderSelections: EvictableSelections {}

/// A loader's selections, without the loader's value type: what an eviction tells.
@MainActor
protocol EvictableSelections: AnyObject {
  func entryEvicted()
}

extension AsyncLoader {
  /// The selection of `keyPath` from this loader's value: made on first use and kept as long as
  /// the loader, so every reader of the same key path shares it and the key path runs once per
  /// new value.
  ///
  /// - Parameter keyPath: The part of the value to select.
  package func selection<Selected: Equatable>(
    _ keyPath: KeyPath<Value, Selected>
  ) -> ValueSelection<Value, Selected> {
    if let selections = core.listener(LoaderSelections<Value>.self) {
      return selections.selection(keyPath)
    }
    let selections = LoaderSelections(loader: self)
    core.addListener(selections)
    return selections.selection(keyPath)
  }
}

// MARK: - A screen's view of a selection

/// What a view of a part of a key's value shows: the phase mapped through the key path, and
/// what the view's container needs besides, as the selection recorded them.
package struct SelectedPhase<Selected> {
  /// The phase to show, with the previous key's selected value as a placeholder.
  package var phase: LoadPhase<Selected, any Error>
  /// Whether the value shown is the previous key's.
  package var isPlaceholder: Bool
  /// When the value was loaded, on the wall clock.
  package var loadedDate: Date?
  /// Whether the last load ended by a cancellation.
  package var lastLoadWasCancelled: Bool
}

extension KeyedLoader {
  /// The phase of the current key mapped through `keyPath`, read from the key's selection only:
  /// a view that shows it renders again when the selected value or the phase's kind changes,
  /// or the key changes, and not when another part of the value does.
  ///
  /// While the current key has no value, the previous key's value (with `keepsPreviousValue`)
  /// shows mapped through `keyPath`, as ``phase`` shows it whole.
  ///
  /// - Parameter keyPath: The part of the value to show.
  package func selectedPhase<Selected: Equatable>(
    _ keyPath: KeyPath<Key.Value, Selected>
  ) -> SelectedPhase<Selected> {
    guard let loader else {
      return SelectedPhase(
        phase: .idle, isPlaceholder: false, loadedDate: nil, lastLoadWasCancelled: false)
    }
    let selection = loader.selection(keyPath)
    var shown = SelectedPhase(
      phase: selection.phase, isPlaceholder: false, loadedDate: selection.loadedDate,
      lastLoadWasCancelled: selection.lastLoadWasCancelled)
    guard shown.phase.value == nil, let placeholder = shownPlaceholder else { return shown }
    let value = placeholder[keyPath: keyPath]
    switch shown.phase {
    case .idle, .loading, .retrying: shown.phase = .reloading(value)
    case .failed(let error): shown.phase = .reloadFailed(value, error)
    case .loaded, .reloading, .reloadFailed: return shown
    }
    shown.isPlaceholder = true
    return shown
  }
}
