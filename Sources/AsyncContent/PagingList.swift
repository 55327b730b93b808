#if canImport(SwiftUI)
public import AsyncContentCore
internal import Foundation
public import IdentifiedCollections
public import SwiftUI

/// A paged list: rows, an empty state, a footer spinner that loads the next page when it
/// appears, a footer error with retry and an end of list (seed 001's `PagingList`, in its four
/// styles).
///
/// | style | init | who drives the loads | state readable outside |
/// |---|---|---|---|
/// | Switch | `PagingList(phase:hasMore:onLoadMore:)` | the caller | yes, it owns the phase |
/// | Fetch | `PagingList(_ loader:)` | the list, and the caller through the loader | yes |
/// | Bindable Fetch | `PagingList(phase: $phase, fetchPage:)` | the list | yes, through the binding |
/// | Simple Fetch | `PagingList(fetchPage:)` | the list | no |
///
/// What shows comes from the core's ``Presentation``: blocking progress (or placeholder rows,
/// redacted in the same branch as the real rows) only for a first load, the rows during a
/// reload, a dismissible banner over the rows when a reload failed, and the paging footer.
/// Pull-to-refresh reloads from the first page; the failure view's retry button reloads.
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
public struct PagingList<Items: RandomAccessCollection, Failure: Error, Row: View>: View
where Items.Element: Identifiable {
  @State private var ownedDriver: PagingDriver<Items, Failure>?
  private let driver: PagingDriver<Items, Failure>?
  private let placeholder: Items?
  private let row: (Items.Element) -> Row

  private init(
    owned: PagingDriver<Items, Failure>?, driver: PagingDriver<Items, Failure>?,
    placeholder: Items?, row: @escaping (Items.Element) -> Row
  ) {
    _ownedDriver = State(initialValue: owned)
    self.driver = driver
    self.placeholder = placeholder
    self.row = row
  }

  /// Switch style: renders a paged phase the caller drives.
  ///
  /// The caller loads the first page (`.task`) and reloads (`.refreshable`, which the failure
  /// view's retry button also runs); the list calls `onLoadMore` when its footer spinner
  /// appears and from the footer's retry button.
  ///
  /// ```swift
  /// @State private var phase: PagedPhase<[Post], any Error> = .idle
  ///
  /// var body: some View {
  ///   PagingList(phase: phase, hasMore: hasMore, onLoadMore: { await fetchMore() }) { post in
  ///     PostRow(post: post)
  ///   }
  ///   .refreshable { await fetchInitial() }
  ///   .task { await fetchInitial() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - phase: The phase of the list.
  ///   - hasMore: Whether another page exists.
  ///   - placeholder: Rows shown redacted during the first load instead of a spinner.
  ///   - onLoadMore: Loads the next page.
  ///   - row: A row for an item.
  public init(
    phase: PagedPhase<Items, Failure>,
    hasMore: Bool,
    placeholder: Items? = nil,
    onLoadMore: @escaping @Sendable () async -> Void,
    @ViewBuilder row: @escaping (Items.Element) -> Row
  ) {
    self.init(
      owned: nil,
      driver: PagingDriver(
        presentation: { phase.presentation(hasMore: hasMore, placeholder: $0) },
        load: nil, reload: nil, loadMore: onLoadMore),
      placeholder: placeholder, row: row)
  }

  public var body: some View {
    if let driver = driver ?? ownedDriver {
      PagingListBody(driver: driver, placeholder: placeholder, row: row)
    }
  }
}

extension PagingList {
  /// Fetch style: renders a ``PagedLoader`` the caller owns and may drive too.
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
  ///   - row: A row for an item.
  public init<Item, Cursor>(
    _ loader: PagedLoader<Item, Cursor>,
    placeholder: Items? = nil,
    @ViewBuilder row: @escaping (Item) -> Row
  ) where Items == IdentifiedArrayOf<Item>, Failure == any Error {
    self.init(owned: nil, driver: PagingDriver(loader), placeholder: placeholder, row: row)
  }

  /// Simple Fetch style: the list owns its loader, made from `fetchPage` once.
  ///
  /// ```swift
  /// PagingList { (cursor: Int?) in
  ///   let posts = try await api.posts(offset: cursor ?? 0, limit: 30)
  ///   return Page(items: posts, nextCursor: posts.count < 30 ? nil : (cursor ?? 0) + 30)
  /// } row: { post in
  ///   PostRow(post: post)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - placeholder: Rows shown redacted during the first load instead of a spinner.
  ///   - retry: How failed page loads are retried before the failure shows.
  ///   - fetchPage: Fetches the page at a cursor (`nil` for the first page).
  ///   - row: A row for an item.
  public init<Item, Cursor>(
    placeholder: Items? = nil,
    retry: RetryPolicy = .none,
    fetchPage: @escaping PagedLoader<Item, Cursor>.FetchPage,
    @ViewBuilder row: @escaping (Item) -> Row
  ) where Items == IdentifiedArrayOf<Item>, Failure == any Error {
    self.init(
      owned: PagingDriver(PagedLoader(retry: retry, fetchPage: fetchPage)), driver: nil,
      placeholder: placeholder, row: row)
  }

