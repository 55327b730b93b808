// UIKit interface shim: what the package's `#if canImport(UIKit)` lines use (the app's return to
// the foreground, and the background-task assertion around a flush of the persisted cache).
// SDK: iPhoneOS18.0.sdk/System/Library/Frameworks/UIKit.framework/Headers/UIApplication.h
// (Objective-C, read from the mirror xiangfeidexiaohuo/iOS-SDKs @ b3c4a180 of xybp888/iOS-SDKs,
// whose index lacks that header), with the Swift names and isolation the Clang importer gives:
// NS_SWIFT_UI_ACTOR is @MainActor, NS_SWIFT_NONISOLATED is nonisolated, and the header's
// NS_HEADER_AUDIT_BEGIN(nullability, sendability) makes its blocks @Sendable. Compiled by
// .ci/swiftui-typecheck in Swift 5 mode.
import Foundation

// SDK: UIKit (iOS 18.0) UIResponder.h: `UIKIT_EXTERN API_AVAILABLE(ios(2.0)) NS_SWIFT_UI_ACTOR
// @interface UIResponder : NSObject <UIResponderStandardEditActions>` (only the class itself).
@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIResponder: NSObject {}

// SDK: UIKit (iOS 18.0) UIApplication.h: `typedef NSUInteger UIBackgroundTaskIdentifier
// NS_TYPED_ENUM API_UNAVAILABLE(watchos);`, imported as a struct wrapping the raw value.
@available(iOS 4.0, tvOS 9.0, *)
@available(watchOS, unavailable)
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    // SDK: UIKit (iOS 18.0) UIApplication.h: `UIKIT_EXTERN const UIBackgroundTaskIdentifier
    // UIBackgroundTaskInvalid API_AVAILABLE(ios(4.0)) API_UNAVAILABLE(watchos);`
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

// SDK: UIKit (iOS 18.0) UIApplication.h: `UIKIT_EXTERN API_AVAILABLE(ios(2.0))
// API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface UIApplication : UIResponder`
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor @preconcurrency open class UIApplication: UIResponder {
    // SDK: UIKit (iOS 18.0) UIApplication.h: `@property(class, nonatomic, readonly) UIApplication
    // *sharedApplication NS_EXTENSION_UNAVAILABLE_IOS(…);`
    open class var shared: UIApplication { fatalError("UIKit shim: nothing runs") }

    // SDK: UIKit (iOS 18.0) UIApplication.h: `@property(nonatomic,readonly) NSTimeInterval
    // backgroundTimeRemaining API_AVAILABLE(ios(4.0)) NS_SWIFT_NONISOLATED;`
    nonisolated open var backgroundTimeRemaining: TimeInterval { 0 }

    // SDK: UIKit (iOS 18.0) UIApplication.h: `- (UIBackgroundTaskIdentifier)
    // beginBackgroundTaskWithExpirationHandler:(void(^ __nullable NS_SWIFT_UI_ACTOR)(void))handler
    // API_AVAILABLE(ios(4.0)) NS_REQUIRES_SUPER NS_SWIFT_NONISOLATED;`
    nonisolated open func beginBackgroundTask(
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { .invalid }

    // SDK: UIKit (iOS 18.0) UIApplication.h: `- (UIBackgroundTaskIdentifier)
    // beginBackgroundTaskWithName:(nullable NSString *)taskName expirationHandler:(void(^
    // __nullable NS_SWIFT_UI_ACTOR)(void))handler API_AVAILABLE(ios(7.0)) NS_REQUIRES_SUPER
    // NS_SWIFT_NONISOLATED;`
    @available(iOS 7.0, *)
    nonisolated open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { .invalid }

    // SDK: UIKit (iOS 18.0) UIApplication.h: `- (void)endBackgroundTask:(UIBackgroundTaskIdentifier)
    // identifier API_AVAILABLE(ios(4.0)) NS_REQUIRES_SUPER NS_SWIFT_NONISOLATED;`
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
}

// SDK: UIKit (iOS 18.0) UIApplication.h: `UIKIT_EXTERN NSNotificationName const
// UIApplication…Notification API_UNAVAILABLE(watchos) NS_SWIFT_NONISOLATED;`, imported as static
// members of UIApplication (the importer's rule for notification names).
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
extension UIApplication {
    // SDK: UIKit (iOS 18.0) UIApplication.h: `UIApplicationDidEnterBackgroundNotification
    // API_AVAILABLE(ios(4.0))`
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    // SDK: UIKit (iOS 18.0) UIApplication.h: `UIApplicationWillEnterForegroundNotification
    // API_AVAILABLE(ios(4.0))`
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
    // SDK: UIKit (iOS 18.0) UIApplication.h: `UIApplicationDidBecomeActiveNotification`
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    // SDK: UIKit (iOS 18.0) UIApplication.h: `UIApplicationWillResignActiveNotification`
    nonisolated public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
    // SDK: UIKit (iOS 18.0) UIApplication.h: `UIApplicationDidReceiveMemoryWarningNotification`
    nonisolated public static let didReceiveMemoryWarningNotification = NSNotification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    // SDK: UIKit (iOS 18.0) UIApplication.h: `UIApplicationWillTerminateNotification`
    nonisolated public static let willTerminateNotification = NSNotification.Name("UIApplicationWillTerminateNotification")
}
