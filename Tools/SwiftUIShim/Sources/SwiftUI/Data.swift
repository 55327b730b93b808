// SwiftUI interface shim - data flow. See Core.swift for the rules.
import Foundation

// Apple: https://developer.apple.com/documentation/swiftui/dynamicproperty
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~303k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) public protocol DynamicProperty { static func _makeProperty<V>(…); @available(iOS
// 15.0, …) static var _propertyBehaviors: Swift.UInt32 { get }; mutating func update() }` (the
// underscored requirements have defaults and are left out; no isolation)
public protocol DynamicProperty {
    // Apple: https://developer.apple.com/documentation/swiftui/dynamicproperty/update()
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~303k): `mutating func update()`
    mutating func update()
}

extension DynamicProperty {
    // Apple: https://developer.apple.com/documentation/swiftui/dynamicproperty/update()
    // (default implementation)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~304k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.DynamicProperty { public mutating func update() }`
    public mutating func update() {}
}

// MARK: - State

// Apple: https://developer.apple.com/documentation/swiftui/state
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~701k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen @propertyWrapper public struct State<Value> : SwiftUICore.DynamicProperty`
// (no isolation)
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    @usableFromInline var _value: Value

    // Apple: https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~701k): `public init(wrappedValue value: Value)`
    public init(wrappedValue value: Value) { _value = value }

    // Apple: https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~701k): `@_alwaysEmitIntoClient public
    // init(initialValue value: Value)`
    public init(initialValue value: Value) { _value = value }

    // Apple: https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~701k): `public var wrappedValue: Value { get
    // nonmutating set }`
    public var wrappedValue: Value {
        get { _value }
        nonmutating set {}
    }

    // Apple: https://developer.apple.com/documentation/swiftui/state/projectedvalue
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~701k): `public var projectedValue:
    // SwiftUICore.Binding<Value> { get }`
    public var projectedValue: Binding<Value> {
        Binding(_shimGet: { self._value }, set: { _ in })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    // Apple: https://developer.apple.com/documentation/swiftui/state/init()
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~702k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.State where Value : Swift.ExpressibleByNilLiteral {
    // @inlinable public init() }`
    public init() { _value = nil }
}

// Apple: https://developer.apple.com/documentation/swiftui/state (Conforms To: Sendable, when Value: Sendable)
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~702k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) extension SwiftUICore.State : Swift.Sendable where Value : Swift.Sendable {}`
extension State: Sendable where Value: Sendable {}

// MARK: - Binding

// Apple: https://developer.apple.com/documentation/swiftui/binding
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~507k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value>` (no
// isolation; `DynamicProperty` by an extension, below)
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
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~507k): `#if compiler(>=5.3) && $IsolatedAny
    // @preconcurrency public init(@_inheritActorContext get: @escaping @isolated(any) @Sendable () ->
    // Value, @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Swift.Void)`
    // Issue 31: the shim lacked `@_inheritActorContext`. The closures are `@isolated(any) @Sendable`
    // and inherit the isolation of the code that writes them: in a view body they are main-actor
    // isolated and may read the view's state; written in nonisolated code they may not touch
    // main-actor state (negative/neg21_…). Nothing here runs, so the shim keeps no way to call them.
    @preconcurrency public init(
        @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
        @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {
        getter = { fatalError("the SwiftUI shim does not run bindings") }
        setter = { _ in }
    }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~508k): `@_alwaysEmitIntoClient public
    // init(projectedValue: SwiftUICore.Binding<Value>)`
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/constant(_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~508k): `public static func constant(_ value: Value)
    // -> SwiftUICore.Binding<Value>`
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(_shimGet: { value }, set: { _ in })
    }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~508k): `public var wrappedValue: Value { get
    // nonmutating set }`
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~508k): `public var projectedValue:
    // SwiftUICore.Binding<Value> { get }`
    public var projectedValue: Binding<Value> { self }

    // Apple: https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~508k): `public subscript<Subject>(dynamicMember
    // keyPath: Swift.WritableKeyPath<Value, Subject>) -> SwiftUICore.Binding<Subject> { get }`
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(_shimGet: { self.getter()[keyPath: keyPath] }, set: { _ in })
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/binding (Conforms To: Sendable, when
// Value: Sendable; the init(get:set:) page: "A binding conforms to Sendable only if its wrapped
// value type also conforms to Sendable.")
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~509k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) extension SwiftUICore.Binding : @unchecked Swift.Sendable where Value :
// Swift.Sendable {}`
// @unchecked: shim plumbing. The shim's stored closures are never called concurrently (nothing
// here runs); Apple's Binding stores a location, not these closures.
extension Binding: @unchecked Sendable where Value: Sendable {}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~512k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) extension SwiftUICore.Binding : SwiftUICore.DynamicProperty { public static func
// _makeProperty<V>(…) }`. Issue 31: the shim lacked this conformance (`update()` comes from
// DynamicProperty's default).
extension Binding: DynamicProperty {}

// MARK: - Environment

// Apple: https://developer.apple.com/documentation/swiftui/environmentkey
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~550k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) public protocol EnvironmentKey { associatedtype Value; static var defaultValue:
// Self.Value { get }; @available(iOS 16.0, …) static func _valuesEqual(…) -> Swift.Bool }` (the
// underscored requirement has defaults and is left out)
public protocol EnvironmentKey {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~550k): `associatedtype Value`
    associatedtype Value
    // Apple: https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~550k): `static var defaultValue: Self.Value { get }`
    static var defaultValue: Self.Value { get }
}

