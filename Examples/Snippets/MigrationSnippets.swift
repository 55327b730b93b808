// The SwiftUI snippets of the article "Migrating from common loading patterns"
// (Sources/AsyncContentCore/AsyncContentCore.docc/MigratingFromCommonLoadingPatterns.md),
// verbatim: for each source article, the views of its pattern, written afresh in an extension of
// the article's namespace (whose models are in Tests/AsyncContentCoreTests/ArticlePatterns.swift,
// which `.ci/swiftui-typecheck` compiles with this folder), and the same screen with
// AsyncContent. The "before" views keep the articles' mistakes on purpose; the lifecycle lint's
// `lint: allow` comments name them.
//
// After each article's screen come the recipes: each style of the article rebuilt on the
// initializers AsyncContent keeps (`AsyncView`'s four and `PagingList`'s three), in a
// `…Recipes` namespace, so that an app written in that style finds its replacement.

import AsyncContent
import Foundation
import Observation
import SwiftUI

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Ralf Ebert, "AsyncView – Asynchrone Ladevorgänge in SwiftUI"

extension RalfEbertPattern {
  struct AsyncResultView<Success, Content: View>: View {
    let result: AsyncResult<Success>
    @ViewBuilder let content: (Success) -> Content

    var body: some View {
      switch result {
      case .empty: EmptyView()
      case .inProgress: ProgressView()
      case .success(let value): content(value)
      case .failure(let error): Text(error.localizedDescription)
      }
    }
  }

  struct AsyncModelView<Success: Sendable, Content: View>: View {
    @ObservedObject var model: AsyncModel<Success>
    @ViewBuilder let content: (Success) -> Content

    var body: some View {
      AsyncResultView(result: model.result, content: content)
        .task { [model] in await model.reload() }
        .refreshable { [model] in await model.reload() }
    }
  }

  struct CountriesView: View {
    @StateObject private var countries = AsyncModel { try await api.countries() }

    var body: some View {
      AsyncModelView(model: countries) { countries in
        List(countries) { country in Text(country.name) }
      }
    }
  }
}

/// Ralf Ebert's screens with AsyncContent.
enum RalfEbertMigrated {
  struct CountriesView: View {
    @State private var countries = AsyncLoader { try await api.countries() }

    var body: some View {
      AsyncView(countries) { countries in
        List(countries) { country in Text(country.name) }
      }
    }
  }

  struct CountriesOneLiner: View {
    var body: some View {
      AsyncView(operation: { try await api.countries() }) { countries in
        List(countries) { country in Text(country.name) }
      }
    }
  }
}

/// Ralf Ebert's views, rebuilt on `AsyncView`: `AsyncModelView` is `AsyncView(_ loader:)` over
/// a loader you own, `AsyncResultView` is `AsyncView(phase:reload:)` over a phase you drive.
enum RalfEbertRecipes {
  /// `AsyncModelView(model:)`, kept as a name for an app's call sites: the loader is the model.
  struct AsyncModelView<Success: Sendable, Content: View>: View {
    let model: AsyncLoader<Success>
    @ViewBuilder let content: (Success) -> Content

    var body: some View {
      AsyncView(model, content: content)
    }
  }

  /// `AsyncResultView(result:)`: the screen drives its own phase with its own function.
  struct CountriesResultView: View {
    @State private var result: LoadPhase<[Country], any Error> = .idle

    var body: some View {
      AsyncView(phase: result, reload: { await reload() }) { countries in
        List(countries) { country in Text(country.name) }
      }
    }

    func reload() async {
      guard result.startLoading() == .started else { return }
      do {
        result.succeed(try await api.countries())
      } catch {
        if isCancellation(error) { result.cancel() } else { result.fail(error) }
      }
    }
  }
}

// MARK: - kntkymt, "[SwiftUI] enumを用いた画面の状態管理のすすめ"

extension KntkymtPattern {
  struct PostList: View {
    @State private var dataState: PagingDataState<[Post], any Error> = .idle

    var body: some View {
      List {
        switch dataState {
        case .idle, .initialLoading, .success, .reLoading, .reLoadingFailure, .paging,
          .pagingFailure:
          // One branch for the placeholders and the posts: the rows keep their identity.
          ForEach(dataState.value ?? placeholderPosts) { post in Text(post.title) }
            .redacted(reason: dataState.value == nil ? .placeholder : [])  // lint: allow read-aloud
          if case .pagingFailure = dataState {
            Button("Retry") {
              Task { await fetchNextPage() }  // lint: allow unowned-task (nobody owns it)
            }
          } else if dataState.value != nil {
            ProgressView().onAppear {
              Task { await fetchNextPage() }  // lint: allow unowned-task (nobody owns it)
            }
          }
        case .loadingFailure, .retryLoading:
          Text("Couldn't load the posts")
        }
      }
      .overlay(alignment: .top) {
        if case .reLoadingFailure(_, let error) = dataState {
          Text(error.localizedDescription)  // the banner over the posts that stay
        }
      }
      .task { await fetchFirstPage() }
      .refreshable { await fetchFirstPage() }
    }

