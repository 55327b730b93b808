/// The loads a view's triggers run (appearing, pull-to-refresh, the retry buttons), from a
/// loader or from the functions of a phase driven by hand.
package struct LoadActions: Sendable {
  /// What the view's appearance runs while nothing was requested.
  package var load: @Sendable () async -> Void
  /// What pull-to-refresh and the empty state's Reload run.
  package var reload: @Sendable () async -> Void
  /// What the failure view's and the banner's Retry run (for several keys, only the failed
  /// keys' loads).
  package var retry: @Sendable () async -> Void
  /// What the banner's Dismiss runs besides hiding the banner: the source's `dismissError()`.
  package var dismissError: @MainActor @Sendable () -> Void

  /// Creates actions from functions; `retry` defaults to `reload`.
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

  /// The actions of a loadable object; they hold it.
  package init(_ source: some LoadableObject) {
    self.init(
      load: { await source.load() }, reload: { await source.reload() },
      retry: { await source.retry() }, dismissError: { source.dismissError() })
  }

  /// The actions of a paged loader; they hold it.
  package init<Item, Cursor>(paged loader: PagedLoader<Item, Cursor>) {
    self.init(
      load: { await loader.load() }, reload: { await loader.reload() },
      retry: { await loader.retry() }, dismissError: { loader.dismissError() })
  }

  /// Actions that do nothing, for a view whose source is not there yet.
  package static let none = LoadActions(load: {}, reload: {})
}
