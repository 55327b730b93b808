#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// Loads a value with an async operation and shows it: the one-liner of Ralf Ebert's "AsyncView
/// – Asynchrone Ladevorgänge in SwiftUI".
///
/// The view keeps one ``AsyncLoader`` per identity, as `task(id:)` keeps one task: give it the
/// `id` of what it shows, and a new `id` means a new loader and a new load (the previous one is
/// cancelled). A parent's re-render that keeps the `id` allocates no loader and loads nothing.
/// The view's container calls `load()` when it appears (appearing again does not fetch again);
/// pull-to-refresh and the retry buttons call `reload()`, which awaits the real load, so the
/// refresh control spins exactly as long as it runs. A reload keeps the content; a cancelled
/// load is never shown as an error.
///
/// ```swift
/// AsyncView(id: country.id) { try await api.detail(id: country.id) } content: { detail in
///   CountryDetailView(detail: detail)
/// }
/// ```
///
/// With `keepsPreviousValue`, a new `id` keeps the previous value on screen while the new one
/// loads (search results stay while the next query runs); if that load fails, the previous
/// value stays under the banner.
public struct AsyncView<
  Value: Sendable, Content: View, Idle: View, Loading: View, FailureContent: View, Empty: View
>: View {
  /// Empty until the view appears, so the initializer allocates nothing.
  @State private var slot = LoaderSlot<AnyHashable, AsyncLoader<Value>>()
  private let id: AnyHashable
  private let keepsPreviousValue: Bool
  private let retry: RetryPolicy
  private let operation: @Sendable () async throws -> Value
  private let placeholder: Value?
  private let isEmpty: (Value) -> Bool
  private let content: (Value) -> Content
  private let idle: Idle
  private let loading: Loading
  private let failure: (any Error, Bool) -> FailureContent
  private let empty: Empty

  /// Creates a view that runs `operation` for `id` and shows its value.
  ///
  /// Without an `id`, the view shows the same thing for its whole life, as `task` without an id
  /// does:
  ///
  /// ```swift
  /// AsyncView(operation: { try await api.countries() }) { countries in
  ///   List(countries) { Text($0.name) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identity of what the view shows: a new value means a new load. By default the
  ///     view always shows the same thing.
  ///   - keepsPreviousValue: Whether the previous identity's value stays visible while a new
  ///     identity loads.
  ///   - placeholder: A value shown redacted during the first load instead of the loading view.
  ///   - retry: How failed attempts are retried before the failure shows.
  ///   - isEmpty: Whether a loaded value counts as empty; by default, a collection without
  ///     elements.
  ///   - operation: The load of `id`; it runs off the main actor.
  ///   - idle: Shown before the load starts; by default invisible.
  ///   - loading: Shown during the first load with nothing to show.
  ///   - failure: Shown when the load failed with nothing to show.
  ///   - empty: Shown for a value that counts as empty.
  ///   - content: Shows the value.
  public init<ID: Hashable>(
    id: ID = SingleIdentity(),
    keepsPreviousValue: Bool = false,
    placeholder: Value? = nil,
    retry: RetryPolicy = .none,
    isEmpty: @escaping (Value) -> Bool = Presentation<Value, any Error>.isEmptyByDefault,
    operation: @escaping @Sendable () async throws -> Value,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) {
    self.id = AnyHashable(id)
    self.keepsPreviousValue = keepsPreviousValue
    self.retry = retry
    self.operation = operation
    self.placeholder = placeholder
    self.isEmpty = isEmpty
    self.idle = idle()
    self.loading = loading()
    self.failure = failure
    self.empty = empty()
    self.content = content
  }

  public var body: some View {
    SourceContent(
      source: slot.loader, placeholder: placeholder, isEmpty: isEmpty, content: content,
      idle: idle, loading: loading, failure: failure, empty: empty
    )
    .onChange(of: id, initial: true) {
      slot.select(
        id, keepingPreviousValue: keepsPreviousValue, retry: retry, operation: operation)
    }
  }
}

/// The identity of a view given no `id`: always the same, so the view loads once for its whole
/// life. It is the default of the `id:` parameters.
public struct SingleIdentity: Hashable, Sendable {
  /// The one identity.
  public init() {}
}
#endif
