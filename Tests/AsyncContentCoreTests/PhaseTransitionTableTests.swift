import AsyncContentCore
import Testing

/// One row of the transition table: a phase, an event, the phase it leads to, and what the
/// transition function returns (`nil` for the functions that return nothing).
///
/// Payloads: an existing phase holds `v = [1, 2]` and `e = .old`; `succeed` brings
/// `v′ = [7, 8]`, `fail` brings `e′ = .new`, and `finishLoadingMore` appends the page `[3]`.
struct TransitionRow<Phase: AsyncPhase & Equatable & Sendable>: Sendable {
  var from: Phase
  var event: PhaseEvent
  var to: Phase
  var returns: PhaseEventResult?
  var sourceLocation: SourceLocation

  init(
    _ from: Phase, _ event: PhaseEvent, _ to: Phase, returns: PhaseEventResult? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.from = from
    self.event = event
    self.to = to
    self.returns = returns
    self.sourceLocation = sourceLocation
  }
}

/// The transition tables: the specification of ``LoadPhase`` and ``PagedPhase``, one row per
/// (phase kind × event), written from the documented rules.
enum TransitionTable {
  private static let v = PhaseFixture.value
  private static let v2 = PhaseFixture.newValue
  private static let e = PhaseFixture.error
  private static let e2 = PhaseFixture.newError

  /// 7 phases × 5 events.
  static let load: [TransitionRow<TestLoadPhase>] = [
    // idle: only startLoading starts something.
    .init(.idle, .startLoading, .loading, returns: .start(.started)),
    .init(.idle, .succeed, .loaded(v2)),
    .init(.idle, .fail, .failed(e2)),
    .init(.idle, .cancel, .idle, returns: .changed(false)),
    .init(.idle, .reset, .idle, returns: .changed(false)),
    .init(.idle, .dismissError, .idle, returns: .changed(false)),
    // loading: the first load.
    .init(.loading, .startLoading, .loading, returns: .start(.alreadyLoading)),
    .init(.loading, .succeed, .loaded(v2)),
    .init(.loading, .fail, .failed(e2)),
    .init(.loading, .cancel, .idle, returns: .changed(true)),
    .init(.loading, .reset, .idle, returns: .changed(true)),
    .init(.loading, .dismissError, .loading, returns: .changed(false)),
    // loaded: a reload keeps the value; a failure keeps it too.
    .init(.loaded(v), .startLoading, .reloading(v), returns: .start(.started)),
    .init(.loaded(v), .succeed, .loaded(v2)),
    .init(.loaded(v), .fail, .reloadFailed(v, e2)),
    .init(.loaded(v), .cancel, .loaded(v), returns: .changed(false)),
    .init(.loaded(v), .reset, .idle, returns: .changed(true)),
    .init(.loaded(v), .dismissError, .loaded(v), returns: .changed(false)),
    // failed: a new load is a retry that keeps the error visible.
    .init(.failed(e), .startLoading, .retrying(e), returns: .start(.started)),
    .init(.failed(e), .succeed, .loaded(v2)),
    .init(.failed(e), .fail, .failed(e2)),
    .init(.failed(e), .cancel, .failed(e), returns: .changed(false)),
    .init(.failed(e), .reset, .idle, returns: .changed(true)),
    .init(.failed(e), .dismissError, .failed(e), returns: .changed(false)),
    // reloading: joins, keeps the value on failure, cancels back to loaded.
    .init(.reloading(v), .startLoading, .reloading(v), returns: .start(.alreadyLoading)),
    .init(.reloading(v), .succeed, .loaded(v2)),
    .init(.reloading(v), .fail, .reloadFailed(v, e2)),
    .init(.reloading(v), .cancel, .loaded(v), returns: .changed(true)),
    .init(.reloading(v), .reset, .idle, returns: .changed(true)),
    .init(.reloading(v), .dismissError, .reloading(v), returns: .changed(false)),
    // retrying: joins, replaces the error on failure, cancels back to failed.
    .init(.retrying(e), .startLoading, .retrying(e), returns: .start(.alreadyLoading)),
    .init(.retrying(e), .succeed, .loaded(v2)),
    .init(.retrying(e), .fail, .failed(e2)),
    .init(.retrying(e), .cancel, .failed(e), returns: .changed(true)),
    .init(.retrying(e), .reset, .idle, returns: .changed(true)),
    .init(.retrying(e), .dismissError, .retrying(e), returns: .changed(false)),
    // reloadFailed: a reload dismisses the banner; a new failure replaces the error.
    .init(.reloadFailed(v, e), .startLoading, .reloading(v), returns: .start(.started)),
    .init(.reloadFailed(v, e), .succeed, .loaded(v2)),
    .init(.reloadFailed(v, e), .fail, .reloadFailed(v, e2)),
    .init(.reloadFailed(v, e), .cancel, .reloadFailed(v, e), returns: .changed(false)),
    .init(.reloadFailed(v, e), .reset, .idle, returns: .changed(true)),
    .init(.reloadFailed(v, e), .dismissError, .loaded(v), returns: .changed(true)),
  ]

