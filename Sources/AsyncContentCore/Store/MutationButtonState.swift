/// What a `MutationButton` shows for its ``Mutation``: decided in the core, so that every
/// platform tests it; the SwiftUI button only renders it.
package enum MutationButtonState: Sendable, Hashable {
  /// Nothing runs: a tap sends.
  case ready
  /// A run sends its request (or waits for its turn behind one that does): the button is
  /// disabled, with a spinner over its label, so a second tap sends nothing.
  case sending
  /// The running run waits for the network (``Mutation/isPaused``): the button stays enabled,
  /// each tap queues one more run behind it, in order, and the button shows that its edits
  /// wait to be sent.
  case waitingForNetwork

  /// Whether a tap sends (or queues) a run.
  package var isEnabled: Bool { self != .sending }

  /// Whether the label hides under a spinner.
  package var showsProgress: Bool { self == .sending }
}

extension Mutation {
  /// What a `MutationButton` of this mutation shows: a run paused offline leaves the button
  /// enabled, so that one offline tap does not disable it until the network comes back. It is
  /// observed with the phase.
  package var buttonState: MutationButtonState {
    if isPaused { return .waitingForNetwork }
    return isRunning ? .sending : .ready
  }
}
