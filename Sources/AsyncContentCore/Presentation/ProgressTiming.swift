/// When a first load's progress appears and how long it stays: the two numbers that keep a
/// screen calm.
///
/// A spinner that flashes for a few frames looks like a glitch, not like progress. Two rules
/// prevent it, and both apply only to a first load, where nothing is on screen yet:
/// - **Progress delay.** A first load that lands within ``progressDelay`` shows no spinner and
///   no placeholder at all: the screen goes straight from nothing to the content.
/// - **Minimum display.** Once progress shows, it stays at least ``minimumProgressDuration``,
///   so it never blinks. A value or failure that lands earlier is held back until then.
///
/// A reload, a retry and a load-more are never delayed or held.
///
/// ```swift
/// let calm = CalmPhase(LoadPhase<[String], any Error>.idle, timing: .default)
/// let brisk = ProgressTiming(progressDelay: .milliseconds(100), minimumProgressDuration: .zero)
/// let everyFrame = ProgressTiming.immediate  // progress exactly while the load runs
/// ```
public struct ProgressTiming: Hashable, Sendable, CustomStringConvertible {
  /// How long a first load may run before progress appears; a load that lands sooner shows
  /// no progress at all.
  public var progressDelay: Duration
  /// How long progress stays once it appears, even when the load lands sooner.
  public var minimumProgressDuration: Duration

  /// Creates a timing.
  ///
  /// - Parameters:
  ///   - progressDelay: How long a first load may run before progress appears; zero shows it
  ///     at once. Must not be negative.
  ///   - minimumProgressDuration: How long progress stays once it appears; zero hides it the
  ///     moment the load lands. Must not be negative.
  public init(progressDelay: Duration, minimumProgressDuration: Duration) {
    precondition(
      progressDelay >= .zero,
      "ProgressTiming.progressDelay must not be negative, got \(progressDelay)")
    precondition(
      minimumProgressDuration >= .zero,
      "ProgressTiming.minimumProgressDuration must not be negative, got \(minimumProgressDuration)"
    )
    self.progressDelay = progressDelay
    self.minimumProgressDuration = minimumProgressDuration
  }

  /// The calm default: no progress for a first load that lands within 150 ms, and progress
  /// that stays at least 400 ms once it shows.
  public static let `default` = ProgressTiming(
    progressDelay: .milliseconds(150), minimumProgressDuration: .milliseconds(400))

  /// No delay and no minimum: progress shows exactly while the first load runs, as before
  /// this timing existed. Use it to turn the anti-flicker rules off.
  public static let immediate = ProgressTiming(
    progressDelay: .zero, minimumProgressDuration: .zero)

  public var description: String {
    "ProgressTiming(delay: \(progressDelay), minimum: \(minimumProgressDuration))"
  }
}
