import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

// What a screen shows over time with `CalmPhase` and the default timing (150 ms delay, 400 ms
// minimum), on a `TestClock`: the clock moves in steps of 10 ms and every change of the shown
// phase is recorded with its time.

private typealias Phase = LoadPhase<[String], TestError>

/// A change of what shows: the time in milliseconds and the kind of the shown phase.
private struct Change: Equatable, CustomStringConvertible {
  var at: Int
  var kind: PhaseKind
  init(_ at: Int, _ kind: PhaseKind) {
    self.at = at
    self.kind = kind
  }
  var description: String { "\(at) ms: \(kind)" }
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CalmPhaseTests {
  /// Runs the clock from 0 to `end` ms in steps of 10 ms, feeds `events` to `calm` at their
  /// times (after the clock reached them), and records what shows at each time it changes.
  private func timeline<P: AsyncPhase>(
    _ calm: CalmPhase<P>, clock: TestClock<Duration>, until end: Int, _ events: [Int: P]
  ) async -> [Change] {
    var changes = [Change(0, calm.phase.kind)]
    for time in stride(from: 0, through: end, by: 10) {
      if time > 0 { await clock.advanceAndDrain(by: .milliseconds(10)) }
      if let phase = events[time] {
        calm.update(to: phase)
        await drainMainActor()
      }
      guard calm.phase.kind != changes.last?.kind else { continue }
      if changes.last?.at == time { changes.removeLast() }  // what shows at this time
      changes.append(Change(time, calm.phase.kind))
    }
    return changes
  }

  @Test func aTenMillisecondLoadShowsNoProgressAtAll() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.idle, clock: clock)
      let recorder = PhaseRecorder { calm.phase.kind }
      let changes = await timeline(
        calm, clock: clock, until: 1_000, [0: .loading, 10: .loaded(["Austria"])])
      #expect(changes == [Change(0, .idle), Change(10, .loaded)])
      #expect(calm.phase == .loaded(["Austria"]))
      await drainMainActor()
      #expect(recorder.notifications == 1)  // idle → loaded: the screen rendered once
    }
  }

  @Test func a200MillisecondLoadShowsProgressFor400Milliseconds() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.idle, clock: clock)
      let recorder = PhaseRecorder { calm.phase.kind }
      let changes = await timeline(
        calm, clock: clock, until: 1_000, [0: .loading, 200: .loaded(["Austria"])])
      // Progress at the delay; the value waits until progress has shown for the minimum.
      #expect(changes == [Change(0, .idle), Change(150, .loading), Change(550, .loaded)])
      #expect(calm.state == .passing)
      await drainMainActor()
      #expect(recorder.notifications == 2)  // one per visible change, none for the landing
    }
  }

  @Test func aTwoSecondLoadShowsProgressUntilItLands() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.idle, clock: clock)
      let changes = await timeline(
        calm, clock: clock, until: 3_000, [0: .loading, 2_000: .loaded(["Austria"])])
      #expect(changes == [Change(0, .idle), Change(150, .loading), Change(2_000, .loaded)])
    }
  }

  @Test func aCancelDuringTheDelayShowsNothingEver() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.idle, clock: clock)
      let recorder = PhaseRecorder { calm.phase.kind }
      let changes = await timeline(calm, clock: clock, until: 1_000, [0: .loading, 50: .idle])
      #expect(changes == [Change(0, .idle)])  // nothing was shown, nothing shows
      #expect(calm.state == .passing)
      await drainMainActor()
      #expect(recorder.notifications == 0)  // the screen never had to render again
    }
  }

  @Test func aFailureDuringTheMinimumDisplayShowsWhenTheMinimumEnds() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.idle, clock: clock)
      let changes = await timeline(
        calm, clock: clock, until: 1_000, [0: .loading, 300: .failed(TestError(1))])
      #expect(changes == [Change(0, .idle), Change(150, .loading), Change(550, .failed)])
      #expect(calm.phase == .failed(TestError(1)))
    }
  }

  @Test func aReloadIsNeverDelayedOrHeld() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.loaded(["Austria"]), clock: clock)
      let changes = await timeline(
        calm, clock: clock, until: 1_000,
        [
          0: .reloading(["Austria"]), 10: .loaded(["Austria", "Brazil"]),
          200: .reloading(["Austria", "Brazil"]),
          210: .reloadFailed(["Austria", "Brazil"], TestError(2)),
        ])
      #expect(
        changes == [
          Change(0, .reloading), Change(10, .loaded), Change(200, .reloading),
          Change(210, .reloadFailed),
        ])
      #expect(calm.phase.value == ["Austria", "Brazil"])
    }
  }

  @Test func aLoadMorePassesThrough() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(PagedPhase<[Int], TestError>.loaded([1]), clock: clock)
      let changes = await timeline(
        calm, clock: clock, until: 100, [0: .loadingMore([1]), 20: .loaded([1, 2])])
      #expect(changes == [Change(0, .loadingMore), Change(20, .loaded)])
    }
  }

  @Test func aCancelledDelayDoesNotShowProgressForTheNextLoadEarly() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.idle, clock: clock)
      // The first wake-up (150 ms) is cancelled with its load; the second load's is at 250 ms.
      let changes = await timeline(
        calm, clock: clock, until: 1_000,
        [0: .loading, 50: .idle, 100: .loading, 400: .loaded(["Austria"])])
      #expect(changes == [Change(0, .idle), Change(250, .loading), Change(650, .loaded)])
    }
  }

  @Test func aPhaseThatIsAlreadyLoadingShowsProgressAtOnceForTheMinimum() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.loading, clock: clock)
      let changes = await timeline(calm, clock: clock, until: 1_000, [100: .loaded(["Austria"])])
      #expect(changes == [Change(0, .loading), Change(400, .loaded)])
    }
  }

  @Test func immediateTimingShowsTheSourceAsItIs() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let calm = CalmPhase(Phase.idle, timing: .immediate, clock: clock)
      let changes = await timeline(
        calm, clock: clock, until: 100, [0: .loading, 10: .loaded(["Austria"])])
      #expect(changes == [Change(0, .loading), Change(10, .loaded)])
    }
  }

  @Test func releasingItCancelsItsWakeUp() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      var calm: CalmPhase<Phase>? = CalmPhase(Phase.idle, clock: clock)
      weak let released = calm
      calm?.update(to: .loading)  // a wake-up is scheduled for 150 ms
      await drainMainActor()
      calm = nil
      #expect(released == nil)  // the sleeping task does not keep it alive
      await clock.advanceAndDrain(by: .seconds(1))  // and waking finds nothing to do
      #expect(released == nil)
    }
  }
}