  /// 11 phases × 14 events.
  static let paged = pagedForward + pagedBackward

  /// The nine phases of a list paged forward × the events of the first and the next page.
  static let pagedForward: [TransitionRow<TestPagedPhase>] = [
    // idle
    .init(.idle, .startLoading, .loading, returns: .start(.started)),
    .init(.idle, .succeed, .loaded(v2)),
    .init(.idle, .fail, .failed(e2)),
    .init(.idle, .cancel, .idle, returns: .changed(false)),
    .init(.idle, .reset, .idle, returns: .changed(false)),
    .init(.idle, .dismissError, .idle, returns: .changed(false)),
    .init(.idle, .startLoadingMore, .idle, returns: .loadMore(.unavailable)),
    .init(.idle, .finishLoadingMore, .idle, returns: .changed(false)),
    .init(.idle, .failLoadingMore, .idle, returns: .changed(false)),
    .init(.idle, .cancelLoadingMore, .idle, returns: .changed(false)),
    // loading
    .init(.loading, .startLoading, .loading, returns: .start(.alreadyLoading)),
    .init(.loading, .succeed, .loaded(v2)),
    .init(.loading, .fail, .failed(e2)),
    .init(.loading, .cancel, .idle, returns: .changed(true)),
    .init(.loading, .reset, .idle, returns: .changed(true)),
    .init(.loading, .dismissError, .loading, returns: .changed(false)),
    .init(.loading, .startLoadingMore, .loading, returns: .loadMore(.unavailable)),
    .init(.loading, .finishLoadingMore, .loading, returns: .changed(false)),
    .init(.loading, .failLoadingMore, .loading, returns: .changed(false)),
    .init(.loading, .cancelLoadingMore, .loading, returns: .changed(false)),
    // loaded
    .init(.loaded(v), .startLoading, .reloading(v), returns: .start(.started)),
    .init(.loaded(v), .succeed, .loaded(v2)),
    .init(.loaded(v), .fail, .reloadFailed(v, e2)),
    .init(.loaded(v), .cancel, .loaded(v), returns: .changed(false)),
    .init(.loaded(v), .reset, .idle, returns: .changed(true)),
    .init(.loaded(v), .dismissError, .loaded(v), returns: .changed(false)),
    .init(.loaded(v), .startLoadingMore, .loadingMore(v), returns: .loadMore(.started)),
    .init(.loaded(v), .finishLoadingMore, .loaded(v), returns: .changed(false)),
    .init(.loaded(v), .failLoadingMore, .loaded(v), returns: .changed(false)),
    .init(.loaded(v), .cancelLoadingMore, .loaded(v), returns: .changed(false)),
    // failed
    .init(.failed(e), .startLoading, .retrying(e), returns: .start(.started)),
    .init(.failed(e), .succeed, .loaded(v2)),
    .init(.failed(e), .fail, .failed(e2)),
    .init(.failed(e), .cancel, .failed(e), returns: .changed(false)),
    .init(.failed(e), .reset, .idle, returns: .changed(true)),
    .init(.failed(e), .dismissError, .failed(e), returns: .changed(false)),
    .init(.failed(e), .startLoadingMore, .failed(e), returns: .loadMore(.unavailable)),
    .init(.failed(e), .finishLoadingMore, .failed(e), returns: .changed(false)),
    .init(.failed(e), .failLoadingMore, .failed(e), returns: .changed(false)),
    .init(.failed(e), .cancelLoadingMore, .failed(e), returns: .changed(false)),
    // reloading: no load-more during a reload; a stale page is dropped.
    .init(.reloading(v), .startLoading, .reloading(v), returns: .start(.alreadyLoading)),
    .init(.reloading(v), .succeed, .loaded(v2)),
    .init(.reloading(v), .fail, .reloadFailed(v, e2)),
    .init(.reloading(v), .cancel, .loaded(v), returns: .changed(true)),
    .init(.reloading(v), .reset, .idle, returns: .changed(true)),
    .init(.reloading(v), .dismissError, .reloading(v), returns: .changed(false)),
    .init(.reloading(v), .startLoadingMore, .reloading(v), returns: .loadMore(.unavailable)),
    .init(.reloading(v), .finishLoadingMore, .reloading(v), returns: .changed(false)),
    .init(.reloading(v), .failLoadingMore, .reloading(v), returns: .changed(false)),
    .init(.reloading(v), .cancelLoadingMore, .reloading(v), returns: .changed(false)),
    // retrying
    .init(.retrying(e), .startLoading, .retrying(e), returns: .start(.alreadyLoading)),
    .init(.retrying(e), .succeed, .loaded(v2)),
    .init(.retrying(e), .fail, .failed(e2)),
    .init(.retrying(e), .cancel, .failed(e), returns: .changed(true)),
    .init(.retrying(e), .reset, .idle, returns: .changed(true)),
    .init(.retrying(e), .dismissError, .retrying(e), returns: .changed(false)),
    .init(.retrying(e), .startLoadingMore, .retrying(e), returns: .loadMore(.unavailable)),
    .init(.retrying(e), .finishLoadingMore, .retrying(e), returns: .changed(false)),
    .init(.retrying(e), .failLoadingMore, .retrying(e), returns: .changed(false)),
    .init(.retrying(e), .cancelLoadingMore, .retrying(e), returns: .changed(false)),
    // reloadFailed: the items stay, so the next page can still load.
    .init(.reloadFailed(v, e), .startLoading, .reloading(v), returns: .start(.started)),
    .init(.reloadFailed(v, e), .succeed, .loaded(v2)),
    .init(.reloadFailed(v, e), .fail, .reloadFailed(v, e2)),
    .init(.reloadFailed(v, e), .cancel, .reloadFailed(v, e), returns: .changed(false)),
    .init(.reloadFailed(v, e), .reset, .idle, returns: .changed(true)),
    .init(.reloadFailed(v, e), .dismissError, .loaded(v), returns: .changed(true)),
    .init(.reloadFailed(v, e), .startLoadingMore, .loadingMore(v), returns: .loadMore(.started)),
    .init(.reloadFailed(v, e), .finishLoadingMore, .reloadFailed(v, e), returns: .changed(false)),
    .init(.reloadFailed(v, e), .failLoadingMore, .reloadFailed(v, e), returns: .changed(false)),
    .init(.reloadFailed(v, e), .cancelLoadingMore, .reloadFailed(v, e), returns: .changed(false)),
    // loadingMore: a reload supersedes it; its failure keeps every item.
    .init(.loadingMore(v), .startLoading, .reloading(v), returns: .start(.started)),
    .init(.loadingMore(v), .succeed, .loaded(v2)),
    .init(.loadingMore(v), .fail, .loadMoreFailed(v, e2)),
    .init(.loadingMore(v), .cancel, .loaded(v), returns: .changed(true)),
    .init(.loadingMore(v), .reset, .idle, returns: .changed(true)),
    .init(.loadingMore(v), .dismissError, .loadingMore(v), returns: .changed(false)),
    .init(
      .loadingMore(v), .startLoadingMore, .loadingMore(v), returns: .loadMore(.alreadyLoading)),
    .init(.loadingMore(v), .finishLoadingMore, .loaded(v + [3]), returns: .changed(true)),
    .init(.loadingMore(v), .failLoadingMore, .loadMoreFailed(v, e2), returns: .changed(true)),
    .init(.loadingMore(v), .cancelLoadingMore, .loaded(v), returns: .changed(true)),
    // loadMoreFailed: load-more can be retried; a reload drops the footer error.
    .init(.loadMoreFailed(v, e), .startLoading, .reloading(v), returns: .start(.started)),
    .init(.loadMoreFailed(v, e), .succeed, .loaded(v2)),
    .init(.loadMoreFailed(v, e), .fail, .reloadFailed(v, e2)),
    .init(.loadMoreFailed(v, e), .cancel, .loadMoreFailed(v, e), returns: .changed(false)),
    .init(.loadMoreFailed(v, e), .reset, .idle, returns: .changed(true)),
    .init(.loadMoreFailed(v, e), .dismissError, .loadMoreFailed(v, e), returns: .changed(false)),
    .init(.loadMoreFailed(v, e), .startLoadingMore, .loadingMore(v), returns: .loadMore(.started)),
    .init(
      .loadMoreFailed(v, e), .finishLoadingMore, .loadMoreFailed(v, e), returns: .changed(false)),
    // An outdated load-more failure or cancellation is dropped, as an outdated page is.
    .init(.loadMoreFailed(v, e), .failLoadingMore, .loadMoreFailed(v, e), returns: .changed(false)),
    .init(
      .loadMoreFailed(v, e), .cancelLoadingMore, .loadMoreFailed(v, e), returns: .changed(false)),
  ]

