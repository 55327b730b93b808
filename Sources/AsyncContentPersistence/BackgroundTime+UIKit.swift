#if Persistence
import Foundation

#if canImport(UIKit) && !os(watchOS)
import UIKit

/// UIKit's background tasks: the time iOS grants an app that went to the background.
@MainActor
final class UIKitBackgroundTime: BackgroundTime {
  func begin(_ name: String, expired: @escaping @MainActor () -> Void) -> Int? {
    // https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)
    // The system calls the expiration handler on the main thread.
    let identifier = UIApplication.shared.beginBackgroundTask(withName: name) {
      MainActor.assumeIsolated { expired() }
    }
    return identifier == .invalid ? nil : identifier.rawValue
  }

  func end(_ token: Int) {
    // https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:)
    UIApplication.shared.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: token))
  }
}

/// The background time of a store's cache: UIKit's.
enum BackgroundTimeDefault {
  @MainActor static func make() -> (any BackgroundTime)? { UIKitBackgroundTime() }
}
#else
/// The background time of a store's cache: none to ask for here (macOS, watchOS, Linux).
enum BackgroundTimeDefault {
  @MainActor static func make() -> (any BackgroundTime)? { nil }
}
#endif
#endif
