// SwiftUI interface shim - the property wrappers over Combine's `ObservableObject`, for the
// "before" sketches of the migration article (Ralf Ebert's `AsyncModel` under `@StateObject`,
// Swift by Sundell's view model under `@ObservedObject`). See Core.swift for the rules.
//
// Apple's wrappers require Combine's `ObservableObject`. Combine does not exist on Linux;
// OpenCombine stands in for it here, as it does in AsyncContentCore, so a class that adopts
// OpenCombine's `ObservableObject` (with `@Published` properties) fits these wrappers as it
// would fit Apple's.
import OpenCombine

// MARK: - StateObject

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~642k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) @frozen @propertyWrapper @preconcurrency @_Concurrency.MainActor public struct
// StateObject<ObjectType> : SwiftUICore.DynamicProperty where ObjectType : Combine.ObservableObject`
// (the shim leaves out the DynamicProperty conformance; OpenCombine's ObservableObject stands in).
// Apple: https://developer.apple.com/documentation/swiftui/stateobject
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @frozen @propertyWrapper @preconcurrency
public struct StateObject<ObjectType> where ObjectType: ObservableObject {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~643k): `@inlinable nonisolated public init(wrappedValue
    // thunk: @autoclosure @escaping () -> ObjectType)`
    // Apple: https://developer.apple.com/documentation/swiftui/stateobject/init(wrappedvalue:)
    // The initializer is nonisolated, as on the page; the shim keeps nothing (nothing runs).
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~643k): `@_Concurrency.MainActor @preconcurrency public
    // var wrappedValue: ObjectType { get }`
    // Apple: https://developer.apple.com/documentation/swiftui/stateobject/wrappedvalue
    @MainActor @preconcurrency public var wrappedValue: ObjectType {
        fatalError("the SwiftUI shim does not run state objects")
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~643k): `@_Concurrency.MainActor @preconcurrency public
    // var projectedValue: SwiftUICore.ObservedObject<ObjectType>.Wrapper { get }`
    // Apple: https://developer.apple.com/documentation/swiftui/stateobject/projectedvalue
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(_shimObject: wrappedValue)
    }
}

// MARK: - ObservedObject

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~354k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @propertyWrapper @preconcurrency @_Concurrency.MainActor @frozen public struct
// ObservedObject<ObjectType> : SwiftUICore.DynamicProperty where ObjectType : Combine.ObservableObject`
// (the shim leaves out the DynamicProperty conformance and `init(initialValue:)`).
// Apple: https://developer.apple.com/documentation/swiftui/observedobject
@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType> where ObjectType: ObservableObject {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~354k): `@dynamicMemberLookup @preconcurrency
    // @_Concurrency.MainActor @frozen public struct Wrapper`
    // Apple: https://developer.apple.com/documentation/swiftui/observedobject/wrapper
    @MainActor @dynamicMemberLookup @preconcurrency @frozen
    public struct Wrapper {
        @usableFromInline let object: ObjectType

        // Shim plumbing: the wrapper the shim's projected values make. Not API.
        @usableFromInline init(_shimObject object: ObjectType) { self.object = object }

        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~354k): `@_Concurrency.MainActor @preconcurrency public
        // subscript<Subject>(dynamicMember keyPath: Swift.ReferenceWritableKeyPath<ObjectType, Subject>) ->
        // SwiftUICore.Binding<Subject> { get }`
        // Apple: https://developer.apple.com/documentation/swiftui/observedobject/wrapper/subscript(dynamicmember:)
        @MainActor @preconcurrency public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> {
            let object = object
            return Binding(_shimGet: { object[keyPath: keyPath] }, set: { _ in })
        }
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~355k): `nonisolated public init(wrappedValue:
    // ObjectType)`. Issue 31: the shim declared it `@MainActor @preconcurrency`; the SDK makes it
    // nonisolated (a property wrapper built in a nonisolated initializer).
    // Apple: https://developer.apple.com/documentation/swiftui/observedobject/init(wrappedvalue:)
    nonisolated public init(wrappedValue: ObjectType) { _shimWrappedValue = wrappedValue }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~355k): `@_Concurrency.MainActor @preconcurrency public
    // var wrappedValue: ObjectType` (stored there; computed here over `_shimWrappedValue`).
    // Apple: https://developer.apple.com/documentation/swiftui/observedobject/wrappedvalue
    @MainActor @preconcurrency public var wrappedValue: ObjectType {
        get { _shimWrappedValue }
        set { _shimWrappedValue = newValue }
    }

    // Shim plumbing: the storage behind `wrappedValue`, so that the nonisolated initializer (as Apple
    // declares it) can set it. nonisolated(unsafe): nothing in the shim runs, so it is never accessed
    // concurrently; it is read and written only through the main-actor `wrappedValue`.
    @usableFromInline nonisolated(unsafe) var _shimWrappedValue: ObjectType

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~355k): `@_Concurrency.MainActor @preconcurrency public
    // var projectedValue: SwiftUICore.ObservedObject<ObjectType>.Wrapper { get }`
    // Apple: https://developer.apple.com/documentation/swiftui/observedobject/projectedvalue
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        Wrapper(_shimObject: wrappedValue)
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/observedobject/wrapper (Conforms To:
// Sendable). @unchecked: shim plumbing. The shim's wrapper holds the object only to hand out
// bindings that are never read concurrently (nothing here runs); the page lists the conformance.
extension ObservedObject.Wrapper: @unchecked Sendable {}
