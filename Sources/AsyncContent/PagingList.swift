#if canImport(SwiftUI)
public import AsyncContentCore
internal import Foundation
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
  /// The list's own loader (the `fetchPage:` form) or its store's view of its key (the `key:`
  /// form); empty until the list appears.
  @State private var slot = LoaderSlot<AnyHashable, AnyObject>()
  private let source: PagingSource<Items, Failure>
  private let placeholder: Items?
  private let isEmpty: (Items) -> Bool
  private let row: (Items.Element) -> Row
  private let loading: Loading
  private let failure: (any Error, Bool) -> FailureContent
  private let empty: Empty
  private let footer: (Presentation<Void, any Error>.Footer) -> Footer

  private init(
    source: PagingSource<Items, Failure>, placeholder: Items?, isEmpty: @escaping (Items) -> Bool,
    loading: Loading, failure: @escaping (any Error, Bool) -> FailureContent, empty: Empty,
    footer: @escaping (Presentation<Void, any Error>.Footer) -> Footer,
    row: @escaping (Items.Element) -> Row
  ) {
    self.source = source
    self.placeholder = placeholder
    self.isEmpty = isEmpty
    self.loading = loading
    self.failure = failure
    self.empty = empty
    self.footer = footer
    self.row = row
  }

  public var body: some View {
    let snapshot = source.snapshot(slot: slot)
    let presentation = snapshot.presentation(placeholder: placeholder, isEmpty: isEmpty)
    let state = snapshot.pagingState
    let loadMore = snapshot.loadMore
    let loadPrevious = snapshot.loadPrevious
    let kind = snapshot.phase.kind
    let tracksRows = snapshot.hasPrevious != nil
    ContentContainer(
      presentation: presentation, kind: kind, source: snapshot.source,
      status: snapshot.status, placeholder: placeholder, actions: snapshot.actions,
      content: { items in
        PagingRows(items: items, kind: kind, tracksRows: tracksRows) {
          PagingFooterHost(
            edge: .start, footer: presentation.header, state: state, loadMore: loadPrevious
          ) {
            DefaultFooterView(
              Presentation<Void, any Error>.Footer(presentation.header), edge: .start)
          }
        } row: { item in
          row(item)
        } footer: {
          PagingFooterHost(
            edge: .end, footer: presentation.footer, state: state, loadMore: loadMore
          ) {
            footer(Presentation<Void, any Error>.Footer(presentation.footer))
          }
        }
      },
      idle: DefaultIdleView(), loading: loading, failure: { failure($0, $1) }, empty: empty
    )
    .onChange(of: source.ownedID, initial: true) { source.selectOwnedLoader(in: &slot) }
    .modifier(KeySelectionEvents(slot: $slot, selection: source.keySelection))
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
    self.init(
      source: .loader(loader), placeholder: placeholder, isEmpty: isEmpty,
      loading: loading(), failure: failure, empty: empty(), footer: footer, row: row)
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
    self.init(
      source: .owned(id: id, retry: retry, fetchPage: fetchPage),
      placeholder: placeholder, isEmpty: isEmpty, loading: loading(), failure: failure,
      empty: empty(), footer: footer, row: row)
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
    self.init(
      source: .key(key, keepsPreviousValue: keepsPreviousValue),
      placeholder: placeholder, isEmpty: isEmpty, loading: loading(), failure: failure,
      empty: empty(), footer: footer, row: row)
  }
}

extension Presentation<Void, any Error>.Footer {
  /// The footer of any presentation, without its value type.
  init<Shown, Problem>(_ footer: Presentation<Shown, Problem>.Footer) {
    switch footer {
    case .none: self = .none
    case .loading: self = .loading
    case .failed(let error): self = .failed(error)
    case .endOfList: self = .endOfList
    }
  }
}

/// Where a paged list's phase and loads come from.
enum PagingSource<Items, Failure: Error> {
  /// A loader the caller owns, read on every render.
  case loader(@MainActor () -> PagingSnapshot<Items, Failure>)
  /// A loader the list makes for an identity and keeps in a slot.
  case owned(
    id: AnyHashable,
    make: @MainActor () -> AnyObject,
    read: @MainActor (AnyObject) -> PagingSnapshot<Items, Failure>?)
  /// The store's loader of a key, observed through a ``PagedScreen`` the list keeps in its
  /// slot.
  case key(KeySelection<PagingSnapshot<Items, Failure>>)

