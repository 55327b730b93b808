import AsyncContentCore
import Foundation
import Testing

// Which transitions VoiceOver hears about: every (old kind × new kind) pair of LoadPhase and
// PagedPhase, from a table written from the documented rules.
//
// The old phase holds [1, 2] and the new one [1, 2, 3] (PhaseFixture's phases, the new one with
// an item more), so a cell tells which count an announcement took.

/// The old and the new paged phase of a transition between two kinds.
private func pagedTransition(_ old: PhaseKind, _ new: PhaseKind) -> (TestPagedPhase, TestPagedPhase)
{
  (PhaseFixture.paged(old), PhaseFixture.paged(new).map { $0 + [3] })
}

/// The old and the new load phase of a transition between two kinds of `PhaseKind.loadCases`.
private func loadTransition(
  _ old: PhaseKind, _ new: PhaseKind
) throws -> (
  TestLoadPhase, TestLoadPhase
) {
  (try #require(PhaseFixture.load(old)), try #require(PhaseFixture.load(new)).map { $0 + [3] })
}

/// Reads a cell of the tables: `-` none, `L3` loaded(count: 3), `+1` loadedMore(count: 1),
/// `E3` endOfList(count: 3), `-1` loadedEarlier(count: 1), `F` failed, `R` reloadFailed, `M`
/// loadMoreFailed, `P` loadPreviousFailed (with the error's message, `old`).
private func cell(_ text: Substring) -> Announcement? {
  switch text {
  case "-": nil
  case "L3": .loaded(count: 3)
  case "+1": .loadedMore(count: 1)
  case "E3": .endOfList(count: 3)
  case "F": .failed(message: "old")
  case "R": .reloadFailed(message: "old")
  case "M": .loadMoreFailed(message: "old")
  case "-1": .loadedEarlier(count: 1)
  case "P": .loadPreviousFailed(message: "old")
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
  //                 idle loading loaded failed reloading retrying reloadFailed loadingMore loadMoreFailed loadingPrevious loadPreviousFailed
  idle               -    -       L3     F      -         -        R            -           M              -               P
  loading            -    -       L3     F      -         -        R            -           M              -               P
  loaded             -    -       -      F      -         -        R            -           M              -               P
  failed             -    -       L3     -      -         -        R            -           M              -               P
  reloading          -    -       L3     F      -         -        R            -           M              -               P
  retrying           -    -       L3     F      -         -        R            -           M              -               P
  reloadFailed       -    -       L3     F      -         -        -            -           M              -               P
  loadingMore        -    -       +1     F      -         -        R            -           M              -               P
  loadMoreFailed     -    -       L3     F      -         -        R            -           -              -               P
  loadingPrevious    -    -       -1     F      -         -        R            -           M              -               P
  loadPreviousFailed -    -       L3     F      -         -        R            -           M              -               -
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
      let (before, after) = pagedTransition(old, new)
      let announcement = Announcement(from: before, to: after, message: message)
      #expect(announcement == row[new] ?? nil, "\(old) → \(new)")
    }
  }

  @Test(arguments: PhaseKind.loadCases)
  func everyLoadTransitionFrom(_ old: PhaseKind) throws {
    let row = try #require(loadTable[old])
    for new in loadKinds {
      let (before, after) = try loadTransition(old, new)
      let announcement = Announcement(from: before, to: after, message: message)
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
      let (before, after) = pagedTransition(kind, kind)
      #expect(Announcement(from: before, to: after) == nil)
    }
  }

  @Test func thePreviousPageAnnouncesWhatItAddedAndTheStartOfTheList() {
    let earlier = TestPagedPhase.loadingPrevious([3, 4])
    #expect(
      Announcement(from: earlier, to: .loaded([1, 2, 3, 4]), hasPrevious: true)
        == .loadedEarlier(count: 2))
    #expect(
      Announcement(from: earlier, to: .loaded([1, 2, 3, 4]), hasPrevious: false)
        == .startOfList(count: 4))
    // A page that added nothing (a window dropped as many as it brought) says nothing.
    #expect(Announcement(from: earlier, to: .loaded([1, 2]), hasPrevious: true) == nil)
    // The end of the list is the footer's business: a previous page never announces it.
    #expect(
      Announcement(from: earlier, to: .loaded([1, 2, 3, 4]), hasMore: false, hasPrevious: true)
        == .loadedEarlier(count: 2))
    // A snapshot taken from a presentation reads the header as it reads the footer.
    let shown = TestPagedPhase.loaded([1, 2, 3, 4]).presentation(hasMore: true, hasPrevious: false)
    let snapshot = Announcement.Snapshot(shown, kind: .loaded, message: message)
    #expect(snapshot.hasPrevious == false)
    #expect(snapshot.hasMore == true)
    #expect(
      Announcement(from: Announcement.Snapshot(earlier, message: message), to: snapshot)
        == .startOfList(count: 4))
  }

  @Test func theTextsOfThePreviousPage() {
    let strings = DefaultStrings(language: "en")
    #expect(strings.announcement(.loadedEarlier(count: 2)) == "2 earlier items loaded")
    #expect(strings.announcement(.loadedEarlier(count: 1)) == "1 earlier item loaded")
    #expect(strings.announcement(.startOfList(count: 4)) == "Start of list. 4 items in all.")
    #expect(strings.announcement(.startOfList(count: nil)) == "Start of list.")
    #expect(
      strings.announcement(.loadPreviousFailed(message: "Offline."))
        == "Couldn't load earlier items. Offline.")
    let german = DefaultStrings(language: "de")
    #expect(german.announcement(.loadedEarlier(count: 2)) == "2 frühere Einträge geladen")
    #expect(german.startOfList == "Anfang der Liste")
  }

  @Test func theMessageIsTheNewErrors() {
    let retried = Announcement(
      from: TestLoadPhase.retrying(.old), to: .failed(.new), message: message)
    #expect(retried == .failed(message: "new"))
    let reload = Announcement(
      from: TestPagedPhase.reloading([1]), to: .reloadFailed([1], .new), message: message)
    #expect(reload == .reloadFailed(message: "new"))
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
