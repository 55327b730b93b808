package import Foundation

/// A loader of any kind, ``AsyncLoader`` or ``PagedLoader``, as this package sees it: its
/// ``LoaderCore`` and its status (`source as? any AnyLoader`).
@MainActor
package protocol AnyLoader: AnyObject, Sendable {
  var core: LoaderCore { get }
  var progressTiming: ProgressTiming? { get }
  var failureCount: Int { get }
  var loadedDate: Date? { get }
  var isStale: Bool { get }
  var isActive: Bool { get }
  var isWaitingForNetwork: Bool { get }
}

extension AnyLoader {
  /// The clock for retry waits and staleness.
  package var clock: LoaderClock { core.clock }

  /// When the value was loaded, on ``clock``; observed with the phase.
  package var loadedAt: LoaderClock.Instant? { core.loadedAt }

  /// The wall clock that dates a loaded value; tests replace it to get fixed dates.
  package var wallClock: @MainActor () -> Date {
    get { core.wallClock }
    set { core.wallClock = newValue }
  }

  /// Whether the load that settled last ended by a cancellation; observed with the phase.
  package var lastLoadWasCancelled: Bool { core.lastLoadWasCancelled }

  /// Whether a store invalidated the value since it landed.
  package var isMarkedStale: Bool {
    get { core.isMarkedStale }
    set { core.isMarkedStale = newValue }
  }

  /// Whether the value on screen is an edit of a store that no landing has replaced.
  package var isValueEdited: Bool {
    get { core.isValueEdited }
    set { core.isValueEdited = newValue }
  }

  /// When the value was loaded, on ``clock``, unobserved; setting it dates the value.
  package var storedLoadedAt: LoaderClock.Instant? {
    get { core.storedLoadedAt }
    set { core.storedLoadedAt = newValue }
  }

  /// Whether a launched load has not settled yet.
  package var isLoadRunning: Bool { core.isLoadRunning }

  /// Cancels whatever runs, moves the phase with `stopPhase`, and settles.
  package func stopLoad(_ stopPhase: () -> Bool) {
    core.stopLoad(stopPhase)
  }

  /// Runs `change` and notifies the phase's observers when it changed anything.
  @discardableResult
  package func changePhase(_ change: () -> Bool) -> Bool {
    core.changePhase(change)
  }
}
