/// The one loader of a view for its current identity: the same loader while the identity stays,
/// a new one when it changes, as `task(id:)` restarts its task. A view keeps it in `@State` and
/// selects its loader when it appears and when the identity changes.
package struct LoaderSlot<ID: Hashable, Loader: AnyObject> {
  /// The identity the loader belongs to; `nil` before the first selection.
  package private(set) var id: ID?
  /// The loader of ``id``; `nil` before the first selection.
  package private(set) var loader: Loader?
  /// How many loaders the slot has made.
  package private(set) var loadersMade = 0

  /// Creates an empty slot.
  package init() {}

  /// Selects the loader of `id`: keeps the current one while `id` stays, else makes a new one
  /// with `make` (given the one it replaces, which is released); returns `true` when it made one.
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
  /// Selects the ``AsyncLoader`` of `id`. With `keepingPreviousValue`, the new loader starts
  /// reloading at once with the previous identity's value on screen; without, it starts idle.
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