  /// Bindable Fetch style: the list owns its loader and writes every phase to `phase`, so the
  /// caller reads the state (to report errors, say) but does not drive the loads.
  ///
  /// ```swift
  /// @State private var phase: PagedPhase<IdentifiedArrayOf<Post>, any Error> = .idle
  ///
  /// var body: some View {
  ///   PagingList(phase: $phase, fetchPage: fetchPosts) { PostRow(post: $0) }
  ///     .onChange(of: phase.isFailure) { /* report */ }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - phase: Receives the phase of the list.
  ///   - placeholder: Rows shown redacted during the first load instead of a spinner.
  ///   - retry: How failed page loads are retried before the failure shows.
  ///   - fetchPage: Fetches the page at a cursor (`nil` for the first page).
  ///   - row: A row for an item.
  public init<Item, Cursor>(
    phase: Binding<PagedPhase<Items, any Error>>,
    placeholder: Items? = nil,
    retry: RetryPolicy = .none,
    fetchPage: @escaping PagedLoader<Item, Cursor>.FetchPage,
    @ViewBuilder row: @escaping (Item) -> Row
  ) where Items == IdentifiedArrayOf<Item>, Failure == any Error {
    self.init(
      owned: PagingDriver(
        PagedLoader(phase: phase.wrappedValue, retry: retry, fetchPage: fetchPage),
        mirror: phase),
      driver: nil, placeholder: placeholder, row: row)
  }
}

/// What a paged list needs from its source, whatever the style.
@MainActor
final class PagingDriver<Items, Failure: Error> {
  /// The presentation, read in `body` (so a loader's phase is observed).
  let presentation: (Items?) -> Presentation<Items, Failure>
  /// Loads the first page when nothing is current; `nil` when the caller does (Switch style).
  let load: (@Sendable () async -> Void)?
  /// Reloads from the first page; `nil` when the caller does (Switch style).
  let reload: (@Sendable () async -> Void)?
  /// Loads the next page.
  let loadMore: @Sendable () async -> Void
  /// Writes the phase to a binding (Bindable Fetch style).
  let mirror: (() -> Void)?
  /// What changes when the phase changes, for the mirror.
  let phaseKind: () -> PhaseKind?

  init(
    presentation: @escaping (Items?) -> Presentation<Items, Failure>,
    load: (@Sendable () async -> Void)?, reload: (@Sendable () async -> Void)?,
    loadMore: @escaping @Sendable () async -> Void,
    mirror: (() -> Void)? = nil, phaseKind: @escaping () -> PhaseKind? = { nil }
  ) {
    self.presentation = presentation
    self.load = load
    self.reload = reload
    self.loadMore = loadMore
    self.mirror = mirror
    self.phaseKind = phaseKind
  }

  convenience init<Item, Cursor>(
    _ loader: PagedLoader<Item, Cursor>,
    mirror binding: Binding<PagedPhase<Items, Failure>>? = nil
  ) where Items == IdentifiedArrayOf<Item>, Failure == any Error {
    self.init(
      presentation: { loader.phase.presentation(hasMore: loader.hasMore, placeholder: $0) },
      load: { await loader.load() },
      reload: { await loader.reload() },
      loadMore: { await loader.loadMore() },
      mirror: binding.map { binding in { binding.wrappedValue = loader.phase } },
      phaseKind: { loader.phase.kind })
  }
}

/// The rendering shared by the four styles.
struct PagingListBody<Items: RandomAccessCollection, Failure: Error, Row: View>: View
where Items.Element: Identifiable {
  let driver: PagingDriver<Items, Failure>
  let placeholder: Items?
  let row: (Items.Element) -> Row

  var body: some View {
    let presentation = driver.presentation(placeholder)
    PresentationBody(
      presentation: presentation,
      content: { items in
        List {
          ForEach(items) { item in
            row(item)
          }
          PagingFooter(
            footer: presentation.footer, itemCount: items.count, loadMore: driver.loadMore)
        }
      },
      idle: DefaultIdleView(),
      loading: DefaultLoadingView(),
      failure: { error, isRetrying in DefaultFailureView(error: error, isRetrying: isRetrying) },
      empty: DefaultEmptyView()
    )
    // The list's own `.task` (or the caller's, in the Switch style) starts the first load.
    .environment(\.asyncLoadAction, .startedElsewhere)
    .modifier(DriverTriggers(driver: driver))
  }
}

/// Attaches the driver's load and reload, when the list drives them.
struct DriverTriggers<Items, Failure: Error>: ViewModifier {
  let driver: PagingDriver<Items, Failure>

  func body(content: Content) -> some View {
    if let reload = driver.reload, let load = driver.load {
      content
        .refreshable(action: reload)
        .task { await load() }
        .onChange(of: driver.phaseKind(), initial: true) { driver.mirror?() }
    } else {
      content
    }
  }
}

/// The end of a paged list, as the presentation's footer says.
struct PagingFooter<Failure: Error>: View {
  @Environment(\.asyncFailureStyle) private var style
  let footer: Presentation<Void, Failure>.Footer
  let itemCount: Int
  let loadMore: @Sendable () async -> Void

  init<Value>(
    footer: Presentation<Value, Failure>.Footer, itemCount: Int,
    loadMore: @escaping @Sendable () async -> Void
  ) {
    switch footer {
    case .none: self.footer = .none
    case .loading: self.footer = .loading
    case .failed(let error): self.footer = .failed(error)
    case .endOfList: self.footer = .endOfList
    }
    self.itemCount = itemCount
    self.loadMore = loadMore
  }

  var body: some View {
    switch footer {
    case .none:
      EmptyView()
    case .loading:
      // Appearing (and every new page while it stays visible) loads the next page; the loader
      // joins a load-more that already runs.
      ProgressView()
        .frame(maxWidth: .infinity)
        .task(id: itemCount) { await loadMore() }
    case .failed(let error):
      VStack(spacing: 8) {
        style.message(for: error)
          .font(.caption)
          .foregroundStyle(.secondary)
        RetryButton(action: loadMore) {
          style.retryLabel()
        }
      }
      .frame(maxWidth: .infinity)
    case .endOfList:
      Text("No more items")
        .font(.caption)
        .foregroundStyle(.secondary)
        .frame(maxWidth: .infinity)
    }
  }
}
#endif
