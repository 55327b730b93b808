#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// A paged list: rows, an empty state, a footer that loads the next page when its spinner
/// shows, a footer error with retry and an end of list (the `PagingList` of kntkymt's
/// "[SwiftUI] enumを用いた画面の状態管理のすすめ").
///
/// Three initializers, by where the pages come from:
///
/// | Initializer | The pages come from | Who owns the loads |
/// |---|---|---|
/// | ``init(_:placeholder:isEmpty:row:loading:failure:empty:footer:)`` | a ``PagedLoader`` you own | you; the list and your code drive it |
/// | ``init(key:placeholder:isEmpty:row:loading:failure:empty:footer:)`` | a store key | the ``LoaderStore`` in the environment |
/// | ``init(id:placeholder:retry:isEmpty:fetchPage:row:loading:failure:empty:footer:)`` | a page fetch, per identity | the list |
///
/// What shows comes from the core's ``Presentation``: blocking progress (or placeholder rows,
/// redacted in the same branch as the real rows) only for a first load, the rows during a
/// reload, a banner over the rows when a reload failed, and the paging footer. Every trigger
/// goes to controllers that own their tasks: the
/// first load starts when the list appears and nothing was requested, the next page loads when
/// the footer's spinner shows (once per page, never during a reload), and a failed page loads
/// again only from its retry button. Pull-to-refresh reloads from the first page; turn it off
/// with ``SwiftUI/View/asyncPullToRefresh(_:)``.
///
/// The loading, failure, empty and footer views are yours to replace, as in ``AsyncView``; the
/// defaults are ``DefaultLoadingView``, ``DefaultFailureView``, ``DefaultEmptyView`` and
/// ``DefaultFooterView``.
///
/// A loader that pages backwards too (``PagedLoader/hasPrevious`` is not `nil`: a chat, a feed
/// opened in the middle, a window of `maxPages`) gets a header: a spinner that loads the
/// previous page when it shows, its error with retry, or the start of the list
/// (``DefaultFooterView``'s texts for the start of a list, styled by the same styles). When
/// earlier rows land, the list scrolls back to the row the reader was on (the topmost row on
/// screen) once the rows are inserted, so the reader stays where they were.
///
/// ```swift
/// @State private var countries = PagedLoader<Country, Int>.offset(pageSize: 25) { offset, limit in
///   try await api.countries(offset: offset, limit: limit)
/// }
///
/// var body: some View {
///   PagingList(countries) { country in
///     CountryRow(country: country)
///   }
/// }
/// ```
public struct PagingList<
  Items: RandomAccessCollection, Failure: Error, Row: View, Loading: View, FailureContent: View,
  Empty: View, Footer: View
>: View where Items.Element: Identifiable {
  private let parts: PagingParts<Items, Failure, Row, Loading, FailureContent, Empty, Footer>
  /// The list's own loader (the `fetchPage:` form) or its store's view of its key (the `key:`
  /// form); empty until the list appears.
  @State private var slot = LoaderSlot<AnyHashable, AnyObject>()

  public var body: some View {
    let render = parts.render(slot: slot)
    let tracksRows = render.snapshot.hasPrevious != nil
    parts.container(render) { items in
      PagingRows(items: items, kind: render.kind, tracksRows: tracksRows) {
        render.headerHost
      } row: { item in
        parts.row(item)
      } footer: {
        parts.footerHost(render)
      }
    }
    .modifier(ComponentSourceEvents(slot: $slot, source: parts.source))
  }
}

