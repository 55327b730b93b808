// Darwin stand-in: on Linux no module named Darwin exists, so every `#if canImport(Darwin)` line
// of the package would go unchecked. .ci/swiftui-typecheck compiles this module as `Darwin`
// (in Swift 5 mode) and imports it implicitly in its Apple passes, as Apple's Foundation
// re-exports Darwin. It re-exports what Linux has (Glibc, Dispatch) and declares, from Apple's
// interfaces, what swift-corelibs lacks and the package uses:
// - Dispatch's memory-pressure source;
// - Foundation's app-group container.
// URLResourceValues.isExcludedFromBackup, FileProtectionType.completeUntilFirstUserAuthentication
// and FileAttributeKey.protectionKey exist in swift-corelibs-foundation with Apple's spelling.
@_exported import Glibc
@_exported import Dispatch
import Foundation

// SDK: iPhoneOS18.0.sdk/usr/lib/swift/Dispatch.swiftmodule/arm64-apple-ios.swiftinterface
// (~17k): `public struct MemoryPressureEvent : Swift.OptionSet, Swift.RawRepresentable,
// Swift.CustomStringConvertible` in `extension Dispatch.DispatchSource`.
extension DispatchSource {
    // SDK: Dispatch.swiftinterface (iOS 18.0), as above.
    public struct MemoryPressureEvent: OptionSet, RawRepresentable, CustomStringConvertible {
        // SDK: Dispatch.swiftinterface (iOS 18.0): `public let rawValue: Swift.UInt`
        public let rawValue: UInt
        // SDK: Dispatch.swiftinterface (iOS 18.0): `public init(rawValue: Swift.UInt)`
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // SDK: Dispatch.swiftinterface (iOS 18.0): `public static let normal: Dispatch.DispatchSource.MemoryPressureEvent`
        public static let normal = MemoryPressureEvent(rawValue: 1)
        // SDK: Dispatch.swiftinterface (iOS 18.0): `public static let warning: Dispatch.DispatchSource.MemoryPressureEvent`
        public static let warning = MemoryPressureEvent(rawValue: 2)
        // SDK: Dispatch.swiftinterface (iOS 18.0): `public static let critical: Dispatch.DispatchSource.MemoryPressureEvent`
        public static let critical = MemoryPressureEvent(rawValue: 4)
        // SDK: Dispatch.swiftinterface (iOS 18.0): `public static let all: Dispatch.DispatchSource.MemoryPressureEvent`
        public static let all: MemoryPressureEvent = [.normal, .warning, .critical]
        // SDK: Dispatch.swiftinterface (iOS 18.0): `public var description: Swift.String { get }`
        public var description: String { "\(rawValue)" }
    }

    // SDK: Dispatch.swiftinterface (iOS 18.0): `public class func makeMemoryPressureSource(eventMask:
    // Dispatch.DispatchSource.MemoryPressureEvent, queue: Dispatch.DispatchQueue? = nil) -> any
    // Dispatch.DispatchSourceMemoryPressure`
    public class func makeMemoryPressureSource(
        eventMask: DispatchSource.MemoryPressureEvent, queue: DispatchQueue? = nil
    ) -> any DispatchSourceMemoryPressure {
        _ShimMemoryPressureSource(base: DispatchSource.makeUserDataAddSource(queue: queue))
    }
}

// SDK: Dispatch (iOS 18.0): `DispatchSourceMemoryPressure`, a `DispatchSourceProtocol` (declared
// in the C module; its Swift members in the interface: `extension
// Dispatch.DispatchSourceMemoryPressure { public var data: MemoryPressureEvent { get }; public var
// mask: MemoryPressureEvent { get } }`).
public protocol DispatchSourceMemoryPressure: DispatchSourceProtocol {}

extension DispatchSourceMemoryPressure {
    // SDK: Dispatch.swiftinterface (iOS 18.0), as above.
    public var data: DispatchSource.MemoryPressureEvent { [] }
    // SDK: Dispatch.swiftinterface (iOS 18.0), as above.
    public var mask: DispatchSource.MemoryPressureEvent { [] }
}

