#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// Renders a ``LoadPhase`` you drive: the content, or the idle, loading, empty and failure
/// views, as its ``Presentation`` says (`AsyncResultView` of Ralf Ebert's "AsyncView –
/// Asynchrone Ladevorgänge in SwiftUI", kntkymt's Switch style for a screen without paging,
/// `AsyncResourceView` of "AsyncResourceView — simplified resource loading").
///
/// The view decides nothing: it maps ``AsyncPhase/presentation(hasMore:hasPrevious:placeholder:isEmpty:)``
/// to views, and hands every trigger to a ``ContentController`` that runs `retry` in a task it
/// owns.
/// - **The first load** starts when the view appears and the phase is idle, from the view's
///   stable container, never from the idle view the load replaces. So a `retry` that is an
///   ordinary async function is not cancelled by the branch swap it causes.
/// - **Appearing again** with something shown starts nothing.
/// - **Pull-to-refresh, the failure view's Retry, the empty state's Reload and the banner's
///   Retry** run `retry` too, joined into one run; SwiftUI cancelling the refresh task ends only
///   the waiting.
/// - A first load with a placeholder shows the content redacted, in the same branch of the view
///   tree as the real content, so structural identity holds.
/// - A failed reload keeps the content under a banner the ``BannerPolicy`` in the environment
///   shows, hides or times out.
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
  private let kind: PhaseKind?
  private let placeholder: Value?
  private let retry: @Sendable () async -> Void
  private let content: (Value) -> Content
  private let idle: Idle
  private let loading: Loading
  private let failure: (any Error, Bool) -> FailureContent
  private let empty: Empty

  /// Creates a view over a presentation, for phases the core does not know (your own
  /// `AsyncPhase`) or a presentation computed elsewhere.
  ///
  /// The view starts `retry` when it appears with an idle presentation. A presentation cannot
  /// tell an idle phase shown with a placeholder from a first load; pass the phase instead
  /// (``init(_:placeholder:isEmpty:retry:idle:loading:failure:empty:content:)``) when you use a
  /// placeholder.
  ///
  /// ```swift
  /// LoadPhaseView(presentation: phase.presentation(isEmpty: \.isEmpty), retry: reload) {
  ///   ArticleView(article: $0)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - presentation: What to show; it already says what is empty.
  ///   - retry: Loads; the first load, the retry buttons and pull-to-refresh run it.
  ///   - idle: Shown before anything was requested; by default invisible.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show; it gets the error and whether a
  ///     retry runs.
  ///   - empty: Shown for a loaded value that counts as empty.
  ///   - content: Shows the value (also the redacted placeholder).
  public init(  // lint: allow empty-no-isempty (the presentation was made with its isEmpty)
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
    self.init(
      presentation: presentation, kind: nil, placeholder: nil, retry: retry, idle: idle(),
      loading: loading(), failure: failure, empty: empty(), content: content)
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
  ///   - isEmpty: Whether a loaded value counts as empty; by default, a collection without
  ///     elements.
  ///   - retry: Loads; the first load, the retry buttons and pull-to-refresh run it.
  ///   - idle: Shown before anything was requested; by default invisible.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show.
  ///   - empty: Shown for a loaded value that counts as empty.
  ///   - content: Shows the value.
  public init(
    _ phase: LoadPhase<Value, Failure>,
    placeholder: Value? = nil,
    isEmpty: (Value) -> Bool = Presentation<Value, Failure>.isEmptyByDefault,
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
      kind: phase.kind, placeholder: placeholder, retry: retry, idle: idle(), loading: loading(),
      failure: failure, empty: empty(), content: content)
  }

  private init(
    presentation: Presentation<Value, Failure>, kind: PhaseKind?, placeholder: Value?,
    retry: @escaping @Sendable () async -> Void, idle: Idle, loading: Loading,
    failure: @escaping (any Error, Bool) -> FailureContent, empty: Empty,
    content: @escaping (Value) -> Content
  ) {
    self.presentation = presentation
    self.kind = kind
    self.placeholder = placeholder
    self.retry = retry
    self.idle = idle
    self.loading = loading
    self.failure = failure
    self.empty = empty
    self.content = content
  }

  public var body: some View {
    ContentContainer(
      presentation: presentation, kind: kind, source: nil, status: SourceStatus(),
      placeholder: placeholder, actions: LoadActions(load: retry, reload: retry),
      content: content, idle: idle,
      loading: loading, failure: { failure($0, $1) }, empty: empty)
  }
}
#endif
