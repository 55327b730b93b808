public import Foundation

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
/// - **Load-more** runs only from a phase that shows items and has a next cursor; concurrent
///   calls join one request, and a failure keeps every item (loadMoreFailed).
/// - **Reload** starts again from the first page while the old items stay; it supersedes a
///   running load-more, whose page never appends after it.
/// - **Unique items.** A repeated item updates the existing entry in place; pages merge in
///   place, in O(page size).
/// - **Both ways.** Pages that name a previous cursor (a chat) load earlier items with
///   ``loadPrevious()``, under the rules of load-more; one page loads at a time.
/// - **A memory bound.** With `maxPages`, a page that lands beyond the bound drops the page at
///   the far end and keeps the cursor that loads it again.
/// - Joining, cancellation, stale results, retry, staleness and cancel-on-release work as in
///   ``AsyncLoader``.
@MainActor
public final class PagedLoader<Item: Identifiable & Sendable, Cursor: Sendable>: AnyLoader
where Item.ID: Sendable {
  /// The items, in a collection unique by id.
  public typealias Items = IdentifiedItems<Item>
  /// Adds a page to the items, in place.
  public typealias MergePage = (_ items: inout Items, _ page: [Item]) -> Void
  /// Fetches the page at a cursor (`nil` for the first page).
  public typealias FetchPage = @Sendable (_ cursor: Cursor?) async throws -> Page<Item, Cursor>

  /// The phase of the list.
  @inlinable
  public var phase: PagedPhase<Items, any Error> {
    core.accessPhase()
    return storedPhase
  }

  /// The cursor of the next page; `nil` before the first page, at the end, and when the next
  /// page is the list's first (``hasMore`` tells). Observed with ``phase``.
  @inlinable
  public var nextCursor: Cursor? {
    core.accessPhase()
    return storedNextCursor ?? nil
  }

  /// The cursor of the previous page; `nil` at the start, for a list that pages one way only,
  /// and when the previous page is the first (``hasPrevious`` tells).
  @inlinable
  public var previousCursor: Cursor? {
    core.accessPhase()
    return storedPreviousCursor ?? nil
  }

  /// Whether an earlier page exists: `nil` for a list that pages one way only. A header passes
  /// it to ``AsyncPhase/presentation(hasMore:hasPrevious:isWaitingForNetwork:placeholder:isEmpty:)``.
  @inlinable
  public var hasPrevious: Bool? {
    core.accessPhase()
    guard storedPhase.value != nil, storedPagesBackward else { return nil }
    return storedPreviousCursor != nil
  }

  /// How many pages stay loaded at most; `nil` keeps every page.
  public let maxPages: Int?

  /// The task, the waiters, staleness, the failure count and the observation; only this
  /// loader holds it.
  @usableFromInline package let core: LoaderCore

  // The ends: `nil` when no page lies beyond, `.some(nil)` when it is the list's first page.
  @exclusivity(unchecked) @usableFromInline var storedPhase: PagedPhase<Items, any Error>
  @exclusivity(unchecked) @usableFromInline var storedNextCursor: Cursor??
  @exclusivity(unchecked) @usableFromInline var storedPreviousCursor: Cursor??
  @exclusivity(unchecked) @usableFromInline var storedPagesBackward = false
  /// The pages that stay loaded, in order, while `maxPages` bounds them.
  @exclusivity(unchecked) @usableFromInline var keptPages: [KeptPage] = []
  @usableFromInline let fetchPage: FetchPage
  @usableFromInline let mergePage: MergePage
  @usableFromInline let mergePreviousPage: MergePage

  /// A page a window keeps: the cursor that loads it again and how many items it added.
  @usableFromInline typealias KeptPage = (cursor: Cursor?, count: Int)

  /// Which page a load fetches.
  @usableFromInline
  enum PageDirection {
    case first, next, previous
  }

  /// Creates a paged loader.
  ///
  /// - Parameters:
  ///   - phase: The initial phase, for previews and tests. A loading phase is shown as it is;
  ///     no load runs until the first trigger, which starts a real one.
  ///   - nextCursor: The next cursor that goes with an initial phase that has items.
  ///   - clock: The clock for retry waits and staleness.
  ///   - retry: How failed page loads are retried; none by default.
  ///   - staleness: How old the list may grow before ``load()`` loads it again; never by
  ///     default.
  ///   - merge: Adds a page to the items, in place, the first page included. The default,
  ///     ``updateOrAppend(_:_:)``, keeps items unique by id. Keep a merge of your own linear in
  ///     the page: one that copies all the items on every page makes paging quadratic.
  ///   - mergePrevious: Adds a previous page to the front of the items, in place; by default
  ///     ``updateOrPrepend(_:_:)``.
  ///   - maxPages: How many pages stay loaded at most; `nil` (the default) keeps every page.
  ///     Windows assume merges that add or update items, never remove them.
  ///   - fetchPage: Fetches the page at a cursor, `nil` for the first page. It runs off the main
  ///     actor.
  public init(
    phase: PagedPhase<Items, any Error> = .idle,
    nextCursor: Cursor? = nil,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .never,
    staleness: Staleness = .never,
    merge: @escaping MergePage = updateOrAppend,
    mergePrevious: @escaping MergePage = updateOrPrepend,
    maxPages: Int? = nil,
    fetchPage: @escaping FetchPage
  ) {
    precondition(maxPages.map { $0 > 0 } ?? true, "PagedLoader(maxPages:) needs at least one page")
    storedPhase = phase
    storedNextCursor = nextCursor.map { .some($0) }
    mergePage = merge
    mergePreviousPage = mergePrevious
    self.maxPages = maxPages
    self.fetchPage = fetchPage
    if maxPages != nil, let items = phase.value {
      keptPages = [(cursor: nil, count: items.count)]
    }
    core = LoaderCore(
      clock: LoaderClock(clock), retry: retry, staleness: staleness, hasValue: phase.value != nil)
  }

  /// The default merge: appends the page's new items and updates, where they stand, the items
  /// whose ids are already loaded.
  @inlinable
  public nonisolated static func updateOrAppend(_ items: inout Items, _ page: [Item]) {
    items.updateOrAppend(contentsOf: page)
  }

  /// The default merge of a previous page: inserts the page's new items before the loaded ones
  /// and updates, where they stand, the items whose ids are already loaded.
  @inlinable
  public nonisolated static func updateOrPrepend(_ items: inout Items, _ page: [Item]) {
    items.updateOrPrepend(contentsOf: page)
  }

  /// The items on screen; empty when there are none.
  @inlinable
  public var items: Items { phase.value ?? [] }

  /// Whether another page exists: items are shown and there is a next page.
  @inlinable
  public var hasMore: Bool {
    core.accessPhase()
    return storedPhase.value != nil && storedNextCursor != nil
  }

  // MARK: Triggers

  /// Loads the first page when there is nothing current and returns when it lands; joins a
  /// first-page load that runs. `.task` calls it.
  @inlinable
  public func load() async {
    if launchIfNeeded() { await core.waitForLoad() }
  }

  /// Loads again from the first page and returns when it lands, the items visible until then;
  /// supersedes a page that loads, joins a first-page load. Pull-to-refresh calls it.
  @inlinable
  public func reload() async {
    startReload()
    await core.waitForLoad()
  }

  /// Tries the failed load again: the page that failed, or else the first page.
  @inlinable
  public func retry() async {
    switch phase.kind {
    case .loadMoreFailed: await loadMore()
    case .loadPreviousFailed: await loadPrevious()
    default: await reload()
    }
  }

  /// Loads the previous page, puts its items before the loaded ones, and returns when it
  /// lands; joins a load of it that runs. It does nothing at the start of the list, before the
  /// first page, and while anything else loads.
  @inlinable
  public func loadPrevious() async {
    if launchIfNeeded(.previous) { await core.waitForLoad() }
  }

  /// Starts ``loadPrevious()`` without waiting, for a header's `onAppear`; it decides exactly as
  /// ``loadPrevious()`` does.
  @inlinable
  public func startLoadPrevious() {
    launchIfNeeded(.previous)
  }

  /// Loads the next page and returns when it lands; joins a load-more that runs. It does
  /// nothing at the end of the list, before the first page, and while anything else loads.
  @inlinable
  public func loadMore() async {
    if launchIfNeeded(.next) { await core.waitForLoad() }
  }

  /// Starts ``load()`` without waiting; it decides exactly as ``load()`` does.
  @inlinable
  public func startLoad() {
    launchIfNeeded()
  }

  /// Starts ``reload()`` without waiting; it decides exactly as ``reload()`` does.
  @inlinable
  public func startReload() {
    // A first-page load that runs is joined; anything else (a load-more included) gives way.
    if !isLoadingFirstPage { launch(.first, at: nil) }
  }

  /// Starts ``loadMore()`` without waiting, for a footer's `onAppear`; it decides exactly as
  /// ``loadMore()`` does.
  @inlinable
  public func startLoadMore() {
    launchIfNeeded(.next)
  }

  /// Cancels the running load: the phase returns to where it started and waiting callers
  /// resume.
  @inlinable
  public func cancel() {
    core.stopLoad { storedPhase.cancel() }
  }

  /// Dismisses the error of a failed reload (the banner's Dismiss), as
  /// ``PagedPhase/dismissError()`` decides.
  @inlinable
  public func dismissError() {
    core.changePhase { storedPhase.dismissError() }
  }

  /// Cancels any work and forgets the items, the cursor and the error: back to idle.
  @inlinable
  public func reset() {
    storedNextCursor = nil
    storedPreviousCursor = nil
    storedPagesBackward = false
    keptPages = []
    core.storedLoadedAt = nil
    core.stopLoad { storedPhase.reset() }
    core.resetFailureCount()
  }

  // MARK: Running loads

  /// Whether a first-page load (a first load, a retry or a reload) runs.
  @inlinable
  var isLoadingFirstPage: Bool {
    core.isLoadRunning && storedPhase.kind != .loadingMore && storedPhase.kind != .loadingPrevious
  }

  /// Launches the first page when ``load()`` should; returns whether a load runs to join.
  @inlinable @discardableResult
  func launchIfNeeded() -> Bool {
    if isLoadingFirstPage { return true }  // joins
    switch storedPhase.kind {
    case .idle, .failed, .loading, .reloading, .retrying:
      // Nothing to show, or a loading phase no load stands behind (an initial phase).
      launch(.first, at: nil)
      return true
    case .loaded, .reloadFailed, .loadingMore, .loadMoreFailed, .loadingPrevious,
      .loadPreviousFailed:
      // A list is shown: it loads again only when it is stale, superseding a page that loads.
      guard core.isStale else { return false }
      launch(.first, at: nil)
      return true
    }
  }

  /// Launches the page at the `end` (`.next` or `.previous`) when ``loadMore()`` or
  /// ``loadPrevious()`` should; returns whether a load of it runs to join.
  @inlinable @discardableResult
  func launchIfNeeded(_ end: PageDirection) -> Bool {
    let loading: PhaseKind = end == .next ? .loadingMore : .loadingPrevious
    if core.isLoadRunning { return storedPhase.kind == loading }  // joins, or unavailable
    guard let cursor = end == .next ? storedNextCursor : storedPreviousCursor else { return false }
    switch storedPhase.kind {
    case .loaded, .reloadFailed, .loadMoreFailed, .loadPreviousFailed: break
    case .loadingMore, .loadingPrevious: guard storedPhase.kind == loading else { return false }
    case .idle, .loading, .failed, .reloading, .retrying: return false
    }
    launch(end, at: cursor)
    return true
  }

  /// Launches a load of the page at `cursor` (`nil`: the first), superseding whatever runs.
  @inlinable
  func launch(_ direction: PageDirection, at cursor: Cursor?) {
    let retry = core.retryPolicyForLaunch  // `nil` keeps none of its closures in the task
    let fetchPage = fetchPage
    let network = core.network
    let started: LoadStart =
      switch direction {
      case .first: storedPhase.startLoading()
      case .next: storedPhase.startLoadingMore()
      case .previous: storedPhase.startLoadingPrevious()
      }
    let generation = core.launch(phaseChanged: started == .started)
    let markedWaiting = core.storedIsWaitingForNetwork
    let loader = WeakReference(self)
    core.task = Task {
      let outcome = await runAttempts(
        { try await fetchPage(cursor) }, network: network, markedWaiting: markedWaiting,
        isOffline: { network?.isOfflineUnobserved ?? false },
        isCurrent: { loader.object?.core.isCurrent(generation) ?? false },
        markWaiting: { loader.object?.core.markWaitingForNetwork($0) },
        retryWait: { loader.object?.core.nextWait(after: $0, $1, retry) })
      guard let self = loader.object, let outcome, self.core.isCurrent(generation) else { return }
      self.finish(outcome, direction, at: cursor)
    }
  }

  /// Lands the outcome of the current run, a page fetched at `cursor`.
  @inlinable
  func finish(
    _ outcome: LoadOutcome<Page<Item, Cursor>>, _ direction: PageDirection, at cursor: Cursor?
  ) {
    switch outcome {
    case .success(let page):
      let changed =
        direction == .first ? landFirstPage(page) : landPage(page, direction, at: cursor)
      core.finish(phaseChanged: changed)
      core.resetFailureCount()
    case .failure(let error):
      storedPhase.fail(error)
      core.noteFailure(leaving: storedPhase.kind)
      core.finish(phaseChanged: true)
    case .cancelled:
      core.finishCancelled(phaseChanged: storedPhase.cancel())
    }
  }

  /// Shows the first page, merged like every other into empty items; returns `true`.
  @inlinable
  func landFirstPage(_ page: Page<Item, Cursor>) -> Bool {
    var items = Items()
    mergePage(&items, page.items)
    storedNextCursor = page.nextCursor.map { .some($0) }
    storedPreviousCursor = page.previousCursor.map { .some($0) }
    storedPagesBackward = page.previousCursor != nil
    core.storedLoadedAt = core.clock.now
    if maxPages != nil { keptPages = [(cursor: nil, count: items.count)] }
    storedPhase.succeed(items)
    return true
  }

  /// Merges the page at the `end` into the items in place (taken out of the phase, so the
  /// merge copies nothing); `false` when that end no longer loads (the page is stale).
  @inlinable
  func landPage(_ page: Page<Item, Cursor>, _ end: PageDirection, at cursor: Cursor?) -> Bool {
    let next = end == .next
    var items = Items()
    let taken =
      next
      ? storedPhase.finishLoadingMore { swap(&items, &$0) }
      : storedPhase.finishLoadingPrevious { swap(&items, &$0) }
    guard taken else { return false }
    let before = items.count
    if next {
      mergePage(&items, page.items)
      storedNextCursor = page.nextCursor.map { .some($0) }
    } else {
      mergePreviousPage(&items, page.items)
      storedPreviousCursor = page.previousCursor.map { .some($0) }
      storedPagesBackward = true
    }
    if let maxPages {
      let kept: KeptPage = (cursor, max(0, items.count - before))
      if next { keptPages.append(kept) } else { keptPages.insert(kept, at: 0) }
      // A full window drops the page at the far end, and keeps the cursor that loads it again.
      if keptPages.count > maxPages, next {
        let dropped = keptPages.removeFirst()
        items.removeFirst(min(dropped.count, items.count))
        storedPreviousCursor = .some(dropped.cursor)
        storedPagesBackward = true
      } else if keptPages.count > maxPages {
        let dropped = keptPages.removeLast()
        items.removeLast(min(dropped.count, items.count))
        storedNextCursor = .some(dropped.cursor)
      }
    }
    storedPhase.succeed(items)
    return true
  }
}

