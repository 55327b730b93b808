package import Foundation
import Observation

extension LoaderStore {
  /// A part or a transform of the value the store holds for `key`, if any, without creating an
  /// entry: the value of `select` applied to the key's value.
  ///
  /// It is observed more finely than ``value(for:)``: a view whose body reads it renders again
  /// only when the selected value changes:
  ///
  /// ```swift
  /// Text(store.value(for: CountryKey(code: code), select: \.name) ?? "")
  /// ```
  ///
  /// The transform runs once per new value, whatever the number of readers; a key path can name
  /// a computed property. `AsyncView(key:select:content:)` shows a selected value with its
  /// loading, failure and refresh.
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

/// A part or a transform of a loader's value, and the loader's phase mapped through it, each
/// observed on its own and assigned only when it changes (errors are not compared). Get one
/// from ``AsyncLoader/selection(_:)``.
@MainActor
@Observable
package final class ValueSelection<Value: Sendable, Selected: Equatable> {
  /// The selected part of the loader's value; `nil` while the loader has no value.
  package private(set) var value: Selected?
  /// The loader's phase with its value mapped through the key path.
  package private(set) var phase: LoadPhase<Selected, any Error> = .idle
  /// Whether the store evicted the loader's entry: set once, so a reader reads the key again.
  package private(set) var isEntryEvicted = false
  /// When the value was loaded, on the wall clock, as of the last change of ``phase``.
  @ObservationIgnored package private(set) var loadedDate: Date?
  /// Whether the last load ended by a cancellation, as of the last change of ``phase``.
  @ObservationIgnored package private(set) var lastLoadWasCancelled = false

  /// The part of the value selected.
  @ObservationIgnored package let keyPath: KeyPath<Value, Selected>

  init(_ keyPath: KeyPath<Value, Selected>, of loader: AsyncLoader<Value>) {
    self.keyPath = keyPath
    update(from: loader, valueChanged: true)
  }

  /// Maps the loader's phase, unobserved, and assigns what changed; the key path runs only
  /// when `valueChanged` (a value landed since the last update).
  func update(from loader: AsyncLoader<Value>, valueChanged: Bool) {
    // Reads the storage (`_value`, `_phase`): an update can run inside a reader's tracking.
    let current = _value
    /// The selected part of `value`, run again only for a new value.
    func select(_ value: Value) -> Selected {
      if !valueChanged, let current { return current }
      return value[keyPath: keyPath]
    }
    let newPhase = loader.storedPhase.map(select)
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

  init(loader: AsyncLoader<Value>) { self.loader = loader }

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
  /// the loader, shared by every reader of the key path.
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
