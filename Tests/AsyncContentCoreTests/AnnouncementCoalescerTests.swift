import Testing

@testable import AsyncContentCore

/// A grid of cards that land together says "Loaded" once, not once per card (issue 21, item 3).
@Suite("Announcements that many containers post together are said once")
struct AnnouncementCoalescerTests {
  /// An instant on a test's own time line.
  private let start = ContinuousClock.Instant.now

  private func at(milliseconds: Int) -> ContinuousClock.Instant {
    start.advanced(by: .milliseconds(milliseconds))
  }

  @Test("Twenty cards that land within a moment say Loaded once")
  func aGridSaysItOnce() {
    var coalescer = AnnouncementCoalescer<ContinuousClock.Instant>()
    let said = (0..<20).filter { card in
      coalescer.admits("Loaded", at: at(milliseconds: card * 40))
    }
    #expect(said == [0])
  }

  /// Which of `posts` (a text, and when it is posted) are said.
  private func said(
    _ posts: [(String, Int)], window: Duration = .seconds(2)
  ) -> [Bool] {
    var coalescer = AnnouncementCoalescer<ContinuousClock.Instant>(window: window)
    return posts.map { text, milliseconds in
      coalescer.admits(text, at: at(milliseconds: milliseconds))
    }
  }

  @Test("Different texts all pass: they are different news")
  func differentTextsPass() {
    let posts = [
      ("3 items loaded", 0), ("5 items loaded", 10), ("Couldn't load. You're offline.", 20),
      ("5 items loaded", 30),
    ]
    #expect(said(posts) == [true, true, true, false])
  }

  @Test("A text passes again once its window ran out, counted from when it passed")
  func aTextPassesAgainAfterItsWindow() {
    // Dropped repetitions do not extend the window: a steady stream is heard once per window.
    let posts = [
      ("Loaded", 0), ("Loaded", 1_999), ("Loaded", 2_000), ("Loaded", 3_000), ("Loaded", 4_000),
    ]
    #expect(said(posts) == [true, false, true, false, true])
  }
}
