// SwiftUI interface shim - view modifiers. See Core.swift for the rules.
import Foundation

extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
    // SDK: iPhoneOS18.0.sdk SwiftUI.swiftinterface (~266k): `@available(iOS 15.0, macOS 12.0,
    // tvOS 15.0, watchOS 8.0, *) @inlinable nonisolated public func task(priority:
    // _Concurrency.TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping
    // @Sendable () async -> Swift.Void) -> some SwiftUICore.View`. Issue 31, finding 7: the
    // iOS 18 SDK (Xcode 16.3, which Swift 6.1 means) has no `task(name:priority:file:line:_:)`,
    // so the shim no longer declares it (negative/neg35_…).
    @inlinable nonisolated public func task(
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~266k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) @inlinable nonisolated public func task<T>(id value: T, priority:
    // _Concurrency.TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable ()
    // async -> Swift.Void) -> some SwiftUICore.View where T : Swift.Equatable`
    nonisolated public func task<T>(
        id value: T,
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View where T: Equatable {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/refreshable(action:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~484k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension SwiftUICore.View { nonisolated public func
    // refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Swift.Void) -> some
    // SwiftUICore.View }`. Issue 31: the shim lacked `@_inheritActorContext` (crosscheck F3): written
    // in a view body the action is main-actor isolated, as on a Mac; written in nonisolated code it
    // still may not capture non-Sendable values (negative/neg05_…).
    nonisolated public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/redacted(reason:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~273k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) extension SwiftUICore.View { nonisolated public func redacted(reason:
    // SwiftUICore.RedactionReasons) -> some SwiftUICore.View }`
    nonisolated public func redacted(reason: RedactionReasons) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~157k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension SwiftUICore.View { @inlinable nonisolated public func overlay<V>(alignment:
    // SwiftUICore.Alignment = .center, @SwiftUICore.ViewBuilder content: () -> V) -> some
    // SwiftUICore.View where V : SwiftUICore.View }`
    nonisolated public func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~597k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
    // watchOS 10.0, *) extension SwiftUICore.View { nonisolated public func onChange<V>(of value: V,
    // initial: Swift.Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Swift.Void) ->
    // some SwiftUICore.View where V : Swift.Equatable }` (introduced at the floor)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View
        where V: Equatable
    {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~597k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
    // watchOS 10.0, *) extension SwiftUICore.View { nonisolated public func onChange<V>(of value: V,
    // initial: Swift.Bool = false, _ action: @escaping () -> Swift.Void) -> some SwiftUICore.View where
    // V : Swift.Equatable }` (introduced at the floor)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
        where V: Equatable
    {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/disabled(_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~6k): `@inlinable nonisolated public func disabled(_
    // disabled: Swift.Bool) -> some SwiftUICore.View`
    nonisolated public func disabled(_ disabled: Bool) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~121k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.View { @inlinable nonisolated public func padding(_ edges:
    // SwiftUICore.Edge.Set = .all, _ length: CoreFoundation.CGFloat? = nil) -> some SwiftUICore.View }`
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~558k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.View { @inlinable nonisolated public func frame(minWidth:
    // CoreFoundation.CGFloat? = nil, idealWidth: CoreFoundation.CGFloat? = nil, maxWidth:
    // CoreFoundation.CGFloat? = nil, minHeight: CoreFoundation.CGFloat? = nil, idealHeight:
    // CoreFoundation.CGFloat? = nil, maxHeight: CoreFoundation.CGFloat? = nil, alignment:
    // SwiftUICore.Alignment = .center) -> some SwiftUICore.View }`
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~483k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.View { @inlinable nonisolated public func onAppear(perform
    // action: (() -> Swift.Void)? = nil) -> some SwiftUICore.View }`
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~483k): `@inlinable nonisolated public func
    // onDisappear(perform action: (() -> Swift.Void)? = nil) -> some SwiftUICore.View` (same extension)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/id(_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~822k): `@inlinable nonisolated public func id<ID>(_ id:
    // ID) -> some SwiftUICore.View where ID : Swift.Hashable`
    nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)
    // (SDK 26 spelling is `@ViewBuilder`; the SDK 27 docs show `@ContentBuilder`.)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~410k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.View { nonisolated public func sheet<Content>(isPresented:
    // SwiftUICore.Binding<Swift.Bool>, onDismiss: (() -> Swift.Void)? = nil, @SwiftUICore.ViewBuilder
    // content: @escaping () -> Content) -> some SwiftUICore.View where Content : SwiftUICore.View }`
    nonisolated public func sheet<Content>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View {
        _ShimModified(self)
    }
}

// MARK: - Accessibility (issue 21: redacted placeholders are hidden from VoiceOver)

extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/accessibilityhidden(_:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~704k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) extension SwiftUICore.View { nonisolated public func accessibilityHidden(_ hidden:
    // Swift.Bool) -> SwiftUICore.ModifiedContent<Self, SwiftUI.AccessibilityAttachmentModifier> }`
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/accessibilityrepresentation(representation:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~979k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS
    // 8.0, *) nonisolated public func accessibilityRepresentation<V>(@SwiftUICore.ViewBuilder
    // representation: () -> V) -> some SwiftUICore.View where V : SwiftUICore.View`
    // (SDK 26 spelling is `@ViewBuilder`; the SDK 27 docs show `@ContentBuilder`.)
    nonisolated public func accessibilityRepresentation<V>(@ViewBuilder representation: () -> V) -> some View where V: View {
        _ShimModified(self)
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/accessibilityattachmentmodifier
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~788k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @_Concurrency.MainActor @preconcurrency public struct
// AccessibilityAttachmentModifier : SwiftUICore.ViewModifier { public typealias Body = Swift.Never }`
// and `@available(*, unavailable) extension SwiftUI.AccessibilityAttachmentModifier :
// Swift.Sendable {}`. Issue 31: the shim declared it `nonisolated`; it is main-actor isolated (no
// stored members, so only its isolation and non-Sendability are observable).
@MainActor @preconcurrency
public struct AccessibilityAttachmentModifier: ViewModifier {
    public typealias Body = Never
    // The shim makes it itself (Apple's initializer is not public); `nonisolated` so the
    // nonisolated accessibility modifiers can build it.
    @usableFromInline nonisolated init() {}
}

// SDK: see AccessibilityAttachmentModifier above (~788k): `@available(*, unavailable) extension
// SwiftUI.AccessibilityAttachmentModifier : Swift.Sendable {}`
@available(*, unavailable) extension AccessibilityAttachmentModifier: Sendable {}

// Primitive modifiers (Body == Never) get their `body(content:)` from here, as primitive views
// get their `body`.
extension ViewModifier where Body == Never {
    @_spi(ShimInternal)
    public func body(content: Self.Content) -> Never { fatalError("primitive modifier \(Self.self) has no body") }
}

// SDK: iPhoneOS18.0.sdk SwiftUI.swiftinterface (~880k): `@available(iOS 18.0, macOS 15.0, tvOS 18.0,
// watchOS 11.0, visionOS 2.0, *) extension SwiftUICore.View { nonisolated public func
// accessibilityIdentifier(_ identifier: Swift.String, isEnabled: Swift.Bool) ->
// SwiftUICore.ModifiedContent<Self, SwiftUI.AccessibilityAttachmentModifier> }`.
// NEWER THAN THE FLOOR (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1): the layer, the example
// and the snippets may use it only under `if #available`/`@available` (availability-lint.py, whose
// fixtures use it with and without a guard).
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/accessibilityidentifier(_:isenabled:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~882k): `nonisolated public func accessibilityIdentifier(_
    // identifier: Swift.String, isEnabled: Swift.Bool) -> SwiftUICore.ModifiedContent<Self,
    // SwiftUI.AccessibilityAttachmentModifier>` (in the iOS 18 extension above)
    nonisolated public func accessibilityIdentifier(_ identifier: String, isEnabled: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
}
