#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// Renders a ``LoadPhase``: the content, or the idle, loading, empty and failure views, as its
/// ``Presentation`` says (seed 000's `AsyncResultView`, seed 001's Switch style for a screen
/// without paging, seed 002's `AsyncResourceView`).
///
/// The view decides nothing: it maps ``AsyncPhase/presentation(hasMore:placeholder:isEmpty:)`` to views.
/// - A first load with a placeholder shows the content redacted, in the same branch of the view
///   tree as the real content, so structural identity holds (seed 001's Case EX).
/// - A reload keeps the content; a failed reload keeps it under a dismissible banner.
/// - `retry` becomes the environment's refresh action: the default idle view runs it when it
///   appears, the failure view's ``RetryButton`` and the banner's Retry run it, and a scroll
///   view in the content gets pull-to-refresh.
///
/// Every builder but `content` is optional; the defaults are ``DefaultIdleView``,
/// ``DefaultLoadingView``, ``DefaultFailureView`` and ``DefaultEmptyView``.
///
/// ```swift
/// @State private var phase: LoadPhase<[Country], any Error> = .idle
///
/// var body: some View {
///   LoadPhaseView(phase, retry: { await fetchCountries() }) { countries in
///     List(countries) { Text($0.name) }
///   }
/// }
/// ```
public struct LoadPhaseView<
  Value, Failure: Error, Content: View, Idle: View, Loading: View, FailureContent: View,
  Empty: View
>: View {
  private let presentation: Presentation<Value, Failure>
  private let retry: @Sendable () async -> Void
  private let content: (Value) -> Content
  private let idle: Idle
  private let loading: Loading
  private let failure: (any Error, Bool) -> FailureContent
  private let empty: Empty

  /// Creates a view over a presentation, for phases the core does not know (your own
  /// `AsyncPhase`) or a presentation computed elsewhere.
  ///
  /// ```swift
  /// LoadPhaseView(presentation: phase.presentation(placeholder: .preview), retry: reload) {
  ///   ArticleView(article: $0)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - presentation: What to show.
  ///   - retry: Loads again; the idle view, the retry buttons and pull-to-refresh run it.
  ///   - idle: Shown before anything was requested; by default invisible, it starts the load.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show; it gets the error and whether a
  ///     retry runs.
  ///   - empty: Shown for a loaded value that counts as empty.
  ///   - content: Shows the value (also the redacted placeholder).
  public init(
    presentation: Presentation<Value, Failure>,
    retry: @escaping @Sendable () async -> Void,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) {
    self.presentation = presentation
    self.retry = retry
    self.idle = idle()
    self.loading = loading()
    self.failure = failure
    self.empty = empty()
    self.content = content
  }

  /// Creates a view over a phase.
  ///
  /// ```swift
  /// LoadPhaseView(model.phase, placeholder: .placeholder, retry: { await model.reload() }) {
  ///   ProfileView(user: $0)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - phase: The phase to show.
  ///   - placeholder: A value shown redacted during a first load instead of the loading view.
  ///   - isEmpty: Whether a loaded value counts as empty.
  ///   - retry: Loads again; the idle view, the retry buttons and pull-to-refresh run it.
  ///   - idle: Shown before anything was requested; by default invisible, it starts the load.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show.
  ///   - empty: Shown for a loaded value that counts as empty.
  ///   - content: Shows the value.
  public init(
    _ phase: LoadPhase<Value, Failure>,
    placeholder: Value? = nil,
    isEmpty: (Value) -> Bool = { _ in false },
    retry: @escaping @Sendable () async -> Void,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) {
    self.init(
      presentation: phase.presentation(placeholder: placeholder, isEmpty: isEmpty),
      retry: retry, idle: idle, loading: loading, failure: failure, empty: empty,
      content: content)
  }

  public var body: some View {
    PresentationBody(
      presentation: presentation, content: content, idle: idle, loading: loading,
      failure: { failure($0, $1) }, empty: empty
    )
    .refreshable(action: retry)
  }
}

/// The switch over a presentation's body, shared by every component.
struct PresentationBody<
  Value, Failure: Error, Content: View, Idle: View, Loading: View, FailureContent: View,
  Empty: View
>: View {
  let presentation: Presentation<Value, Failure>
  let content: (Value) -> Content
  let idle: Idle
  let loading: Loading
  let failure: (Failure, Bool) -> FailureContent
  let empty: Empty

  var body: some View {
    switch presentation.body {
    case .idle:
      idle
    case .progress:
      loading
    case .content(let value, let isPlaceholder):
      // One branch for the placeholder and the real content: same structural identity.
      content(value)
        .redacted(reason: isPlaceholder ? .placeholder : [])
        .disabled(isPlaceholder)
        .failedReloadBanner(presentation.banner)
    case .empty:
      empty
        .failedReloadBanner(presentation.banner)
    case .failure(let error, let isRetrying):
      failure(error, isRetrying)
    }
  }
}
#endif
