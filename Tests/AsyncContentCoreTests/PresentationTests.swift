import AsyncContentCore
import Testing

private typealias TestPresentation = Presentation<[Int], PhaseTestError>

/// One row of the presentation table: a phase, the inputs the row covers, and what a screen
/// shows for each of them.
private struct PresentationRow<Phase: AsyncPhase<[Int], PhaseTestError> & Sendable>: Sendable {
  var phase: Phase
  /// The `hasMore` values the row covers (paged phases only).
  var hasMore: [Bool]
  /// Whether the row covers the call without a placeholder (`false`), with one (`true`), or both.
  var placeholder: [Bool]
  var expected: TestPresentation
  var sourceLocation: SourceLocation

  init(
    _ phase: Phase, hasMore: [Bool] = [false], placeholder: [Bool],
    _ expected: TestPresentation, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.phase = phase
    self.hasMore = hasMore
    self.placeholder = placeholder
    self.expected = expected
    self.sourceLocation = sourceLocation
  }

  /// The inputs the row covers: kind, empty value, hasMore, placeholder.
  var keys: [String] {
    let emptiness = phase.value.map { $0.isEmpty ? "empty" : "items" } ?? "none"
    return hasMore.flatMap { more in
      placeholder.map { "\(phase.kind) \(emptiness) hasMore:\(more) placeholder:\($0)" }
    }
  }
}

/// Every input a table must cover: for each kind, an empty and a non-empty value when the kind
/// has one, each `hasMore` and with or without a placeholder.
private func allKeys(kinds: [PhaseKind], hasMore: [Bool]) -> Set<String> {
  var keys: Set<String> = []
  for kind in kinds {
    let hasValue = PhaseFixture.paged(kind).hasValue
    for emptiness in hasValue ? ["items", "empty"] : ["none"] {
      for more in hasMore {
        for placeholder in [false, true] {
          keys.insert("\(kind) \(emptiness) hasMore:\(more) placeholder:\(placeholder)")
        }
      }
    }
  }
  return keys
}

@Suite("Presentation")
struct PresentationTests {
  private static let v = PhaseFixture.value
  private static let e = PhaseFixture.error
  private static let placeholder = [0, 0, 0]
  private static let both = [false, true]
  private static let with = [true]
  private static let without = [false]

  private static func content(_ value: [Int]) -> TestPresentation.Body {
    .content(value, isPlaceholder: false)
  }

  private static let redacted = TestPresentation.Body.content(placeholder, isPlaceholder: true)

  private static let load: [PresentationRow<TestLoadPhase>] = [
    .init(.idle, placeholder: without, .init(body: .idle)),
    .init(.idle, placeholder: with, .init(body: redacted)),
    .init(.loading, placeholder: without, .init(body: .progress)),
    .init(.loading, placeholder: with, .init(body: redacted)),
    .init(.loaded(v), placeholder: both, .init(body: content(v))),
    .init(.loaded([]), placeholder: both, .init(body: .empty)),
    .init(.failed(e), placeholder: both, .init(body: .failure(e, isRetrying: false))),
    .init(.reloading(v), placeholder: both, .init(body: content(v), isRefreshing: true)),
    .init(.reloading([]), placeholder: both, .init(body: .empty, isRefreshing: true)),
    .init(.retrying(e), placeholder: both, .init(body: .failure(e, isRetrying: true))),
    .init(.reloadFailed(v, e), placeholder: both, .init(body: content(v), banner: e)),
    .init(.reloadFailed([], e), placeholder: both, .init(body: .empty, banner: e)),
  ]

