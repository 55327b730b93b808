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

// MARK: - Announcement priorities (issue 21: VoiceOver speaks only when spoken to)
//
// Apple declares the accessibility attribute scope in this module, as an extension of
// Foundation's `AttributeScopes` (the USRs read `s:10Foundation15AttributeScopesO13AccessibilityE…`);
// the pages list it under Foundation. On Linux, `AttributeScopes`, `AttributeScope`,
// `AttributedStringKey` and `AttributeDynamicLookup` are FoundationEssentials' (swift-foundation),
// so a priority is set and read exactly as on Apple platforms.

extension AccessibilityNotification.Announcement {
    // Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/init(_:)-btpf
    // (the stored docs have no copy of this page: its URL and summary, "Creates an announcement
    // notification with an attributed string object", are those the Announcement page lists
    // under "Creating an announcement notification", and the Announcement page's example posts
    // `AccessibilityNotification.Announcement(highPriorityAnnouncement)` with an
    // `AttributedString`; the declaration is the one PageScrolled's `init(_:)-39fee` page shows
    // for the same overload)
    public init(_ announcement: AttributedString) {}
}

extension AttributeScopes {
    // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes
    public struct AccessibilityAttributes: AttributeScope {
        // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/accessibilityspeechannouncementpriority
        public let accessibilitySpeechAnnouncementPriority: AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute

        // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute
        // (Conforms To: AttributedStringKey, Sendable, among others the shim does not need)
        @frozen public enum AnnouncementPriorityAttribute: AttributedStringKey, Sendable {
            public typealias Value = AnnouncementPriority
            // Apple: https://developer.apple.com/documentation/foundation/attributedstringkey/name
            // (the requirement; the value is the shim's own, as nothing here runs)
            public static let name = "AXAnnouncementPriority"

            // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute/announcementpriority
            // (Conforms To: Equatable, Hashable, Sendable, among others)
            public enum AnnouncementPriority: Hashable, Sendable {
                // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute/announcementpriority/default
                case `default`
                // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute/announcementpriority/high
                case high
                // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute/announcementpriority/low
                case low
            }
        }
    }

    // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibility
    public var accessibility: AttributeScopes.AccessibilityAttributes.Type { AttributeScopes.AccessibilityAttributes.self }
}

extension AttributeDynamicLookup {
    // Apple: https://developer.apple.com/documentation/foundation/attributedynamiclookup/subscript(dynamicmember:)-7vcf2
    // (the stored docs have no copy of this page; its declaration is transcribed from a mirror
    // of it: `subscript<T>(dynamicMember keyPath: KeyPath<AttributeScopes.AccessibilityAttributes,
    // T>) -> T where T : AttributedStringKey { get }`)
    public subscript<T>(dynamicMember keyPath: KeyPath<AttributeScopes.AccessibilityAttributes, T>) -> T where T: AttributedStringKey {
        self[T.self]
    }
}
