package import Foundation

/// A loader of any kind, ``AsyncLoader`` or ``PagedLoader``, as the rest of this package sees
/// it: its ``LoaderCore``, and its status without its phase.
///
/// The store, the SwiftUI layer and the tests take one where the kind of loader does not
/// matter (`source as? any AnyLoader`). It is not API: an app reads the same status from the
/// loaders' public members.
@MainActor
package protocol AnyLoader: AnyObject, Sendable {
  /// The machinery the loader is built on; only the loader holds it.
  var core: LoaderCore { get }
  /// How long progress waits and stays for this loader; `nil` leaves it to the renderer.
  var progressTiming: ProgressTiming? { get }
  /// Failed attempts since the last success or reset.
  var failureCount: Int { get }
  /// When the value on screen was loaded, on the wall clock.
  var loadedDate: Date? { get }
  /// Whether the value is stale.
  var isStale: Bool { get }
  /// Whether an operation or subscription is running.
  var isActive: Bool { get }
  /// Whether the running load waits for the network.
  var isWaitingForNetwork: Bool { get }
}

extension AnyLoader {
  /// The clock for retry waits and staleness.
  package var clock: LoaderClock { core.clock }

  /// When the value on screen was loaded, on ``clock``; `nil` when no value has loaded. It
  /// changes only together with the phase and is observed with it.
  package var loadedAt: LoaderClock.Instant? { core.loadedAt }

  /// The wall clock that dates a loaded value (``loadedDate``); `Date.init` by default. Replace
  /// it in tests to get fixed dates.
  ///
  /// ```swift
  /// loader.wallClock = { Date(timeIntervalSince1970: 1_700_000_000) }
  /// ```
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

  /// Whether a load was started and has not settled yet.
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