  private static let paged: [PresentationRow<TestPagedPhase>] = [
    // Nothing to show yet: no footer, whatever hasMore says.
    .init(.idle, hasMore: both, placeholder: without, .init(body: .idle)),
    .init(.idle, hasMore: both, placeholder: with, .init(body: redacted)),
    .init(.loading, hasMore: both, placeholder: without, .init(body: .progress)),
    .init(.loading, hasMore: both, placeholder: with, .init(body: redacted)),
    .init(
      .failed(e), hasMore: both, placeholder: both, .init(body: .failure(e, isRetrying: false))),
    .init(
      .retrying(e), hasMore: both, placeholder: both, .init(body: .failure(e, isRetrying: true))),
    // loaded: the footer asks for the next page, or ends the list.
    .init(
      .loaded(v), hasMore: [true], placeholder: both, .init(body: content(v), footer: .loading)),
    .init(
      .loaded(v), hasMore: [false], placeholder: both, .init(body: content(v), footer: .endOfList)),
    .init(
      .loaded([]), hasMore: [true], placeholder: both, .init(body: content([]), footer: .loading)),
    .init(.loaded([]), hasMore: [false], placeholder: both, .init(body: .empty)),
    // reloading: the refresh control is the only spinner; no footer until the reload lands.
    .init(
      .reloading(v), hasMore: both, placeholder: both, .init(body: content(v), isRefreshing: true)),
    .init(
      .reloading([]), hasMore: [true], placeholder: both,
      .init(body: content([]), isRefreshing: true)),
    .init(
      .reloading([]), hasMore: [false], placeholder: both, .init(body: .empty, isRefreshing: true)),
    // reloadFailed: a banner over the items; the footer as in loaded.
    .init(
      .reloadFailed(v, e), hasMore: [true], placeholder: both,
      .init(body: content(v), banner: e, footer: .loading)),
    .init(
      .reloadFailed(v, e), hasMore: [false], placeholder: both,
      .init(body: content(v), banner: e, footer: .endOfList)),
    .init(
      .reloadFailed([], e), hasMore: [true], placeholder: both,
      .init(body: content([]), banner: e, footer: .loading)),
    .init(
      .reloadFailed([], e), hasMore: [false], placeholder: both, .init(body: .empty, banner: e)),
    // loadingMore: the footer spins.
    .init(
      .loadingMore(v), hasMore: both, placeholder: both, .init(body: content(v), footer: .loading)),
    .init(
      .loadingMore([]), hasMore: [true], placeholder: both,
      .init(body: content([]), footer: .loading)),
    .init(.loadingMore([]), hasMore: [false], placeholder: both, .init(body: .empty)),
    // loadMoreFailed: the footer shows the error with retry; no banner.
    .init(
      .loadMoreFailed(v, e), hasMore: both, placeholder: both,
      .init(body: content(v), footer: .failed(e))),
    .init(
      .loadMoreFailed([], e), hasMore: [true], placeholder: both,
      .init(body: content([]), footer: .failed(e))),
    .init(.loadMoreFailed([], e), hasMore: [false], placeholder: both, .init(body: .empty)),
    // loadingPrevious, in a list whose header is not shown: the footer as in loaded.
    .init(
      .loadingPrevious(v), hasMore: [true], placeholder: both,
      .init(body: content(v), footer: .loading)),
    .init(
      .loadingPrevious(v), hasMore: [false], placeholder: both,
      .init(body: content(v), footer: .endOfList)),
    .init(
      .loadingPrevious([]), hasMore: [true], placeholder: both,
      .init(body: content([]), footer: .loading)),
    .init(.loadingPrevious([]), hasMore: [false], placeholder: both, .init(body: .empty)),
    // loadPreviousFailed: the error belongs to the header; the footer as in loaded, no banner.
    .init(
      .loadPreviousFailed(v, e), hasMore: [true], placeholder: both,
      .init(body: content(v), footer: .loading)),
    .init(
      .loadPreviousFailed(v, e), hasMore: [false], placeholder: both,
      .init(body: content(v), footer: .endOfList)),
    .init(
      .loadPreviousFailed([], e), hasMore: [true], placeholder: both,
      .init(body: content([]), footer: .loading)),
    .init(.loadPreviousFailed([], e), hasMore: [false], placeholder: both, .init(body: .empty)),
  ]