// MARK: Status

extension PagedLoader {
  /// How failed attempts are retried before the failure shows; a change applies from the next
  /// load on.
  ///
  /// ```swift
  /// feed.retryPolicy = .exponentialBackoff(maxAttempts: 3)
  /// ```
  public var retryPolicy: RetryPolicy {
    get { core.retryPolicy }
    set { core.retryPolicy = newValue }
  }

  /// How old the list may grow before ``load()`` loads it again; ``Staleness/never`` by default.
  ///
  /// ```swift
  /// feed.staleness = .after(.seconds(300))  // `.task` fetches again after 5 min
  /// ```
  public var staleness: Staleness {
    get { core.staleness }
    set { core.staleness = newValue }
  }

  /// How long a first load may run before progress shows, and how long it stays; `nil` (the
  /// default) leaves it to the renderer.
  ///
  /// ```swift
  /// feed.progressTiming = .immediate  // a search field shows its spinner at once
  /// ```
  public var progressTiming: ProgressTiming? {
    get { core.progressTiming }
    set { core.progressTiming = newValue }
  }

  /// Failed attempts since the last success or reset; observed.
  ///
  /// ```swift
  /// if feed.failureCount > 0 { Text("Attempt \(feed.failureCount + 1)") }
  /// ```
  public var failureCount: Int { core.failureCount }

