#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// Loads a value with an async operation and shows it: the one-liner of seed 000.
///
/// The view owns its ``AsyncLoader`` in `@State`, so re-rendering the parent never recreates
/// it or starts the load again. `.task` calls ``AsyncLoader/load()``; pull-to-refresh, the
/// retry button and the banner's Retry call ``AsyncLoader/reload()``, which awaits the real
/// load, so the refresh control spins exactly as long as it runs. A reload keeps the content;
/// a cancelled load is never shown as an error.
///
/// ```swift
/// AsyncView(operation: { try await api.countries() }) { countries in
///   List(countries) { Text($0.name) }
/// }
/// ```
///
/// The operation is captured when the view first appears in the hierarchy; to load something
/// else, give the view a new identity with `.id(_:)`, or own an ``AsyncLoader`` and use
/// ``AsyncLoaderView``.
public struct AsyncView<
  Value: Sendable, Content: View, Idle: View, Loading: View, FailureContent: View, Empty: View
>: View {
  @State private var loader: AsyncLoader<Value>
  private let placeholder: Value?
  private let content: (Value) -> Content
  private let idle: Idle
  private let loading: Loading
  private let failure: (any Error, Bool) -> FailureContent
  private let empty: Empty

  /// Creates a view that runs `operation` and shows its value.
  ///
  /// - Parameters:
  ///   - placeholder: A value shown redacted during the first load instead of the loading view.
  ///   - retry: How failed attempts are retried before the failure shows.
  ///   - operation: The load; it runs off the main actor.
  ///   - idle: Shown before the load starts; by default invisible, it starts the load.
  ///   - loading: Shown during the first load with nothing to show.
  ///   - failure: Shown when the load failed with nothing to show.
  ///   - empty: Shown for a value that counts as empty (see ``LoadPhaseView``).
  ///   - content: Shows the value.
  public init(
    placeholder: Value? = nil,
    retry: RetryPolicy = .none,
    operation: @escaping @Sendable () async throws -> Value,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) {
    // `State` keeps the first loader; later ones are created and dropped without loading.
    _loader = State(initialValue: AsyncLoader(retry: retry, operation: operation))
    self.placeholder = placeholder
    self.idle = idle()
    self.loading = loading()
    self.failure = failure
    self.empty = empty()
    self.content = content
  }

  public var body: some View {
    AsyncLoaderView(
      loader, placeholder: placeholder, idle: { idle }, loading: { loading }, failure: failure,
      empty: { empty }, content: content)
  }
}
#endif
