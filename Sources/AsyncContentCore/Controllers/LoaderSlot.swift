/// The one loader of a view for its current identity: the same loader while the identity stays,
/// a new one when it changes, as `task(id:)` restarts its task.
///
/// A SwiftUI view must not create a loader in its initializer: every parent render runs the
/// initializer again, and `@State` keeps only the first value, so the view both allocates a
/// throwaway loader on every render and keeps loading its first input when the input changes.
/// A view keeps a `LoaderSlot` in `@State` instead (an empty slot allocates nothing) and selects
/// its loader for its identity when it appears and when the identity changes.
///
/// ```swift
/// @State private var slot = LoaderSlot<Country.ID, AsyncLoader<CountryDetail>>()
///
/// .onChange(of: country.id, initial: true) {
///   slot.select(country.id, keepingPreviousValue: false) { try await api.detail(id: country.id) }
/// }
/// ```
package struct LoaderSlot<ID: Hashable, Loader: AnyObject> {
  /// The identity the loader belongs to; `nil` before the first selection.
  package private(set) var id: ID?
  /// The loader of ``id``; `nil` before the first selection.
  package private(set) var loader: Loader?
  /// How many loaders the slot has made.
  package private(set) var loadersMade = 0

  /// Creates an empty slot.
  package init() {}

  /// Selects the loader of `id`: keeps the current one when `id` has not changed, and makes a
  /// new one with `make` when it has. The previous loader is released, which cancels its work.
  ///
  /// - Parameters:
  ///   - id: The identity of what the view shows.
  ///   - make: Makes the loader of a new identity; it gets the loader it replaces, if any.
  /// - Returns: `true` when a new loader was made.
  @discardableResult
  package mutating func select(_ id: ID, make: (_ previous: Loader?) -> Loader) -> Bool {
    guard id != self.id || loader == nil else { return false }
    let made = make(loader)
    self.id = id
    loader = made
    loadersMade += 1
    return true
  }
}

extension LoaderSlot {
  /// Selects the ``AsyncLoader`` of `id`: a new identity gets a new loader for `operation`.
  ///
  /// With `keepingPreviousValue`, the new loader starts reloading at once with the previous
  /// identity's value on screen (a search that keeps the old results while the new ones load);
  /// if that load fails, the previous value stays under the banner. Without it, the new loader
  /// starts idle and the view's first load shows progress.
  ///
  /// - Parameters:
  ///   - id: The identity of what the view shows.
  ///   - keepingPreviousValue: Whether the previous identity's value stays visible while the
  ///     new one loads.
  ///   - retry: How the new loader retries failed attempts.
  ///   - operation: The load of `id`.
  /// - Returns: `true` when a new loader was made.
  @MainActor
  @discardableResult
  package mutating func select<Value: Sendable>(
    _ id: ID,
    keepingPreviousValue: Bool,
    retry: RetryPolicy = .never,
    operation: @escaping @Sendable () async throws -> Value
  ) -> Bool where Loader == AsyncLoader<Value> {
    var kept: Value?
    let made = select(id) { previous in
      kept = keepingPreviousValue ? previous?.phase.value : nil
      return AsyncLoader(
        phase: kept.map { .loaded($0) } ?? .idle, retry: retry, operation: operation)
    }
    if made, kept != nil { loader?.startReload() }
    return made
  }
}
