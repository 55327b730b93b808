// The SwiftUI snippets of the article "Migrating from common loading patterns"
// (Sources/AsyncContentCore/AsyncContentCore.docc/MigratingFromCommonLoadingPatterns.md),
// verbatim: for each source article, the views of its pattern, written afresh in an extension of
// the article's namespace (whose models are in Tests/AsyncContentCoreTests/ArticlePatterns.swift,
// which `.ci/swiftui-typecheck` compiles with this folder), and the same screen with
// AsyncContent. The "before" views keep the articles' mistakes on purpose; the lifecycle lint's
// `lint: allow` comments name them.

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
      AsyncLoaderView(countries) { countries in
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
            .redacted(reason: dataState.value == nil ? .placeholder : [])
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
