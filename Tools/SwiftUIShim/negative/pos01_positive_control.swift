// Positive control: correct code against the shim and the AsyncContent module compiles.
// EXPECT-PASS
import AsyncContent
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

struct LayerScreen: View {
  @State private var loader = AsyncLoader { "hello" }
  @State private var posts = PagedLoader<Post, Int>.offset(pageSize: 20) { offset, limit in
    (offset..<offset + limit).map { Post(id: $0, title: "Post \($0)") }
  }
  @State private var phase: PagedPhase<IdentifiedItems<Post>, any Error> = .idle
  @State private var error: (any Error)?
  @State private var isOn = false

  var body: some View {
    VStack {
      AsyncView(operation: { 42 }) { Text("\($0)") }
      AsyncLoaderView(loader) { Text($0) }
      AsyncContentView(source: loader) { Text($0) }
      LoadPhaseView(loader.phase, retry: { [loader] in await loader.reload() }) { Text($0) }
      PagingList(posts) { Text($0.title) }
      PagingList(phase: $phase, fetchPage: { _ in Page(items: [Post](), nextCursor: Int?.none) }) {
        Text($0.title)
      }
      PagingList(fetchPage: { _ in Page(items: [Post](), nextCursor: Int?.none) }) { Text($0.title) }
      PagingList(
        phase: phase, hasMore: posts.hasMore, reload: { [posts] in await posts.reload() },
        loadMore: { [posts] in await posts.loadMore() }
      ) {
        Text($0.title)
      }
      AsyncView(id: error == nil, keepsPreviousValue: true) { 7 } content: { Text("\($0)") }
      Toggle(isOn: Binding(get: { @MainActor in isOn }, set: { @MainActor in isOn = $0 })) {
        Text("Main-actor binding closures say so")
      }
      RetryButton()
      ErrorView(error: $error)
    }
    .failedReloadBanner(loader.phase.presentation().banner)
    .asyncFailureStyle(BrandFailure())
  }
}
