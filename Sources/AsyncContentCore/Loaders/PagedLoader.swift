/// The owner of a cursor-paged list: the first page, load-more, pull-to-refresh, an end of list
/// and items unique by id, with the rules of ``AsyncLoader``.
///
/// ```swift
/// let countries = PagedLoader<Country, Int>.offset(pageSize: 25) { offset, limit in
///   try await api.countries(offset: offset, limit: limit)
/// }
/// await countries.load()       // the first page
/// await countries.loadMore()   // the next page, appended
/// await countries.reload()     // pull-to-refresh: from the first page, items stay visible
/// ```
///
/// - **Load-more** runs only from a phase that shows items and has a next cursor. Concurrent
///   calls join one request. A failure gives loadMoreFailed and keeps every item; calling
///   ``loadMore()`` again retries. At the end of the list it makes no request.
/// - **Reload** starts again from the first page; the old items stay until it arrives. It
///   cancels a running load-more, whose page never appends after it. A failed reload keeps
///   the old items (reloadFailed) and their cursor.
/// - **Unique items.** An item that a later page repeats (the server shifted) updates the
///   existing entry in place, so `ForEach` never sees a duplicate id.
/// - **Appends are O(page size).** Pages are merged into the stored items in place.
/// - Joining, caller cancellation, cancellation that is never a failure, stale results,
///   retry, staleness and cancel-on-release work as in ``AsyncLoader``.
@MainActor
public final class PagedLoader<Item: Identifiable & Sendable, Cursor: Sendable>: LoaderBase
where Item.ID: Sendable {
  /// The items, in a collection unique by id: ``IdentifiedItems``, which appends a page of
  /// ascending ids at about the cost of `Array.append`.
  public typealias Items = IdentifiedItems<Item>
  /// Adds a page to the items, in place.
  public typealias MergePage = (_ items: inout Items, _ page: [Item]) -> Void
  /// Fetches the page at a cursor (`nil` for the first page).
  public typealias FetchPage = @Sendable (_ cursor: Cursor?) async throws -> Page<Item, Cursor>

  /// The phase of the list.
  @inlinable
  public var phase: PagedPhase<Items, any Error> {
    accessPhase()
    return storedPhase
  }

  /// The cursor of the next page; `nil` before the first page and at the end. It changes only
  /// together with ``phase`` and is observed with it.
  @inlinable
  public var nextCursor: Cursor? {
    accessPhase()
    return storedNextCursor
  }

  // The triggers and the landing of a page are inlinable: they are compiled where `Item` and
  // `Cursor` are known (the app's module), so a page looks no generic metadata up at run time.
  // Their state is therefore `@usableFromInline`; it is not API. The phase and the cursor skip
  // the exclusivity checks for the reasons ``LoaderBase``'s state does: the merge, the one
  // call into the app's code while a page lands, runs on items taken out of the phase.

  @exclusivity(unchecked) @usableFromInline var storedPhase: PagedPhase<Items, any Error>
  @exclusivity(unchecked) @usableFromInline var storedNextCursor: Cursor?
  @usableFromInline let fetchPage: FetchPage
  @usableFromInline let mergePage: MergePage

  /// Creates a paged loader.
  ///
  /// - Parameters:
  ///   - phase: The initial phase, for previews and tests. A loading phase is shown as it is;
  ///     no load runs until the first trigger, which starts a real one.
  ///   - nextCursor: The next cursor that goes with an initial phase that has items.
  ///   - clock: The clock for retry waits and staleness.
  ///   - retry: How failed page loads are retried; none by default.
  ///   - staleAfter: How old the list may grow before ``load()`` loads it again.
  ///   - merge: Adds a page to the items, in place, the first page included (into empty
  ///     items). The default, ``updateOrAppend(_:_:)``, keeps items unique by id: an item whose
  ///     id is already loaded updates that entry where it stands. Pass your own to merge
  ///     differently (for example, to keep the first copy of a repeated item). Keep it linear in
  ///     the page: a merge that copies or re-reserves all the items on every page makes paging
  ///     quadratic.
  ///   - fetchPage: Fetches the page at a cursor, `nil` for the first page. It runs off the main
  ///     actor.
  public init(
    phase: PagedPhase<Items, any Error> = .idle,
    nextCursor: Cursor? = nil,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .none,
    staleAfter: Duration? = nil,
    merge: @escaping MergePage = updateOrAppend,
    fetchPage: @escaping FetchPage
  ) {
    storedPhase = phase
    storedNextCursor = nextCursor
    mergePage = merge
    self.fetchPage = fetchPage
    super.init(
      clock: LoaderClock(clock), retry: retry, staleAfter: staleAfter, hasValue: phase.value != nil)
  }

  /// The default merge: appends the page's new items and updates, where they stand, the items
  /// whose ids are already loaded.
  @inlinable
  public nonisolated static func updateOrAppend(_ items: inout Items, _ page: [Item]) {
    items.updateOrAppend(contentsOf: page)
  }

  /// The items on screen; empty when there are none.
  @inlinable
  public var items: Items { phase.value ?? [] }

  /// Whether another page exists: items are shown and there is a next cursor.
  @inlinable
  public var hasMore: Bool {
    accessPhase()
    return storedPhase.value != nil && storedNextCursor != nil
  }

  // MARK: Triggers

  /// Loads the first page when there is nothing current (idle, failed or stale) and returns
  /// when it lands; joins a first-page load that runs. `.task` calls it.
  @inlinable
  public func load() async {
    if startLoadIfNeeded() { await waitForLoad() }
  }

  /// Loads again from the first page and returns when it lands; the items stay visible until
  /// then. Cancels a running load-more. Joins a first-page load that runs. Pull-to-refresh
  /// calls it.
  @inlinable
  public func reload() async {
    startReload()
    await waitForLoad()
  }

  /// Tries the failed load again: the first page after a failed first load, the next page
  /// after a failed load-more, the first page after a failed reload.
  @inlinable
  public func retry() async {
    if phase.kind == .loadMoreFailed {
      await loadMore()
    } else {
      await reload()
    }
  }

  /// Loads the next page and returns when it lands; joins a load-more that runs.
  ///
  /// It does nothing at the end of the list, before the first page, and while a first-page
  /// load, retry or reload runs.
  @inlinable
  public func loadMore() async {
    if startLoadMoreIfNeeded() { await waitForLoad() }
  }

  /// Starts ``load()`` without waiting; it decides exactly as ``load()`` does.
  @inlinable
  public func startLoad() {
    startLoadIfNeeded()
  }

  /// Starts ``reload()`` without waiting; it decides exactly as ``reload()`` does.
  @inlinable
  public func startReload() {
    // A first-page load that runs is joined; anything else (a load-more included) gives way.
    if !isLoadingFirstPage { beginPage(at: nil) }
  }

  /// Starts ``loadMore()`` without waiting, for a footer's `onAppear`; it decides exactly as
  /// ``loadMore()`` does.
  @inlinable
  public func startLoadMore() {
    startLoadMoreIfNeeded()
  }

  /// Cancels the running load: the phase returns to where it started and waiting callers
  /// resume.
  @inlinable
  public func cancel() {
    stopLoad { storedPhase.cancel() }
  }

  /// Cancels any work and forgets the items, the cursor and the error: back to idle.
  @inlinable
  public func reset() {
    storedNextCursor = nil
    storedLoadedAt = nil
    stopLoad { storedPhase.reset() }
    resetFailureCount()
  }

  // MARK: Running loads

  /// Whether a first-page load (a first load, a retry or a reload) runs.
  @inlinable
  var isLoadingFirstPage: Bool {
    isLoadRunning && storedPhase.kind != .loadingMore
  }

  /// Starts the first page when ``load()`` should; returns whether a load runs to wait for.
  @inlinable @discardableResult
  func startLoadIfNeeded() -> Bool {
    if isLoadingFirstPage { return true }  // joins
    switch storedPhase.kind {
    case .idle, .failed, .loading, .reloading, .retrying:
      // Nothing to show, or a loading phase no load stands behind (an initial phase).
      beginPage(at: nil)
      return true
    case .loaded, .reloadFailed, .loadingMore, .loadMoreFailed:
      // A list is shown: it loads again only when it is stale, superseding a load-more.
      guard isStale else { return false }
      beginPage(at: nil)
      return true
    }
  }

  /// Starts the next page when ``loadMore()`` should; returns whether a load-more runs to wait
  /// for.
  @inlinable @discardableResult
  func startLoadMoreIfNeeded() -> Bool {
    if isLoadRunning { return storedPhase.kind == .loadingMore }  // joins, or unavailable
    guard let cursor = storedNextCursor else { return false }
    switch storedPhase.kind {
    case .loaded, .reloadFailed, .loadMoreFailed, .loadingMore:
      beginPage(at: cursor)
      return true
    case .idle, .loading, .failed, .reloading, .retrying:
      return false
    }
  }

  /// Starts fetching the page at `cursor` (`nil`: the first page), superseding whatever runs.
  @inlinable
  func beginPage(at cursor: Cursor?) {
    let isFirstPage = cursor == nil
    let loader = WeakReference(self)
    // The policy when the load starts; `nil` when it never retries, which the task then
    // captures without retaining the policy's closures.
    let retry = retryPolicy.retries ? retryPolicy : nil
    let fetchPage = fetchPage
    beginLoad({
      isFirstPage
        ? storedPhase.startLoading() == .started : storedPhase.startLoadingMore() == .started
    }) { generation in
      Task {
        let outcome = await runAttempts(
          { try await fetchPage(cursor) },
          isCurrent: { loader.object?.isCurrent(generation) ?? false },
          retryAfterFailure: { loader.object?.nextWait(after: $0, $1, retry) })
        guard let self = loader.object, let outcome, self.isCurrent(generation) else { return }
        self.finish(outcome, isFirstPage: isFirstPage)
      }
    }
  }

  /// Lands the outcome of the current run.
  @inlinable
  func finish(_ outcome: LoadOutcome<Page<Item, Cursor>>, isFirstPage: Bool) {
    switch outcome {
    case .success(let page):
      storedNextCursor = page.nextCursor
      if isFirstPage { storedLoadedAt = clock.now }
      finishLoad { isFirstPage ? landFirstPage(page.items) : landNextPage(page.items) }
      resetFailureCount()
    case .failure(let error):
      finishLoad {
        storedPhase.fail(error)
        return true
      }
    case .cancelled:
      finishCancelledLoad { storedPhase.cancel() }
    }
  }

  /// Shows the first page: merged, like every other, into empty items.
  ///
  /// - Returns: `true`: the phase changed.
  @inlinable
  func landFirstPage(_ page: [Item]) -> Bool {
    var items = Items()
    mergePage(&items, page)
    storedPhase.succeed(items)
    return true
  }

  /// Merges the next page into the items, in place; `false` when no load-more runs (the page is
  /// stale), as ``PagedPhase/finishLoadingMore(_:)`` decides.
  ///
  /// The items are taken out of the phase while `mergePage`, the app's code, runs, so no access
  /// to the phase is open during it; the phase holds no other reference, so the items are
  /// merged without a copy.
  @inlinable
  func landNextPage(_ page: [Item]) -> Bool {
    var items = Items()
    guard storedPhase.finishLoadingMore({ swap(&items, &$0) }) else { return false }
    mergePage(&items, page)
    storedPhase.succeed(items)
    return true
  }
}

