#if canImport(SwiftUI)
public import AsyncContentCore
internal import Foundation
public import SwiftUI

/// The pages of a paged loader as a section of any lazy container: a `LazyVGrid`, a
/// `LazyVStack` or a `List` of your own.
///
/// ``PagingList`` is a `List` around these rows. A section goes inside the container you
/// choose, and gives it what the list has: its rows (one cell each), a full-width status row at
/// the top (its section header) and a full-width footer (its section footer), which a lazy grid
/// lays out across all its columns.
///
/// ```swift
/// ScrollView {
///   LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
///     PagingSection(countries) { country in
///       CountryCard(country: country)
///     }
///   }
/// }
/// ```
///
/// The paging works as in ``PagingList``, through the same controllers: the next page loads
/// when the footer's spinner shows (one page per appearance, never during a reload), a failed
/// page shows its error with a retry button and loads again only from it, and the end of the
/// list shows once no page is left. A loader that pages backwards gets the header's spinner,
/// its error and the start of the list in the status row, and loads the previous page when it
/// shows. During a first load the status row shows the loading view (or the placeholder rows,
/// redacted, show as cells), a failure with nothing to show shows the failure view there, and
/// loaded items that count as empty show the empty view; a reload that failed over rows shows
/// the banner in it.
///
/// Three things stay with the container, which the section does not own:
/// - Pull-to-refresh: give the container `.refreshable { await countries.reload() }`.
/// - When a previous page lands, the section does not scroll its container back to the
///   reader's row, as ``PagingList`` does; a list that pages backwards reads best in a
///   ``PagingList``.
/// - The status row is the section's stable view: the section starts its first load, and
///   observes its store key, while that row is on screen (it is the first row, on screen
///   whenever the section starts).
///
/// Its initializers match ``PagingList``'s, with the same parameters: a ``PagedLoader`` you
/// own, a store key (`key:`), or a page fetch per identity (`id:fetchPage:`).
public struct PagingSection<
  Items: RandomAccessCollection, Failure: Error, Row: View, Loading: View, FailureContent: View,
  Empty: View, Footer: View
>: View where Items.Element: Identifiable {
  private let parts: PagingParts<Items, Failure, Row, Loading, FailureContent, Empty, Footer>
  /// The section's own loader (the `fetchPage:` form) or its store's view of its key (the
  /// `key:` form); empty until the section appears.
  @State private var slot = LoaderSlot<AnyHashable, AnyObject>()
  /// The component's controller, kept here so the rows and the footer beside the status row
  /// reach the same one.
  @State private var controller: ContentController?

  public var body: some View {
    let render = parts.render(slot: slot)
    let handle = ContentControllerHandle(_controller, clock: render.snapshot.status.clock)
    let shown: (items: Items, isPlaceholder: Bool)? =
      if case .content(let items, let isPlaceholder) = render.presentation.body {
        (items, isPlaceholder)
      } else {
        nil
      }
    Section {
      if let shown {
        // The placeholder cells are hidden from VoiceOver, which meets the status row's one
        // "Loading" element instead (the container's placeholder accessibility).
        PagingItems(items: shown.items, tracksRows: false, row: parts.row)
          .redacted(reason: shown.isPlaceholder ? .placeholder : [])
          .disabled(shown.isPlaceholder)
          .accessibilityHidden(shown.isPlaceholder)
      }
    } header: {
      parts.container(render, controllerStorage: _controller) { _ in
        // A stack, which is a view even when the header shows nothing (an `EmptyView`), so
        // the container's hooks on this row keep running while the items show.
        VStack(spacing: 0) {
          render.headerHost
        }
        .frame(maxWidth: .infinity)
      }
      .onChange(of: render.kind) { old, new in
        // The section cannot scroll its container (nor tracks its rows for it): the header is
        // renewed once the earlier rows are in.
        handle.resolve().pagedPhaseChanged(
          from: old, to: new, firstID: nil, position: { _ in nil }, scroll: { _ in })
      }
      .modifier(ComponentSourceEvents(slot: $slot, source: parts.source))
    } footer: {
      if shown != nil {
        parts.footerHost(render)
      }
    }
    .environment(\.asyncContentController, handle)
  }
}

