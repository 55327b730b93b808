import AsyncContentCore
import AsyncContentTestSupport
import ConcurrencyExtras
import Testing

/// Randomized schedules of a ``PagedLoader`` that pages both ways and keeps a window of pages:
/// `loadMore()`, `loadPrevious()`, reloads, `cancel()` and `reset()`, with requests answered in
/// any order, failed, or ended by a thrown cancellation.
///
/// Each run executes 10,000 schedules (set `LOADER_INTERLEAVING_SCHEDULES` to change the count,
/// `LOADER_INTERLEAVING_SEED` to try other seeds) of 5 to 30 steps against a server of 0 to 40
/// items in pages of 1 to 5, opened at its start or somewhere in the middle (as a chat opens at
/// its newest page), with `maxPages` of 1 to 4 or none. In about half the schedules the server
/// shifts: each page repeats 1 to `pageSize - 1` rows of the page before it, so a row is in two
/// pages.
///
/// Checked after every step:
/// - **no duplicates**: every id shows once;
/// - **no gaps**: the items are one run of consecutive ids, as the server's pages are;
/// - **at most `maxPages` pages**: no more items than that many pages hold;
/// - **the window keeps whole pages**: a page that lands adds the rows it does not repeat, at
///   its end, and a full window drops the page at the far end, exactly the rows that page added
///   (a model of the kept pages says which rows remain);
/// - **no stale page applied**: every item comes from a request that was current when it
///   landed, and an answer to a superseded request changes nothing;
/// - the ends: ``PagedLoader/hasMore`` exactly when the server has items after the last one
///   shown, and ``PagedLoader/hasPrevious`` exactly when it has items before the first;
/// - no request outside the server's items, at most one request at a time (with operations
///   that honour cancellation), and no cancellation shown as a failure;
/// - at the end, every caller has resumed.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(10)))
struct PagingWindowScheduleTests {
  static let seed: UInt64 = environmentNumber("LOADER_INTERLEAVING_SEED") ?? 0x00C0_FFEE_5EED
  static let schedules = Int(environmentNumber("LOADER_INTERLEAVING_SCHEDULES") ?? 10_000)

  @Test func bothWaysAndWindows10000Schedules() async {
    // Every task runs on the main serial executor: a step's hops (a resumed request, the page
    // that lands) run in order within a few yields, and the schedule is the same on every run.
    await withMainSerialExecutor { await runSchedules() }
  }

  private func runSchedules() async {
    var steps = 0
    var windowDrops = 0
    var previousPages = 0
    var repeatedRowsDropped = 0
    for index in 0..<Self.schedules {
      var schedule = WindowSchedule(seed: Self.seed, index: index)
      if let failure = await schedule.run() {
        Issue.record(
          """
          Window schedule \(index) failed (LOADER_INTERLEAVING_SEED=\(Self.seed)): \(failure)
          \(schedule.configuration)
          \(schedule.log.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
          """)
        return
      }
      steps += schedule.log.count
      windowDrops += schedule.windowDrops
      previousPages += schedule.previousPagesLanded
      repeatedRowsDropped += schedule.overlappingPagesDropped
    }
    #expect(steps >= Self.schedules * 5)
    // The schedules really exercise what they check.
    #expect(windowDrops >= Self.schedules / 10)
    #expect(previousPages >= Self.schedules / 10)
    #expect(repeatedRowsDropped >= Self.schedules / 50)
  }
}

@MainActor
private struct WindowSchedule {
  enum Step: CustomStringConvertible {
    case loadMore(caller: Int), loadPrevious(caller: Int), reload(caller: Int), retry(caller: Int)
    case startLoadMore, startLoadPrevious
    case succeed(call: Int), fail(call: Int), throwCancellation(call: Int)
    case cancelCaller(Int), cancel, reset

    var description: String {
      switch self {
      case .loadMore(let caller): "loadMore by caller \(caller)"
      case .loadPrevious(let caller): "loadPrevious by caller \(caller)"
      case .reload(let caller): "reload by caller \(caller)"
      case .retry(let caller): "retry by caller \(caller)"
      case .startLoadMore: "startLoadMore"
      case .startLoadPrevious: "startLoadPrevious"
      case .succeed(let call): "call \(call) succeeds"
      case .fail(let call): "call \(call) fails"
      case .throwCancellation(let call): "call \(call) throws a cancellation"
      case .cancelCaller(let caller): "caller \(caller) is cancelled"
      case .cancel: "cancel()"
      case .reset: "reset()"
      }
    }
  }

  private var random: SplitMix64
  let honorsCancellation: Bool
  let stepCount: Int
  let total: Int
  let pageSize: Int
  /// Where the first page (the request without a cursor) starts.
  let opening: Int
  /// How many rows of the page before it each page repeats (the server shifted).
  let overlap: Int
  let maxPages: Int?
  private(set) var log: [Step] = []
  private(set) var windowDrops = 0
  private(set) var previousPagesLanded = 0
  /// How many times a window dropped a page that repeated rows of its neighbour.
  private(set) var overlappingPagesDropped = 0