    func fetchFirstPage() async {
      guard !dataState.isBusy else { return }
      dataState.startLoading()
      do {
        dataState = .success(try await api.posts(minId: 0, count: 30))
      } catch {
        if let posts = dataState.value {
          dataState = .reLoadingFailure(posts, error)
        } else {
          dataState = .loadingFailure(error)
        }
      }
    }

    func fetchNextPage() async {
      guard !dataState.isBusy, let posts = dataState.value, let last = posts.last else { return }
      dataState.startPaging()
      do {
        dataState = .success(posts + (try await api.posts(minId: last.id + 1, count: 30)))
      } catch {
        dataState = .pagingFailure(posts, error)
      }
    }
  }
}

/// kntkymt's screen with AsyncContent.
enum KntkymtMigrated {
  static let placeholders: PagedLoader<Post, Post.ID>.Items = [
    Post(id: -1, title: "A placeholder title"), Post(id: -2, title: "A placeholder title"),
    Post(id: -3, title: "A placeholder title"), Post(id: -4, title: "A placeholder title"),
  ]

  struct PostList: View {
    @State private var posts = PagedLoader<Post, Post.ID>.afterLastID(pageSize: 30) { id, n in
      try await api.posts(minId: (id ?? -1) + 1, count: n)
    }

    var body: some View {
      PagingList(posts, placeholder: placeholders) { post in
        Text(post.title)
      }
    }
  }
}

/// kntkymt's four `PagingList` styles, rebuilt on `PagingList`'s three initializers.
extension KntkymtRecipes {
  /// Switch: the caller's own fetch functions and its own triggers. They become the page fetch
  /// of a `PagedLoader` the caller owns, and the caller drives it (`reload()`, `loadMore()`)
  /// where it likes; the list drives it too.
  struct SwitchStylePosts: View {
    @State private var posts = PagedLoader<Post, Post.ID> { lastID in
      if let lastID { try await fetchNextPage(after: lastID) } else { try await fetchFirstPage() }
    }

    var body: some View {
      PagingList(posts) { post in
        Text(post.title)
      }
      .safeAreaInset(edge: .top) {
        RetryButton("Start over", action: { [posts] in await posts.reload() })
      }
    }

    nonisolated static func fetchFirstPage() async throws -> Page<Post, Int> {
      let posts = try await api.posts(minId: 0, count: 30)
      return Page(items: posts, nextCursor: posts.count < 30 ? nil : posts.last?.id)
    }

    nonisolated static func fetchNextPage(after lastID: Int) async throws -> Page<Post, Int> {
      let posts = try await api.posts(minId: lastID + 1, count: 30)
      return Page(items: posts, nextCursor: posts.count < 30 ? nil : posts.last?.id)
    }
  }

  /// Fetch: the caller owns the loader and reads its state; the list loads, pages and refreshes.
  struct FetchStylePosts: View {
    @State private var posts = PagedLoader<Post, Post.ID>.afterLastID(pageSize: 30) { id, n in
      try await api.posts(minId: (id ?? -1) + 1, count: n)
    }

    var body: some View {
      PagingList(posts) { post in Text(post.title) }
        .onChange(of: posts.phase.isFailure) { _, isFailure in
          if isFailure { print("report", posts.phase.error.map(String.init(describing:)) ?? "") }
        }
    }
  }

  /// Bindable Fetch: the caller reads the list's state but does not drive its loads. The model
  /// (in ArticlePatterns.swift) makes a new loader per feed, so a new feed starts from its own
  /// first page.
  struct BindableFetchStylePosts: View {
    @State private var model = FeedModel(feed: .latest)

    var body: some View {
      PagingList(model.posts) { post in
        Text(post.title)
      }
      .safeAreaInset(edge: .top) {
        HStack {
          Button("Latest") { model.select(.latest) }
          Button("Popular") { model.select(.popular) }
        }
      }
      .onChange(of: model.posts.phase.isFailure) { _, isFailure in
        if isFailure {
          print("report", model.posts.phase.error.map(String.init(describing:)) ?? "")
        }
      }
    }
  }

  /// Simple Fetch: the list owns everything.
  struct SimpleFetchStylePosts: View {
    var body: some View {
      PagingList { (lastID: Int?) in
        let posts = try await api.posts(minId: (lastID ?? -1) + 1, count: 30)
        return Page(items: posts, nextCursor: posts.count < 30 ? nil : posts.last?.id)
      } row: { post in
        Text(post.title)
      }
    }
  }
}

// MARK: - "AsyncResourceView — simplified resource loading"

extension AsyncResourceViewPattern {
  struct AsyncResourceView<Resource: Sendable, Success: View>: View {
    @ObservedObject var store: AsyncResourceViewStore<Resource>
    @ViewBuilder let success: (Resource) -> Success