extension PagingSection {
  /// Creates a section over a ``PagedLoader`` you own, which your code may drive too.
  ///
  /// The section observes the loader through Observation; it does not own it, so keep it in
  /// `@State` or in a model, and give the container its pull-to-refresh.
  ///
  /// ```swift
  /// ScrollView {
  ///   LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
  ///     PagingSection(countries) { CountryCard(country: $0) }
  ///   }
  /// }
  /// .refreshable { await countries.reload() }
  /// ```
  ///
  /// - Parameters:
  ///   - loader: The loader; the caller owns it.
  ///   - placeholder: Cells shown redacted during the first load instead of a spinner.
  ///   - isEmpty: Whether loaded items count as empty; by default, none at all.
  ///   - row: A cell for an item.
  ///   - loading: Shown in the status row during a first load with nothing to show.
  ///   - failure: Shown in the status row for a failure with nothing to show.
  ///   - empty: Shown in the status row for loaded items that count as empty, with nothing
  ///     more to load.
  ///   - footer: The full-width footer, for the presentation's footer.
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

  /// Creates a section that fetches its own pages: it owns its loader, one per `id`, made
  /// from `fetchPage` when the `id` changes, as ``PagingList/init(id:placeholder:retry:isEmpty:fetchPage:row:loading:failure:empty:footer:)``
  /// does.
  ///
  /// ```swift
  /// LazyVStack {
  ///   PagingSection(id: query) { (cursor: Int?) in
  ///     let posts = try await api.posts(matching: query, offset: cursor ?? 0, limit: 30)
  ///     return Page(items: posts, nextCursor: posts.count < 30 ? nil : (cursor ?? 0) + 30)
  ///   } row: { post in
  ///     PostRow(post: post)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identity of what the section shows: a new value means a new loader and a new
  ///     first page. By default the section always shows the same thing.
  ///   - placeholder: Cells shown redacted during the first load instead of a spinner.
  ///   - retry: How failed page loads are retried before the failure shows.
  ///   - isEmpty: Whether loaded items count as empty; by default, none at all.
  ///   - fetchPage: Fetches the page at a cursor (`nil` for the first page).
  ///   - row: A cell for an item.
  ///   - loading: Shown in the status row during a first load with nothing to show.
  ///   - failure: Shown in the status row for a failure with nothing to show.
  ///   - empty: Shown in the status row for loaded items that count as empty, with nothing
  ///     more to load.
  ///   - footer: The full-width footer, for the presentation's footer.
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

  /// Creates a section of the pages of `key` from the store in the environment, as
  /// ``PagingList/init(key:keepsPreviousValue:placeholder:isEmpty:row:loading:failure:empty:footer:)``
  /// does: the store owns the ``PagedLoader``, so every list or section of the key shares its
  /// pages and its requests.
  ///
  /// ```swift
  /// ScrollView {
  ///   LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
  ///     PagingSection(key: CountryFeedKey(region: region)) { CountryCard(country: $0) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key of the pages to show; a new key observes the new key.
  ///   - keepsPreviousValue: Whether the previous key's cells stay visible, as a placeholder,
  ///     while a new key's first page loads.
  ///   - placeholder: Cells shown redacted during the first load instead of a spinner.
  ///   - isEmpty: Whether loaded items count as empty; by default, none at all.
  ///   - row: A cell for an item.
  ///   - loading: Shown in the status row during a first load with nothing to show.
  ///   - failure: Shown in the status row for a failure with nothing to show.
  ///   - empty: Shown in the status row for loaded items that count as empty, with nothing
  ///     more to load.
  ///   - footer: The full-width footer, for the presentation's footer.
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
#endif
