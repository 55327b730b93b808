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

#if canImport(UIKit) && !os(watchOS)
extension RefetchEvent {
  /// ``becameActive`` each time the app comes back from the background (UIKit's
  /// `UIApplication.willEnterForegroundNotification`), until the consumer stops; with several
  /// scenes, it is the app that comes back. A SwiftUI app can use `.refetchesOnActivation()`.
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
  /// The focus moving between the app's own windows delivers nothing. On macOS, prefer it to
  /// `.refetchesOnActivation()`, whose scene phase switching apps need not change.
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
  /// Only an `unsatisfied` path is ``offline``; an update that leaves the status as it was
  /// delivers nothing. On watchOS it reports ``online`` once and ends (Apple's TN3135): there a lost network shows
  /// as a failed request.
  public static func updates() -> AsyncStream<NetworkStatus> {
    switch NetworkStatusSource.current {
    case .alwaysOnline: return NetworkStatusSource.alwaysOnlineUpdates()
    case .pathMonitor: break
    }
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let watch = PathWatch()
      watch.monitor.pathUpdateHandler = { path in
        if let status = watch.statuses.update(NetworkPathStatus(path.status)) {
          continuation.yield(status)
        }
      }
      watch.monitor.start(queue: watch.queue)
      continuation.onTermination = { _ in watch.cancel() }
    }
  }
}

extension NetworkPathStatus {
  /// The status of a path of Network's.
  init(_ status: NWPath.Status) {
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
  // @unchecked Sendable: `monitor` and `statuses` are used on `queue` only (the handler is set
  // before the monitor starts on it, and `cancel()` runs there too).
  let monitor = NWPathMonitor()
  let queue = DispatchQueue(label: "AsyncContent.NetworkPath")
  var statuses = NetworkStatusFilter()

  /// Stops the monitor, on its queue, and drops its handler, which holds this watch.
  func cancel() {
    queue.async { [self] in
      monitor.pathUpdateHandler = nil
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
  /// Nothing: the network is online, once, and the store never pauses a load.
  case alwaysOnline

  /// A platform, as far as the source of the network's status cares.
  package enum Platform: Sendable, Hashable, CaseIterable {
    case watchOS
    case other

    package static var current: Platform {
      #if os(watchOS)
      .watchOS
      #else
      .other
      #endif
    }
  }

  /// The source on `platform`: always online on watchOS (TN3135), the path monitor elsewhere.
  package init(platform: Platform) {
    self = platform == .watchOS ? .alwaysOnline : .pathMonitor
  }

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

/// Turns a path monitor's updates into the network's statuses: the first update's status, then
/// each change.
package struct NetworkStatusFilter: Sendable {
  private var last: NetworkStatus?

  package init() {}

  /// Records a path update; returns the status to deliver, or `nil` for a repeat.
  package mutating func update(_ path: NetworkPathStatus) -> NetworkStatus? {
    let status = path.networkStatus
    guard status != last else { return nil }
    last = status
    return status
  }
}

/// Tells which changes of a scene's phase are returns from the background: active after
/// background, once, whatever inactive phases come between; the first phase counts nothing.
package struct ActivationFilter: Sendable, Equatable {
  /// A scene's phase, as SwiftUI's `ScenePhase` names it (the core cannot import SwiftUI).
  package enum Phase: Sendable, Hashable, CaseIterable {
    case background
    case inactive
    case active
  }

  /// Whether the scene was in the background since it was last active.
  private var wasInBackground = false

  package init() {}

  /// Records the scene's new phase; returns whether it is a return from the background.
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
  /// `event` each time `center` posts a notification named `name`, until the consumer stops;
  /// events not taken yet collapse into one.
  package static func notifications(
    named name: Notification.Name, as event: RefetchEvent,
    in center: NotificationCenter = .default
  ) -> AsyncStream<RefetchEvent> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
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
  // @unchecked Sendable: both are constants; the token is only handed back once to its center,
  // which any thread may call.
  let center: NotificationCenter
  let observer: any NSObjectProtocol

  init(center: NotificationCenter, observer: any NSObjectProtocol) {
    self.center = center
    self.observer = observer
  }

  func remove() {
    center.removeObserver(observer)
  }
}
