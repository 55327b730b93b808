package import Foundation

#if canImport(Network)
import Dispatch
import Network
#endif
#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

// The system's refetch events, for `LoaderStore.refetch(on:minimumInterval:)`. The adapters for
// Apple's frameworks are thin: the parts that decide (which network statuses are changes, how
// a notification becomes an event and stops) are below them, compiled and tested on every
// platform.

#if canImport(UIKit) && !os(watchOS)
extension RefetchEvent {
  /// ``becameActive`` each time the app comes back from the background (UIKit's
  /// `UIApplication.willEnterForegroundNotification`), until the consumer stops.
  ///
  /// Only a return from the background counts. Control Center, the notification shade, a
  /// permission alert, Face ID and a peek at the app switcher leave the app inactive for a
  /// moment, never in the background, and deliver nothing: the screen was there all along.
  /// With several scenes, it is the app that comes back, not each scene: UIKit posts the
  /// notification when the aggregate state of the app's scenes leaves the background.
  ///
  /// ```swift
  /// store.refetch(on: RefetchEvent.appActivations())
  /// ```
  ///
  /// A SwiftUI app can feed ``becameActive`` from the scene phase instead, with
  /// `.refetchesOnActivation()`, which counts a scene's return from the background.
  @MainActor
  public static func appActivations() -> AsyncStream<RefetchEvent> {
    // https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
    notifications(named: UIApplication.willEnterForegroundNotification, as: .becameActive)
  }
}
#elseif canImport(AppKit)
extension RefetchEvent {
  /// ``becameActive`` each time the app becomes the active app after another app was (AppKit's
  /// `NSApplication.didBecomeActiveNotification`), until the consumer stops.
  ///
  /// The user switched back to the app: with the Dock, Command-Tab, or a click on one of its
  /// windows. The focus moving between the app's own windows is not an activation and delivers
  /// nothing.
  ///
  /// ```swift
  /// store.refetch(on: RefetchEvent.appActivations())
  /// ```
  ///
  /// A SwiftUI app's `.refetchesOnActivation()` counts something else: a scene that comes back
  /// from the background phase, which switching apps on macOS need not change (an active
  /// window need not have the focus). Use this sequence to refetch when the user comes back.
  @MainActor
  public static func appActivations() -> AsyncStream<RefetchEvent> {
    // https://developer.apple.com/documentation/appkit/nsapplication/didbecomeactivenotification
    notifications(named: NSApplication.didBecomeActiveNotification, as: .becameActive)
  }
}
#endif

#if canImport(Network)
extension NetworkStatus {
  /// The network's status as Network's `NWPathMonitor` sees it, for
  /// ``LoaderStore/followNetwork(_:)``: the status of the current path first, then each
  /// change, until the consumer stops; then the monitor is cancelled.
  ///
  /// A path that is `satisfied` is ``online``, and so is one that `requiresConnection` (a new
  /// connection may activate it, as a VPN on demand or cellular data does, so a load must not
  /// wait for it); an `unsatisfied` path is ``offline``. An update that leaves the status as it
  /// was (another interface, a cost change) delivers nothing. Statuses the consumer has not
  /// taken yet collapse into the newest.
  ///
  /// ```swift
  /// let store = LoaderStore()
  /// store.followNetwork(NetworkStatus.updates())
  /// ```
  ///
  /// On watchOS it reports ``online`` once and ends, so no load ever waits there: Apple's
  /// TN3135 ("Low-level networking on watchOS") says a path monitor is for apps with an active
  /// audio-streaming session only, and stays unsatisfied for any other app, though URLSession
  /// works. There a lost network shows as a failed request, which the key's retry policy
  /// handles.
  public static func updates() -> AsyncStream<NetworkStatus> {
    switch NetworkStatusSource.current {
    case .alwaysOnline: return NetworkStatusSource.alwaysOnlineUpdates()
    case .pathMonitor: break
    }
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let watch = PathWatch()
      // https://developer.apple.com/documentation/network/nwpathmonitor/pathupdatehandler
      watch.monitor.pathUpdateHandler = { path in
        if let status = watch.statuses.update(NetworkPathStatus(path.status)) {
          continuation.yield(status)
        }
      }
      // https://developer.apple.com/documentation/network/nwpathmonitor/start(queue:)
      watch.monitor.start(queue: watch.queue)
      continuation.onTermination = { _ in watch.cancel() }
    }
  }
}

