/// Something that happened to the app that makes the data on screen worth checking again: what a
/// ``LoaderStore``'s refetch triggers react to.
///
/// Feed them to ``LoaderStore/refetch(on:minimumInterval:)`` as a sequence
/// (`RefetchEvent.appActivations()` on Apple platforms), or one at a time to
/// ``LoaderStore/refetch(after:minimumInterval:)``; ``LoaderStore/followNetwork(_:)`` delivers
/// ``networkAvailable``. A key leaves an event out with ``StoreKey/refetchesOn``.
public enum RefetchEvent: Hashable, Sendable, CaseIterable {
  /// The user came back to the app: it returned from the background, or, on macOS, it became
  /// the active app after another app was. A moment of inactivity (Control Center, an alert)
  /// is no return.
  case becameActive
  /// The network became available after it was not.
  case networkAvailable
}
