/// Lets one text through once in a window of time, so that many containers that announce the
/// same thing together (a grid of cards landing at once) say it once. Different texts all pass.
package struct AnnouncementCoalescer<Instant: InstantProtocol>: Sendable
where Instant.Duration == Duration {
  /// How long a text that passed keeps its repetitions out.
  package let window: Duration
  /// The texts that passed, with when they did; older than ``window`` are forgotten.
  private var passed: [String: Instant] = [:]

  /// Creates a coalescer; the 2-second default is about the time VoiceOver takes to say a
  /// short announcement.
  package init(window: Duration = .seconds(2)) {
    self.window = window
  }

  /// Whether `text`, posted at `now`, is said: `false` when the same text passed less than
  /// ``window`` ago.
  package mutating func admits(_ text: String, at now: Instant) -> Bool {
    passed = passed.filter { now < $0.value.advanced(by: window) }
    guard passed[text] == nil else { return false }
    passed[text] = now
    return true
  }
}

/// The coalescer every SwiftUI view posts its announcements through, on the continuous clock.
@MainActor
package final class AnnouncementGate {
  /// The app's gate.
  package static let shared = AnnouncementGate()

  private var coalescer = AnnouncementCoalescer<ContinuousClock.Instant>()

  /// Whether `text` is said now.
  package func admits(_ text: String) -> Bool {
    coalescer.admits(text, at: .now)
  }
}