    var body: some View {
      switch store.state {
      case .notRequested:
        Color.clear.task { [store] in await store.loadResource() }  // lint: allow branch-task
      case .loading:
        ProgressView()
      case .success(let resource):
        success(resource)
      case .failure:
        Button {
          Task { await store.loadResource() }  // lint: allow unowned-task (nobody owns it)
        } label: {
          Image(systemName: "arrow.counterclockwise")
        }
      }
    }
  }

  struct ColorCell: View {
    @StateObject private var store = AsyncResourceViewStore { try await api.randomColor() }

    var body: some View {
      AsyncResourceView(store: store) { name in Text(name) }
    }
  }
}

/// "AsyncResourceView — simplified resource loading", rebuilt on `AsyncView(_ loader:)`: the
/// store is an `AsyncLoader`, its optional not-requested, loading and failure views are the
/// `idle:`, `loading:` and `failure:` builders.
enum AsyncResourceViewRecipes {
  /// `AsyncResourceView(store:)`, kept as a name for an app's call sites.
  struct AsyncResourceView<Resource: Sendable, Success: View>: View {
    let store: AsyncLoader<Resource>
    @ViewBuilder let success: (Resource) -> Success

    var body: some View {
      AsyncView(
        store,
        failure: { _, isRetrying in
          RetryButton(isRunning: isRetrying) { Image(systemName: "arrow.counterclockwise") }
        },
        content: success)
    }
  }

  struct ColorCell: View {
    @State private var color = AsyncLoader { try await api.randomColor() }

    var body: some View {
      AsyncView(
        color,
        loading: { ProgressView("Mixing…") },
        failure: { _, isRetrying in RetryButton(isRunning: isRetrying) }
      ) { name in
        Text(name)
      }
    }
  }
}

// MARK: - John Sundell, "Making SwiftUI views refreshable"

extension SundellPattern {
  @MainActor
  final class RefreshActionPerformer: ObservableObject {
    @Published private(set) var isPerforming = false

    func perform(_ action: RefreshAction) async {
      guard !isPerforming else { return }
      isPerforming = true
      await action()
      isPerforming = false
    }
  }

  struct RetryButton: View {
    var title: LocalizedStringKey = "Retry"
    @Environment(\.refresh) private var action
    @StateObject private var performer = RefreshActionPerformer()

    var body: some View {
      if let action {
        Button {
          Task { await performer.perform(action) }  // lint: allow unowned-task (see below)
        } label: {
          ZStack {
            Text(title).opacity(performer.isPerforming ? 0 : 1)
            if performer.isPerforming { ProgressView() }
          }
        }
        .disabled(performer.isPerforming)
      }
    }
  }

  struct ErrorView: View {
    @Binding var error: (any Error)?

    var body: some View {
      if let error {
        VStack {
          Text(error.localizedDescription)
          HStack {
            Button("Dismiss") { self.error = nil }
            RetryButton()
          }
        }
        .padding()
        .background(Color.red)
      }
    }
  }

  struct BookmarkList: View {
    @ObservedObject var viewModel: BookmarkListViewModel

    var body: some View {
      List(viewModel.bookmarks) { bookmark in Text(bookmark.title) }
        .overlay(alignment: .top) { ErrorView(error: $viewModel.error) }
        .refreshable { await viewModel.reload() }
    }
  }
}

// MARK: - "Loading states of SwiftUI views"

extension LoadingStatesPattern {
  struct AsyncContentView<Source: LoadableObject, Content: View>: View {
    @ObservedObject var source: Source
    @ViewBuilder let content: (Source.Output) -> Content

    var body: some View {
      switch source.state {
      case .idle:
        Color.clear.onAppear { source.load() }
      case .loading:
        ProgressView()
      case .failed(let error):
        VStack {
          Text(error.localizedDescription)
          Button("Retry") { source.load() }
        }
      case .loaded(let output):
        content(output)
      }
    }
  }

  struct ArticleView: View {
    @StateObject private var article = PublishedObject(publisher: api.articlePublisher(id: 42))

    var body: some View {
      AsyncContentView(source: article) { article in Text(article.title) }
    }
  }
}

/// "Loading states of SwiftUI views", rebuilt on `AsyncView(_ loader:)`: `AsyncContentView(source:)`
/// is `AsyncView` over any `LoadableObject`, and `PublishedObject` is `AsyncLoader(publisher:)`.
enum LoadingStatesRecipes {
  /// `AsyncContentView(source:)`, kept as a name for an app's call sites.
  struct AsyncContentView<Source: LoadableObject, Content: View>: View {
    let source: Source
    @ViewBuilder let content: (Source.Value) -> Content

    var body: some View {
      AsyncView(source, content: content)
    }
  }

  struct ArticleScreen: View {
    @State private var model = ArticleModel(id: 42)
    @State private var published = AsyncLoader(publisher: api.articlePublisher(id: 42))

    var body: some View {
      VStack {
        AsyncView(model) { article in Text(article.title) }
        AsyncView(published, loading: { ProgressView("Loading article…") }) { article in
          Text(article.title)
        }
      }
    }
  }
}
