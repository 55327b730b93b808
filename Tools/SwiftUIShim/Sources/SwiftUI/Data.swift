// SwiftUI interface shim - data flow. See Core.swift for the rules.
import Foundation

// Apple: https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {
    // Apple: https://developer.apple.com/documentation/swiftui/dynamicproperty/update()
    mutating func update()
}

extension DynamicProperty {
    // Apple: https://developer.apple.com/documentation/swiftui/dynamicproperty/update()
    // (default implementation)
    public mutating func update() {}
}

// MARK: - State

// Apple: https://developer.apple.com/documentation/swiftui/state
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    @usableFromInline var _value: Value

    // Apple: https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { _value = value }

    // Apple: https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) { _value = value }

    // Apple: https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { _value }
        nonmutating set {}
    }

    // Apple: https://developer.apple.com/documentation/swiftui/state/projectedvalue
    public var projectedValue: Binding<Value> {
        Binding(_shimGet: { self._value }, set: { _ in })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    // Apple: https://developer.apple.com/documentation/swiftui/state/init()
    public init() { _value = nil }
}

// Apple: https://developer.apple.com/documentation/swiftui/state (Conforms To: Sendable, when Value: Sendable)
extension State: Sendable where Value: Sendable {}

// MARK: - Binding

// Apple: https://developer.apple.com/documentation/swiftui/binding
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @usableFromInline let getter: () -> Value
    @usableFromInline let setter: (Value) -> Void

    // Shim plumbing: the bindings the shim makes itself (State's projected value, constant,
    // dynamic member lookup). Not API.
    @usableFromInline init(_shimGet get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
    // The closures are `@isolated(any) @Sendable`: a closure that touches main-actor state must
    // say `@MainActor in`. Nothing here runs, so the shim keeps no way to call them.
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {
        getter = { fatalError("the SwiftUI shim does not run bindings") }
        setter = { _ in }
    }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:)
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/constant(_:)
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(_shimGet: { value }, set: { _ in })
    }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    public var projectedValue: Binding<Value> { self }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(_shimGet: { self.getter()[keyPath: keyPath] }, set: { _ in })
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/binding (Conforms To: Sendable, when
// Value: Sendable; the init(get:set:) page: "A binding conforms to Sendable only if its wrapped
// value type also conforms to Sendable.")
// @unchecked: shim plumbing. The shim's stored closures are never called concurrently (nothing
// here runs); Apple's Binding stores a location, not these closures.
extension Binding: @unchecked Sendable where Value: Sendable {}

// MARK: - Environment

// Apple: https://developer.apple.com/documentation/swiftui/environmentkey
public protocol EnvironmentKey {
    associatedtype Value
    // Apple: https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
    static var defaultValue: Self.Value { get }
}

// Apple: https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues: CustomStringConvertible {
    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/init()
    public init() {}

    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)-1ggnc
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { K.defaultValue }
        set {}
    }

    public var description: String { "EnvironmentValues()" }
}

// Apple: https://developer.apple.com/documentation/swiftui/environment
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    @usableFromInline let keyPath: KeyPath<EnvironmentValues, Value>

    // Apple: https://developer.apple.com/documentation/swiftui/environment/init(_:)
    @inlinable public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    // Apple: https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    @inlinable public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        _ShimModified(self)
    }
}

// MARK: - Refresh

// Apple: https://developer.apple.com/documentation/swiftui/refreshaction
// NOTE(unverified): Sendable conformance assumed (its handler is @Sendable).
public struct RefreshAction: Sendable {
    @usableFromInline let action: @Sendable () async -> Void
    @usableFromInline init(_ action: @escaping @Sendable () async -> Void) { self.action = action }

    // Apple: https://developer.apple.com/documentation/swiftui/refreshaction/callasfunction()
    public func callAsFunction() async { await action() }
}

extension EnvironmentValues {
    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/refresh
    public var refresh: RefreshAction? { nil }

    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/redactionreasons
    public var redactionReasons: RedactionReasons {
        get { [] }
        set {}
    }

    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/locale
    public var locale: Locale {
        get { Locale(identifier: "en_US_POSIX") }
        set {}
    }
}

// MARK: - Redaction

// Apple: https://developer.apple.com/documentation/swiftui/redactionreasons
public struct RedactionReasons: OptionSet, Sendable {
    public let rawValue: Int
    // Apple: https://developer.apple.com/documentation/swiftui/redactionreasons/init(rawvalue:)
    public init(rawValue: Int) { self.rawValue = rawValue }
    // Apple: https://developer.apple.com/documentation/swiftui/redactionreasons/placeholder
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    // Apple: https://developer.apple.com/documentation/swiftui/redactionreasons/privacy
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    // Apple: https://developer.apple.com/documentation/swiftui/redactionreasons/invalidated
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

// Apple: https://developer.apple.com/documentation/swiftui/scenephase
public enum ScenePhase: Comparable, Hashable, Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/scenephase/background
    case background
    // Apple: https://developer.apple.com/documentation/swiftui/scenephase/inactive
    case inactive
    // Apple: https://developer.apple.com/documentation/swiftui/scenephase/active
    case active
}

extension EnvironmentValues {
    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
}
