// Network interface shim: what AsyncContentCore's `#if canImport(Network)` lines use.
// SDK: iPhoneOS18.0.sdk/System/Library/Frameworks/Network.framework/Modules/Network.swiftmodule/
// arm64-apple-ios.swiftinterface (xybp888/iOS-SDKs @ 88fdca9d, ~27k), transcribed; members the
// package does not use are left out. Compiled by .ci/swiftui-typecheck in Swift 5 mode, as Apple's.
import Dispatch
import Foundation

// SDK: Network.swiftinterface (iOS 18.0): `@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
// public struct NWPath : Swift.Equatable, Swift.CustomDebugStringConvertible, Swift.Sendable`
@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
public struct NWPath: Equatable, CustomDebugStringConvertible, Sendable {
    // SDK: Network.swiftinterface (iOS 18.0): `public var debugDescription: Swift.String { get }`
    public var debugDescription: String { "" }

    // SDK: Network.swiftinterface (iOS 18.0): `public enum Status : Swift.Sendable { case satisfied;
    // case unsatisfied; case requiresConnection }`, Equatable and Hashable in extensions
    public enum Status: Sendable {
        case satisfied
        case unsatisfied
        case requiresConnection
    }

    // SDK: Network.swiftinterface (iOS 18.0): `public let status: Network.NWPath.Status`
    public let status: NWPath.Status

    // SDK: Network.swiftinterface (iOS 18.0): `public let isExpensive: Swift.Bool`
    public let isExpensive: Bool

    // SDK: Network.swiftinterface (iOS 18.0): `@available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)
    // public var isConstrained: Swift.Bool { get }`
    @available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)
    public var isConstrained: Bool { false }

    // SDK: Network.swiftinterface (iOS 18.0): `public static func == (lhs: Network.NWPath, rhs: Network.NWPath) -> Swift.Bool`
    public static func == (lhs: NWPath, rhs: NWPath) -> Bool { lhs.status == rhs.status }
}

// SDK: Network.swiftinterface (iOS 18.0): `extension Network.NWPath.Status : Swift.Equatable {}`,
// `extension Network.NWPath.Status : Swift.Hashable {}`
@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
extension NWPath.Status: Hashable {}

// SDK: Network.swiftinterface (iOS 18.0): `@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
// @_objcRuntimeName(_TtC7Network14_NWPathMonitor) final public class NWPathMonitor`
@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
final public class NWPathMonitor {
    // SDK: Network.swiftinterface (iOS 18.0): `final public var currentPath: Network.NWPath { get set }`
    // (the setter deprecated since iOS 17 / macOS 14: left out, as nothing may set it)
    final public var currentPath: NWPath {
        NWPath(status: .requiresConnection, isExpensive: false)
    }

    // SDK: Network.swiftinterface (iOS 18.0): `@preconcurrency final public var pathUpdateHandler:
    // (@Sendable (_ newPath: Network.NWPath) -> Swift.Void)? { get set }`
    @preconcurrency final public var pathUpdateHandler: (@Sendable (_ newPath: NWPath) -> Void)?

    // SDK: Network.swiftinterface (iOS 18.0): `final public func start(queue: Dispatch.DispatchQueue)`
    final public func start(queue: DispatchQueue) {}

    // SDK: Network.swiftinterface (iOS 18.0): `final public func cancel()`
    final public func cancel() {}

    // SDK: Network.swiftinterface (iOS 18.0): `final public var queue: Dispatch.DispatchQueue? { get }`
    final public var queue: DispatchQueue? { nil }

    // SDK: Network.swiftinterface (iOS 18.0): `public init()`
    public init() {}
}

// SDK: Network.swiftinterface (iOS 18.0): `@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
// extension Network.NWPathMonitor : Swift.Sendable, Swift.CustomDebugStringConvertible,
// _Concurrency.AsyncSequence` (only the Sendable conformance is transcribed).
// @unchecked: the shim's class stores a handler; Apple's is Sendable as declared; nothing runs here.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
extension NWPathMonitor: @unchecked Sendable {}