  /// Which page each call (1-based) fetches.
  private var directions: [Int: PageKind] = [:]
  /// The model of the pages a window keeps, in order: how many rows each added, and whether it
  /// repeated rows of its neighbour.
  private var kept: [(added: Int, repeated: Bool)] = []

  enum PageKind {
    case first, next, previous
  }

  /// The calls (1-based, in the order the server saw them) whose answers must not land.
  private var staleCalls: Set<Int> = []

  init(seed: UInt64, index: Int) {
    random = SplitMix64(seed: seed ^ 0xB0B0_B0B0, index: index)
    honorsCancellation = random.chance(50)
    stepCount = 5 + random.below(26)
    total = random.below(41)
    pageSize = 1 + random.below(5)
    let pageCount = (total + pageSize - 1) / pageSize
    opening = random.chance(50) || pageCount == 0 ? 0 : random.below(pageCount) * pageSize
    maxPages = random.chance(20) ? nil : 1 + random.below(4)
    if pageSize > 1, random.chance(60) {
      overlap = 1 + random.below(pageSize - 1)
    } else {
      overlap = 0
    }
  }

  var configuration: String {
    "server of \(total) items in pages of \(pageSize) (\(overlap) repeated) opened at \(opening), maxPages "
      + "\(maxPages.map(String.init) ?? "none"), honorsCancellation \(honorsCancellation), "
      + "\(stepCount) steps"
  }

  /// The server's page at `cursor` (`nil`: the opening page), with the cursors of its
  /// neighbours: the rows from `cursor` on, after the `overlap` rows before it, which the page
  /// before holds too.
  func page(at cursor: Int?, call: Int) -> Page<PagedRow, Int> {
    let start = cursor ?? opening
    let end = min(start + pageSize, total)
    let first = min(max(0, start - overlap), end)
    return Page(
      items: (first..<max(first, end)).map { PagedRow(id: $0, payload: call) },
      nextCursor: end < total ? end : nil,
      previousCursor: first > 0 ? max(0, start - pageSize) : nil)
  }

  mutating func run() async -> String? {
    let pages = RowGate(honorsCancellation: honorsCancellation)
    let loader = PagedLoader<PagedRow, Int>(maxPages: maxPages) { try await pages.fetch($0) }
    let callers = Callers()
    defer {
      loader.reset()
      callers.cancelAll()
      while pages.pending > 0 { pages.fail(CancellationError()) }
    }
    // Every schedule starts from a first page that is on its way.
    loader.startLoad()
    for _ in 0..<stepCount {
      if let failure = await step(loader, pages, callers, finale: false) { return failure }
    }
    while pages.pending > 0 {
      if let failure = await step(loader, pages, callers, finale: true) { return failure }
    }
    let allResumed = await yieldUntil { !callers.finished.contains(false) }
    if !allResumed {
      return "callers \(callers.finished.indices.filter { !callers.finished[$0] }) never resumed"
    }
    return nil
  }

  private mutating func step(
    _ loader: PagedLoader<PagedRow, Int>, _ pages: RowGate, _ callers: Callers, finale: Bool
  ) async -> String? {
    let callsBefore = pages.calls
    let before = loader.items.map(\.id)
    let phaseBefore = loader.phase.kind
    let action = finale ? resolveOldest(pages) : choose(loader, pages, callers)
    log.append(action)
    switch action {
    case .loadMore: _ = callers.spawn(cancelled: false) { await loader.loadMore() }
    case .loadPrevious: _ = callers.spawn(cancelled: false) { await loader.loadPrevious() }
    case .reload: _ = callers.spawn(cancelled: false) { await loader.reload() }
    case .retry: _ = callers.spawn(cancelled: false) { await loader.retry() }
    case .startLoadMore: loader.startLoadMore()
    case .startLoadPrevious: loader.startLoadPrevious()
    case .succeed(let call):
      pages.gate.succeed(
        page(at: pages.cursors[call - 1], call: call), at: pendingIndex(call, pages))
    case .fail(let call): pages.fail(TestError(call), at: pendingIndex(call, pages))
    case .throwCancellation(let call):
      pages.fail(cancellationError(call), at: pendingIndex(call, pages))
    case .cancelCaller(let caller): callers.cancel(caller)
    case .cancel: loader.cancel()
    case .reset: loader.reset()
    }
    _ = await yieldUntil { callers.allStarted }
    await drainMainActor(yields: 25)

    // A new request supersedes every earlier one; cancel() and reset() supersede all.
    if pages.calls > callsBefore {
      staleCalls.formUnion(1..<pages.calls)
      let kind: PageKind =
        switch loader.phase.kind {
        case .loadingMore: .next
        case .loadingPrevious: .previous
        default: .first
        }
      for call in callsBefore + 1...pages.calls { directions[call] = kind }
    }
    switch action {
    case .cancel, .reset: staleCalls.formUnion(1...max(1, pages.calls))
    default: break
    }

    let items = loader.items.map(\.id)
    // The items the window must show: the same but after a reset or a page that landed.
    var expected = before
    if case .reset = action {
      expected = []
      kept = []
    }
    if case .succeed(let call) = action {
      // The answer of a call superseded before this step must change nothing.
      if staleCalls.contains(call) {
        if items != before { return "the stale call \(call) changed the items to \(items)" }
      } else {
        if phaseBefore == .loadingPrevious, items.first != before.first {
          previousPagesLanded += 1
        }
        let rows = page(at: pages.cursors[call - 1], call: call).items.map(\.id)
        expected = landing(rows, as: directions[call] ?? .first, on: before)
      }
    }
    if items != expected {
      return "the items are \(items), expected \(expected) (the window keeps \(kept))"
    }
    return check(loader, pages, items, before: before, action: action)
  }

