/// Lets one text through once in a window of time, so that many containers that announce the
/// same thing together say it once.
///
/// A grid of cards, each with its own loader, lands its first loads within a moment of each
/// other, and each card announces "Loaded" (or "Couldn't load. You're offline."). Said once per
/// card, the texts cut each other off and drown the person in repetition. The SwiftUI views
/// post every announcement through one coalescer (``AnnouncementGate/shared``): a text that was
/// let through less than ``window`` ago is dropped. Different texts all pass ("3 items loaded"
/// and "5 items loaded" are different news), and a text passes again once its window ran out.
/// The window starts at the text that passed: a steady stream of the same text is heard once
/// per window, never silenced for good.
package struct AnnouncementCoalescer<Instant: InstantProtocol>: Sendable
where Instant.Duration == Duration {
  /// How long a text that passed keeps its repetitions out.
  package let window: Duration
  /// The texts that passed, with when they did; older than ``window`` are forgotten.
  private var passed: [String: Instant] = [:]

  /// Creates a coalescer.
  ///
  /// - Parameter window: How long a text that passed keeps its repetitions out; 2 seconds by
  ///   default, about the time VoiceOver takes to say a short announcement.
  package init(window: Duration = .seconds(2)) {
    self.window = window
  }

  /// Whether `text`, posted at `now`, is said: `false` when the same text passed less than
  /// ``window`` ago.
  ///
  /// - Parameters:
  ///   - text: The announcement's text, as it would be spoken.
  ///   - now: When it is posted.
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

  /// Whether `text` is said now; see ``AnnouncementCoalescer/admits(_:at:)``.
  ///
  /// - Parameter text: The announcement's text.
  package func admits(_ text: String) -> Bool {
    coalescer.admits(text, at: .now)
  }
}
