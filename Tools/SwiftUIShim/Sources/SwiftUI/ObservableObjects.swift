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

// Apple: https://developer.apple.com/documentation/swiftui/stateobject
@MainActor @frozen @propertyWrapper @preconcurrency
public struct StateObject<ObjectType> where ObjectType: ObservableObject {
    // Apple: https://developer.apple.com/documentation/swiftui/stateobject/init(wrappedvalue:)
    // The initializer is nonisolated, as on the page; the shim keeps nothing (nothing runs).
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}

    // Apple: https://developer.apple.com/documentation/swiftui/stateobject/wrappedvalue
    @MainActor @preconcurrency public var wrappedValue: ObjectType {
        fatalError("the SwiftUI shim does not run state objects")
    }

    // Apple: https://developer.apple.com/documentation/swiftui/stateobject/projectedvalue
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(_shimObject: wrappedValue)
    }
}

// MARK: - ObservedObject

// Apple: https://developer.apple.com/documentation/swiftui/observedobject
@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType> where ObjectType: ObservableObject {
    // Apple: https://developer.apple.com/documentation/swiftui/observedobject/wrapper
    @MainActor @dynamicMemberLookup @preconcurrency @frozen
    public struct Wrapper {
        @usableFromInline let object: ObjectType

        // Shim plumbing: the wrapper the shim's projected values make. Not API.
        @usableFromInline init(_shimObject object: ObjectType) { self.object = object }

        // Apple: https://developer.apple.com/documentation/swiftui/observedobject/wrapper/subscript(dynamicmember:)
        @MainActor @preconcurrency public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> {
            let object = object
            return Binding(_shimGet: { object[keyPath: keyPath] }, set: { _ in })
        }
    }

    // Apple: https://developer.apple.com/documentation/swiftui/observedobject/init(wrappedvalue:)
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

    // Apple: https://developer.apple.com/documentation/swiftui/observedobject/wrappedvalue
    @MainActor @preconcurrency public var wrappedValue: ObjectType

    // Apple: https://developer.apple.com/documentation/swiftui/observedobject/projectedvalue
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        Wrapper(_shimObject: wrappedValue)
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/observedobject/wrapper (Conforms To:
// Sendable). @unchecked: shim plumbing. The shim's wrapper holds the object only to hand out
// bindings that are never read concurrently (nothing here runs); the page lists the conformance.
extension ObservedObject.Wrapper: @unchecked Sendable {}
