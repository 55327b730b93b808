#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// Renders a loader the caller owns: an ``AsyncLoader`` or any ``LoadableObject`` (Ralf Ebert's
/// `AsyncModelView`).
///
/// The view's stable container calls `load()` when it appears and nothing was requested (so
/// appearing again does not fetch again), and again when the view is given another loader or
/// its loader is reset while on screen. Pull-to-refresh, the banner's Retry and the empty
/// state's Reload call `reload()`; the failure view's Retry calls `retry()`. A
/// ``ContentController`` runs them in a task it owns; the loader owns the load itself. The
/// phase is observed through Observation: no property wrapper is needed.
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
///
/// After `reset()` while the view is on screen, the view loads again at once. A first load
/// that someone cancels (`cancel()`) is not restarted: the view loads when it appears next.
public struct AsyncLoaderView<
  Source: LoadableObject & Sendable, Content: View, Idle: View, Loading: View,
  FailureContent: View, Empty: View
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
  ///   - isEmpty: Whether a loaded value counts as empty; by default, a collection without
  ///     elements.
  ///   - idle: Shown before anything was requested; by default invisible.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show.
  ///   - empty: Shown for a loaded value that counts as empty.
  ///   - content: Shows the value.
  public init(
    _ source: Source,
    placeholder: Source.Value? = nil,
    isEmpty: @escaping (Source.Value) -> Bool = Presentation<Source.Value, Source.Failure>
      .isEmptyByDefault,
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
    SourceContent(
      source: source, placeholder: placeholder, isEmpty: isEmpty, content: content, idle: idle,
      loading: loading, failure: failure, empty: empty)
  }
}

/// A loadable object's content, or the idle view while the object is not there yet (a view
/// that selects its loader when it appears).
struct SourceContent<
  Source: LoadableObject & Sendable, Content: View, Idle: View, Loading: View,
  FailureContent: View, Empty: View
>: View {
  let source: Source?
  /// The phase to show instead of the source's: a ``KeyedLoader``'s, with the previous key's
  /// value as a placeholder.
  var shownPhase: LoadPhase<Source.Value, Source.Failure>? = nil
  let placeholder: Source.Value?
  let isEmpty: (Source.Value) -> Bool
  let content: (Source.Value) -> Content
  let idle: Idle
  let loading: Loading
  let failure: (any Error, Bool) -> FailureContent
  let empty: Empty

  var body: some View {
    let phase = shownPhase ?? source?.phase ?? .idle
    ContentContainer(
      presentation: phase.presentation(placeholder: placeholder, isEmpty: isEmpty),
      kind: phase.kind, source: source.map { ObjectIdentifier($0) },
      status: SourceStatus(source), placeholder: placeholder,
      actions: source.map { LoadActions($0) } ?? .none, content: content, idle: idle,
      loading: loading, failure: { failure($0, $1) }, empty: empty)
  }
}
#endif