extension NetworkPathStatus {
  /// The status of a path of Network's.
  init(_ status: NWPath.Status) {
    // https://developer.apple.com/documentation/network/nwpath/status-swift.enum
    switch status {
    case .satisfied: self = .satisfied
    case .unsatisfied: self = .unsatisfied
    case .requiresConnection: self = .requiresConnection
    @unknown default: self = .satisfied  // a status of a later SDK: never pause for it
    }
  }
}

/// A path monitor and what it saw, for `NetworkStatus.updates()`.
private final class PathWatch: @unchecked Sendable {
  // @unchecked Sendable: `monitor` and `statuses` are used on `queue` only, a serial queue.
  // The stream's build closure sets the handler and starts the monitor before any update can
  // come; from then on the monitor calls its handler on `queue` (start(queue:)), which is the
  // only place that touches `statuses`, and `cancel()` sends its work to `queue` too.
  let monitor = NWPathMonitor()
  let queue = DispatchQueue(label: "AsyncContent.NetworkPath")
  var statuses = NetworkStatusFilter()

  /// Stops the monitor, on its queue, and drops its handler, which holds this watch.
  func cancel() {
    queue.async { [self] in
      monitor.pathUpdateHandler = nil
      // https://developer.apple.com/documentation/network/nwpathmonitor/cancel()
      monitor.cancel()
    }
  }
}
#endif

// MARK: Compiled on every platform

/// Where `NetworkStatus.updates()` takes the network's status from, on each platform.
package enum NetworkStatusSource: Sendable, Hashable {
  /// Network's `NWPathMonitor`: the path's status, then each change.
  case pathMonitor
  /// Nothing: the network is online, once, and the store never pauses a load. The platform's
  /// path monitor cannot be trusted, so requests go out and URLSession's errors tell.
  case alwaysOnline

  /// A platform, as far as the source of the network's status cares.
  package enum Platform: Sendable, Hashable, CaseIterable {
    /// watchOS.
    case watchOS
    /// iOS, iPadOS, macOS, tvOS, visionOS, and Linux for the tests.
    case other

    /// The platform this code was compiled for.
    package static var current: Platform {
      #if os(watchOS)
      .watchOS
      #else
      .other
      #endif
    }
  }

  /// The source on `platform`: always online on watchOS, where an ordinary app's path monitor
  /// stays unsatisfied (Apple's TN3135, "Low-level networking on watchOS"); the path monitor
  /// elsewhere.
  package init(platform: Platform) {
    self = platform == .watchOS ? .alwaysOnline : .pathMonitor
  }

  /// The source on the platform this code was compiled for.
  package static var current: NetworkStatusSource { NetworkStatusSource(platform: .current) }

  /// The statuses of ``alwaysOnline``: ``NetworkStatus/online``, then the end.
  package static func alwaysOnlineUpdates() -> AsyncStream<NetworkStatus> {
    AsyncStream { continuation in
      continuation.yield(.online)
      continuation.finish()
    }
  }
}

/// The status of a network path, as Network's `NWPath.Status` names it (the core compiles
/// without Network on Linux).
package enum NetworkPathStatus: Sendable, Hashable, CaseIterable {
  /// The path is available to establish connections and send data.
  case satisfied
  /// The path is not available for use.
  case unsatisfied
  /// The path is not currently available, but establishing a new connection may activate it.
  case requiresConnection

  /// The network's status on this path: only an unsatisfied path is offline. A path that
  /// requires a connection is online, for a request is what activates it.
  package var networkStatus: NetworkStatus {
    self == .unsatisfied ? .offline : .online
  }
}

