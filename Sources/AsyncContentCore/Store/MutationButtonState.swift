/// What a `MutationButton` shows for its ``Mutation``: decided in the core, so that every
/// platform tests it; the SwiftUI button only renders it.
package enum MutationButtonState: Sendable, Hashable {
  /// Nothing runs: a tap sends.
  case ready
  /// A run sends (or waits behind one that does): disabled, with a spinner.
  case sending
  /// The running run waits for the network: enabled, each tap queues one more run.
  case waitingForNetwork

  /// Whether a tap sends (or queues) a run.
  package var isEnabled: Bool { self != .sending }

  /// Whether the label hides under a spinner.
  package var showsProgress: Bool { self == .sending }
}

extension Mutation {
  /// What a `MutationButton` of this mutation shows; observed with the phase.
  package var buttonState: MutationButtonState {
    if isPaused { return .waitingForNetwork }
    return isRunning ? .sending : .ready
  }
}