// Apple: https://developer.apple.com/documentation/swiftui/environmentvalues
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~524k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) public struct EnvironmentValues : Swift.CustomStringConvertible`
public struct EnvironmentValues: CustomStringConvertible {
    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/init()
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~524k): `public init()`
    public init() {}

    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)-1ggnc
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~524k): `public subscript<K>(key: K.Type) -> K.Value
    // where K : SwiftUICore.EnvironmentKey { get set }`
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { K.defaultValue }
        set {}
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~524k): `public var description: Swift.String { get }`
    public var description: String { "EnvironmentValues()" }
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~524k): `@available(*, unavailable) extension
// SwiftUICore.EnvironmentValues : Swift.Sendable {}`. Issue 31: the shim lacked it (a non-frozen
// public struct is not Sendable anyway; now a Sendable use is rejected as on a Mac).
@available(*, unavailable) extension EnvironmentValues: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/environment
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~505k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen @propertyWrapper public struct Environment<Value> :
// SwiftUICore.DynamicProperty` (no isolation)
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    @usableFromInline let keyPath: KeyPath<EnvironmentValues, Value>

    // Apple: https://developer.apple.com/documentation/swiftui/environment/init(_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~505k): `@inlinable public init(_ keyPath:
    // Swift.KeyPath<SwiftUICore.EnvironmentValues, Value>)`
    @inlinable public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    // Apple: https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~505k): `@inlinable public var wrappedValue: Value
    // { get }`
    @inlinable public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~506k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) extension SwiftUICore.Environment : Swift.Sendable where Value : Swift.Sendable {}`
// Issue 31: the shim lacked it. @unchecked: the shim stores one immutable (`let`) key path, which
// is never mutated after init; Apple stores it in an `@unchecked Sendable` enum.
extension Environment: @unchecked Sendable where Value: Sendable {}

extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~142k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.View { @inlinable nonisolated public func environment<V>(_
    // keyPath: Swift.WritableKeyPath<SwiftUICore.EnvironmentValues, V>, _ value: V) -> some
    // SwiftUICore.View }`
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        _ShimModified(self)
    }
}

// MARK: - Refresh

// Apple: https://developer.apple.com/documentation/swiftui/refreshaction
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~485k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
// watchOS 8.0, *) public struct RefreshAction : Swift.Sendable` (no public initializer)
public struct RefreshAction: Sendable {
    @usableFromInline let action: @Sendable () async -> Void
    @usableFromInline init(_ action: @escaping @Sendable () async -> Void) { self.action = action }

    // Apple: https://developer.apple.com/documentation/swiftui/refreshaction/callasfunction()
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~485k): `public func callAsFunction() async`
    public func callAsFunction() async { await action() }
}

extension EnvironmentValues {
    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/refresh
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~485k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension SwiftUICore.EnvironmentValues { public var refresh:
    // SwiftUI.RefreshAction? { get } }`
    public var refresh: RefreshAction? { nil }

    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/redactionreasons
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~274k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) extension SwiftUICore.EnvironmentValues { public var redactionReasons:
    // SwiftUICore.RedactionReasons { get set } }`
    public var redactionReasons: RedactionReasons {
        get { [] }
        set {}
    }

    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/locale
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~742k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.EnvironmentValues { public var locale: Foundation.Locale
    // { get set } }`
    public var locale: Locale {
        get { Locale(identifier: "en_US_POSIX") }
        set {}
    }
}

// MARK: - Redaction

// Apple: https://developer.apple.com/documentation/swiftui/redactionreasons
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~273k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) public struct RedactionReasons : Swift.OptionSet, Swift.Sendable`
public struct RedactionReasons: OptionSet, Sendable {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~273k): `public let rawValue: Swift.Int`
    public let rawValue: Int
    // Apple: https://developer.apple.com/documentation/swiftui/redactionreasons/init(rawvalue:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~273k): `public init(rawValue: Swift.Int)`
    public init(rawValue: Int) { self.rawValue = rawValue }
    // Apple: https://developer.apple.com/documentation/swiftui/redactionreasons/placeholder
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~273k): `public static let placeholder:
    // SwiftUICore.RedactionReasons`
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    // Apple: https://developer.apple.com/documentation/swiftui/redactionreasons/privacy
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~273k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) public static let privacy: SwiftUICore.RedactionReasons`
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    // Apple: https://developer.apple.com/documentation/swiftui/redactionreasons/invalidated
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~273k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
    // watchOS 10.0, *) public static let invalidated: SwiftUICore.RedactionReasons` (= the floor)
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

// Apple: https://developer.apple.com/documentation/swiftui/scenephase
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~291k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) public enum ScenePhase : Swift.Comparable` (Hashable by its synthesized
// `hash(into:)`/`hashValue` and an extension at ~1358k) and `extension SwiftUI.ScenePhase :
// Swift.Sendable {}`
public enum ScenePhase: Comparable, Hashable, Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/scenephase/background
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~291k): `case background`
    case background
    // Apple: https://developer.apple.com/documentation/swiftui/scenephase/inactive
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~291k): `case inactive`
    case inactive
    // Apple: https://developer.apple.com/documentation/swiftui/scenephase/active
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~291k): `case active`
    case active
}

extension EnvironmentValues {
    // Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~291k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) extension SwiftUICore.EnvironmentValues { public var scenePhase:
    // SwiftUI.ScenePhase { get set } }`
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
}
