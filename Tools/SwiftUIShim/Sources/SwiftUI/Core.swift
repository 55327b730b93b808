// SwiftUI interface shim for Linux type-checking. NOT Apple code, NOT a UI framework.
//
// Baseline: the public API shape of SwiftUI as shipped in the iOS/macOS 26.0 SDK
// (Xcode 26.0 - 26.3). Every public declaration carries the developer.apple.com page it
// was transcribed from (`// Apple:`). Bodies are placeholders: nothing here renders
// anything and nothing is meant to run. Only the *signatures* matter.
//
// Fidelity rules followed in this file:
//  * protocol View / ViewModifier are `@MainActor @preconcurrency` (as in the SDK);
//  * primitive views and modifier methods are `nonisolated` (as rendered by Apple docs);
//  * modifiers return `some View` (opaque), never a concrete shim type;
//  * result builder has exactly the SDK-26 `ViewBuilder` build methods (no buildArray,
//    no buildOptional) so unsupported control flow is rejected like on Apple platforms;
//  * no macros (no swift-syntax): custom environment values use EnvironmentKey, not @Entry;
//  * AnyView is deliberately absent: the project bans it, so using it fails to type-check.
//
// `// SDK:` lines (issue 31) cite Apple's iOS 18.0 interfaces in the public mirror xybp888/iOS-SDKs:
// `SwiftUICore.swiftinterface` is iPhoneOS18.0.sdk/System/Library/Frameworks/SwiftUICore.framework/
// Modules/SwiftUICore.swiftmodule/arm64-apple-ios.swiftinterface, `SwiftUI.swiftinterface` the same
// path under SwiftUI.framework; `~600k` is the approximate character offset of the declaration.

// MARK: - View

// Apple: https://developer.apple.com/documentation/swiftui/view
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~600k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @_typeEraser(AnyView) @preconcurrency @_Concurrency.MainActor public protocol View
// { …; associatedtype Body : SwiftUICore.View; @SwiftUICore.ViewBuilder @_Concurrency.MainActor
// @preconcurrency var body: Self.Body { get } }` (the shim leaves out `_makeView` and the type eraser).
@MainActor @preconcurrency
public protocol View {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~600k): `associatedtype Body : SwiftUICore.View`
    // Apple: https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~600k): `@SwiftUICore.ViewBuilder
    // @_Concurrency.MainActor @preconcurrency var body: Self.Body { get }`
    // Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
    // (SDK 26 spelling is `@ViewBuilder`; the SDK 27 docs show `@ContentBuilder`.)
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// Primitive views (Body == Never) get their `body` from here. In the real SDK the
// equivalent requirement is satisfied internally; keep it out of user sight.
extension View where Body == Never {
    @_spi(ShimInternal)
    public nonisolated var body: Never { fatalError("primitive view \(Self.self) has no body") }
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~708k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) extension Swift.Never : SwiftUICore.View { … _viewListCount … }` (Body = Never
// through View's primitive-view plumbing; the shim's body is SPI).
// Apple: https://developer.apple.com/documentation/swift/never (Conforms To: View)
extension Never: View {
    public typealias Body = Never
    // Satisfies both View.body and Scene.body for Never.
    @_spi(ShimInternal)
    public nonisolated var body: Never { fatalError("Never has no body") }
}

// MARK: - ViewBuilder

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~215k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @_functionBuilder public struct ViewBuilder`; `@available(*, unavailable) extension
// SwiftUICore.ViewBuilder : Swift.Sendable` (no buildArray, no buildOptional).
// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~215k): `@_alwaysEmitIntoClient public static func
    // buildExpression<Content>(_ content: Content) -> Content where Content : SwiftUICore.View`
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~215k): `@_alwaysEmitIntoClient public static func
    // buildBlock() -> SwiftUICore.EmptyView`
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~216k): `@_alwaysEmitIntoClient public static func
    // buildBlock<Content>(_ content: Content) -> Content where Content : SwiftUICore.View`
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-3exgq
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~216k): `#if compiler(>=5.3) && $ParameterPacks
    // @_disfavoredOverload @_alwaysEmitIntoClient public static func buildBlock<each Content>(_ content:
    // repeat each Content) -> SwiftUICore.TupleView<(repeat each Content)> where repeat each Content :
    // SwiftUICore.View`
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    // (parameter-pack form, iOS 17+ SDKs)
    @_disfavoredOverload public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
        where repeat each Content: View
    {
        TupleView((repeat each content))
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~216k): `extension SwiftUICore.ViewBuilder {
    // @_alwaysEmitIntoClient public static func buildIf<Content>(_ content: Content?) -> Content? where
    // Content : SwiftUICore.View }`
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~216k): `@_alwaysEmitIntoClient public static func
    // buildEither<TrueContent, FalseContent>(first: TrueContent) ->
    // SwiftUICore._ConditionalContent<TrueContent, FalseContent> where TrueContent : SwiftUICore.View,
    // FalseContent : SwiftUICore.View`
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: View, FalseContent: View
    {
        _ConditionalContent(storage: .trueContent(first))
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~216k): `@_alwaysEmitIntoClient public static func
    // buildEither<TrueContent, FalseContent>(second: FalseContent) ->
    // SwiftUICore._ConditionalContent<TrueContent, FalseContent> where TrueContent : SwiftUICore.View,
    // FalseContent : SwiftUICore.View`
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: View, FalseContent: View
    {
        _ConditionalContent(storage: .falseContent(second))
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~217k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) extension SwiftUICore.ViewBuilder { @_alwaysEmitIntoClient public static func
    // buildLimitedAvailability<Content>(_ content: Content) -> SwiftUICore.AnyView where Content :
    // SwiftUICore.View }`
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildlimitedavailability(_:)
    // The SDK 26 overload for views (`if #available` in a view builder). The page now leads its
    // overload group with SDK 27's `(any Commands) -> some Commands`; this shim pins SDK 26.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content: View {
        AnyView(_shimErasing: content)
    }
}

