#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// Renders a loader the caller owns: an ``AsyncLoader`` or any ``LoadableObject`` (seed 000's
/// `AsyncModelView`).
///
/// `.task` calls `load()` (which loads only when nothing is current, so appearing again does
/// not fetch again) and `.refreshable`, the retry buttons and the banner's Retry call
/// `reload()`, which returns when the real load lands. The phase is observed through
/// Observation: no property wrapper is needed.
///
/// ```swift
/// @State private var countries = AsyncLoader { try await api.countries() }
///
/// var body: some View {
///   AsyncLoaderView(countries) { countries in
///     List(countries) { Text($0.name) }
///   }
/// }
/// ```
public struct AsyncLoaderView<
  Source: LoadableObject & Sendable, Content: View, Idle: View, Loading: View,
  FailureContent: View,
  Empty: View
>: View {
  private let source: Source
  private let placeholder: Source.Value?
  private let isEmpty: (Source.Value) -> Bool
  private let content: (Source.Value) -> Content
  private let idle: Idle
  private let loading: Loading
  private let failure: (any Error, Bool) -> FailureContent
  private let empty: Empty

  /// Creates a view over a loader.
  ///
  /// - Parameters:
  ///   - source: The loader; the caller owns it (keep it in `@State` or a model).
  ///   - placeholder: A value shown redacted during a first load instead of the loading view.
  ///   - isEmpty: Whether a loaded value counts as empty.
  ///   - idle: Shown before anything was requested; by default invisible, it starts the load.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show.
  ///   - empty: Shown for a loaded value that counts as empty.
  ///   - content: Shows the value.
  public init(
    _ source: Source,
    placeholder: Source.Value? = nil,
    isEmpty: @escaping (Source.Value) -> Bool = { _ in false },
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Source.Value) -> Content
  ) {
    self.source = source
    self.placeholder = placeholder
    self.isEmpty = isEmpty
    self.idle = idle()
    self.loading = loading()
    self.failure = failure
    self.empty = empty()
    self.content = content
  }

  public var body: some View {
    LoadPhaseView(
      presentation: source.phase.presentation(placeholder: placeholder, isEmpty: isEmpty),
      retry: { [source] in await source.reload() },
      idle: { idle }, loading: { loading }, failure: { failure($0, $1) }, empty: { empty },
      content: content
    )
    .environment(\.asyncLoadAction, .startedElsewhere)
    .task { [source] in await source.load() }
  }
}
#endif
