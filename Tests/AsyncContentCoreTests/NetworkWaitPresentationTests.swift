import AsyncContentCore
import Testing

// How a load that waits for the network shows: the presentation (a pure mapping of the phase
// and the loader's `isWaitingForNetwork`), what VoiceOver hears, and the texts in every
// language.

@Suite struct NetworkWaitPresentationTests {
  /// The presentation says it waits exactly while the phase loads, and shows what the phase
  /// shows otherwise: progress on a first load, the value kept on a reload.
  @Test(arguments: PhaseKind.loadCases)
  func aWaitShowsOnlyWhileTheLoadPhaseLoads(_ kind: PhaseKind) throws {
    let phase = try #require(PhaseFixture.load(kind))
    let waiting = phase.presentation(isWaitingForNetwork: true)
    let plain = phase.presentation()
    #expect(waiting.isWaitingForNetwork == kind.isLoading)
    #expect(!plain.isWaitingForNetwork)
    #expect(phase.presentation(isWaitingForNetwork: false) == plain)
    var unmarked = waiting
    unmarked.isWaitingForNetwork = false
    #expect(unmarked == plain)  // nothing else changes
  }

  @Test(arguments: PhaseKind.allCases)
  func aPagedWaitShowsOnlyWhileAPageLoads(_ kind: PhaseKind) {
    let phase = PhaseFixture.paged(kind)
    let waiting = phase.presentation(hasMore: true, isWaitingForNetwork: true)
    #expect(waiting.isWaitingForNetwork == kind.isLoading)
    var unmarked = waiting
    unmarked.isWaitingForNetwork = false
    #expect(unmarked == phase.presentation(hasMore: true))
  }

  @Test func aFirstLoadThatWaitsShowsProgressAndAReloadKeepsTheValue() {
    let first = TestLoadPhase.loading.presentation(isWaitingForNetwork: true)
    #expect(first.showsBlockingProgress)
    #expect(first.isWaitingForNetwork)
    let reload = TestLoadPhase.reloading([1, 2]).presentation(isWaitingForNetwork: true)
    #expect(reload.content == [1, 2])
    #expect(reload.isRefreshing)
    #expect(reload.isWaitingForNetwork)
    let placeholder = TestLoadPhase.loading.presentation(
      isWaitingForNetwork: true, placeholder: [9])
    #expect(placeholder.isPlaceholder)
    #expect(placeholder.isWaitingForNetwork)
  }

  // MARK: Announcements

  @Test func aLoadThatBeginsToWaitAnnouncesItOnceAndItsResumptionNothing() {
    let loading = Announcement.Snapshot(kind: .loading)
    let waiting = Announcement.Snapshot(kind: .loading, isWaitingForNetwork: true)
    let landed = Announcement.Snapshot(kind: .loaded, count: 3)
    #expect(Announcement(from: loading, to: waiting) == .waitingForNetwork)
    #expect(Announcement(from: waiting, to: waiting) == nil)
    #expect(Announcement(from: waiting, to: loading) == nil)  // resumes: nothing
    #expect(Announcement(from: waiting, to: landed) == .loaded(count: 3))
    // A settled phase never waits, whatever the loader's flag said a moment late.
    #expect(!Announcement.Snapshot(kind: .loaded, isWaitingForNetwork: true).isWaitingForNetwork)
    #expect(Announcement.waitingForNetwork.priority == .low)
  }

  @Test func aWaitIsSaidWhereThePersonWaits() {
    var attention = Attention()
    let idle = Announcement.Snapshot(kind: .idle)
    let waitingFirst = Announcement.Snapshot(kind: .loading, isWaitingForNetwork: true)
    // A first load that waits: the person looks at its spinner.
    #expect(attention.announcement(from: idle, to: waitingFirst) { _ in 0 } == .waitingForNetwork)
    #expect(
      attention.announcement(from: waitingFirst, to: Announcement.Snapshot(kind: .loading)) { _ in 0
      } == nil)

    let loaded = Announcement.Snapshot(kind: .loaded, count: 2)
    let reloading = Announcement.Snapshot(kind: .reloading, count: 2)
    let waitingReload = Announcement.Snapshot(
      kind: .reloading, count: 2, isWaitingForNetwork: true)
    // A background revalidation that waits says nothing.
    var background = Attention()
    #expect(background.announcement(from: loaded, to: waitingReload) { _ in 0 } == nil)
    #expect(background.announcement(from: reloading, to: waitingReload) { _ in 0 } == nil)
    // A pull that waits at once says it waits, instead of "Loading…".
    var pulled = Attention()
    pulled.personStarted(.content, endedRuns: 0)
    #expect(pulled.announcement(from: loaded, to: waitingReload) { _ in 0 } == .waitingForNetwork)
    #expect(pulled.announcement(from: waitingReload, to: reloading) { _ in 0 } == nil)
    #expect(
      pulled.announcement(from: reloading, to: Announcement.Snapshot(kind: .loaded, count: 3)) {
        _ in 1
      } == .loaded(count: 3))
    // A pull that starts, then waits: "Loading…", then the wait.
    var later = Attention()
    later.personStarted(.content, endedRuns: 0)
    #expect(later.announcement(from: loaded, to: reloading) { _ in 0 } == .loading)
    #expect(later.announcement(from: reloading, to: waitingReload) { _ in 0 } == .waitingForNetwork)
  }

  @Test func aScrolledToPageThatWaitsSaysSo() {
    var attention = Attention()
    attention.personStarted(.end, endedRuns: 0)
    let loaded = Announcement.Snapshot(kind: .loaded, count: 2, hasMore: true)
    let waiting = Announcement.Snapshot(
      kind: .loadingMore, count: 2, hasMore: true, isWaitingForNetwork: true)
    #expect(attention.announcement(from: loaded, to: waiting) { _ in 0 } == .waitingForNetwork)
  }

  // MARK: Texts

  @Test func theWaitsTextInEveryLanguage() {
    let expected = [
      "en": "Waiting for the network", "de": "Warten auf das Netzwerk",
      "ja": "ネットワークを待っています", "zh-Hans": "正在等待网络",
    ]
    for (language, text) in expected {
      let strings = DefaultStrings(language: language)
      #expect(strings.waitingForNetwork == text)
      #expect(strings.announcement(.waitingForNetwork) == text)
    }
  }
}
