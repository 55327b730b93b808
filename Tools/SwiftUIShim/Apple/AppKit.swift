// AppKit interface shim: what the package's `#elseif canImport(AppKit)` lines use.
// SDK: the mirror xybp888/iOS-SDKs holds iOS SDKs only, so AppKit's NSApplication.h is not
// there. The declarations follow the UIKit ones of UIApplication.h (iPhoneOS18.0.sdk) that they
// mirror, by the same importer rules, with AppKit's availability (macOS 10.0): NSApplication is
// `NS_SWIFT_UI_ACTOR` (@MainActor), its notification names are `NSNotificationName const
// NSApplication…Notification` imported as static members. Recorded in the shim README as the one
// Apple-only declaration without an SDK file behind it.
import Foundation

// SDK: AppKit NSResponder.h (not in the mirror): `NS_SWIFT_UI_ACTOR @interface NSResponder : NSObject`
@available(macOS 10.0, *)
@MainActor @preconcurrency open class NSResponder: NSObject {}

// SDK: AppKit NSApplication.h (not in the mirror): `NS_SWIFT_UI_ACTOR @interface NSApplication : NSResponder`
@available(macOS 10.0, *)
@MainActor @preconcurrency open class NSApplication: NSResponder {
    // SDK: AppKit NSApplication.h (not in the mirror): `@property (class, readonly, strong) __kindof NSApplication *sharedApplication;`
    open class var shared: NSApplication { fatalError("AppKit shim: nothing runs") }
}

@available(macOS 10.0, *)
extension NSApplication {
    // SDK: AppKit NSApplication.h (not in the mirror): `APPKIT_EXTERN NSNotificationName NSApplicationDidBecomeActiveNotification;`
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name("NSApplicationDidBecomeActiveNotification")
    // SDK: AppKit NSApplication.h (not in the mirror): `APPKIT_EXTERN NSNotificationName NSApplicationWillResignActiveNotification;`
    nonisolated public static let willResignActiveNotification = NSNotification.Name("NSApplicationWillResignActiveNotification")
    // SDK: AppKit NSApplication.h (not in the mirror): `APPKIT_EXTERN NSNotificationName NSApplicationWillTerminateNotification;`
    nonisolated public static let willTerminateNotification = NSNotification.Name("NSApplicationWillTerminateNotification")
}