  /// The previous page: its four events from the nine phases above, and the two phases of the
  /// previous page under all fourteen events.
  static let pagedBackward: [TransitionRow<TestPagedPhase>] = [
    // Nothing shown, or a first load, retry or reload runs: no previous page.
    .init(.idle, .startLoadingPrevious, .idle, returns: .loadMore(.unavailable)),
    .init(.idle, .finishLoadingPrevious, .idle, returns: .changed(false)),
    .init(.idle, .failLoadingPrevious, .idle, returns: .changed(false)),
    .init(.idle, .cancelLoadingPrevious, .idle, returns: .changed(false)),
    .init(.loading, .startLoadingPrevious, .loading, returns: .loadMore(.unavailable)),
    .init(.loading, .finishLoadingPrevious, .loading, returns: .changed(false)),
    .init(.loading, .failLoadingPrevious, .loading, returns: .changed(false)),
    .init(.loading, .cancelLoadingPrevious, .loading, returns: .changed(false)),
    .init(.failed(e), .startLoadingPrevious, .failed(e), returns: .loadMore(.unavailable)),
    .init(.failed(e), .finishLoadingPrevious, .failed(e), returns: .changed(false)),
    .init(.failed(e), .failLoadingPrevious, .failed(e), returns: .changed(false)),
    .init(.failed(e), .cancelLoadingPrevious, .failed(e), returns: .changed(false)),
    .init(.reloading(v), .startLoadingPrevious, .reloading(v), returns: .loadMore(.unavailable)),
    .init(.reloading(v), .finishLoadingPrevious, .reloading(v), returns: .changed(false)),
    .init(.reloading(v), .failLoadingPrevious, .reloading(v), returns: .changed(false)),
    .init(.reloading(v), .cancelLoadingPrevious, .reloading(v), returns: .changed(false)),
    .init(.retrying(e), .startLoadingPrevious, .retrying(e), returns: .loadMore(.unavailable)),
    .init(.retrying(e), .finishLoadingPrevious, .retrying(e), returns: .changed(false)),
    .init(.retrying(e), .failLoadingPrevious, .retrying(e), returns: .changed(false)),
    .init(.retrying(e), .cancelLoadingPrevious, .retrying(e), returns: .changed(false)),
    // Items shown and nothing runs: the previous page starts; the other events are outdated.
    .init(.loaded(v), .startLoadingPrevious, .loadingPrevious(v), returns: .loadMore(.started)),
    .init(.loaded(v), .finishLoadingPrevious, .loaded(v), returns: .changed(false)),
    .init(.loaded(v), .failLoadingPrevious, .loaded(v), returns: .changed(false)),
    .init(.loaded(v), .cancelLoadingPrevious, .loaded(v), returns: .changed(false)),
    .init(
      .reloadFailed(v, e), .startLoadingPrevious, .loadingPrevious(v), returns: .loadMore(.started)),
    .init(
      .reloadFailed(v, e), .finishLoadingPrevious, .reloadFailed(v, e), returns: .changed(false)),
    .init(.reloadFailed(v, e), .failLoadingPrevious, .reloadFailed(v, e), returns: .changed(false)),
    .init(
      .reloadFailed(v, e), .cancelLoadingPrevious, .reloadFailed(v, e), returns: .changed(false)),
    .init(
      .loadMoreFailed(v, e), .startLoadingPrevious, .loadingPrevious(v),
      returns: .loadMore(.started)),
    .init(
      .loadMoreFailed(v, e), .finishLoadingPrevious, .loadMoreFailed(v, e),
      returns: .changed(false)),
    .init(
      .loadMoreFailed(v, e), .failLoadingPrevious, .loadMoreFailed(v, e), returns: .changed(false)),
    .init(
      .loadMoreFailed(v, e), .cancelLoadingPrevious, .loadMoreFailed(v, e),
      returns: .changed(false)),
    // One page loads at a time: not the previous page while the next one loads.
    .init(
      .loadingMore(v), .startLoadingPrevious, .loadingMore(v), returns: .loadMore(.unavailable)),
    .init(.loadingMore(v), .finishLoadingPrevious, .loadingMore(v), returns: .changed(false)),
    .init(.loadingMore(v), .failLoadingPrevious, .loadingMore(v), returns: .changed(false)),
    .init(.loadingMore(v), .cancelLoadingPrevious, .loadingMore(v), returns: .changed(false)),
    // loadingPrevious: the twin of loadingMore at the start of the list.
    .init(.loadingPrevious(v), .startLoading, .reloading(v), returns: .start(.started)),
    .init(.loadingPrevious(v), .succeed, .loaded(v2)),
    .init(.loadingPrevious(v), .fail, .loadPreviousFailed(v, e2)),
    .init(.loadingPrevious(v), .cancel, .loaded(v), returns: .changed(true)),
    .init(.loadingPrevious(v), .reset, .idle, returns: .changed(true)),
    .init(.loadingPrevious(v), .dismissError, .loadingPrevious(v), returns: .changed(false)),
    .init(
      .loadingPrevious(v), .startLoadingMore, .loadingPrevious(v),
      returns: .loadMore(.unavailable)),
    .init(.loadingPrevious(v), .finishLoadingMore, .loadingPrevious(v), returns: .changed(false)),
    .init(.loadingPrevious(v), .failLoadingMore, .loadingPrevious(v), returns: .changed(false)),
    .init(.loadingPrevious(v), .cancelLoadingMore, .loadingPrevious(v), returns: .changed(false)),
    .init(
      .loadingPrevious(v), .startLoadingPrevious, .loadingPrevious(v),
      returns: .loadMore(.alreadyLoading)),
    .init(.loadingPrevious(v), .finishLoadingPrevious, .loaded([3] + v), returns: .changed(true)),
    .init(
      .loadingPrevious(v), .failLoadingPrevious, .loadPreviousFailed(v, e2),
      returns: .changed(true)),
    .init(.loadingPrevious(v), .cancelLoadingPrevious, .loaded(v), returns: .changed(true)),
    // loadPreviousFailed: the twin of loadMoreFailed; the next page may still load.
    .init(.loadPreviousFailed(v, e), .startLoading, .reloading(v), returns: .start(.started)),
    .init(.loadPreviousFailed(v, e), .succeed, .loaded(v2)),
    .init(.loadPreviousFailed(v, e), .fail, .reloadFailed(v, e2)),
    .init(
      .loadPreviousFailed(v, e), .cancel, .loadPreviousFailed(v, e), returns: .changed(false)),
    .init(.loadPreviousFailed(v, e), .reset, .idle, returns: .changed(true)),
    .init(
      .loadPreviousFailed(v, e), .dismissError, .loadPreviousFailed(v, e),
      returns: .changed(false)),
    .init(
      .loadPreviousFailed(v, e), .startLoadingMore, .loadingMore(v), returns: .loadMore(.started)),
    .init(
      .loadPreviousFailed(v, e), .finishLoadingMore, .loadPreviousFailed(v, e),
      returns: .changed(false)),
    .init(
      .loadPreviousFailed(v, e), .failLoadingMore, .loadPreviousFailed(v, e),
      returns: .changed(false)),
    .init(
      .loadPreviousFailed(v, e), .cancelLoadingMore, .loadPreviousFailed(v, e),
      returns: .changed(false)),
    .init(
      .loadPreviousFailed(v, e), .startLoadingPrevious, .loadingPrevious(v),
      returns: .loadMore(.started)),
    .init(
      .loadPreviousFailed(v, e), .finishLoadingPrevious, .loadPreviousFailed(v, e),
      returns: .changed(false)),
    .init(
      .loadPreviousFailed(v, e), .failLoadingPrevious, .loadPreviousFailed(v, e),
      returns: .changed(false)),
    .init(
      .loadPreviousFailed(v, e), .cancelLoadingPrevious, .loadPreviousFailed(v, e),
      returns: .changed(false)),
  ]
}

