// Accessibility interface shim for Linux type-checking. NOT Apple code.
//
// The Accessibility framework is its own module beside SwiftUI on Apple platforms; the SwiftUI
// layer posts VoiceOver announcements with it. The same rules as the SwiftUI shim apply: every
// public declaration carries the developer.apple.com page it was transcribed from, and nothing
// here runs.
import Foundation

// Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification
public enum AccessibilityNotification {
    // Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
    public struct Announcement {
        // Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/init(_:)-46byj
        // (the stored docs have no page for the `String` overload; this one takes an
        // NSAttributedString, which Foundation has on every platform)
        public init(_ announcement: NSAttributedString) {}
    }
}

// Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()
// The page's precise identifier (s:13Accessibility01_A13NotificationsPAAE4postyyF) places
// `post()` in an extension of the protocol `_AccessibilityNotifications`, to which
// `AccessibilityNotification.Announcement` conforms; the protocol has no page of its own.
public protocol _AccessibilityNotifications {}

extension _AccessibilityNotifications {
    // Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()
    public func post() {}
}

// Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()
// (the conformance that gives the announcement its `post()`)
extension AccessibilityNotification.Announcement: _AccessibilityNotifications {}
