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
// Apple's frameworks are thin: the parts that decide (which path updates are reconnections, how
// a notification becomes an event and stops) are below them, compiled and tested on every
// platform.

#if canImport(UIKit) && !os(watchOS)
extension RefetchEvent {
  /// ``becameActive`` each time the app becomes active (UIKit's
  /// `UIApplication.didBecomeActiveNotification`), until the consumer stops.
  ///
  /// ```swift
  /// store.refetch(on: RefetchEvent.appActivations())
  /// ```
  ///
  /// A SwiftUI app can feed ``becameActive`` from the scene phase instead.
  @MainActor
  public static func appActivations() -> AsyncStream<RefetchEvent> {
    // https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification
    notifications(named: UIApplication.didBecomeActiveNotification, as: .becameActive)
  }
}
#elseif canImport(AppKit)
extension RefetchEvent {
  /// ``becameActive`` each time the app becomes active (AppKit's
  /// `NSApplication.didBecomeActiveNotification`), until the consumer stops.
  ///
  /// ```swift
  /// store.refetch(on: RefetchEvent.appActivations())
  /// ```
  ///
  /// A SwiftUI app can feed ``becameActive`` from the scene phase instead.
  @MainActor
  public static func appActivations() -> AsyncStream<RefetchEvent> {
    // https://developer.apple.com/documentation/appkit/nsapplication/didbecomeactivenotification
    notifications(named: NSApplication.didBecomeActiveNotification, as: .becameActive)
  }
}
#endif

#if canImport(Network)
extension RefetchEvent {
  /// ``networkAvailable`` each time the network becomes available after it was not, as
  /// Network's `NWPathMonitor` sees it (the path's status becomes `satisfied`), until the
  /// consumer stops; then the monitor is cancelled.
  ///
  /// The path when the monitor starts is not a reconnection: the first event comes when the
  /// network comes back after it went away.
  ///
  /// ```swift
  /// store.refetch(on: RefetchEvent.networkReconnections())
  /// ```
  public static func networkReconnections() -> AsyncStream<RefetchEvent> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let watch = PathWatch()
      // https://developer.apple.com/documentation/network/nwpathmonitor/pathupdatehandler
      watch.monitor.pathUpdateHandler = { path in
        // https://developer.apple.com/documentation/network/nwpath/status-swift.enum/satisfied
        if watch.reconnections.update(isAvailable: path.status == .satisfied) {
          continuation.yield(.networkAvailable)
        }
      }
      // https://developer.apple.com/documentation/network/nwpathmonitor/start(queue:)
      watch.monitor.start(queue: watch.queue)
      continuation.onTermination = { _ in watch.cancel() }
    }
  }
}

/// A path monitor and what it saw, for `RefetchEvent.networkReconnections()`.
private final class PathWatch: @unchecked Sendable {
  // @unchecked Sendable: `monitor` and `reconnections` are used on `queue` only, a serial queue.
  // The stream's build closure sets the handler and starts the monitor before any update can
  // come; from then on the monitor calls its handler on `queue` (start(queue:)), which is the
  // only place that touches `reconnections`, and `cancel()` sends its work to `queue` too.
  let monitor = NWPathMonitor()
  let queue = DispatchQueue(label: "AsyncContent.RefetchEvent.networkReconnections")
  var reconnections = ReconnectionDetector()

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

/// Tells which updates of the network's availability are reconnections: the network became
/// available after it was not. The first update is where it starts, not a change.
package struct ReconnectionDetector: Sendable {
  /// Whether the network was available at the last update; `nil` before the first.
  private var wasAvailable: Bool?

  package init() {}

  /// Records an update; returns whether it is a reconnection.
  ///
  /// - Parameter isAvailable: Whether the network is available now.
  package mutating func update(isAvailable: Bool) -> Bool {
    defer { wasAvailable = isAvailable }
    return isAvailable && wasAvailable == false
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
