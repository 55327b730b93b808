public import IdentifiedCollections
public import Observation

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
///   retry and staleness work as in ``AsyncLoader``.
@MainActor
public final class PagedLoader<Item: Identifiable & Sendable, Cursor: Sendable>: Observable
where Item.ID: Sendable {
  /// The items, in a collection unique by id.
  public typealias Items = IdentifiedArrayOf<Item>
  /// Adds a page to the items, in place.
  public typealias MergePage = (_ items: inout Items, _ page: [Item]) -> Void
  /// Fetches the page at a cursor (`nil` for the first page).
  public typealias FetchPage = @Sendable (_ cursor: Cursor?) async throws -> Page<Item, Cursor>

  /// The phase of the list.
  public private(set) var phase: PagedPhase<Items, any Error> {
    get {
      observation.access(self, keyPath: phaseKey)
      return storedPhase
    }
    set {
      observation.withMutation(of: self, keyPath: phaseKey) { storedPhase = newValue }
    }
    _modify {
      // In place, so a page appends to the stored items without copying them.
      observation.willSet(self, keyPath: phaseKey)
      defer { observation.didSet(self, keyPath: phaseKey) }
      yield &storedPhase
    }
  }
  /// Failed attempts since the last success: grows during retries with backoff.
  public private(set) var failureCount: Int {
    get {
      observation.access(self, keyPath: failureCountKey)
      return storedFailureCount
    }
    set {
      observation.withMutation(of: self, keyPath: failureCountKey) { storedFailureCount = newValue }
    }
  }

  // Observation is written by hand instead of with `@Observable`: the macro forms
  // `\PagedLoader.phase` on every access and mutation, and for a generic class the runtime builds
  // that key path anew each time (about 22,000 instructions and 2 mallocs, measured with
  // callgrind in Benchmarks/). Here each key path is formed once per loader.
  private let observation = ObservationRegistrar()
  private let phaseKey: KeyPath<PagedLoader, PagedPhase<Items, any Error>> = \.phase
  private let failureCountKey: KeyPath<PagedLoader, Int> = \.failureCount
  private var storedPhase: PagedPhase<Items, any Error>
  private var storedFailureCount = 0
  /// The cursor of the next page; `nil` before the first page and at the end. It changes only
  /// together with ``phase``, so it is not observed on its own.
  public private(set) var nextCursor: Cursor?
  /// When the first page was loaded, on ``clock``.
  public private(set) var loadedAt: LoaderClock.Instant?

  /// The clock for retry waits and staleness.
  public let clock: LoaderClock
  /// How failed page loads are retried before the failure shows.
  public var retryPolicy: RetryPolicy
  /// How old the list may grow before ``load()`` loads it again from the first page.
  public var staleAfter: Duration?

  private let fetchPage: FetchPage
  private let mergePage: MergePage
  private var generation: UInt64 = 0
  private var task: Task<Void, Never>?
  private let waiters = Waiters()

  /// Creates a paged loader.
  ///
  /// - Parameters:
  ///   - phase: The initial phase, for previews and tests.
  ///   - nextCursor: The next cursor that goes with an initial phase that has items.
  ///   - clock: The clock for retry waits and staleness.
  ///   - retry: How failed page loads are retried; none by default.
  ///   - staleAfter: How old the list may grow before ``load()`` loads it again.
  ///   - merge: Adds a page to the items, in place. The default keeps items unique by id: an
  ///     item whose id is already loaded updates that entry where it stands. Pass your own to
  ///     merge differently (for example, to keep the first copy of a repeated item).
  ///   - fetchPage: Fetches the page at a cursor, `nil` for the first page. It runs off the main
  ///     actor.
  public init(
    phase: PagedPhase<Items, any Error> = .idle,
    nextCursor: Cursor? = nil,
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .none,
    staleAfter: Duration? = nil,
    merge: @escaping MergePage = { items, page in
      for item in page { items.updateOrAppend(item) }
    },
    fetchPage: @escaping FetchPage
  ) {
    self.mergePage = merge
    self.storedPhase = phase
    self.nextCursor = nextCursor
    self.clock = LoaderClock(clock)
    self.retryPolicy = retry
    self.staleAfter = staleAfter
    self.fetchPage = fetchPage
    if phase.value != nil { loadedAt = self.clock.now }
  }

  deinit {
    task?.cancel()
  }

  /// The items on screen; empty when there are none.
  public var items: Items { phase.value ?? [] }

  /// Whether another page exists: items are shown and there is a next cursor.
  public var hasMore: Bool { phase.value != nil && nextCursor != nil }

  /// Whether the list is older than ``staleAfter``.
  public var isStale: Bool {
    guard let staleAfter, let loadedAt else { return false }
    return loadedAt.duration(to: clock.now) >= staleAfter
  }

  // MARK: Triggers

  /// Loads the first page when there is nothing current (idle, failed or stale) and returns
  /// when it lands; joins a first-page load that runs. `.task` calls it.
  public func load() async {
    switch phase.kind {
    case .loading, .reloading, .retrying:
      await waitForSettle()
    case .idle, .failed:
      await reload()
    case .loaded, .reloadFailed, .loadingMore, .loadMoreFailed:
      if isStale { await reload() }
    }
  }

  /// Loads again from the first page and returns when it lands; the items stay visible until
  /// then. Cancels a running load-more. Joins a first-page load that runs. Pull-to-refresh
  /// calls it.
  public func reload() async {
    startReload()
    await waitForSettle()
  }

  /// Tries the failed load again: the first page after a failed first load, the next page
  /// after a failed load-more, the first page after a failed reload.
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
  public func loadMore() async {
    startLoadMore()
    if phase.isLoadingMore { await waitForSettle() }
  }

  /// Starts ``load()`` without waiting.
  public func startLoad() {
    switch phase.kind {
    case .idle, .failed: startReload()
    case .loaded, .reloadFailed, .loadMoreFailed: if isStale { startReload() }
    case .loading, .reloading, .retrying, .loadingMore: break
    }
  }

  /// Starts ``reload()`` without waiting.
  public func startReload() {
    // A first-page load that runs is joined; anything else (a load-more included) gives way.
    // The phase is mutated only when it changes, so a joining trigger notifies no observer.
    guard phase.kind == .loadingMore || !phase.isLoading else { return }
    phase.startLoading()
    begin(cursor: nil)
  }

  /// Starts ``loadMore()`` without waiting, for a footer's `onAppear`.
  public func startLoadMore() {
    guard let cursor = nextCursor else { return }
    switch phase.kind {
    case .loaded, .reloadFailed, .loadMoreFailed:
      phase.startLoadingMore()
      begin(cursor: cursor)
    case .idle, .loading, .failed, .reloading, .retrying, .loadingMore:
      return
    }
  }

  /// Cancels the running load: the phase returns to where it started and waiting callers
  /// resume.
  public func cancel() {
    stopWork()
    if phase.isLoading { phase.cancel() }
    waiters.resumeAll()
  }

  /// Cancels any work and forgets the items, the cursor and the error: back to idle.
  public func reset() {
    stopWork()
    if !phase.isIdle { phase.reset() }
    if failureCount != 0 { failureCount = 0 }
    nextCursor = nil
    loadedAt = nil
    waiters.resumeAll()
  }

  // MARK: Running loads

  /// Starts fetching the page at `cursor` (`nil`: the first page); the phase has already moved
  /// to the matching loading case.
  private func begin(cursor: Cursor?) {
    stopWork()
    let generation = generation
    task = Task { [weak self, fetchPage, retryPolicy, clock] in
      let outcome = await runAttempts(
        { try await fetchPage(cursor) }, retry: retryPolicy, clock: clock,
        isCurrent: { self?.generation == generation },
        failedAttempt: { self?.failureCount += 1 })
      self?.finish(outcome, isFirstPage: cursor == nil)
    }
  }

  private func finish(_ outcome: LoadOutcome<Page<Item, Cursor>>?, isFirstPage: Bool) {
    guard let outcome else { return }
    task = nil
    switch outcome {
    case .success(let page):
      nextCursor = page.nextCursor
      if failureCount != 0 { failureCount = 0 }
      if isFirstPage {
        phase.succeed(Items(page.items, id: \.id, uniquingIDsWith: { _, later in later }))
        loadedAt = clock.now
      } else {
        phase.finishLoadingMore { items in mergePage(&items, page.items) }
      }
    case .failure(let error):
      phase.fail(error)
    case .cancelled:
      if phase.isLoading { phase.cancel() }
    }
    waiters.resumeAll()
  }

  private func stopWork() {
    task?.cancel()
    task = nil
    generation &+= 1
  }

  private func waitForSettle() async {
    guard phase.isLoading else { return }
    await waiters.wait(since: waiters.epoch)
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
    merge: @escaping MergePage = { items, page in
      for item in page { items.updateOrAppend(item) }
    },
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
  /// A paged loader for "after the last item's id" APIs, as seed 001 pages with
  /// `minId = last.id + 1`: the cursor is the id of the last item loaded, and a page shorter
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
    merge: @escaping MergePage = { items, page in
      for item in page { items.updateOrAppend(item) }
    },
    fetch: @escaping @Sendable (_ lastID: Item.ID?, _ limit: Int) async throws -> [Item]
  ) -> PagedLoader {
    precondition(pageSize > 0, "PagedLoader.afterLastID(pageSize:) needs a positive page size")
    return PagedLoader(clock: clock, retry: retry, staleAfter: staleAfter, merge: merge) { cursor in
      let items = try await fetch(cursor, pageSize)
      return Page(items: items, nextCursor: items.count < pageSize ? nil : items.last?.id)
    }
  }
}
