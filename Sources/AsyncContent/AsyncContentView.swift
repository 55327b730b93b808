#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI
#if canImport(Combine)
public import Combine
#endif

/// Shows the value of a ``LoadableObject`` or of a Combine publisher, with a loading view you
/// may replace (seed 004's `AsyncContentView` and its `PublishedObject`).
///
/// Give it a loadable object you own, or a publisher: the view then creates an
/// ``AsyncLoader`` for the publisher once and owns it in `@State`. Loading, failure with retry,
/// reload and the failed-reload banner behave as in ``AsyncLoaderView``.
///
/// ```swift
/// // A LoadableObject the caller owns:
/// AsyncContentView(source: articleModel) { article in
///   ArticleView(article: article)
/// }
///
/// // A Combine publisher, with a custom loading view:
/// AsyncContentView(source: api.articlePublisher(id: 42)) {
///   ProgressView("Loading article…")
/// } content: { article in
///   ArticleView(article: article)
/// }
/// ```
public struct AsyncContentView<
  Source: LoadableObject & Sendable, LoadingView: View, Content: View
>: View {
  @State private var ownedSource: Source?
  private let externalSource: Source?
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
    _ownedSource = State(initialValue: nil)
    self.loadingView = loadingView()
    self.content = content
  }

  public var body: some View {
    if let source = externalSource ?? ownedSource {
      AsyncLoaderView(source, loading: { loadingView }, content: content)
    }
  }
}

#if canImport(Combine)
extension AsyncContentView {
  /// Creates a view over a Combine publisher; the view owns the loader it creates for it.
  ///
  /// Every load or reload subscribes anew; each value lands as loaded and a failure as failed
  /// (or as a banner over the value that stays).
  ///
  /// - Parameters:
  ///   - publisher: The publisher, subscribed when the view loads.
  ///   - loadingView: Shown during a first load; ``DefaultLoadingView`` by default.
  ///   - content: Shows the latest value.
  public init<P: Publisher>(
    source publisher: P,
    @ViewBuilder loadingView: () -> LoadingView = { DefaultLoadingView() },
    @ViewBuilder content: @escaping (P.Output) -> Content
  ) where Source == AsyncLoader<P.Output>, P.Output: Sendable {
    externalSource = nil
    _ownedSource = State(initialValue: AsyncLoader(publisher: publisher))
    self.loadingView = loadingView()
    self.content = content
  }
}
#endif
#endif