@Suite("Phase transition table")
struct PhaseTransitionTableTests {
  /// The (kind, event) pairs a table covers, with how often each appears.
  private static func coverage<Phase>(_ rows: [TransitionRow<Phase>]) -> [String: Int] {
    rows.reduce(into: [:]) { counts, row in
      counts["\(row.from.kind) × \(row.event)", default: 0] += 1
    }
  }

  private static func pairs(_ kinds: [PhaseKind], _ events: [PhaseEvent]) -> Set<String> {
    Set(kinds.flatMap { kind in events.map { "\(kind) × \($0)" } })
  }

  @Test func loadTableCoversEveryPairExactlyOnce() {
    let counts = Self.coverage(TransitionTable.load)
    let expected = Self.pairs(PhaseKind.loadCases, PhaseEvent.loadEvents)
    #expect(expected.count == 42)
    #expect(TransitionTable.load.count == 42)
    #expect(Set(counts.keys) == expected)
    #expect(counts.filter { $0.value != 1 }.isEmpty, "pairs listed more than once")
  }

  @Test func pagedTableCoversEveryPairExactlyOnce() {
    let counts = Self.coverage(TransitionTable.paged)
    let expected = Self.pairs(PhaseKind.allCases, PhaseEvent.allCases)
    #expect(expected.count == 154)
    #expect(TransitionTable.paged.count == 154)
    #expect(Set(counts.keys) == expected)
    #expect(counts.filter { $0.value != 1 }.isEmpty, "pairs listed more than once")
  }