@available(*, unavailable)
extension ViewBuilder: Sendable {}

// MARK: - Structural views

// Apple: https://developer.apple.com/documentation/swiftui/tupleview
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~122k): `@frozen @_Concurrency.MainActor
// @preconcurrency public struct TupleView<T> : SwiftUICore.View`, `value` `@MainActor
// @preconcurrency`, `@inlinable nonisolated public init(_ value: T)`; Sendable unavailable
// (issue 31, finding 3).
@frozen @MainActor @preconcurrency public struct TupleView<T>: View {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~122k): `@_Concurrency.MainActor @preconcurrency public
    // var value: T`
    @MainActor @preconcurrency public var value: T {
        get { _shimValue }
        set { _shimValue = newValue }
    }
    // Shim plumbing: the storage behind `value`, so that the nonisolated initializer (as Apple
    // declares it) can set it. nonisolated(unsafe): nothing in the shim runs.
    @usableFromInline nonisolated(unsafe) var _shimValue: T
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~122k): `@inlinable nonisolated public init(_ value: T)`
    @inlinable nonisolated public init(_ value: T) { _shimValue = value }
    public typealias Body = Never
}

@available(*, unavailable)
extension TupleView: Sendable {}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~738k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct _ConditionalContent<TrueContent, FalseContent> { @frozen public
// enum Storage { case trueContent(TrueContent); case falseContent(FalseContent) }; public let storage:
// …Storage }`; Sendable unavailable for the type and its Storage (the shim keeps Storage internal).
// Apple: https://developer.apple.com/documentation/swiftui/_conditionalcontent
@frozen nonisolated public struct _ConditionalContent<TrueContent, FalseContent> {
    @usableFromInline enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    @usableFromInline let storage: Storage
    @usableFromInline init(storage: Storage) { self.storage = storage }
}

@available(*, unavailable)
extension _ConditionalContent: Sendable {}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~739k): `extension SwiftUICore._ConditionalContent :
// SwiftUICore.View where TrueContent : SwiftUICore.View, FalseContent : SwiftUICore.View { public
// typealias Body = Swift.Never; … }`
nonisolated extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~669k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) extension Swift.Optional : SwiftUICore.View where Wrapped : SwiftUICore.View { public
// typealias Body = Swift.Never; … }`
// Apple: https://developer.apple.com/documentation/swift/optional (Conforms To: View, when Wrapped: View)
nonisolated extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

// Apple: https://developer.apple.com/documentation/swiftui/anyview
// Declared for `buildLimitedAvailability(_:)`'s return type only. Its initializers,
// `init(_:)` and `init(erasing:)`, are left out on purpose: the project bans AnyView, so code
// that makes one fails to type-check (negative/neg11_anyview_banned.swift).
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~645k): `@frozen @_Concurrency.MainActor
// @preconcurrency public struct AnyView : SwiftUICore.View`; Sendable unavailable (issue 31,
// finding 3).
@frozen @MainActor @preconcurrency public struct AnyView: View {
    public typealias Body = Never
    @usableFromInline nonisolated init<V: View>(_shimErasing view: V) {}
}

@available(*, unavailable)
extension AnyView: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/emptyview
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~612k): `@frozen @_Concurrency.MainActor
// @preconcurrency public struct EmptyView : SwiftUICore.View`, `@inlinable nonisolated public
// init()`; `extension EmptyView : Sendable` (issue 31, finding 3).
@frozen @MainActor @preconcurrency public struct EmptyView: View {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~612k): `@inlinable nonisolated public init() {}`
    @inlinable nonisolated public init() {}
    public typealias Body = Never
}

