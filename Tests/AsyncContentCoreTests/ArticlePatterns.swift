import AsyncContentCore
import Foundation
import Observation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// The "before" sketches of the article "Migrating from common loading patterns": each source
// article's pattern, written afresh for that page under the article's own type names, in one
// namespace per article so the names clash neither with AsyncContent's nor with each other.
// These are the parts without SwiftUI. They are compiled twice: here, in the core's tests (which
// run them, see DocSnippetTests.migratingFromCommonLoadingPatterns), and by
// `.ci/swiftui-typecheck` together with Examples/Snippets, whose MigrationSnippets.swift adds the
// SwiftUI parts of the same namespaces. `DocSnippetTests.snippetsAreInSync` checks that the
// article's blocks are found here verbatim. After them, the parts without SwiftUI of the
// recipes that rebuild the articles' styles on AsyncContent (the model of kntkymt's "Bindable
// Fetch" style, tested by BindableFetchRecipeTests).
//
// They use only what both modules define alike: `api.countries()`, `api.posts(minId:count:)`,
// `api.article(id:)`, `Post`, `Country` and `Article`. On Linux, OpenCombine stands in for Combine.

// MARK: - Ralf Ebert, "AsyncView – Asynchrone Ladevorgänge in SwiftUI"

/// The pattern of Ralf Ebert's "AsyncView – Asynchrone Ladevorgänge in SwiftUI".
enum RalfEbertPattern {
  enum AsyncResult<Success> {
    case empty
    case inProgress
    case success(Success)
    case failure(any Error)
  }

  @MainActor
  final class AsyncModel<Success: Sendable>: ObservableObject {
    @Published var result = AsyncResult<Success>.empty
    private let operation: @Sendable () async throws -> Success

    init(operation: @escaping @Sendable () async throws -> Success) {
      self.operation = operation
    }

    func reload() async {
      result = .inProgress
      do {
        result = .success(try await operation())
      } catch {
        result = .failure(error)
      }
    }
  }
}

// MARK: - kntkymt, "[SwiftUI] enumを用いた画面の状態管理のすすめ"

/// The pattern of kntkymt's "[SwiftUI] enumを用いた画面の状態管理のすすめ" (iOSDC Japan 2023).
enum KntkymtPattern {
  /// Rows drawn redacted while the first page loads.
  static let placeholderPosts = (1...8).map { Post(id: -$0, title: "A placeholder title") }

  enum PagingDataState<V, E: Error> {
    case idle
    case initialLoading
    case reLoading(V)
    case retryLoading(E)
    case success(V)
    case loadingFailure(E)
    case reLoadingFailure(V, E)
    case paging(V)
    case pagingFailure(V, E)

    var value: V? {
      switch self {
      case .reLoading(let value), .success(let value), .reLoadingFailure(let value, _),
        .paging(let value), .pagingFailure(let value, _):
        value
      case .idle, .initialLoading, .retryLoading, .loadingFailure:
        nil
      }
    }

    var isBusy: Bool {
      switch self {
      case .initialLoading, .reLoading, .retryLoading, .paging: true
      default: false
      }
    }

    mutating func startLoading() {
      switch self {
      case .idle: self = .initialLoading
      case .success(let value), .reLoadingFailure(let value, _), .pagingFailure(let value, _):
        self = .reLoading(value)
      case .loadingFailure(let error): self = .retryLoading(error)
      default: break
      }
    }

    mutating func startPaging() {
      switch self {
      case .success(let value), .pagingFailure(let value, _): self = .paging(value)
      default: break
      }
    }
  }
}

// MARK: - kntkymt's "Bindable Fetch" style, as a recipe on PagingList(_ loader:)

/// The recipes for kntkymt's `PagingList` styles that need more than a view: the model of the
/// "Bindable Fetch" style, whose caller reads the list's state but does not drive its loads.
/// Its views are in Examples/Snippets/MigrationSnippets.swift.
enum KntkymtRecipes {
  /// A feed the reader picks.
  enum Feed: Hashable, Sendable {
    case latest
    case popular
  }