  /// The model of a page that lands: the items after `rows` land on `before`, with the pages
  /// the window keeps.
  private mutating func landing(_ rows: [Int], as kind: PageKind, on before: [Int]) -> [Int] {
    let shown = Set(before)
    let added = rows.filter { !shown.contains($0) }
    let page = (added: added.count, repeated: added.count < rows.count)
    var items: [Int]
    switch kind {
    case .first:
      kept = [(rows.count, false)]
      return rows
    case .next:
      items = before + added
      kept.append(page)
    case .previous:
      items = added + before
      kept.insert(page, at: 0)
    }
    guard let maxPages, kept.count > maxPages else { return items }
    // The window is full: the page at the far end goes, with the rows it added.
    let dropped = kind == .next ? kept.removeFirst() : kept.removeLast()
    if dropped.repeated { overlappingPagesDropped += 1 }
    if kind == .next {
      items.removeFirst(min(dropped.added, items.count))
    } else {
      items.removeLast(min(dropped.added, items.count))
    }
    return items
  }

  private mutating func choose(
    _ loader: PagedLoader<PagedRow, Int>, _ pages: RowGate, _ callers: Callers
  ) -> Step {
    while true {
      switch random.below(100) {
      case 0..<22: return .loadMore(caller: callers.tasks.count)
      case 22..<44: return .loadPrevious(caller: callers.tasks.count)
      case 44..<49: return .reload(caller: callers.tasks.count)
      case 49..<52: return .retry(caller: callers.tasks.count)
      case 52..<55: return .startLoadMore
      case 55..<58: return .startLoadPrevious
      case 58..<90:
        let waiting = pendingCalls(pages)
        guard let call = waiting.randomElement(using: &random) else { continue }
        switch random.below(10) {
        case 0...6: return .succeed(call: call)
        case 7...8: return .fail(call: call)
        default: return .throwCancellation(call: call)
        }
      case 90..<94:
        guard !callers.tasks.isEmpty else { continue }
        return .cancelCaller(random.below(callers.tasks.count))
      case 94..<98: return .cancel
      default: return .reset
      }
    }
  }

  private func resolveOldest(_ pages: RowGate) -> Step {
    .succeed(call: pendingCalls(pages)[0])
  }

  /// The calls that wait at the gate, oldest first.
  private func pendingCalls(_ pages: RowGate) -> [Int] {
    pages.gate.waitingCalls
  }

  private func pendingIndex(_ call: Int, _ pages: RowGate) -> Int {
    pendingCalls(pages).firstIndex(of: call)!
  }

  private mutating func check(
    _ loader: PagedLoader<PagedRow, Int>, _ pages: RowGate, _ items: [Int], before: [Int],
    action: Step
  ) -> String? {
    let phase = loader.phase
    if let error = phase.error, isCancellation(error) {
      return "a cancellation shows as a failure: \(phase)"
    }
    if Set(items).count != items.count { return "duplicate ids in \(items)" }
    if let first = items.first, items != Array(first..<first + items.count) {
      return "a gap between the pages kept: \(items)"
    }
    if let maxPages, items.count > maxPages * (pageSize + overlap) {
      return "\(items.count) items is more than \(maxPages) pages of \(pageSize) + \(overlap)"
    }
    if let stale = loader.items.first(where: { staleCalls.contains($0.payload) }),
      !before.contains(stale.id)
    {
      return "item \(stale) landed from the stale call \(stale.payload)"
    }
    if let first = items.first, let last = items.last, phase.value != nil {
      if loader.hasMore != (last + 1 < total) {
        return "hasMore is \(loader.hasMore) with \(first)...\(last) of \(total)"
      }
      if (loader.hasPrevious ?? false) != (first > 0) {
        return "hasPrevious is \(String(describing: loader.hasPrevious)) with \(first)...\(last)"
      }
      // A window moved: it dropped items at one end while a page landed at the other.
      if let lastBefore = before.last, let firstBefore = before.first,
        (first > firstBefore && last > lastBefore) || (first < firstBefore && last < lastBefore)
      {
        windowDrops += 1
      }
    }
    let outside = pages.cursors.compactMap { $0 }.first { $0 < 0 || $0 >= max(1, total) }
    if let outside {
      return "a request went outside the server's items, at \(outside)"
    }
    if honorsCancellation && pages.pending > 1 { return "\(pages.pending) requests run at once" }
    return nil
  }
}
