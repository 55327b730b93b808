import AsyncContentCore
import AsyncContentTestSupport
import Testing

/// The recipe that replaces the deleted `PagingList(id:phase:fetchPage:)` ("Bindable Fetch", from
/// kntkymt's "[SwiftUI] enumを用いた画面の状態管理のすすめ"): a model that makes a new
/// `PagedLoader` per feed, shown by `PagingList(model.posts)`. The list is played here as its
/// container plays it: a `ContentController` told that the view appeared and that what it shows
/// changed, with the presentation the list renders.
///
/// The deleted initializer made the new feed's loader from the binding's last phase: after the
/// feed changed it kept the old feed's rows, said "No more items" and never loaded. The first test
/// fails on that behaviour; the second shows that construction failing the same checks.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct BindableFetchRecipeTests {
  typealias Feed = KntkymtRecipes.Feed

  /// What the list renders of a loader: its rows, and its footer.
  static func presentation(
    _ loader: PagedLoader<Post, Post.ID>
  ) -> Presentation<IdentifiedItems<Post>, any Error> {
    loader.phase.presentation(hasMore: loader.hasMore)
  }

  static func state(_ loader: PagedLoader<Post, Post.ID>) -> ContentState {
    ContentState(source: ObjectIdentifier(loader), kind: loader.phase.kind, hasBanner: false)
  }

  static func isEndOfList(_ loader: PagedLoader<Post, Post.ID>) -> Bool {
    if case .endOfList = presentation(loader).footer { return true }
    return false
  }

  @Test("A new feed requests its own first page; the old rows and the end of list are gone")
  func newFeedLoadsItsFirstPage() async {
    let latest = PagedGate<Post, Post.ID>()
    let popular = PagedGate<Post, Post.ID>()
    let model = KntkymtRecipes.FeedModel(feed: .latest) { feed, lastID in
      try await (feed == .latest ? latest : popular).fetch(lastID)
    }
    let controller = ContentController()

    // The list appears and loads the latest feed, whose one page is its last.
    controller.appeared(Self.state(model.posts), actions: LoadActions(paged: model.posts))
    #expect(await eventually { latest.pending == 1 })
    latest.succeed([Post(id: 1, title: "Latest 1"), Post(id: 2, title: "Latest 2")], next: nil)
    #expect(await eventually { model.posts.phase.value != nil })
    controller.changed(to: Self.state(model.posts), actions: LoadActions(paged: model.posts))
    #expect(Self.isEndOfList(model.posts))

    // The reader picks another feed; the list renders the model's new loader.
    model.select(.popular)
    #expect(model.posts.phase.value == nil, "the latest feed's rows are gone")
    #expect(!Self.isEndOfList(model.posts), "no end of list before the new feed loads")
    controller.changed(to: Self.state(model.posts), actions: LoadActions(paged: model.posts))

    // The container loads the new feed from its first page.
    #expect(await eventually { popular.pending == 1 })
    #expect(popular.cursors == [nil])
    #expect(latest.calls == 1)
    #expect(Self.presentation(model.posts).showsBlockingProgress)
    #expect(!Self.isEndOfList(model.posts))

    popular.succeed([Post(id: 50, title: "Popular 50")], next: 50)
    #expect(await eventually { model.posts.phase.value != nil })
    #expect(model.posts.phase.value.map { Array($0.map(\.id)) } == [50])
    #expect(!Self.isEndOfList(model.posts), "the popular feed has more pages")
  }

  @Test("The deleted initializer's construction keeps the old rows, the end, and never loads")
  func oldConstructionFailsTheseChecks() async {
    let latest = PagedGate<Post, Post.ID>()
    let popular = PagedGate<Post, Post.ID>()
    let old = PagedLoader<Post, Post.ID> { try await latest.fetch($0) }
    let controller = ContentController()
    controller.appeared(Self.state(old), actions: LoadActions(paged: old))
    #expect(await eventually { latest.pending == 1 })
    latest.succeed([Post(id: 1, title: "Latest 1")], next: nil)
    #expect(await eventually { old.phase.value != nil })
    controller.changed(to: Self.state(old), actions: LoadActions(paged: old))

    // `PagedLoader(phase: phase.wrappedValue, …)`: the binding still held the old feed's phase.
    let made = PagedLoader<Post, Post.ID>(phase: old.phase) { try await popular.fetch($0) }
    controller.changed(to: Self.state(made), actions: LoadActions(paged: made))
    await drainMainActor()
    #expect(made.phase.value.map { Array($0.map(\.id)) } == [1], "the old feed's rows stay")
    #expect(Self.isEndOfList(made), "it says the new feed has no more items")
    #expect(popular.calls == 0, "and never asks for the new feed")
  }
}