  /// The identity of the list's own loader; `nil` for the other sources.
  var ownedID: AnyHashable? {
    if case .owned(let id, _, _) = self { return id }
    return nil
  }

  /// The key of the key form; `nil` for the other sources.
  var keySelection: KeySelection<PagingSnapshot<Items, Failure>>? {
    if case .key(let selection) = self { return selection }
    return nil
  }

  /// Makes the loader of the component's own identity in `slot` when that identity is new;
  /// nothing for the other sources.
  @MainActor
  func selectOwnedLoader(in slot: inout LoaderSlot<AnyHashable, AnyObject>) {
    guard case .owned(let id, let make, _) = self else { return }
    slot.select(id) { _ in make() }
  }

  /// What the source shows now; `slot` keeps the loader of the list's own identity, or the
  /// store's view of its key.
  @MainActor
  func snapshot(slot: LoaderSlot<AnyHashable, AnyObject>) -> PagingSnapshot<Items, Failure> {
    switch self {
    case .loader(let read):
      read()
    case .owned(_, _, let read):
      slot.loader.flatMap(read) ?? .notYet
    case .key(let selection):
      slot.loader.flatMap(selection.read) ?? .notYet
    }
  }
}

extension PagingSource {
  /// A ``PagedLoader`` the caller owns.
  @MainActor
  static func loader<Item, Cursor>(_ loader: PagedLoader<Item, Cursor>) -> PagingSource
  where Items == IdentifiedItems<Item>, Failure == any Error {
    .loader { PagingSnapshot(loader) }
  }

  /// A loader made from `fetchPage` for each new `id`, kept by the component.
  @MainActor
  static func owned<ID: Hashable, Item, Cursor>(
    id: ID, retry: RetryPolicy, fetchPage: @escaping PagedLoader<Item, Cursor>.FetchPage
  ) -> PagingSource where Items == IdentifiedItems<Item>, Failure == any Error {
    .owned(
      id: AnyHashable(id),
      make: { PagedLoader(retry: retry, fetchPage: fetchPage) },
      read: { ($0 as? PagedLoader<Item, Cursor>).map { PagingSnapshot($0) } })
  }

  /// The pages of a store key.
  @MainActor
  static func key<Key: PagedLoaderKey>(_ key: Key, keepsPreviousValue: Bool) -> PagingSource
  where Items == IdentifiedItems<Key.Item>, Failure == any Error {
    .key(
      KeySelection(key, keepsPreviousValue: keepsPreviousValue) { keyed in
        keyed.loader.map { _ in PagingSnapshot(keyed: keyed) }
      })
  }
}

/// A paged list's phase and loads, as one render sees them.
struct PagingSnapshot<Items, Failure: Error> {
  var phase: PagedPhase<Items, Failure>
  var hasMore: Bool
  var source: ObjectIdentifier?
  var status = SourceStatus()
  var actions: LoadActions
  var loadMore: @Sendable () async -> Void
  /// Whether an earlier page exists; `nil` for a list that pages one way only (no header).
  var hasPrevious: Bool? = nil
  var loadPrevious: @Sendable () async -> Void = {}

  /// An idle list whose loader is not there yet.
  static var notYet: PagingSnapshot {
    PagingSnapshot(phase: .idle, hasMore: false, source: nil, actions: .none, loadMore: {})
  }
}

extension PagingSnapshot {
  /// What the component shows for this snapshot.
  func presentation(
    placeholder: Items?, isEmpty: @escaping (Items) -> Bool
  ) -> Presentation<Items, Failure> {
    phase.presentation(
      hasMore: hasMore, hasPrevious: hasPrevious,
      isWaitingForNetwork: status.isWaitingForNetwork, placeholder: placeholder,
      isEmpty: isEmpty)
  }

  /// Where the footer and the header stand, for their hosts.
  var pagingState: PagingState {
    PagingState(kind: phase.kind, hasMore: hasMore, hasPrevious: hasPrevious ?? false)
  }
}

extension PagingSnapshot {
  /// What a paged loader shows now, and its loads.
  @MainActor
  init<Item, Cursor>(_ loader: PagedLoader<Item, Cursor>)
  where Items == IdentifiedItems<Item>, Failure == any Error {
    self.init(
      phase: loader.phase, hasMore: loader.hasMore, source: ObjectIdentifier(loader),
      status: SourceStatus(loader), actions: LoadActions(paged: loader),
      loadMore: { await loader.loadMore() }, hasPrevious: loader.hasPrevious,
      loadPrevious: { await loader.loadPrevious() })
  }
}

