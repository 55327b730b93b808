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

// MARK: - View

// Apple: https://developer.apple.com/documentation/swiftui/view
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~600k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @_typeEraser(AnyView) @preconcurrency @_Concurrency.MainActor public protocol View
// { …; associatedtype Body : SwiftUICore.View; @SwiftUICore.ViewBuilder @_Concurrency.MainActor
// @preconcurrency var body: Self.Body { get } }` (the shim leaves out `_makeView` and the type eraser).
@MainActor @preconcurrency
public protocol View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View
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

// Apple: https://developer.apple.com/documentation/swift/never (Conforms To: View)
extension Never: View {
    public typealias Body = Never
    // Satisfies both View.body and Scene.body for Never.
    @_spi(ShimInternal)
    public nonisolated var body: Never { fatalError("Never has no body") }
}

// MARK: - ViewBuilder

// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }

    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }

    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-3exgq
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }

    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    // (parameter-pack form, iOS 17+ SDKs)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
        where repeat each Content: View
    {
        TupleView((repeat each content))
    }

    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }

    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: View, FalseContent: View
    {
        _ConditionalContent(storage: .trueContent(first))
    }

    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: View, FalseContent: View
    {
        _ConditionalContent(storage: .falseContent(second))
    }

    // Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildlimitedavailability(_:)
    // The SDK 26 overload for views (`if #available` in a view builder). The page now leads its
    // overload group with SDK 27's `(any Commands) -> some Commands`; this shim pins SDK 26.
    public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content: View {
        AnyView(_shimErasing: content)
    }
}

// MARK: - Structural views

// Apple: https://developer.apple.com/documentation/swiftui/tupleview
// SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface: `@frozen @_Concurrency.MainActor
// @preconcurrency public struct TupleView<T> : SwiftUICore.View`, `value` `@MainActor
// @preconcurrency`, `@inlinable nonisolated public init(_ value: T)`; Sendable unavailable
// (issue 31, finding 3).
@frozen @MainActor @preconcurrency public struct TupleView<T>: View {
    @MainActor @preconcurrency public var value: T {
        get { _shimValue }
        set { _shimValue = newValue }
    }
    // Shim plumbing: the storage behind `value`, so that the nonisolated initializer (as Apple
    // declares it) can set it. nonisolated(unsafe): nothing in the shim runs.
    @usableFromInline nonisolated(unsafe) var _shimValue: T
    @inlinable nonisolated public init(_ value: T) { _shimValue = value }
    public typealias Body = Never
}

@available(*, unavailable)
extension TupleView: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/_conditionalcontent
@frozen nonisolated public struct _ConditionalContent<TrueContent, FalseContent> {
    @usableFromInline enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    @usableFromInline let storage: Storage
    @usableFromInline init(storage: Storage) { self.storage = storage }
}

nonisolated extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
}

// Apple: https://developer.apple.com/documentation/swift/optional (Conforms To: View, when Wrapped: View)
nonisolated extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

// Apple: https://developer.apple.com/documentation/swiftui/anyview
// Declared for `buildLimitedAvailability(_:)`'s return type only. Its initializers,
// `init(_:)` and `init(erasing:)`, are left out on purpose: the project bans AnyView, so code
// that makes one fails to type-check (negative/neg11_anyview_banned.swift).
// SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface: `@frozen @_Concurrency.MainActor
// @preconcurrency public struct AnyView : SwiftUICore.View`; Sendable unavailable (issue 31,
// finding 3).
@frozen @MainActor @preconcurrency public struct AnyView: View {
    public typealias Body = Never
    @usableFromInline nonisolated init<V: View>(_shimErasing view: V) {}
}

@available(*, unavailable)
extension AnyView: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/emptyview
// SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface (~612k): `@frozen @_Concurrency.MainActor
// @preconcurrency public struct EmptyView : SwiftUICore.View`, `@inlinable nonisolated public
// init()`; `extension EmptyView : Sendable` (issue 31, finding 3).
@frozen @MainActor @preconcurrency public struct EmptyView: View {
    @inlinable nonisolated public init() {}
    public typealias Body = Never
}

extension EmptyView: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/group
@frozen nonisolated public struct Group<Content> {
    public typealias Body = Never
}

nonisolated extension Group: View where Content: View {
    // Apple: https://developer.apple.com/documentation/swiftui/group/init(content:)
    public init(@ViewBuilder content: () -> Content) {}
}

// MARK: - ViewModifier

// Apple: https://developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    // Apple: https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    // Apple: https://developer.apple.com/documentation/swiftui/viewmodifier/content
    typealias Content = _ViewModifier_Content<Self>
}

// Apple: https://developer.apple.com/documentation/swiftui/_viewmodifier_content
nonisolated public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {
    public typealias Body = Never
}

// Apple: https://developer.apple.com/documentation/swiftui/modifiedcontent
@frozen nonisolated public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    // Apple: https://developer.apple.com/documentation/swiftui/modifiedcontent/init(content:modifier:)
    @inlinable public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

nonisolated extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
}

extension View {
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
