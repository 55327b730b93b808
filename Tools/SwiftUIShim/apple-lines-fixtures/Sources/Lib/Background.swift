// Fixture for apple-lines.py: an Apple-only branch (4 code lines) and a Linux one.
import Foundation

#if canImport(UIKit) && !os(watchOS)
import UIKit

@MainActor func beginFlush() -> UIBackgroundTaskIdentifier {
  UIApplication.shared.beginBackgroundTask(withName: "flush", expirationHandler: nil)
}
#else
func beginFlush() {}
#endif
