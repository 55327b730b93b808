import Observation

/// Decides whether the banner of a failed reload shows: the ``BannerPolicy``, dismissal, and
/// the auto-hide of a transient banner on an injected clock. Every renderer shares it.
@MainActor
@Observable
package final class BannerController {
  /// How the banner behaves.
  package private(set) var policy: BannerPolicy
  /// Whether the presentation has a banner (a reload failed and the value stays).
  package private(set) var isPresent = false
  /// Whether the current banner was dismissed (by the user or the transient policy's clock);
  /// resets when the banner goes away.
  package private(set) var isDismissed = false
  /// How many banners have come up since the controller was created.
  package private(set) var occurrences = 0

  @ObservationIgnored private let clock: LoaderClock
  @ObservationIgnored private var timer: Task<Void, Never>?
  @ObservationIgnored private let onDismiss: (@MainActor () -> Void)?

  /// Creates a controller; `onDismiss` runs when the user dismisses the banner, for an owner
  /// that applies `dismissError()` to a phase it drives by hand.
  package init(
    policy: BannerPolicy = .persistent,
    clock: some Clock<Duration> = ContinuousClock(),
    onDismiss: (@MainActor () -> Void)? = nil
  ) {
    self.policy = policy
    self.clock = LoaderClock(clock)
    self.onDismiss = onDismiss
  }

  deinit {
    timer?.cancel()
  }

  /// Whether the banner shows now.
  package var isVisible: Bool { isPresent && !isDismissed && policy != .off }

  /// The banner to show: `banner` unless the policy is off or the banner was dismissed. It reads
  /// the presentation's banner directly, so a banner shows on the render where it appears.
  package func visible<Failure>(_ banner: Failure?) -> Failure? {
    guard let banner, policy != .off, !(isDismissed && isPresent) else { return nil }
    return banner
  }

  /// Tells the controller whether the presentation has a banner, and the policy to apply; the
  /// same values again change nothing.
  package func update(isPresent: Bool, policy: BannerPolicy? = nil) {
    if let policy, policy != self.policy {
      self.policy = policy
      if self.isPresent { restartTimer() }
    }
    guard isPresent != self.isPresent else { return }
    self.isPresent = isPresent
    if isPresent {
      occurrences += 1
      if isDismissed { isDismissed = false }
      restartTimer()
    } else {
      timer?.cancel()
      timer = nil
      if isDismissed { isDismissed = false }
    }
  }

  /// The user dismissed the banner: it hides until the next failure.
  package func dismiss() {
    guard isPresent, !isDismissed else { return }
    timer?.cancel()
    timer = nil
    isDismissed = true
    onDismiss?()
  }

  private func restartTimer() {
    timer?.cancel()
    timer = nil
    guard case .transient(let duration) = policy, isPresent, !isDismissed else { return }
    let occurrence = occurrences
    timer = Task { [weak self, clock] in
      do {
        try await clock.sleep(until: clock.now.advanced(by: duration))
      } catch {
        return  // cancelled: the banner went away, was dismissed, or the policy changed
      }
      self?.expire(occurrence)
    }
  }

  private func expire(_ occurrence: Int) {
    guard occurrence == occurrences, isPresent, !isDismissed else { return }
    timer = nil
    isDismissed = true
  }
}
