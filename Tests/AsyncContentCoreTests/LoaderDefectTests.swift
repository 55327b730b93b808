import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import FlyingFox
import Foundation
import PropertyBased
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One test per defect found by reading the loaders, each named after the defect and failing on
/// the code before its fix.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LoaderDefectTests {
  // MARK: 1. The retry backoff crashed the process

  /// The 69th wait of the default policy (1 s × 2^68) overflowed `Duration` and trapped, so
  /// "retry forever, capped at 30 s" crashed after about half an hour.
  @Test func retryBackoffNeverTrapsOrExceedsMaxDelay() async {
    let policy = RetryPolicy(maxAttempts: .max, jitter: 0)
    #expect(policy.delay(afterFailedAttempts: 69, error: TestError()) == .seconds(30))
    #expect(policy.delay(afterFailedAttempts: 10_000, error: TestError()) == .seconds(30))
    await propertyCheck(
      count: 2_000, input: Gen.int(in: 1...10_000), Gen.double(in: 1...1_000),
      Gen.double(in: 0..<1)
    ) { attempts, multiplier, jitterDraw in
      let policy = RetryPolicy(
        maxAttempts: .max, initialDelay: .milliseconds(250), multiplier: multiplier,
        maxDelay: .seconds(30), jitter: 0.5, random: { jitterDraw })
      let delay = policy.delay(afterFailedAttempts: attempts, error: TestError())
      #expect(delay != nil)
      #expect(delay.map { $0 >= .zero && $0 <= .seconds(30) } == true)
    }
    // The extremes of the ranges, and a cap as large as a Duration goes.
    let huge = RetryPolicy(
      maxAttempts: .max, initialDelay: .seconds(1), multiplier: 1_000,
      maxDelay: .seconds(Int64.max), jitter: 0)
    #expect(huge.delay(afterFailedAttempts: 10_000, error: TestError()) == .seconds(Int64.max))
  }

  // MARK: 2. A loader created in a loading phase hung every trigger

  /// The triggers joined on `phase.isLoading` alone, so a loader created in a loading phase (as
  /// the docs suggest for previews) joined a load that did not exist: `load()` waited until
  /// `cancel()`, and `startLoad()` did nothing. Now a loading initial phase is shown as it is,
  /// and the first trigger starts a real load.
  @Test(arguments: [
    LoadPhase<Int, any Error>.loading, .reloading(1), .retrying(TestError(1)),
  ])
  func aLoaderCreatedInALoadingPhaseStartsARealLoadOnTheFirstTrigger(
    _ phase: LoadPhase<Int, any Error>
  ) async {
    for trigger in ["load", "reload", "startLoad", "startReload"] {
      let gate = Gate<Int>()
      let loader = AsyncLoader(phase: phase) { try await gate.call() }
      #expect(!loader.isActive)
      let caller = Task {
        switch trigger {
        case "load": await loader.load()
        case "reload": await loader.reload()
        case "startLoad": loader.startLoad()
        default: loader.startReload()
        }
      }
      await eventually { gate.pending == 1 }
      #expect(gate.calls == 1, "\(trigger) from \(phase) started no load")
      #expect(loader.phase.kind == phase.kind, "the phase is shown as it is while it loads")
      gate.succeed(7)
      await caller.cancellableValue
      await eventually { loader.phase.kind == .loaded }
      #expect(loader.phase.value == 7)
    }
  }

  @Test func aPagedLoaderCreatedInALoadingPhaseStartsARealLoadOnTheFirstTrigger() async {
    // A first-page loading phase: load() and reload() start the first page.
    for phase in [PagedPhase<IdentifiedItems<PagedRow>, any Error>.loading, .reloading([])] {
      let pages = RowGate()
      let loader = PagedLoader(phase: phase) { try await pages.fetch($0) }
      let load = Task { await loader.load() }
      await eventually { pages.pending == 1 }
      pages.succeed(rows(0..<2), next: 2)
      await load.cancellableValue
      #expect(loader.items.map(\.id) == [0, 1])
      #expect(pages.cursors == [nil])
    }
    // A load-more phase: loadMore() starts the next page at the given cursor.
    let pages = RowGate()
    let loader = PagedLoader(
      phase: .loadingMore(IdentifiedItems(rows(0..<2))), nextCursor: 2
    ) { try await pages.fetch($0) }
    let more = Task { await loader.loadMore() }
    await eventually { pages.pending == 1 }
    #expect(pages.cursors == [2])
    pages.succeed(rows(2..<3), next: nil)
    await more.cancellableValue
    #expect(loader.items.map(\.id) == [0, 1, 2])
    #expect(loader.phase.kind == .loaded)
  }

  // MARK: 3. isActive changed without notifying observers

  /// A sequence that ends after its first value cleared the task without a phase change, so
  /// a view showing "live" from `isActive` never heard that the feed stopped.
  @Test func isActiveChangesNotifyObservers() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let loader = AsyncLoader(sequence: { stream })
    let load = Task { await loader.load() }
    continuation.yield(1)
    await load.cancellableValue
    #expect(loader.isActive)
    let recorder = PhaseRecorder { loader.isActive }
    continuation.finish()
    await eventually { !loader.isActive }
    await drainMainActor()
    #expect(recorder.notifications == 1)
    #expect(recorder.values == [true, false])
    #expect(loader.phase.value == 1)
  }

  // MARK: 4. The first page ignored a custom merge

  /// Page one was always built with later copies winning; only load-more pages went through
  /// `merge:`.
  @Test func theFirstPageGoesThroughACustomMerge() async {
    let pages = RowGate()
    let keepFirst: PagedLoader<PagedRow, Int>.MergePage = { items, page in
      for item in page { items.append(item) }
    }
    let loader = PagedLoader(merge: keepFirst) { try await pages.fetch($0) }
    let load = Task { await loader.load() }
    await eventually { pages.pending == 1 }
    pages.succeed([PagedRow(id: 1, payload: 1), PagedRow(id: 1, payload: 2)], next: nil)
    await load.cancellableValue
    #expect(loader.items.elements == [PagedRow(id: 1, payload: 1)])
  }

  // MARK: 5. load() and startLoad() disagreed

  /// `PagedLoader.load()` reloaded a stale list during a load-more, `startLoad()` did not. Now
  /// every awaiting trigger and its `start…` twin decide the same in every phase, stale or not,
  /// for both loaders: the same requests, the same phase.
  @Test func everyAwaitingTriggerDecidesAsItsStartTwin() async {
    await withMainSerialExecutor {
      for kind in PhaseKind.loadCases {
        for stale in [false, true] {
          for pair in ["load", "reload"] {
            let awaited = await Self.asyncLoaderDecision(kind, stale: stale, pair, awaits: true)
            let started = await Self.asyncLoaderDecision(kind, stale: stale, pair, awaits: false)
            #expect(awaited == started, "AsyncLoader \(pair) in \(kind), stale \(stale)")
          }
        }
      }
      for kind in PhaseKind.allCases {
        for stale in [false, true] {
          for running in [false, true] where !running || kind.isLoading {
            for pair in ["load", "reload", "loadMore"] {
              let awaited = await Self.pagedDecision(
                kind, stale: stale, running: running, pair, awaits: true)
              let started = await Self.pagedDecision(
                kind, stale: stale, running: running, pair, awaits: false)
              #expect(
                awaited == started,
                "PagedLoader \(pair) in \(kind), stale \(stale), running \(running)")
            }
          }
        }
      }
    }
  }

  /// What a trigger of `pair` did to an `AsyncLoader` in a phase of `kind`: the calls it made
  /// and the phase it left.
  private static func asyncLoaderDecision(
    _ kind: PhaseKind, stale: Bool, _ pair: String, awaits: Bool
  ) async -> String {
    let clock = TestClock()
    let gate = Gate<[Int]>()
    let loader = AsyncLoader(
      phase: PhaseDiagram.loadSample(kind), clock: clock, staleness: .after(.seconds(10))
    ) { try await gate.call() }
    if stale { await clock.advance(by: .seconds(10)) }
    let caller = Task {
      switch (pair, awaits) {
      case ("load", true): await loader.load()
      case ("load", false): loader.startLoad()
      case (_, true): await loader.reload()
      default: loader.startReload()
      }
    }
    await drainMainActor()
    let decision = "calls \(gate.calls), \(loader.phase.kind)"
    caller.cancel()
    loader.cancel()
    return decision
  }

  /// What a trigger of `pair` did to a `PagedLoader` in a phase of `kind`, with a load running
  /// (`running`, for loading kinds) or not.
  private static func pagedDecision(
    _ kind: PhaseKind, stale: Bool, running: Bool, _ pair: String, awaits: Bool
  ) async -> String {
    let clock = TestClock()
    let pages = RowGate()
    let sample = PhaseDiagram.sample(kind).map { IdentifiedItems(rows($0)) }
    let loader = PagedLoader(
      phase: sample, nextCursor: 5, clock: clock, staleness: .after(.seconds(10))
    ) { try await pages.fetch($0) }
    if running {
      // A real load of this kind runs: start it from the phase it comes from.
      switch kind {
      case .loadingMore: loader.startLoadMore()
      default: loader.startReload()
      }
      await drainMainActor()
    }
    if stale { await clock.advance(by: .seconds(10)) }
    let before = pages.cursors.count
    let caller = Task {
      switch (pair, awaits) {
      case ("load", true): await loader.load()
      case ("load", false): loader.startLoad()
      case ("reload", true): await loader.reload()
      case ("reload", false): loader.startReload()
      case (_, true): await loader.loadMore()
      default: loader.startLoadMore()
      }
    }
    await drainMainActor()
    let decision =
      "requests \(pages.cursors.dropFirst(before).map { String(describing: $0) }), "
      + "\(loader.phase.kind)"
    caller.cancel()
    loader.cancel()
    return decision
  }

  // MARK: 6. A subclass loader outlived its owner

  final class GatedModel: AsyncLoader<Int> {
    let gate: Gate<Int>
    init(gate: Gate<Int>) {
      self.gate = gate
      super.init()
    }
    override func makeOperation() -> Operation { { [gate] in try await gate.call() } }
  }

  /// A subclass's operation was a method, which held the loader while it ran, so releasing the
  /// loader cancelled nothing. Now a subclass returns its operation from `makeOperation()`,
  /// and releasing it cancels the request, as for a closure loader.
  @Test func releasingASubclassLoaderCancelsItsWork() async {
    let gate = Gate<Int>()
    weak var weakModel: GatedModel?
    do {
      let model = GatedModel(gate: gate)
      weakModel = model
      model.startLoad()
      await eventually { gate.pending == 1 }
    }
    await eventually { gate.cancelledCalls == 1 }
    #expect(weakModel == nil)
    #expect(gate.pending == 0)
  }

  @Test func releasingAnyLoaderCancelsItsWork() async {
    let gate = Gate<Int>()
    let pages = RowGate()
    weak var weakClosureLoader: AsyncLoader<Int>?
    weak var weakPagedLoader: PagedLoader<PagedRow, Int>?
    do {
      let loader = AsyncLoader { try await gate.call() }
      let paged = PagedLoader { try await pages.fetch($0) }
      weakClosureLoader = loader
      weakPagedLoader = paged
      loader.startLoad()
      paged.startLoad()
      await eventually { gate.pending == 1 && pages.pending == 1 }
    }
    await eventually { gate.cancelledCalls == 1 && pages.cancelledCalls == 1 }
    #expect(weakClosureLoader == nil)
    #expect(weakPagedLoader == nil)
  }

  // MARK: 7. HTTP retry policy

  @Test func httpRetriesRequestTimeoutTooManyRequestsAndServiceUnavailable() {
    for code in [408, 429, 500, 502, 503, 504] {
      let error = HTTPLoadError.status(code: code, url: nil, bodyExcerpt: "")
      #expect(RetryPolicy.isRetryable(error), "HTTP \(code) should be retried")
    }
    for code in [400, 401, 403, 404, 409, 422] {
      let error = HTTPLoadError.status(code: code, url: nil, bodyExcerpt: "")
      #expect(!RetryPolicy.isRetryable(error), "HTTP \(code) should not be retried")
    }
  }

  @Test func retryAfterIsHonouredWhenLongerThanTheBackoffAndCapped() {
    let policy = RetryPolicy(
      maxAttempts: 5, initialDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0)
    func status(_ retryAfter: Duration?) -> HTTPLoadError {
      .status(code: 503, url: nil, bodyExcerpt: "", retryAfter: retryAfter)
    }
    #expect(policy.delay(afterFailedAttempts: 1, error: status(.seconds(5))) == .seconds(5))
    #expect(policy.delay(afterFailedAttempts: 4, error: status(.seconds(5))) == .seconds(8))
    #expect(policy.delay(afterFailedAttempts: 1, error: status(.seconds(90))) == .seconds(30))
    #expect(policy.delay(afterFailedAttempts: 1, error: status(nil)) == .seconds(1))
  }

  @Test func retryAfterHeaderParsesSecondsAndHTTPDates() {
    let date = "Tue, 15 Nov 1994 08:12:31 GMT"
    #expect(RetryAfterHeader.delay("120", responseDate: nil) == .seconds(120))
    #expect(RetryAfterHeader.delay(" 3 ", responseDate: nil) == .seconds(3))
    #expect(
      RetryAfterHeader.delay("Tue, 15 Nov 1994 08:12:38 GMT", responseDate: date) == .seconds(7))
    #expect(
      RetryAfterHeader.delay("Tuesday, 15-Nov-94 08:12:41 GMT", responseDate: date)
        == .seconds(10))
    #expect(RetryAfterHeader.delay("Tue Nov 15 08:12:32 1994", responseDate: date) == .seconds(1))
    #expect(RetryAfterHeader.delay("Tue, 15 Nov 1994 08:12:00 GMT", responseDate: date) == .zero)
    let now = Date(timeIntervalSince1970: 1_000_000)
    let later = now.addingTimeInterval(42)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    #expect(
      RetryAfterHeader.delay(formatter.string(from: later), responseDate: nil, now: now)
        == .seconds(42))
    #expect(RetryAfterHeader.delay("soon", responseDate: nil) == nil)
    #expect(RetryAfterHeader.delay(nil, responseDate: nil) == nil)
  }

  /// Against the loopback server: a 503 with `Retry-After: 5` waits 5 seconds of the injected
  /// clock, not the 1-second backoff; a 429 with an HTTP-date measured from the response's
  /// `Date` header waits until that date.
  @Test(
    arguments: [
      (503, "5", nil, Duration.seconds(5)),
      (429, "Tue, 15 Nov 1994 08:12:38 GMT", "Tue, 15 Nov 1994 08:12:31 GMT", .seconds(7)),
      (408, "60", nil, .seconds(30)),
    ] as [(Int, String, String?, Duration)])
  func retryAfterIsHonouredOverHTTP(
    _ code: Int, _ retryAfter: String, _ date: String?, _ wait: Duration
  ) async throws {
    let routes: [String: LoopbackRoute] = [
      "/busy": { _, n in
        guard n == 1 else { return .loopbackJSON(HTTPFixture.json(HTTPFixture.countries)) }
        var headers: HTTPHeaders = [HTTPHeader("Retry-After"): retryAfter]
        if let date { headers[HTTPHeader("Date")] = date }
        return HTTPResponse(
          statusCode: HTTPStatusCode(code, phrase: "Busy"), headers: headers,
          body: Data("busy".utf8))
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let clock = TestClock()
      let loader = AsyncLoader<[HTTPTestItem]>(
        url: server.url("/busy"), session: server.session, clock: clock,
        retry: .exponentialBackoff(
          maxAttempts: 2, initialDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0))
      let load = Task { await loader.load() }
      await waitUntil { loader.failureCount == 1 }
      // The attempt failed; the retry sleeps on the injected clock. Just short of the wait,
      // nothing is sent.
      await clock.advanceAndDrain(by: wait - .milliseconds(1))
      #expect(server.log.count("/busy") == 1)
      #expect(loader.phase.kind == .loading)
      await clock.advance(by: .milliseconds(1))
      await load.cancellableValue
      #expect(server.log.count("/busy") == 2)
      #expect(loader.phase.value == HTTPFixture.countries)
    }
  }

  // MARK: Test-suite gaps

  /// `reset()` forgets the failed attempts, for both loaders.
  @Test func resetForgetsTheFailureCount() async {
    let gate = Gate<Int>()
    let loader = AsyncLoader { try await gate.call() }
    let load = Task { await loader.load() }
    await eventually { gate.pending == 1 }
    gate.fail(TestError(1))
    await load.cancellableValue
    #expect(loader.failureCount == 1)
    loader.reset()
    #expect(loader.failureCount == 0)

    let pages = RowGate()
    let paged = PagedLoader { try await pages.fetch($0) }
    let first = Task { await paged.load() }
    await eventually { pages.pending == 1 }
    pages.fail(TestError(2))
    await first.cancellableValue
    #expect(paged.failureCount == 1)
    paged.reset()
    #expect(paged.failureCount == 0)
  }

  /// A screen that shows "attempt 2 of 3" observes `failureCount`: every change notifies, and
  /// only changes do.
  @Test func failureCountChangesNotifyObservers() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let gate = Gate<Int>()
      let loader = AsyncLoader(
        clock: clock,
        retry: .exponentialBackoff(maxAttempts: 3, initialDelay: .seconds(1), jitter: 0)
      ) { try await gate.call() }
      let recorder = PhaseRecorder { loader.failureCount }
      let load = Task { await loader.load() }
      await eventually { gate.pending == 1 }
      gate.fail(TestError(1))
      await eventually { loader.failureCount == 1 }
      await clock.advanceAndDrain(by: .seconds(1))
      gate.fail(TestError(2))
      await eventually { loader.failureCount == 2 }
      await clock.advanceAndDrain(by: .seconds(2))
      gate.succeed(1)
      await load.cancellableValue
      await drainMainActor()
      #expect(recorder.values == [0, 1, 2, 0])
      loader.reset()  // already 0: no notification
      await drainMainActor()
      #expect(recorder.notifications == 3)

      let pages = RowGate()
      let paged = PagedLoader { try await pages.fetch($0) }
      let pagedRecorder = PhaseRecorder { paged.failureCount }
      let first = Task { await paged.load() }
      await eventually { pages.pending == 1 }
      pages.fail(TestError(3))
      await first.cancellableValue
      paged.reset()
      await drainMainActor()
      #expect(pagedRecorder.values == [0, 1, 0])
    }
  }
}
