import AsyncContentCore
import Foundation
import Testing

// Which transitions VoiceOver hears about: every (old kind × new kind) pair of LoadPhase and
// PagedPhase, from a table written from the documented rules.
//
// The old phase holds [1, 2] and the error `old`; the new phase holds [1, 2, 3] and `new`, so a
// cell tells which count and which message an announcement took.

/// A phase of `kind`, holding `value` and `error` where the kind has them.
private func paged(_ kind: PhaseKind, _ value: [Int], _ error: PhaseTestError) -> TestPagedPhase {
  switch kind {
  case .idle: .idle
  case .loading: .loading
  case .loaded: .loaded(value)
  case .failed: .failed(error)
  case .reloading: .reloading(value)
  case .retrying: .retrying(error)
  case .reloadFailed: .reloadFailed(value, error)
  case .loadingMore: .loadingMore(value)
  case .loadMoreFailed: .loadMoreFailed(value, error)
  }
}

private func load(_ kind: PhaseKind, _ value: [Int], _ error: PhaseTestError) -> TestLoadPhase {
  switch kind {
  case .idle: .idle
  case .loading: .loading
  case .loaded: .loaded(value)
  case .failed: .failed(error)
  case .reloading: .reloading(value)
  case .retrying: .retrying(error)
  case .reloadFailed: .reloadFailed(value, error)
  case .loadingMore, .loadMoreFailed: preconditionFailure("no paging on a LoadPhase")
  }
}

/// Reads a cell of the tables: `-` none, `L3` loaded(count: 3), `+1` loadedMore(count: 1),
/// `E3` endOfList(count: 3), `F` failed, `R` reloadFailed, `M` loadMoreFailed (with the new
/// error's message, `new`).
private func cell(_ text: Substring) -> Announcement? {
  switch text {
  case "-": nil
  case "L3": .loaded(count: 3)
  case "+1": .loadedMore(count: 1)
  case "E3": .endOfList(count: 3)
  case "F": .failed(message: "new")
  case "R": .reloadFailed(message: "new")
  case "M": .loadMoreFailed(message: "new")
  default: preconditionFailure("unknown cell \(text)")
  }
}

/// A table: one line per old kind, one cell per new kind, in the order of `kinds`.
private func table(_ text: String, kinds: [PhaseKind]) -> [PhaseKind: [PhaseKind: Announcement?]] {
  var result: [PhaseKind: [PhaseKind: Announcement?]] = [:]
  let lines = text.split(separator: "\n").filter { !$0.hasPrefix("//") }
  precondition(lines.count == kinds.count, "one line per old kind")
  for (old, line) in zip(kinds, lines) {
    let cells = line.split(separator: " ").dropFirst()  // the row's label
    precondition(cells.count == kinds.count, "one cell per new kind in \(line)")
    result[old] = Dictionary(uniqueKeysWithValues: zip(kinds, cells.map(cell)))
  }
  return result
}

private let pagedKinds = PhaseKind.allCases
private let loadKinds = PhaseKind.loadCases

/// Without paging information (`hasMore: nil`).
private let pagedTable = table(
  """
  //             idle loading loaded failed reloading retrying reloadFailed loadingMore loadMoreFailed
  idle           -    -       L3     F      -         -        R            -           M
  loading        -    -       L3     F      -         -        R            -           M
  loaded         -    -       -      F      -         -        R            -           M
  failed         -    -       L3     -      -         -        R            -           M
  reloading      -    -       L3     F      -         -        R            -           M
  retrying       -    -       L3     F      -         -        R            -           M
  reloadFailed   -    -       L3     F      -         -        -            -           M
  loadingMore    -    -       +1     F      -         -        R            -           M
  loadMoreFailed -    -       L3     F      -         -        R            -           -
  """, kinds: pagedKinds)

private let loadTable = table(
  """
  //             idle loading loaded failed reloading retrying reloadFailed
  idle           -    -       L3     F      -         -        R
  loading        -    -       L3     F      -         -        R
  loaded         -    -       -      F      -         -        R
  failed         -    -       L3     -      -         -        R
  reloading      -    -       L3     F      -         -        R
  retrying       -    -       L3     F      -         -        R
  reloadFailed   -    -       L3     F      -         -        -
  """, kinds: loadKinds)

@Suite struct AnnouncementTests {
  private let message: (PhaseTestError) -> String = { "\($0)" }

  @Test(arguments: PhaseKind.allCases)
  func everyPagedTransitionFrom(_ old: PhaseKind) throws {
    let row = try #require(pagedTable[old])
    for new in pagedKinds {
      let announcement = Announcement(
        from: paged(old, [1, 2], .old), to: paged(new, [1, 2, 3], .new), message: message)
      #expect(announcement == row[new] ?? nil, "\(old) → \(new)")
    }
  }

  @Test(arguments: PhaseKind.loadCases)
  func everyLoadTransitionFrom(_ old: PhaseKind) throws {
    let row = try #require(loadTable[old])
    for new in loadKinds {
      let announcement = Announcement(
        from: load(old, [1, 2], .old), to: load(new, [1, 2, 3], .new), message: message)
      #expect(announcement == row[new] ?? nil, "\(old) → \(new)")
    }
  }