  /// The header of a list that pages backwards, for every kind: with an earlier page, and at
  /// the start of the list.
  private static let header:
    [(TestPagedPhase, whenMore: TestPresentation.Header, atStart: TestPresentation.Header)] = [
      (.idle, .none, .none),
      (.loading, .none, .none),
      (.loaded(v), .loading, .endOfList),
      (.failed(e), .none, .none),
      (.reloading(v), .none, .none),
      (.retrying(e), .none, .none),
      (.reloadFailed(v, e), .loading, .endOfList),
      (.loadingMore(v), .loading, .endOfList),
      (.loadMoreFailed(v, e), .loading, .endOfList),
      (.loadingPrevious(v), .loading, .loading),
      (.loadPreviousFailed(v, e), .failed(e), .failed(e)),
    ]

  @Test func loadTableCoversEveryKindAndInputOnce() {
    let keys = Self.load.flatMap(\.keys)
    #expect(keys.count == Set(keys).count, "an input is listed twice")
    #expect(Set(keys) == allKeys(kinds: PhaseKind.loadCases, hasMore: [false]))
    #expect(keys.count == 20)
  }

  @Test func pagedTableCoversEveryKindAndInputOnce() {
    let keys = Self.paged.flatMap(\.keys)
    #expect(keys.count == Set(keys).count, "an input is listed twice")
    #expect(Set(keys) == allKeys(kinds: PhaseKind.allCases, hasMore: [false, true]))
    #expect(keys.count == 72)
  }

  @Test func theHeaderOfAListPagedBackwardsMirrorsTheFooter() {
    #expect(Set(Self.header.map(\.0.kind)) == Set(PhaseKind.allCases))
    for (phase, whenMore, atStart) in Self.header {
      #expect(phase.presentation(hasMore: true, hasPrevious: true).header == whenMore, "\(phase)")
      #expect(phase.presentation(hasMore: true, hasPrevious: false).header == atStart, "\(phase)")
      #expect(phase.presentation(hasMore: true).header == .none, "\(phase): no header by default")
      // A placeholder is not the list: it shows neither end.
      let placeholder = phase.presentation(hasPrevious: true, placeholder: Self.placeholder)
      if placeholder.isPlaceholder { #expect(placeholder.header == .none) }
    }
    // The footer does not show the header's error, nor the header the footer's.
    let failedAtStart = TestPagedPhase.loadPreviousFailed(Self.v, Self.e)
    #expect(failedAtStart.presentation(hasMore: true, hasPrevious: true).footer == .loading)
    let failedAtEnd = TestPagedPhase.loadMoreFailed(Self.v, Self.e)
    #expect(failedAtEnd.presentation(hasMore: true, hasPrevious: true).header == .loading)
  }

  @Test func loadPhasePresentation() {
    for row in Self.load {
      for usesPlaceholder in row.placeholder {
        let placeholder = usesPlaceholder ? Self.placeholder : nil
        let presentation = row.phase.presentation(placeholder: placeholder)
        #expect(
          presentation == row.expected, "\(row.phase), placeholder: \(usesPlaceholder)",
          sourceLocation: row.sourceLocation)
      }
    }
  }