extension PagedLoader where Cursor == Int {
  /// A paged loader for offset/limit APIs: the cursor is the offset of the next page, and a page
  /// shorter than `pageSize` is the last.
  ///
  /// ```swift
  /// let posts = PagedLoader<Post, Int>.offset(pageSize: 30) { offset, limit in
  ///   try await api.posts(offset: offset, limit: limit)
  /// }
  /// ```
  public static func offset(
    pageSize: Int,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .none,
    staleAfter: Duration? = nil,
    merge: @escaping MergePage = updateOrAppend,
    fetch: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> [Item]
  ) -> PagedLoader {
    precondition(pageSize > 0, "PagedLoader.offset(pageSize:) needs a positive page size")
    return PagedLoader(clock: clock, retry: retry, staleAfter: staleAfter, merge: merge) { cursor in
      let offset = cursor ?? 0
      let items = try await fetch(offset, pageSize)
      return Page(items: items, nextCursor: items.count < pageSize ? nil : offset + items.count)
    }
  }
}

extension PagedLoader where Cursor == Item.ID {
  /// A paged loader for "after the last item's id" APIs, as kntkymt's "[SwiftUI]
  /// enumを用いた画面の状態管理のすすめ" pages with `minId = last.id + 1`: the cursor is the id of the last item loaded, and a page shorter
  /// than `pageSize` is the last.
  ///
  /// ```swift
  /// let posts = PagedLoader<Post, Post.ID>.afterLastID(pageSize: 30) { lastID, limit in
  ///   try await api.posts(minId: (lastID ?? -1) + 1, count: limit)
  /// }
  /// ```
  public static func afterLastID(
    pageSize: Int,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .none,
    staleAfter: Duration? = nil,
    merge: @escaping MergePage = updateOrAppend,
    fetch: @escaping @Sendable (_ lastID: Item.ID?, _ limit: Int) async throws -> [Item]
  ) -> PagedLoader {
    precondition(pageSize > 0, "PagedLoader.afterLastID(pageSize:) needs a positive page size")
    return PagedLoader(clock: clock, retry: retry, staleAfter: staleAfter, merge: merge) { cursor in
      let items = try await fetch(cursor, pageSize)
      return Page(items: items, nextCursor: items.count < pageSize ? nil : items.last?.id)
    }
  }
}