  @Test func joinedAndRepeatedPhasesAnnounceNothing() {
    // A trigger that joins a running load leaves the phase as it is.
    var phase = TestLoadPhase.loading
    let before = phase
    #expect(phase.startLoading() == .alreadyLoading)
    #expect(Announcement(from: before, to: phase) == nil)
    // Every kind to itself, even with another payload.
    for kind in pagedKinds {
      #expect(Announcement(from: paged(kind, [1], .old), to: paged(kind, [1, 2], .new)) == nil)
    }
  }

  @Test func theLastPageAnnouncesTheEndOfTheList() {
    let more = TestPagedPhase.loadingMore([1, 2])
    #expect(
      Announcement(from: more, to: .loaded([1, 2, 3]), hasMore: false) == .endOfList(count: 3))
    #expect(
      Announcement(from: more, to: .loaded([1, 2, 3]), hasMore: true) == .loadedMore(count: 1))
    // An empty last page still ends the list; an empty page before the end says nothing.
    #expect(Announcement(from: more, to: .loaded([1, 2]), hasMore: false) == .endOfList(count: 2))
    #expect(Announcement(from: more, to: .loaded([1, 2]), hasMore: true) == nil)
    // A first page that is all there is: the load finished.
    #expect(
      Announcement(from: TestPagedPhase.loading, to: .loaded([1]), hasMore: false)
        == .loaded(count: 1))
  }

  @Test func aCancellationAnnouncesNothing() {
    for (old, new) in [
      (TestPagedPhase.reloading([1, 2]), TestPagedPhase.loaded([1, 2])),
      (.loadingMore([1, 2]), .loaded([1, 2])),
      (.retrying(.old), .failed(.old)),
      (.loading, .idle),
    ] {
      #expect(Announcement(from: old, to: new, isCancellation: true) == nil, "\(old) → \(new)")
    }
  }

  @Test func aValueThatIsNotACollectionHasNoCount() throws {
    struct Article: Equatable { var title: String; var paragraphs: [String] }
    let article = Article(title: "Calm", paragraphs: ["One", "Two"])
    let announcement = Announcement(
      from: LoadPhase<Article, PhaseTestError>.loading, to: .loaded(article))
    #expect(announcement == .loaded(count: nil))
    #expect(DefaultStrings(language: "en").announcement(try #require(announcement)) == "Loaded")
    // A count of your own.
    let counted = Announcement(
      from: LoadPhase<Article, PhaseTestError>.loading, to: .loaded(article),
      count: { $0.paragraphs.count })
    #expect(counted == .loaded(count: 2))
  }

  @Test func theDefaultMessageIsTheDefaultStringsMessage() {
    let failed = Announcement(
      from: LoadPhase<[Int], any Error>.loading,
      to: .failed(HTTPLoadError.status(code: 503, url: nil, bodyExcerpt: "")))
    #expect(failed == .failed(message: "The server answered with an error (HTTP 503)."))
    let unknown = Announcement(from: TestLoadPhase.loading, to: .failed(.new))
    #expect(unknown == .failed(message: "Something went wrong."))
  }

  @Test(arguments: [
    (
      "en", "25 items loaded", "1 item loaded", "3 more items loaded",
      "End of list. 249 items in all.", "Couldn't load. Offline.",
      "Refresh failed. The earlier data stays. Offline."
    ),
    (
      "de", "25 Einträge geladen", "1 Eintrag geladen", "3 weitere Einträge geladen",
      "Ende der Liste. Insgesamt 249 Einträge.", "Laden fehlgeschlagen. Offline.",
      "Aktualisierung fehlgeschlagen. Die bisherigen Daten bleiben sichtbar. Offline."
    ),
    (
      "ja", "25件を読み込みました", "1件を読み込みました", "さらに3件を読み込みました", "リストの最後です。全249件。", "読み込めませんでした。Offline.",
      "更新できませんでした。以前のデータを表示しています。Offline."
    ),
    (
      "zh-Hans", "已加载25项", "已加载1项", "又加载了3项", "已到列表末尾，共249项。", "无法加载。Offline.",
      "刷新失败，仍显示之前的数据。Offline."
    ),
  ])
  func theTextsInEveryLanguage(
    _ language: String, _ loaded: String, _ one: String, _ more: String, _ end: String,
    _ failed: String, _ reloadFailed: String
  ) {
    let strings = DefaultStrings(language: language)
    #expect(strings.language == language)
    #expect(strings.announcement(.loaded(count: 25)) == loaded)
    #expect(strings.announcement(.loaded(count: 1)) == one)
    #expect(strings.announcement(.loadedMore(count: 3)) == more)
    #expect(strings.announcement(.endOfList(count: 249)) == end)
    #expect(strings.announcement(.failed(message: "Offline.")) == failed)
    #expect(strings.announcement(.reloadFailed(message: "Offline.")) == reloadFailed)
    #expect(!strings.announcement(.loadMoreFailed(message: "")).isEmpty)
    #expect(!strings.announcement(.endOfList(count: nil)).isEmpty)
  }
}