extension PagingSnapshot {
  /// What a list of a store key shows now: the key's phase, with the previous key's rows as a
  /// placeholder, and the current key's loads.
  @MainActor
  init<Key: PagedLoaderKey>(keyed: PagedScreen<Key>)
  where Items == IdentifiedItems<Key.Item>, Failure == any Error {
    self.init(
      phase: keyed.phase, hasMore: keyed.hasMore, source: keyed.loader.map { ObjectIdentifier($0) },
      status: SourceStatus(keyed.loader), actions: keyed.actions,
      loadMore: { await keyed.loadMore() }, hasPrevious: keyed.hasPrevious,
      loadPrevious: { await keyed.loadPrevious() })
  }
}

/// The rows of a paged list in a `List`, between its header and its footer: the rows of
/// ``PagingItems``, and the phase changes forwarded to the component's ``ContentController``,
/// which keeps the reader's row when earlier rows land and scrolls back to it through the
/// list's `ScrollViewProxy` after the update that inserts them.
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

/// The rows of a paged list or section, one per item (a `ForEach`, which lazy containers lay
/// out cell by cell), each forwarding its appearance and disappearance to the component's
/// ``ContentController`` when the list pages backwards (``PrependAnchor``).
struct PagingItems<Items: RandomAccessCollection, Row: View>: View
where Items.Element: Identifiable {
  @Environment(\.asyncContentController) private var controller
  let items: Items
  let tracksRows: Bool
  let row: (Items.Element) -> Row

  var body: some View {
    let controller = controller
    let tracksRows = tracksRows
    ForEach(items) { item in
      let id = AnyHashable(item.id)
      row(item)
        .onAppear { if tracksRows { controller?.resolve().rowAppeared(id) } }
        .onDisappear { if tracksRows { controller?.current()?.rowDisappeared(id) } }
    }
  }
}

/// Forwards a change of a paged component's phase to its ``ContentController``
/// (``ContentController/pagedPhaseChanged(from:to:firstID:position:scroll:)``): the reader's
/// row when a previous page lands, and the header's renewal once the rows are in place.
///
/// - Parameters:
///   - controller: The component's controller.
///   - old: The kind of the phase before.
///   - new: The kind of the phase now.
///   - items: The items now.
///   - scroll: Scrolls the reader's row, by its id, back to the top.
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

/// An end of a paged list (the footer, or the header of a list that pages backwards): forwards
/// the spinner's appearance and disappearance and the phase changes while it is on screen to
/// the component's ``LoadMoreController`` for that end, and gives the end's retry button its
/// load. The footer's look is the caller's (``DefaultFooterView`` by default).
///
/// The spinner takes the controller's ``LoadMoreController/generation`` as its identity, so a
/// `List` replaces it with a new spinner once its page ended (the header: once the list scrolled
/// back to the reader's row), and calls `onAppear`, which loads the next page, only when the
/// new spinner is on screen after the new rows were laid out.
struct PagingFooterHost<Value, Failure: Error, Footer: View>: View {
  @Environment(\.asyncContentController) private var controller
  let edge: PagingEdge
  let footer: Presentation<Value, Failure>.Footer
  let state: PagingState
  let loadMore: @Sendable () async -> Void
  let content: Footer

  init(
    edge: PagingEdge, footer: Presentation<Value, Failure>.Footer, state: PagingState,
    loadMore: @escaping @Sendable () async -> Void, @ViewBuilder content: () -> Footer
  ) {
    self.edge = edge
    self.footer = footer
    self.state = state
    self.loadMore = loadMore
    self.content = content()
  }

  var body: some View {
    let loadMore = loadMore
    let controller = controller
    let edge = edge
    switch footer {
    case .loading:
      let generation = controller?.current()?.pager(edge).generation ?? 0
      content
        .onAppear {
          controller?.resolve().pager(edge).footerAppeared(
            state, generation: generation, loadMore: loadMore)
        }
        .onDisappear {
          controller?.current()?.pager(edge).footerDisappeared(generation: generation)
        }
        .onChange(of: state) { old, new in
          controller?.resolve().pager(edge).stateChanged(from: old, to: new)
        }
        .id(generation)
    case .failed:
      content
        .environment(
          \.asyncRetry,
          AsyncRetryAction { await controller?.resolve().pager(edge).retry(loadMore: loadMore) })
    case .none, .endOfList:
      content
    }
  }
}
#endif