extension EmptyView: Sendable {}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~126k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct Group<Content> { public typealias Body = Swift.Never; … }`;
// `@available(*, unavailable) extension SwiftUICore.Group : Swift.Sendable`.
// Apple: https://developer.apple.com/documentation/swiftui/group
@frozen nonisolated public struct Group<Content> {
    public typealias Body = Never
}

@available(*, unavailable)
extension Group: Sendable {}

nonisolated extension Group: View where Content: View {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~127k): `extension SwiftUICore.Group : SwiftUICore.View
    // where Content : SwiftUICore.View { @inlinable nonisolated public init(@SwiftUICore.ViewBuilder
    // content: () -> Content) }`
    // Apple: https://developer.apple.com/documentation/swiftui/group/init(content:)
    @inlinable nonisolated public init(@ViewBuilder content: () -> Content) {}
}

// MARK: - ViewModifier

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~677k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @preconcurrency @_Concurrency.MainActor public protocol ViewModifier { nonisolated
// static func _makeView…; associatedtype Body : SwiftUICore.View; @SwiftUICore.ViewBuilder
// @_Concurrency.MainActor @preconcurrency func body(content: Self.Content) -> Self.Body; typealias
// Content = SwiftUICore._ViewModifier_Content<Self> }` (the shim leaves out the `_make…` statics).
// Apple: https://developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency
public protocol ViewModifier {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~677k): `associatedtype Body : SwiftUICore.View`
    associatedtype Body: View
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~677k): `@SwiftUICore.ViewBuilder @_Concurrency.MainActor
    // @preconcurrency func body(content: Self.Content) -> Self.Body`
    // Apple: https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~677k): `typealias Content =
    // SwiftUICore._ViewModifier_Content<Self>`
    // Apple: https://developer.apple.com/documentation/swiftui/viewmodifier/content
    typealias Content = _ViewModifier_Content<Self>
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~87k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @_Concurrency.MainActor @preconcurrency public struct _ViewModifier_Content<Modifier> :
// SwiftUICore.View where Modifier : SwiftUICore.ViewModifier { nonisolated public static func
// _makeView…; public typealias Body = Swift.Never }`; `@available(*, unavailable) extension
// SwiftUICore._ViewModifier_Content : Swift.Sendable` (~89k). Issue 31: the shim declared it
// `nonisolated`; the SDK isolates it to the main actor.
// Apple: https://developer.apple.com/documentation/swiftui/_viewmodifier_content
@MainActor @preconcurrency public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {
    public typealias Body = Never
}

@available(*, unavailable)
extension _ViewModifier_Content: Sendable {}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~681k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct ModifiedContent<Content, Modifier> { public typealias Body =
// Swift.Never; public var content: Content; public var modifier: Modifier; @inlinable nonisolated public
// init(content: Content, modifier: Modifier) }`; `@available(*, unavailable) extension
// SwiftUICore.ModifiedContent : Swift.Sendable`.
// Apple: https://developer.apple.com/documentation/swiftui/modifiedcontent
@frozen nonisolated public struct ModifiedContent<Content, Modifier> {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~681k): `public var content: Content`
    public var content: Content
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~681k): `public var modifier: Modifier`
    public var modifier: Modifier
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~681k): `@inlinable nonisolated public init(content:
    // Content, modifier: Modifier)`
    // Apple: https://developer.apple.com/documentation/swiftui/modifiedcontent/init(content:modifier:)
    @inlinable nonisolated public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

@available(*, unavailable)
extension ModifiedContent: Sendable {}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~682k): `extension SwiftUICore.ModifiedContent :
// SwiftUICore.View where Content : SwiftUICore.View, Modifier : SwiftUICore.ViewModifier { …
// @_Concurrency.MainActor @preconcurrency public var body: …Body { get } }` (Body = Never).
nonisolated extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
}

extension View {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~680k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension SwiftUICore.View { @inlinable nonisolated public func modifier<T>(_
    // modifier: T) -> SwiftUICore.ModifiedContent<Self, T> }`
    // Apple: https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    @inlinable nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// MARK: - Shim plumbing (not API)

/// Opaque stand-in that every built-in modifier returns as `some View`.
nonisolated public struct _ShimModified<Base: View>: View {
    @usableFromInline let base: Base
    @usableFromInline init(_ base: Base) { self.base = base }
    public typealias Body = Never
}