/// Turns a path monitor's updates into the network's statuses for
/// ``LoaderStore/followNetwork(_:)``: the first update's status, then each change; an update
/// that leaves the status as it was delivers nothing.
///
/// ```swift
/// var statuses = NetworkStatusFilter()
/// statuses.update(.satisfied)  // .online: where the path starts
/// statuses.update(.requiresConnection)  // nil: still online
/// statuses.update(.unsatisfied)  // .offline
/// ```
package struct NetworkStatusFilter: Sendable {
  /// The status delivered last; `nil` before the first update.
  private var last: NetworkStatus?

  package init() {}

  /// Records a path update; returns the status to deliver, or `nil` for a repeat.
  ///
  /// - Parameter path: The path's status now.
  package mutating func update(_ path: NetworkPathStatus) -> NetworkStatus? {
    let status = path.networkStatus
    guard status != last else { return nil }
    last = status
    return status
  }
}

/// Tells which changes of a scene's phase are returns from the background: the ones that
/// SwiftUI's `.refetchesOnActivation()` turns into ``RefetchEvent/becameActive``.
///
/// A scene that Control Center, the notification shade, a system alert (a permission request,
/// Face ID) or a peek at the app switcher covers goes inactive, never to the background, and
/// comes back active: its screen was there all along, so that is no return. A scene is back
/// when it becomes active after it was in the background, and that counts once, whatever
/// inactive phases come between. The first phase is where the scene starts, not a change: a
/// scene that appears active counts nothing (its observers load when they appear).
///
/// ```swift
/// var activations = ActivationFilter()
/// activations.phaseChanged(to: .active)  // false: where the scene starts
/// activations.phaseChanged(to: .inactive)  // false: Control Center opens…
/// activations.phaseChanged(to: .active)  // false: …and closes
/// activations.phaseChanged(to: .background)  // false
/// activations.phaseChanged(to: .active)  // true: back from the background
/// ```
package struct ActivationFilter: Sendable, Equatable {
  /// A scene's phase, as SwiftUI's `ScenePhase` names it (the core cannot import SwiftUI).
  package enum Phase: Sendable, Hashable, CaseIterable {
    /// Not visible: the app is in the background.
    case background
    /// In the foreground but not interactive: covered by a system overlay, in the app
    /// switcher, or on its way to or from the background.
    case inactive
    /// In the foreground and interactive.
    case active
  }

  /// Whether the scene was in the background since it was last active.
  private var wasInBackground = false

  /// A filter for a scene whose first phase comes next.
  package init() {}

  /// Records the scene's new phase; returns whether it is a return from the background, the
  /// change to refetch on.
  ///
  /// - Parameter phase: The phase the scene is in now; the first call gives the phase it
  ///   starts in.
  package mutating func phaseChanged(to phase: Phase) -> Bool {
    switch phase {
    case .background:
      wasInBackground = true
      return false
    case .inactive:
      return false
    case .active:
      defer { wasInBackground = false }
      return wasInBackground
    }
  }
}

extension RefetchEvent {
  /// `event` each time `center` posts a notification named `name`, from any object, until the
  /// consumer stops; then the observer is removed. Events that the consumer has not taken yet
  /// collapse into one.
  ///
  /// - Parameters:
  ///   - name: The notification's name.
  ///   - event: The event it stands for.
  ///   - center: The notification center; the default one unless a test passes its own.
  package static func notifications(
    named name: Notification.Name, as event: RefetchEvent,
    in center: NotificationCenter = .default
  ) -> AsyncStream<RefetchEvent> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      // https://developer.apple.com/documentation/foundation/notificationcenter/addobserver(forname:object:queue:using:)
      let observer = center.addObserver(forName: name, object: nil, queue: nil) { _ in
        continuation.yield(event)
      }
      let registration = NotificationRegistration(center: center, observer: observer)
      continuation.onTermination = { _ in registration.remove() }
    }
  }
}

/// An observer a notification center holds, to remove when the stream ends.
private final class NotificationRegistration: @unchecked Sendable {
  // @unchecked Sendable: both properties are constants. The token is never read or changed here,
  // only handed back once to its center, and `NotificationCenter` may be called from any thread
  // (it is `Sendable`).
  let center: NotificationCenter
  let observer: any NSObjectProtocol

  init(center: NotificationCenter, observer: any NSObjectProtocol) {
    self.center = center
    self.observer = observer
  }

  /// Removes the observer: the center posts to it no more.
  func remove() {
    // https://developer.apple.com/documentation/foundation/notificationcenter/removeobserver(_:)-2yciv
    center.removeObserver(observer)
  }
}
