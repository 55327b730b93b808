// Positive control: correct code against the shim and the AsyncContent module compiles.
// EXPECT-PASS
import AsyncContent
import Observation
import OpenCombine
import SwiftUI

struct RetryCountKey: EnvironmentKey {
  static let defaultValue = 0
}

extension EnvironmentValues {
  var retryCount: Int {
    get { self[RetryCountKey.self] }
    set { self[RetryCountKey.self] = newValue }
  }
}

struct Item: Identifiable, Sendable {
  let id: Int
  let name: String
}

struct Screen: View {
  @State private var items = [Item(id: 1, name: "a")]
  @Environment(\.refresh) private var refresh
  let phase: LoadPhase<[Item], any Error> = .idle

  var body: some View {
    List {
      ForEach(items) { item in
        Text(item.name)
      }
    }
    .redacted(reason: phase.isLoading ? .placeholder : [])
    .refreshable { await refresh?() }
    .task { await refresh?() }
    .environment(\.retryCount, 3)
  }
}

// The AsyncContent layer, used as its docs show.
struct Post: Identifiable, Sendable {
  let id: Int
  let title: String
}

struct BrandFailure: AsyncFailureStyle {
  func title(for error: any Error) -> Text { Text("Oops") }
}

struct NamesAPI: Sendable {
  func name(of id: Int) async throws -> String { "name \(id)" }
}

struct NameKey: LoaderKey {
  let id: Int
  func fetch(using api: NamesAPI) async throws -> String { try await api.name(of: id) }
}

struct PostsKey: PagedLoaderKey {
  func fetchPage(at cursor: Int?, using _: Void) async throws -> Page<Post, Int> {
    Page(items: [Post(id: cursor ?? 0, title: "Post")], nextCursor: nil)
  }
}

/// A loadable object of the client's own, whose value is not Sendable: the loader and phase
/// forms take it.
@MainActor @Observable final class Drawing: LoadableObject {
  final class Canvas { var strokes = 0 }
  private(set) var phase: LoadPhase<Canvas, any Error> = .idle
  func load() async { phase.succeed(Canvas()) }
  func reload() async { phase.succeed(Canvas()) }
  func cancel() {}
}

struct LayerScreen: View {
  @State private var loader = AsyncLoader { "hello" }
  @State private var drawing = Drawing()
  @State private var published = AsyncLoader(publisher: Just("published"))
  @State private var posts = PagedLoader<Post, Int>.offset(pageSize: 20) { offset, limit in
    (offset..<offset + limit).map { Post(id: $0, title: "Post \($0)") }
  }
  @State private var phase: LoadPhase<[Post], any Error> = .idle
  @State private var error: (any Error)?
  @State private var isOn = false

  var body: some View {
    VStack {
      operationForms
      keyForms
      loaderForms
      phaseForms
      listForms
      Toggle(isOn: Binding(get: { @MainActor in isOn }, set: { @MainActor in isOn = $0 })) {
        Text("Main-actor binding closures say so")
      }
      RetryButton()
      RetryButton(isRunning: true, action: {})
      RetryButton("Try again")
      RetryButton { Image(systemName: "arrow.clockwise") }
      UpdatedLabel(loadedAt: loader.loadedDate)
    }
    .failedReloadBanner(loader.phase.presentation().banner)
    .asyncFailureStyle(BrandFailure())
  }

  /// AsyncView(id:…operation:…): every default (no id, no builders), then every argument.
  @ViewBuilder private var operationForms: some View {
    AsyncView(operation: { 42 }) { Text("\($0)") }
    AsyncView(id: error == nil, keepsPreviousValue: true) {
      7
    } content: {
      Text("\($0)")
    }
    AsyncView(
      id: 1, keepsPreviousValue: false, placeholder: [Post(id: 0, title: "…")],
      retry: .exponentialBackoff(maxAttempts: 3), isEmpty: { $0.isEmpty },
      operation: { [Post]() },
      idle: { Color.clear }, loading: { ProgressView() },
      failure: { error, isRetrying in RetryButton(isRunning: isRetrying) },
      empty: { Text("None") }, content: { posts in Text("\(posts.count)") })
  }

  /// AsyncView(key:…): with defaults and with every builder.
  @ViewBuilder private var keyForms: some View {
    AsyncView(key: NameKey(id: 1)) { Text($0) }
    AsyncView(
      key: NameKey(id: 2), keepsPreviousValue: true, placeholder: "…", isEmpty: { $0.isEmpty },
      idle: { Color.clear }, loading: { ProgressView() },
      failure: { _, isRetrying in RetryButton(isRunning: isRetrying) },
      empty: { Text("None") }, content: { Text($0) })
  }

  /// AsyncView(_ loader:): an AsyncLoader, a publisher's loader, a model of the client's own.
  @ViewBuilder private var loaderForms: some View {
    AsyncView(loader) { Text($0) }
    AsyncView(published, loading: { ProgressView("Loading…") }) { Text($0) }
    AsyncView(drawing) { Text("\($0.strokes)") }
    AsyncView(
      loader, placeholder: "…", isEmpty: { $0.isEmpty }, idle: { Color.clear },
      loading: { ProgressView() }, failure: { _, _ in RetryButton() },
      empty: { Text("None") }, content: { Text($0) })
  }

  /// AsyncView(phase:reload:): with defaults and with every builder.
  @ViewBuilder private var phaseForms: some View {
    AsyncView(phase: loader.phase, reload: { [loader] in await loader.reload() }) { Text($0) }
    AsyncView(phase: drawing.phase, reload: {}) { Text("\($0.strokes)") }
    AsyncView(
      phase: phase, placeholder: [], isEmpty: { $0.isEmpty }, reload: {},
      idle: { Color.clear }, loading: { ProgressView() },
      failure: { _, isRetrying in RetryButton(isRunning: isRetrying) },
      empty: { Text("None") }, content: { posts in Text("\(posts.count)") })
  }

  /// PagingList: the loader, key: and id:+fetchPage: forms, with defaults and every builder.
  @ViewBuilder private var listForms: some View {
    PagingList(posts) { Text($0.title) }
    PagingList(
      posts, placeholder: [Post(id: -1, title: "…")], isEmpty: { $0.isEmpty },
      row: { Text($0.title) }, loading: { ProgressView() },
      failure: { _, isRetrying in RetryButton(isRunning: isRetrying) },
      empty: { Text("None") }, footer: { DefaultFooterView($0) })
    PagingList(key: PostsKey()) { Text($0.title) }
    PagingList(key: PostsKey()) {
      Text($0.title)
    } footer: { footer in
      if case .endOfList = footer { Text("The end") } else { DefaultFooterView(footer) }
    }
    PagingList(fetchPage: { _ in Page(items: [Post](), nextCursor: Int?.none) }) { Text($0.title) }
    PagingList(id: "feed", retry: .never) { (cursor: Int?) in
      Page(items: [Post(id: cursor ?? 0, title: "Post")], nextCursor: nil)
    } row: { post in
      Text(post.title)
    } loading: {
      ProgressView()
    } failure: { error, _ in
      Text("\(error)")
    } empty: {
      Text("None")
    } footer: { footer in
      DefaultFooterView(footer)
    }
  }
}