  @Test func pagedPhasePresentation() {
    for row in Self.paged {
      for hasMore in row.hasMore {
        for usesPlaceholder in row.placeholder {
          let placeholder = usesPlaceholder ? Self.placeholder : nil
          let presentation = row.phase.presentation(hasMore: hasMore, placeholder: placeholder)
          #expect(
            presentation == row.expected,
            "\(row.phase), hasMore: \(hasMore), placeholder: \(usesPlaceholder)",
            sourceLocation: row.sourceLocation)
        }
      }
    }
  }

  /// A load phase and the paged phase made from it look the same when there is nothing more to
  /// load, except for the footer, which only the paged list has.
  @Test func pagedPhaseFromLoadPhaseLooksAlike() {
    for row in Self.load {
      let paged = PagedPhase(row.phase).presentation(hasMore: false)
      let load = row.phase.presentation()
      #expect(paged.body == load.body, sourceLocation: row.sourceLocation)
      #expect(paged.banner == load.banner, sourceLocation: row.sourceLocation)
      #expect(paged.isRefreshing == load.isRefreshing, sourceLocation: row.sourceLocation)
      #expect(load.footer == .none, sourceLocation: row.sourceLocation)
    }
  }

  @Test func emptinessOfANonCollectionValueComesFromTheClosure() {
    let zero = LoadPhase<Int, PhaseTestError>.loaded(0)
    #expect(zero.presentation() == .init(body: .content(0, isPlaceholder: false)))
    #expect(zero.presentation(isEmpty: { $0 == 0 }) == .init(body: .empty))
    #expect(
      LoadPhase<Int, PhaseTestError>.loaded(1).presentation(isEmpty: { $0 == 0 })
        == .init(body: .content(1, isPlaceholder: false)))
    let paged = PagedPhase<Int, PhaseTestError>.loaded(0)
    #expect(paged.presentation(hasMore: false, isEmpty: { $0 == 0 }) == .init(body: .empty))
    #expect(
      paged.presentation(hasMore: true, isEmpty: { $0 == 0 })
        == .init(body: .content(0, isPlaceholder: false), footer: .loading))
    #expect(
      PagedPhase<Int, PhaseTestError>.loading.presentation(hasMore: true, placeholder: 9)
        == .init(body: .content(9, isPlaceholder: true)))
  }

  @Test func bodyAccessors() {
    let progress = TestPresentation(body: .progress)
    #expect(progress.showsBlockingProgress)
    #expect(progress.blockingError == nil && progress.content == nil && !progress.isEmpty)

    let failure = TestPresentation(body: .failure(.old, isRetrying: true))
    #expect(failure.blockingError == .old)
    #expect(!failure.showsBlockingProgress && failure.content == nil && !failure.isPlaceholder)

    let real = TestPresentation(body: .content([1], isPlaceholder: false))
    #expect(real.content == [1] && !real.isPlaceholder)
    #expect(!real.showsBlockingProgress && real.blockingError == nil && !real.isEmpty)

    let redacted = TestPresentation(body: .content([0], isPlaceholder: true))
    #expect(redacted.content == [0] && redacted.isPlaceholder)

    let empty = TestPresentation(body: .empty)
    #expect(empty.isEmpty && empty.content == nil && !empty.showsBlockingProgress)

    let idle = TestPresentation(body: .idle)
    #expect(!idle.isEmpty && idle.content == nil && !idle.showsBlockingProgress)
    #expect(idle.banner == nil && !idle.isRefreshing && idle.footer == .none)
  }

  /// The placeholder takes the same structural position as the content: both are
  /// ``Presentation/Body/content(_:isPlaceholder:)``, so a renderer keeps one view identity
  /// from the first load to the loaded list.
  @Test func placeholderAndContentShareTheBodyCase() {
    var phase = TestPagedPhase.idle
    phase.startLoading()
    let before = phase.presentation(hasMore: true, placeholder: Self.placeholder)
    phase.succeed(Self.v)
    let after = phase.presentation(hasMore: true, placeholder: Self.placeholder)
    #expect(before.body == .content(Self.placeholder, isPlaceholder: true))
    #expect(after.body == .content(Self.v, isPlaceholder: false))
    #expect(before.footer == .none)
    #expect(after.footer == .loading)
  }

  /// A redacted placeholder only looks redacted: VoiceOver would read each of its rows. The
  /// presentation says to hide it and put one loading element in its place, whichever way the
  /// placeholder comes (a first load, or progress calmed into the placeholder), and leaves real
  /// content, progress, errors and the empty state to their own labels.
  @Test func aPlaceholderReadsAsOneLoadingElement() {
    var phase = TestPagedPhase.idle
    phase.startLoading()
    let placeholder = phase.presentation(hasMore: true, placeholder: Self.placeholder)
    #expect(placeholder.contentAccessibility == .loading)
    #expect(
      TestPagedPhase.loaded(Self.v).presentation()
        .calmed(.progress, placeholder: Self.placeholder).contentAccessibility == .loading)
    phase.succeed(Self.v)
    #expect(phase.presentation(hasMore: true).contentAccessibility == .content)
    for shown in [TestPagedPhase.loading, .failed(.old), .loaded([])] {
      #expect(shown.presentation().contentAccessibility == .content, "\(shown)")
    }
    #expect(DefaultStrings(language: "en").loading == "Loading…")
    #expect(DefaultStrings(language: "de").loading != "Loading…")
  }
}