  /// When the list on screen was loaded, on the wall clock; observed with the phase.
  ///
  /// ```swift
  /// UpdatedLabel(loadedAt: feed.loadedDate)
  /// ```
  public var loadedDate: Date? { core.loadedDate }

  /// Whether the list is older than ``staleness`` allows, or was invalidated (by a store, or a
  /// failed reload) since it landed.
  public var isStale: Bool { core.isStale }

  /// Whether a page load is running; observed with the phase.
  public var isActive: Bool { core.isActive }

  /// Whether the running load waits for the network: the loader's ``LoaderStore`` knows the
  /// network to be down (``LoaderStore/followNetwork(_:)``), so the request goes out when it
  /// comes back. The phase stays the loading one; a failure while the network is down burns no
  /// retry. A loader outside a store never waits. It is observed together with the phase.
  ///
  /// ```swift
  /// if feed.isWaitingForNetwork { Text("Waiting for the network") }
  /// ```
  public var isWaitingForNetwork: Bool { core.isWaitingForNetwork }
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
    retry: RetryPolicy = .never,
    staleness: Staleness = .never,
    merge: @escaping MergePage = updateOrAppend,
    maxPages: Int? = nil,
    fetchPage: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> [Item]
  ) -> PagedLoader {
    precondition(pageSize > 0, "PagedLoader.offset(pageSize:) needs a positive page size")
    return PagedLoader(
      clock: clock, retry: retry, staleness: staleness, merge: merge, maxPages: maxPages
    ) { cursor in
      let offset = cursor ?? 0
      let items = try await fetchPage(offset, pageSize)
      return Page(
        items: items, nextCursor: items.count < pageSize ? nil : offset + items.count,
        previousCursor: offset > 0 ? max(0, offset - pageSize) : nil)
    }
  }
}