  @Test func loadPhaseFollowsTheTable() {
    for row in TransitionTable.load {
      var phase = row.from
      let returned = phase.run(
        row.event, value: PhaseFixture.newValue, error: PhaseFixture.newError)
      #expect(
        phase == row.to, "\(row.from) --\(row.event)-->", sourceLocation: row.sourceLocation)
      #expect(
        returned == row.returns, "\(row.from) --\(row.event)--> returns",
        sourceLocation: row.sourceLocation)
    }
  }

  @Test func pagedPhaseFollowsTheTable() {
    for row in TransitionTable.paged {
      var phase = row.from
      let returned = phase.run(
        row.event, value: PhaseFixture.newValue, page: PhaseFixture.page,
        error: PhaseFixture.newError)
      #expect(
        phase == row.to, "\(row.from) --\(row.event)-->", sourceLocation: row.sourceLocation)
      #expect(
        returned == row.returns, "\(row.from) --\(row.event)--> returns",
        sourceLocation: row.sourceLocation)
    }
  }

  /// A paged phase made from a load phase follows the same rows as the load phase itself.
  @Test func pagedPhaseAgreesWithLoadPhaseOnTheSharedRows() {
    for row in TransitionTable.load {
      var paged = PagedPhase(row.from)
      _ = paged.run(
        row.event, value: PhaseFixture.newValue, page: PhaseFixture.page,
        error: PhaseFixture.newError)
      #expect(paged == PagedPhase(row.to), sourceLocation: row.sourceLocation)
    }
  }

  /// The rows start from the fixture of their kind, so the diagram's samples and the table agree.
  @Test func rowsStartFromTheFixtures() {
    for row in TransitionTable.load {
      #expect(row.from == PhaseFixture.load(row.from.kind), sourceLocation: row.sourceLocation)
    }
    for row in TransitionTable.paged {
      #expect(row.from == PhaseFixture.paged(row.from.kind), sourceLocation: row.sourceLocation)
    }
  }

  /// The state diagram is generated from the same transitions: every arrow it draws is a row
  /// whose event changes the kind, and every such row (except reset) is an arrow.
  @Test func diagramArrowsMatchTheTable() {
    #expect(Self.arrows(TransitionTable.load) == Self.diagramArrows(PhaseDiagram.loadPhase))
    #expect(Self.arrows(TransitionTable.paged) == Self.diagramArrows(PhaseDiagram.pagedPhase))
  }

  private static func arrows<Phase>(_ rows: [TransitionRow<Phase>]) -> Set<String> {
    Set(
      rows.filter {
        // The diagram leaves out reset (a note) and results arriving where nothing loads
        // (loaders drop those as stale).
        $0.event != .reset && $0.to.kind != $0.from.kind
          && ($0.from.kind.isLoading || ($0.event != .succeed && $0.event != .fail))
      }.map {
        "\($0.from.kind) \($0.event) \($0.to.kind)"
      })
  }

  /// Reads `from --> to: a, b` lines back into (from, event, to) triples.
  private static func diagramArrows(_ diagram: String) -> Set<String> {
    var arrows: Set<String> = []
    for line in diagram.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let ends = parts[0].split(separator: " ").filter { $0 != "-->" }
      guard ends.count == 2 else { continue }
      for event in parts[1].split(separator: ",") {
        arrows.insert("\(ends[0]) \(event.trimmingWhitespace) \(ends[1])")
      }
    }
    return arrows
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces.
  fileprivate var trimmingWhitespace: Substring {
    let text = Substring(self)
    let start = text.firstIndex { $0 != " " } ?? text.endIndex
    let end = text.lastIndex { $0 != " " }.map { text.index(after: $0) } ?? start
    return text[start..<end]
  }
}
