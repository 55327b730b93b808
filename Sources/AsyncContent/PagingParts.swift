#if canImport(SwiftUI)
internal import AsyncContentCore
internal import SwiftUI

/// What a paged component (``PagingList``, ``PagingSection``) was given: where its pages come
/// from, and the views that show them.
struct PagingParts<
  Items: RandomAccessCollection, Failure: Error, Row: View, Loading: View, FailureContent: View,
  Empty: View, Footer: View
> where Items.Element: Identifiable {
  let source: ComponentSource<PagingSnapshot<Items, Failure>>
  let placeholder: Items?
  let isEmpty: (Items) -> Bool
  let row: (Items.Element) -> Row
  let loading: Loading
  let failure: (any Error, Bool) -> FailureContent
  let empty: Empty
  let footer: (Presentation<Void, any Error>.Footer) -> Footer

  /// What the component shows now; `slot` keeps its own loader or its store's view of its key.
  @MainActor
  func render(slot: LoaderSlot<AnyHashable, AnyObject>) -> PagingRender<Items, Failure> {
    let snapshot = source.snapshot(in: slot)
    return PagingRender(
      snapshot: snapshot,
      presentation: snapshot.presentation(placeholder: placeholder, isEmpty: isEmpty))
  }

  /// The component's stable container for one render, with `content` for what it loaded.
  @MainActor
  func container<Content: View>(
    _ render: PagingRender<Items, Failure>, controllerStorage: State<ContentController?>? = nil,
    @ViewBuilder content: @escaping (Items) -> Content
  ) -> some View {
    ContentContainer(
      presentation: render.presentation, kind: render.kind, source: render.snapshot.source,
      status: render.snapshot.status, placeholder: placeholder, actions: render.snapshot.actions,
      content: content, idle: DefaultIdleView(), loading: loading,
      failure: { failure($0, $1) }, empty: empty, controllerStorage: controllerStorage)
  }

  /// The end of the list: the caller's footer, hosted to load the next page.
  @MainActor
  func footerHost(_ render: PagingRender<Items, Failure>) -> some View {
    PagingFooterHost(
      edge: .end, footer: render.presentation.footer, state: render.snapshot.pagingState,
      loadMore: render.snapshot.loadMore
    ) {
      footer(Presentation<Void, any Error>.Footer(render.presentation.footer))
    }
  }
}

/// One render of a paged component: its loader's snapshot, and what it shows.
struct PagingRender<Items, Failure: Error> {
  let snapshot: PagingSnapshot<Items, Failure>
  let presentation: Presentation<Items, Failure>

  var kind: PhaseKind { snapshot.phase.kind }

  /// The start of a list that pages backwards: the default header, hosted to load the previous
  /// page.
  @MainActor
  var headerHost: some View {
    PagingFooterHost(
      edge: .start, footer: presentation.header, state: snapshot.pagingState,
      loadMore: snapshot.loadPrevious
    ) {
      DefaultFooterView(Presentation<Void, any Error>.Footer(presentation.header), edge: .start)
    }
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

extension ComponentSource {
  /// A ``PagedLoader`` the caller owns.
  @MainActor
  static func loader<Item, Cursor>(_ loader: PagedLoader<Item, Cursor>) -> ComponentSource
  where Shown == PagingSnapshot<IdentifiedItems<Item>, any Error> {
    .loader { PagingSnapshot(loader) }
  }

  /// A loader made from `fetchPage` for each new `id`, kept by the component.
  @MainActor
  static func owned<ID: Hashable, Item, Cursor>(
    id: ID, retry: RetryPolicy, fetchPage: @escaping PagedLoader<Item, Cursor>.FetchPage
  ) -> ComponentSource where Shown == PagingSnapshot<IdentifiedItems<Item>, any Error> {
    .owned(
      id: AnyHashable(id),
      select: { slot in
        slot.select(AnyHashable(id)) { _ in PagedLoader(retry: retry, fetchPage: fetchPage) }
      },
      read: { ($0 as? PagedLoader<Item, Cursor>).map { PagingSnapshot($0) } })
  }

  /// The pages of a store key.
  @MainActor
  static func key<Key: PagedLoaderKey>(_ key: Key, keepsPreviousValue: Bool) -> ComponentSource
  where Shown == PagingSnapshot<IdentifiedItems<Key.Item>, any Error> {
    .key(
      KeySelection(key, keepsPreviousValue: keepsPreviousValue) { keyed in
        keyed.loader.map { _ in PagingSnapshot(keyed: keyed) }
      })
  }
}

/// A paged list's phase and loads, as one render sees them.
struct PagingSnapshot<Items, Failure: Error>: SourceSnapshot {
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

/// The rows of a paged list or section, one per item (a `ForEach`), each forwarding its
/// appearance and disappearance to the ``ContentController`` when the list pages backwards.
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

/// An end of a paged list (its footer, or the header of one that pages backwards): forwards its
/// spinner's lifecycle to the ``LoadMoreController`` of that end, whose `generation` is the
/// spinner's identity, and gives the end's retry button its load.
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