extension PagedLoader where Cursor == Item.ID {
  /// A paged loader for "after the last item's id" APIs, as kntkymt's "[SwiftUI]
  /// enumを用いた画面の状態管理のすすめ" pages with `minId = last.id + 1`: the cursor is the id of
  /// the last item loaded, and a page shorter than `pageSize` is the last.
  ///
  /// ```swift
  /// let posts = PagedLoader<Post, Post.ID>.afterLastID(pageSize: 30) { lastID, limit in
  ///   try await api.posts(minId: (lastID ?? -1) + 1, count: limit)
  /// }
  /// ```
  public static func afterLastID(
    pageSize: Int,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .never,
    staleness: Staleness = .never,
    merge: @escaping MergePage = updateOrAppend,
    maxPages: Int? = nil,
    fetchPage: @escaping @Sendable (_ lastID: Item.ID?, _ limit: Int) async throws -> [Item]
  ) -> PagedLoader {
    precondition(pageSize > 0, "PagedLoader.afterLastID(pageSize:) needs a positive page size")
    return PagedLoader(
      clock: clock, retry: retry, staleness: staleness, merge: merge, maxPages: maxPages
    ) { cursor in
      let items = try await fetchPage(cursor, pageSize)
      return Page(items: items, nextCursor: items.count < pageSize ? nil : items.last?.id)
    }
  }
}
