/// The loads a view's triggers run: what appearing, pull-to-refresh and the retry buttons do.
///
/// A ``ContentController`` runs them in a task it owns. Make them from a loader with
/// ``init(_:)`` or ``init(paged:)``, or from the functions of a phase you drive by hand with
/// ``init(load:reload:retry:dismissError:)``.
///
/// ```swift
/// let actions = LoadActions(loader)                       // load(), reload(), retry()
/// let byHand = LoadActions(load: fetch, reload: fetch)    // one function for every trigger
/// ```
package struct LoadActions: Sendable {
  /// What the view's appearance runs while nothing was requested: loads when nothing is
  /// current.
  package var load: @Sendable () async -> Void
  /// What pull-to-refresh and the empty state's Reload run.
  package var reload: @Sendable () async -> Void
  /// What the failure view's Retry and the banner's Retry run: the same as ``reload`` for
  /// one loader after a failed reload, and only the failed keys' loads for several keys.
  package var retry: @Sendable () async -> Void
  /// What the banner's Dismiss runs besides hiding the banner: the source's `dismissError()`,
  /// which returns a failed reload to loaded.
  package var dismissError: @MainActor @Sendable () -> Void

  /// Creates actions from functions.
  ///
  /// - Parameters:
  ///   - load: Loads when nothing is current; the view's appearance runs it.
  ///   - reload: Loads again, whatever is shown.
  ///   - retry: Tries again after a failure; `reload` by default.
  ///   - dismissError: Dismisses a failed reload's error in the phase you drive (for example
  ///     with ``LoadPhase/dismissError()``); nothing by default.
  package init(
    load: @escaping @Sendable () async -> Void,
    reload: @escaping @Sendable () async -> Void,
    retry: (@Sendable () async -> Void)? = nil,
    dismissError: @escaping @MainActor @Sendable () -> Void = {}
  ) {
    self.load = load
    self.reload = reload
    self.retry = retry ?? reload
    self.dismissError = dismissError
  }

  /// The actions of a loadable object: `load()`, `reload()`, `retry()` and `dismissError()`.
  ///
  /// - Parameter source: The object; the actions hold it.
  package init(_ source: some LoadableObject) {
    self.init(
      load: { await source.load() }, reload: { await source.reload() },
      retry: { await source.retry() }, dismissError: { source.dismissError() })
  }

  /// The actions of a paged loader: `load()`, `reload()`, `retry()` and `dismissError()`.
  ///
  /// - Parameter loader: The loader; the actions hold it.
  package init<Item, Cursor>(paged loader: PagedLoader<Item, Cursor>) {
    self.init(
      load: { await loader.load() }, reload: { await loader.reload() },
      retry: { await loader.retry() }, dismissError: { loader.dismissError() })
  }

  /// Actions that do nothing, for a view whose source is not there yet.
  package static let none = LoadActions(load: {}, reload: {})
}