  /// The list's loader, one per feed: a new feed gets a new `PagedLoader`, which starts idle, so
  /// the list shows the new feed's first load and then its first page — never the old feed's
  /// rows or its end of list. The caller reads `posts.phase` (to report errors, say).
  @MainActor
  @Observable
  final class FeedModel {
    typealias FetchPage = @Sendable (Feed, _ after: Post.ID?) async throws -> Page<Post, Post.ID>

    private(set) var feed: Feed
    private(set) var posts: PagedLoader<Post, Post.ID>
    @ObservationIgnored private let fetchPage: FetchPage

    init(feed: Feed, fetchPage: @escaping FetchPage = FeedModel.fetchFromAPI) {
      self.feed = feed
      self.fetchPage = fetchPage
      posts = Self.loader(for: feed, fetchPage: fetchPage)
    }

    /// Shows `feed`: a new feed gets a new loader, which the list loads from its first page.
    func select(_ feed: Feed) {
      guard feed != self.feed else { return }
      self.feed = feed
      posts = Self.loader(for: feed, fetchPage: fetchPage)
    }

    private static func loader(
      for feed: Feed, fetchPage: @escaping FetchPage
    ) -> PagedLoader<Post, Post.ID> {
      PagedLoader { lastID in try await fetchPage(feed, lastID) }
    }

    nonisolated static func fetchFromAPI(
      _ feed: Feed, after lastID: Post.ID?
    ) async throws -> Page<Post, Post.ID> {
      let first = feed == .latest ? 0 : 50
      let posts = try await api.posts(minId: (lastID ?? first - 1) + 1, count: 30)
      return Page(items: posts, nextCursor: posts.count < 30 ? nil : posts.last?.id)
    }
  }
}

// MARK: - "AsyncResourceView — simplified resource loading"

/// The pattern of "AsyncResourceView — simplified resource loading" (Better Programming).
enum AsyncResourceViewPattern {
  @MainActor
  final class AsyncResourceViewStore<Resource: Sendable>: ObservableObject {
    enum State {
      case notRequested
      case loading
      case success(Resource)
      case failure(any Error)
    }

    @Published private(set) var state = State.notRequested
    private let loader: @Sendable () async throws -> Resource

    init(loader: @escaping @Sendable () async throws -> Resource) {
      self.loader = loader
    }

    func loadResource() async {
      state = .loading
      do {
        state = .success(try await loader())
      } catch {
        state = .failure(error)
      }
    }
  }
}

// MARK: - John Sundell, "Making SwiftUI views refreshable"

/// The pattern of John Sundell's "Making SwiftUI views refreshable" (Swift by Sundell).
enum SundellPattern {
  struct Bookmark: Identifiable, Sendable {
    var id: Int
    var title: String
  }

  @MainActor
  final class BookmarkListViewModel: ObservableObject {
    @Published private(set) var bookmarks: [Bookmark] = []
    @Published var error: (any Error)?

    func reload() async {
      do {
        let posts = try await api.posts(minId: 0, count: 20)
        bookmarks = posts.map { Bookmark(id: $0.id, title: $0.title) }
        error = nil
      } catch {
        self.error = error
      }
    }
  }
}

// MARK: - "Loading states of SwiftUI views"

/// The pattern of "Loading states of SwiftUI views" (`LoadingState`, `LoadableObject`,
/// `AsyncContentView`, `PublishedObject`).
enum LoadingStatesPattern {
  enum LoadingState<Value> {
    case idle
    case loading
    case failed(any Error)
    case loaded(Value)
  }

  @MainActor
  protocol LoadableObject: ObservableObject {
    associatedtype Output
    var state: LoadingState<Output> { get }
    func load()
  }

  @MainActor
  final class PublishedObject<Wrapped: Publisher>: LoadableObject {
    @Published private(set) var state = LoadingState<Wrapped.Output>.idle
    private let publisher: Wrapped
    private var cancellable: AnyCancellable?

    init(publisher: Wrapped) {
      self.publisher = publisher
    }

    func load() {
      state = .loading
      cancellable =
        publisher
        .map { LoadingState.loaded($0) }
        .catch { Just(LoadingState.failed($0)) }
        .sink { [weak self] state in
          // The article's publishers deliver on the main thread; nothing here makes sure.
          MainActor.assumeIsolated { self?.state = state }
        }
    }
  }
}
