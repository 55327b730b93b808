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
/// A reload, a retry and a load-more are never delayed or held: the old value (or error) is
/// already on screen, and the new one shows the moment it lands.
///
/// ## Why 150 ms and 400 ms
/// - Jakob Nielsen, "Response Times: The 3 Important Limits" (Nielsen Norman Group, from
///   *Usability Engineering*, 1993): "0.1 second is about the limit for having the user feel
///   that the system is reacting instantaneously, meaning that no special feedback is necessary
///   except to display the result." A load that lands within the default delay of 150 ms (the
///   0.1 s limit plus a frame budget for the content to render) feels instant, so it gets no
///   feedback: it only displays the result.
/// - Apple's Human Interface Guidelines, "Progress indicators": "Progress indicators let people
///   know that your app isn't stalled while it loads content or performs lengthy operations."
///   and "All progress indicators are transient, appearing only while an operation is ongoing
///   and disappearing after it completes." Past 150 ms a person may start to wonder whether the
///   app is stalled, so progress appears then.
/// - spin-delay (Stephan Meijer), the React helper for the same problem, states why a delay
///   alone is not enough: "Only show the spinner when the request takes longer than 200ms for
///   example. And what happens when the request takes 210ms? Right, we see a spinner for 10ms.
///   This flicker can be annoying." Hence the minimum display.
/// - The worst case a value is held back is a load that lands just after progress appeared:
///   it shows at 150 + 400 = 550 ms, well within Nielsen's next limit, "1.0 second is about the
///   limit for the user's flow of thought to stay uninterrupted". 400 ms is long enough for a
///   spinner to be seen as one (spin-delay holds it for 200 ms after a 500 ms delay; Kent C.
///   Dodds' Epic React workshop "Pending Flash" suggests "at least like 350 milliseconds" after
///   a 300 ms delay), and short enough to stay inside that second.
///
/// Sources: <https://www.nngroup.com/articles/response-times-3-important-limits/>,
/// <https://developer.apple.com/design/human-interface-guidelines/progress-indicators>,
/// <https://github.com/smeijer/spin-delay>,
/// <https://epicreact.dev/workshops/react-suspense/pending-flash>.
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
  /// that stays at least 400 ms once it shows. The type's discussion explains the numbers.
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