extension PagingList {
  /// Creates a list over a ``PagedLoader`` you own, which your code may drive too.
  ///
  /// The list observes the loader through Observation; it does not own it, so keep it in
  /// `@State` or in a model. Given another loader, the list shows that loader's pages (or its
  /// first load), never the previous loader's rows.
  ///
  /// ```swift
  /// @State private var posts = PagedLoader<Post, Post.ID>.afterLastID(pageSize: 30) { id, n in
  ///   try await api.posts(minId: (id ?? -1) + 1, count: n)
  /// }
  ///
  /// var body: some View {
  ///   PagingList(posts) { PostRow(post: $0) }
  ///     .onChange(of: posts.phase.isFailure) { /* report */ }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - loader: The loader; the caller owns it.
  ///   - placeholder: Rows shown redacted during the first load instead of a spinner.
  ///   - isEmpty: Whether loaded items count as empty; by default, none at all.
  ///   - row: A row for an item.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show.
  ///   - empty: Shown for loaded items that count as empty, with nothing more to load.
  ///   - footer: The end of the list, for the presentation's footer.
  public init<Item, Cursor>(
    _ loader: PagedLoader<Item, Cursor>,
    placeholder: Items? = nil,
    isEmpty: @escaping (Items) -> Bool = Presentation<Items, Failure>.isEmptyByDefault,
    @ViewBuilder row: @escaping (Item) -> Row,
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder footer: @escaping (Presentation<Void, any Error>.Footer) -> Footer = {
      DefaultFooterView($0)
    }
  ) where Items == IdentifiedItems<Item>, Failure == any Error {
    parts = PagingParts(
      source: .loader(loader), placeholder: placeholder, isEmpty: isEmpty, row: row,
      loading: loading(), failure: failure, empty: empty(), footer: footer)
  }

  /// Creates a list that fetches its own pages: it owns its loader, one per `id`, made from
  /// `fetchPage` when the `id` changes (a re-render that keeps the `id` makes none), and a new
  /// `id` starts from its first page. Without an `id`, the list shows the same thing for its
  /// whole life.
  ///
  /// ```swift
  /// PagingList(id: query) { (cursor: Int?) in
  ///   let posts = try await api.posts(matching: query, offset: cursor ?? 0, limit: 30)
  ///   return Page(items: posts, nextCursor: posts.count < 30 ? nil : (cursor ?? 0) + 30)
  /// } row: { post in
  ///   PostRow(post: post)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identity of what the list shows: a new value means a new loader and a new
  ///     first page. By default the list always shows the same thing.
  ///   - placeholder: Rows shown redacted during the first load instead of a spinner.
  ///   - retry: How failed page loads are retried before the failure shows.
  ///   - isEmpty: Whether loaded items count as empty; by default, none at all.
  ///   - fetchPage: Fetches the page at a cursor (`nil` for the first page).
  ///   - row: A row for an item.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show.
  ///   - empty: Shown for loaded items that count as empty, with nothing more to load.
  ///   - footer: The end of the list, for the presentation's footer.
  public init<ID: Hashable, Item, Cursor>(
    id: ID = SingleIdentity(),
    placeholder: Items? = nil,
    retry: RetryPolicy = .never,
    isEmpty: @escaping (Items) -> Bool = Presentation<Items, Failure>.isEmptyByDefault,
    fetchPage: @escaping PagedLoader<Item, Cursor>.FetchPage,
    @ViewBuilder row: @escaping (Item) -> Row,
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder footer: @escaping (Presentation<Void, any Error>.Footer) -> Footer = {
      DefaultFooterView($0)
    }
  ) where Items == IdentifiedItems<Item>, Failure == any Error {
    parts = PagingParts(
      source: .owned(id: id, retry: retry, fetchPage: fetchPage), placeholder: placeholder,
      isEmpty: isEmpty, row: row, loading: loading(), failure: failure, empty: empty(),
      footer: footer)
  }

