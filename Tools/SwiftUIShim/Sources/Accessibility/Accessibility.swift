// Accessibility interface shim for Linux type-checking. NOT Apple code.
//
// The Accessibility framework is its own module beside SwiftUI on Apple platforms; the SwiftUI
// layer posts VoiceOver announcements with it. The same rules as the SwiftUI shim apply: every
// public declaration carries the developer.apple.com page it was transcribed from, and nothing
// here runs.
import Foundation

// Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification
// SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~12.9k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
// watchOS 10.0, *) public enum AccessibilityNotification` (the shim lacked the availability)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public enum AccessibilityNotification {
    // Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~13k): `public struct Announcement :
    // Accessibility._AccessibilityNotifications` (the conformance on the declaration, as there)
    public struct Announcement: _AccessibilityNotifications {
        // Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/init(_:)-46byj
        // (the stored docs have no page for the `String` overload; this one takes an
        // NSAttributedString, which Foundation has on every platform)
        // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~13k): `public init(_ announcement:
        // Foundation.NSAttributedString)`
        public init(_ announcement: NSAttributedString) {}
        // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~13k): `@available(iOS 17.0, tvOS 17.0,
        // watchOS 10.0, macOS 14.0, *) public typealias _Info = Foundation.NSAttributedString` (the
        // protocol's associated type)
        @available(iOS 17.0, tvOS 17.0, watchOS 10.0, macOS 14.0, *)
        public typealias _Info = NSAttributedString
    }
}

// Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()
// The page's precise identifier (s:13Accessibility01_A13NotificationsPAAE4postyyF) places
// `post()` in an extension of the protocol `_AccessibilityNotifications`, to which
// `AccessibilityNotification.Announcement` conforms; the protocol has no page of its own.
// SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~14.3k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
// watchOS 10.0, *) public protocol _AccessibilityNotifications { associatedtype _Info; func post() }`
// (the shim's protocol was empty: the associated type and the requirement are added)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public protocol _AccessibilityNotifications {
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~14.3k): `associatedtype _Info`
    associatedtype _Info
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~14.3k): `func post()`
    func post()
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension _AccessibilityNotifications {
    // Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~14.4k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
    // watchOS 10.0, *) extension Accessibility._AccessibilityNotifications { public func post() }`
    public func post() {}
}

// MARK: - Announcement priorities (issue 21: VoiceOver speaks only when spoken to)
//
// Apple declares the accessibility attribute scope in this module, as an extension of
// Foundation's `AttributeScopes` (the USRs read `s:10Foundation15AttributeScopesO13AccessibilityE…`);
// the pages list it under Foundation. On Linux, `AttributeScopes`, `AttributeScope`,
// `AttributedStringKey` and `AttributeDynamicLookup` are FoundationEssentials' (swift-foundation),
// so a priority is set and read exactly as on Apple platforms.

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension AccessibilityNotification.Announcement {
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~13k): `public init(_ announcement:
    // Foundation.AttributedString)` (inside the struct's declaration there; in an extension here)
    // Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/init(_:)-btpf
    // (the stored docs have no copy of this page: its URL and summary, "Creates an announcement
    // notification with an attributed string object", are those the Announcement page lists
    // under "Creating an announcement notification", and the Announcement page's example posts
    // `AccessibilityNotification.Announcement(highPriorityAnnouncement)` with an
    // `AttributedString`; the declaration is the one PageScrolled's `init(_:)-39fee` page shows
    // for the same overload)
    public init(_ announcement: AttributedString) {}
}

// SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~3.3k): `@available(macOS 12.0, iOS 15.0, tvOS 15.0,
// watchOS 8.0, *) extension Foundation.AttributeScopes`
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension AttributeScopes {
    // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibility
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~3.3k): `public var accessibility:
    // Foundation.AttributeScopes.AccessibilityAttributes.Type { get }`
    public var accessibility: AttributeScopes.AccessibilityAttributes.Type { AttributeScopes.AccessibilityAttributes.self }

    // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~3.4k): `public struct AccessibilityAttributes :
    // Foundation.AttributeScope` (of its attributes, the shim declares the one the layer sets)
    public struct AccessibilityAttributes: AttributeScope {
        // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/accessibilityspeechannouncementpriority
        // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~4.2k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
        // watchOS 10.0, *) public let accessibilitySpeechAnnouncementPriority:
        // Foundation.AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute`
        @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
        public let accessibilitySpeechAnnouncementPriority: AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute
    }
}

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension AttributeScopes.AccessibilityAttributes {
    // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~11.9k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
    // watchOS 10.0, *) @frozen public enum AnnouncementPriorityAttribute :
    // Foundation.CodableAttributedStringKey, Foundation.MarkdownDecodableAttributedStringKey,
    // Foundation.ObjectiveCConvertibleAttributedStringKey`, and (~20.5k) `extension … :
    // Swift.Sendable {}`. The shim had `AttributedStringKey, Sendable` in the struct's body; it now
    // sits in this extension with the Codable and Markdown conformances. swift-foundation on Linux
    // has no `ObjectiveCConvertibleAttributedStringKey` (no Objective-C bridging): that conformance,
    // its `ObjectiveCValue` and its two methods are left out.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @frozen public enum AnnouncementPriorityAttribute: CodableAttributedStringKey, MarkdownDecodableAttributedStringKey {
        // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~11.9k): `public typealias Value =
        // Foundation.AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute.AnnouncementPriority`
        public typealias Value = AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute.AnnouncementPriority
        // Apple: https://developer.apple.com/documentation/foundation/attributedstringkey/name
        // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~12k): `public static var name: Swift.String { get }`
        // (the value is the shim's own, as nothing here runs)
        public static var name: String { "AXAnnouncementPriority" }
        // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~12k): `public static let markdownName: Swift.String`
        // (the value is the shim's own)
        public static let markdownName: String = "AXAnnouncementPriority"

        // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute/announcementpriority
        // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~12.3k): `public enum AnnouncementPriority :
        // Swift.String, Swift.Codable { case low; case `default`; case high }`, with (~20.9k)
        // `extension … : Swift.Equatable {}`, `Swift.Hashable`, `Swift.RawRepresentable`, and no
        // Sendable (the shim said `Hashable, Sendable`; the raw value and Codable are corrected, the
        // Sendable conformance is kept below, shim-only, see there).
        public enum AnnouncementPriority: String, Codable {
            // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute/announcementpriority/low
            // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~12.3k): `case low`
            case low
            // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute/announcementpriority/default
            // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~12.3k): `case `default``
            case `default`
            // Apple: https://developer.apple.com/documentation/foundation/attributescopes/accessibilityattributes/announcementpriorityattribute/announcementpriority/high
            // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~12.3k): `case high`
            case high
        }
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute: Sendable {}

// Shim-only, NOT in the interface (which lists Equatable, Hashable and RawRepresentable for
// `AnnouncementPriority`, no Sendable): swift-foundation on Linux sets an attribute through
// `AttributedString`'s dynamic-member subscript only when the key's `Value` is Sendable, so without
// this the layer's `spoken.accessibilitySpeechAnnouncementPriority = …`
// (Sources/AsyncContent/ContentContainer.swift) does not compile here. Whether Apple's iOS 18
// Foundation asks the same of that setter was not checked (its interface was not read): an open
// question in the prov4 report.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute.AnnouncementPriority: Sendable {}

// SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~4.6k): `@available(macOS 12.0, iOS 15.0, tvOS 15.0,
// watchOS 8.0, *) extension Foundation.AttributeDynamicLookup`
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension AttributeDynamicLookup {
    // Apple: https://developer.apple.com/documentation/foundation/attributedynamiclookup/subscript(dynamicmember:)-7vcf2
    // (the stored docs have no copy of this page)
    // SDK: Accessibility.framework/Modules/Accessibility.swiftmodule/arm64-apple-ios.swiftinterface (iOS 18.0, ~4.6k): `public subscript<T>(dynamicMember keyPath:
    // Swift.KeyPath<Foundation.AttributeScopes.AccessibilityAttributes, T>) -> T where T :
    // Foundation.AttributedStringKey { get }`
    public subscript<T>(dynamicMember keyPath: KeyPath<AttributeScopes.AccessibilityAttributes, T>) -> T where T: AttributedStringKey {
        self[T.self]
    }
}