/// Shim plumbing: a memory-pressure source backed by a user-data source (never fires here).
final class _ShimMemoryPressureSource: DispatchSourceMemoryPressure, @unchecked Sendable {
    // @unchecked Sendable: a wrapper of a dispatch source, which is thread-safe; nothing runs it.
    let base: any DispatchSourceUserDataAdd
    init(base: any DispatchSourceUserDataAdd) { self.base = base }
    func setEventHandler(qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?) {
        base.setEventHandler(qos: qos, flags: flags, handler: handler)
    }
    func setEventHandler(handler: DispatchWorkItem) { base.setEventHandler(handler: handler) }
    func setCancelHandler(qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?) {
        base.setCancelHandler(qos: qos, flags: flags, handler: handler)
    }
    func setCancelHandler(handler: DispatchWorkItem) { base.setCancelHandler(handler: handler) }
    func setRegistrationHandler(qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?) {
        base.setRegistrationHandler(qos: qos, flags: flags, handler: handler)
    }
    func setRegistrationHandler(handler: DispatchWorkItem) { base.setRegistrationHandler(handler: handler) }
    func activate() { base.activate() }
    func cancel() { base.cancel() }
    func resume() { base.resume() }
    func suspend() { base.suspend() }
    var handle: UInt { base.handle }
    var mask: UInt { base.mask }
    var data: UInt { base.data }
    var isCancelled: Bool { base.isCancelled }
}

extension FileManager {
    // SDK: iPhoneOS18.0.sdk Foundation.framework/Headers/NSFileManager.h:
    // `- (nullable NSURL *)containerURLForSecurityApplicationGroupIdentifier:(NSString
    // *)groupIdentifier API_AVAILABLE(macos(10.8), ios(7.0), watchos(2.0), tvos(9.0));`, imported
    // as `func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL?`.
    @available(macOS 10.8, iOS 7.0, watchOS 2.0, tvOS 9.0, *)
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        nil
    }
}

// The iOS-SDKs mirror has no NSFileCoordinator.h (it has NSFilePresenter.h, below): the class and
// what the persistence calls are transcribed from their documentation pages, which print the
// Swift declarations (availability from the pages' metadata). Each such declaration carries the
// marker NOT IN THE SDK MIRROR, which provenance-lint.py --require-sdk accepts with a page URL.
// SDK: iPhoneOS18.0.sdk Foundation.framework/Headers/NSFilePresenter.h (iOS 18.0):
// `@protocol NSFilePresenter<NSObject>` (API_AVAILABLE(macos(10.7), ios(5.0), watchos(2.0),
// tvos(9.0))), imported as `protocol NSFilePresenter : NSObjectProtocol`.
@available(macOS 10.7, iOS 5.0, watchOS 2.0, tvOS 9.0, *)
public protocol NSFilePresenter: NSObjectProtocol {}

// SDK: Foundation's overlay (iOS 18.0): `public typealias NSErrorPointer =
// Swift.AutoreleasingUnsafeMutablePointer<Foundation.NSError?>?`. Linux has no
// AutoreleasingUnsafeMutablePointer (an Objective-C runtime type): the stand-in is the plain
// pointer, which `&error` converts to the same way.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?

// NOT IN THE SDK MIRROR: `class NSFileCoordinator` (iOS 5.0, macOS 10.7, tvOS 9.0, visionOS 1.0,
// watchOS 2.0).
// Apple: https://developer.apple.com/documentation/foundation/nsfilecoordinator
@available(macOS 10.7, iOS 5.0, watchOS 2.0, tvOS 9.0, *)
open class NSFileCoordinator: NSObject {
    // NOT IN THE SDK MIRROR: `init(filePresenter filePresenterOrNil: (any NSFilePresenter)?)`
    // Apple: https://developer.apple.com/documentation/foundation/nsfilecoordinator/init(filepresenter:)
    public init(filePresenter filePresenterOrNil: (any NSFilePresenter)?) {}

    // NOT IN THE SDK MIRROR: `struct WritingOptions` (NS_OPTIONS NSFileCoordinatorWritingOptions
    // of NSUInteger: ForDeletion 1<<0, ForMoving 1<<1, ForMerging 1<<2, ForReplacing 1<<3).
    // Apple: https://developer.apple.com/documentation/foundation/nsfilecoordinator/writingoptions
    public struct WritingOptions: OptionSet, @unchecked Sendable {
        // @unchecked Sendable: a plain integer option set, as Apple's imported NS_OPTIONS.
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var forDeleting: WritingOptions { WritingOptions(rawValue: 1 << 0) }
        public static var forMoving: WritingOptions { WritingOptions(rawValue: 1 << 1) }
        public static var forMerging: WritingOptions { WritingOptions(rawValue: 1 << 2) }
        public static var forReplacing: WritingOptions { WritingOptions(rawValue: 1 << 3) }
    }

    // NOT IN THE SDK MIRROR: `func coordinate(writingItemAt url: URL, options:
    // NSFileCoordinator.WritingOptions = [], error outError: NSErrorPointer, byAccessor writer:
    // (URL) -> Void)`
    // Apple: https://developer.apple.com/documentation/foundation/nsfilecoordinator/coordinate(writingitemat:options:error:byaccessor:)
    open func coordinate(
        writingItemAt url: URL, options: NSFileCoordinator.WritingOptions = [],
        error outError: NSErrorPointer, byAccessor writer: (URL) -> Void
    ) {
        writer(url)
    }
}