  /// Creates a list of the pages of `key` from the store in the environment
  /// (``LoaderStore/shared`` unless ``SwiftUI/View/loaderStore(_:)`` sets another).
  ///
  /// The store owns the ``PagedLoader``, so every list of the key shares its pages and its
  /// requests, a list that SwiftUI makes again finds the same loader, and a list that comes back
  /// shows the cached pages at once (revalidating from the first page when they are stale). The
  /// list observes its key while it is on screen; disappearing leaves a running load to finish,
  /// and a key that changes while the list is hidden (under a pushed screen) loads nothing
  /// until the list appears again, when it observes the key it shows then. Load-more,
  /// pull-to-refresh, the banner and the retry buttons work as over a loader you own.
  ///
  /// ```swift
  /// PagingList(key: CountryFeedKey(region: region)) { country in
  ///   Text(country.name)
  /// }
  /// ```
  ///
  /// By default a new key shows that key's own list (its cached pages, or its first load). With
  /// `keepsPreviousValue`, a new key shows the previous key's rows as it shows a reload, until
  /// the new key's first page lands and replaces them: no footer, no end of the list, and no
  /// page of the previous key loads from them meanwhile. If that first page fails, the failure
  /// shows without them. A key whose ``StoreKey/isEnabled`` is `false` shows the idle state and
  /// loads nothing.
  ///
  /// - Parameters:
  ///   - key: The key of the list to show; a new key observes the new key.
  ///   - keepsPreviousValue: Whether the previous key's rows stay visible, as a placeholder,
  ///     while a new key's first page loads.
  ///   - placeholder: Rows shown redacted during the first load instead of a spinner.
  ///   - isEmpty: Whether loaded items count as empty; by default, none at all.
  ///   - row: A row for an item.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show.
  ///   - empty: Shown for loaded items that count as empty, with nothing more to load.
  ///   - footer: The end of the list, for the presentation's footer.
  public init<Key: PagedLoaderKey>(
    key: Key,
    keepsPreviousValue: Bool = false,
    placeholder: Items? = nil,
    isEmpty: @escaping (Items) -> Bool = Presentation<Items, Failure>.isEmptyByDefault,
    @ViewBuilder row: @escaping (Key.Item) -> Row,
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder footer: @escaping (Presentation<Void, any Error>.Footer) -> Footer = {
      DefaultFooterView($0)
    }
  ) where Items == IdentifiedItems<Key.Item>, Failure == any Error {
    parts = PagingParts(
      source: .key(key, keepsPreviousValue: keepsPreviousValue), placeholder: placeholder,
      isEmpty: isEmpty, row: row, loading: loading(), failure: failure, empty: empty(),
      footer: footer)
  }
}

/// A paged list's `List`: its header, rows and footer, with its phase changes forwarded to the
/// ``ContentController``, which scrolls back to the reader's row when earlier rows land.
struct PagingRows<Items: RandomAccessCollection, Header: View, Row: View, Footer: View>: View
where Items.Element: Identifiable {
  @Environment(\.asyncContentController) private var controller
  let items: Items
  let kind: PhaseKind
  /// Whether the rows forward their appearances: only a list that pages backwards needs them.
  let tracksRows: Bool
  let header: Header
  let row: (Items.Element) -> Row
  let footer: Footer

  init(
    items: Items, kind: PhaseKind, tracksRows: Bool, @ViewBuilder header: () -> Header,
    @ViewBuilder row: @escaping (Items.Element) -> Row, @ViewBuilder footer: () -> Footer
  ) {
    self.items = items
    self.kind = kind
    self.tracksRows = tracksRows
    self.header = header()
    self.row = row
    self.footer = footer()
  }

  var body: some View {
    let controller = controller
    ScrollViewReader { proxy in
      List {
        header
        PagingItems(items: items, tracksRows: tracksRows, row: row)
        footer
      }
      .onChange(of: kind) { old, new in
        forwardPagedPhaseChange(controller, from: old, to: new, items: items) { id in
          proxy.scrollTo(id, anchor: .top)
        }
      }
    }
  }
}

/// Forwards a change of a paged list's phase to its ``ContentController``, with the positions
/// of `items` and `scroll`, which scrolls the reader's row (by its id) back to the top.
@MainActor
func forwardPagedPhaseChange<Items: RandomAccessCollection>(
  _ controller: ContentControllerHandle?, from old: PhaseKind, to new: PhaseKind, items: Items,
  scroll: @escaping @MainActor (Items.Element.ID) -> Void
) where Items.Element: Identifiable {
  controller?.resolve().pagedPhaseChanged(
    from: old, to: new, firstID: items.first.map { AnyHashable($0.id) },
    position: { id in
      guard let id = id.base as? Items.Element.ID,
        let index = items.firstIndex(where: { $0.id == id })
      else { return nil }
      return items.distance(from: items.startIndex, to: index)
    },
    scroll: { id in
      guard let id = id.base as? Items.Element.ID else { return }
      scroll(id)
    })
}

#endif
