#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI
#if canImport(Combine)
public import Combine
#endif

/// Shows the value of a ``LoadableObject`` or of a Combine publisher, with a loading view you
/// may replace (`AsyncContentView` and `PublishedObject` of "Loading states of SwiftUI views").
///
/// Give it a loadable object you own, or a publisher with the `id` of what it publishes: the
/// view then keeps one ``AsyncLoader`` per `id` (a re-render that keeps the `id` makes none).
/// Loading, failure with retry, reload and the failed-reload banner behave as in
/// ``AsyncLoaderView``.
///
/// ```swift
/// // A LoadableObject the caller owns:
/// AsyncContentView(source: articleModel) { article in
///   ArticleView(article: article)
/// }
///
/// // A Combine publisher, with a custom loading view:
/// AsyncContentView(id: 42, source: api.articlePublisher(id: 42)) {
///   ProgressView("Loading article…")
/// } content: { article in
///   ArticleView(article: article)
/// }
/// ```
public struct AsyncContentView<
  Source: LoadableObject & Sendable, LoadingView: View, Content: View
>: View {
  /// Empty unless the view makes its own loader (the publisher initializer).
  @State private var slot = LoaderSlot<AnyHashable, Source>()
  private let externalSource: Source?
  private let owned: (id: AnyHashable, make: @MainActor () -> Source)?
  private let loadingView: LoadingView
  private let content: (Source.Value) -> Content

  /// Creates a view over a loadable object the caller owns.
  ///
  /// - Parameters:
  ///   - source: The object; it is observed, not owned.
  ///   - loadingView: Shown during a first load; ``DefaultLoadingView`` by default.
  ///   - content: Shows the value.
  public init(
    source: Source,
    @ViewBuilder loadingView: () -> LoadingView = { DefaultLoadingView() },
    @ViewBuilder content: @escaping (Source.Value) -> Content
  ) {
    externalSource = source
    owned = nil
    self.loadingView = loadingView()
    self.content = content
  }

  public var body: some View {
    SourceContent(
      source: externalSource ?? slot.loader, placeholder: nil,
      isEmpty: Presentation<Source.Value, Source.Failure>.isEmptyByDefault, content: content,
      idle: DefaultIdleView(), loading: loadingView,
      failure: { DefaultFailureView(error: $0, isRetrying: $1) }, empty: DefaultEmptyView()
    )
    .onChange(of: owned?.id, initial: true) {
      if let owned { slot.select(owned.id) { _ in owned.make() } }
    }
  }
}

#if canImport(Combine)
extension AsyncContentView {
  /// Creates a view over a Combine publisher; the view keeps the loader it makes for it, one per
  /// `id`.
  ///
  /// Every load or reload subscribes anew; each value lands as loaded and a failure as failed
  /// (or as a banner over the value that stays). The publisher is read when the `id` changes,
  /// so a re-render that keeps the `id` subscribes nothing.
  ///
  /// - Parameters:
  ///   - id: The identity of what the publisher publishes: a new value means a new loader.
  ///   - publisher: The publisher, subscribed when the view loads.
  ///   - loadingView: Shown during a first load; ``DefaultLoadingView`` by default.
  ///   - content: Shows the latest value.
  public init<ID: Hashable, P: Publisher>(
    id: ID,
    source publisher: P,
    @ViewBuilder loadingView: () -> LoadingView = { DefaultLoadingView() },
    @ViewBuilder content: @escaping (P.Output) -> Content
  ) where Source == AsyncLoader<P.Output>, P.Output: Sendable {
    externalSource = nil
    owned = (AnyHashable(id), { AsyncLoader(publisher: publisher) })
    self.loadingView = loadingView()
    self.content = content
  }
}
#endif
#endif
