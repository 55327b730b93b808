// SwiftUI interface shim - declarations added for AsyncContent and its example app.
// See Core.swift for the rules. Every declaration is transcribed from the page above it,
// pinned to the iOS/macOS 26 SDK (pages that now show `@ContentBuilder` are SDK 27 pages;
// the SDK 26 spelling is `@ViewBuilder`).
import Foundation

// MARK: - Layout containers

// Apple: https://developer.apple.com/documentation/swiftui/zstack
// SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface (~13k): `@frozen @_Concurrency.MainActor
// @preconcurrency public struct ZStack<Content> : SwiftUICore.View where Content :
// SwiftUICore.View`, `@inlinable nonisolated public init(alignment:content:)`; Sendable
// unavailable (issue 31, finding 3).
@frozen @MainActor @preconcurrency public struct ZStack<Content>: View where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/zstack/init(alignment:content:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~13k): `@inlinable nonisolated public init(alignment:
    // Alignment = .center, @ViewBuilder content: () -> Content)`
    @inlinable nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

@available(*, unavailable)
extension ZStack: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/spacer
// SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface: `@frozen @_Concurrency.MainActor
// @preconcurrency public struct Spacer`, with `minLength` and `init(minLength:)` both
// `@MainActor @preconcurrency`; `extension Spacer : View`, `extension Spacer : Sendable`
// (issue 31, finding 3: a `Spacer()` made in nonisolated code is a main-actor warning on a Mac,
// an error under warnings-as-errors: negative/neg31_…).
@frozen @MainActor @preconcurrency public struct Spacer: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/spacer/minlength
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~161k): `@MainActor @preconcurrency public var
    // minLength: CGFloat?`
    @MainActor @preconcurrency public var minLength: CGFloat?
    // Apple: https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~161k): `@inlinable @MainActor @preconcurrency public
    // init(minLength: CGFloat? = nil)`
    @inlinable @MainActor @preconcurrency public init(minLength: CGFloat? = nil) { self.minLength = minLength }
}

extension Spacer: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/section
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~589k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) public struct Section<Parent, Content, Footer>` (not main-actor isolated),
// Sendable unavailable; each initializer in an extension that constrains `Content : View`
// (issue 31, finding 5: negative/neg32_…).
public struct Section<Parent, Content, Footer> {}

@available(*, unavailable)
extension Section: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section: View where Parent: View, Content: View, Footer: View {
    public typealias Body = Never
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section where Parent: View, Content: View, Footer: View {
    // Apple: https://developer.apple.com/documentation/swiftui/section/init(content:header:footer:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~590k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension Section where Parent : View, Content : View, Footer : View {
    // @_alwaysEmitIntoClient public init(@ViewBuilder content: () -> Content, @ViewBuilder header: ()
    // -> Parent, @ViewBuilder footer: () -> Footer) }`
    @_alwaysEmitIntoClient public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    // Apple: https://developer.apple.com/documentation/swiftui/section/init(content:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~591k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension Section where Parent == EmptyView, Content : View, Footer ==
    // EmptyView { public init(@ViewBuilder content: () -> Content) }`
    public init(@ViewBuilder content: () -> Content) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section where Parent: View, Content: View, Footer == EmptyView {
    // Apple: https://developer.apple.com/documentation/swiftui/section/init(content:header:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~591k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension Section where Parent : View, Content : View, Footer == EmptyView {
    // @_alwaysEmitIntoClient public init(@ViewBuilder content: () -> Content, @ViewBuilder header: ()
    // -> Parent) }`
    @_alwaysEmitIntoClient public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Section where Parent == Text, Content: View, Footer == EmptyView {
    // Apple: https://developer.apple.com/documentation/swiftui/section/init(_:content:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~591k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension Section where Parent == Text, Content : View, Footer == EmptyView {
    // public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) }`
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}

// Apple: https://developer.apple.com/documentation/swiftui/pinnedscrollableviews
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~669k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) public struct PinnedScrollableViews : Swift.OptionSet, Swift.Sendable` (not
// @frozen: the shim's `@frozen` removed; its availability and the two static members added)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct PinnedScrollableViews: OptionSet, Sendable {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~669k): `public let rawValue: Swift.UInt32`
    public let rawValue: UInt32
    // Apple: https://developer.apple.com/documentation/swiftui/pinnedscrollableviews/init(rawvalue:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~669k): `public init(rawValue: Swift.UInt32)`
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    // Apple: https://developer.apple.com/documentation/swiftui/pinnedscrollableviews/sectionheaders
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~669k): `public static let sectionHeaders:
    // SwiftUICore.PinnedScrollableViews` (the value is the shim's own)
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    // Apple: https://developer.apple.com/documentation/swiftui/pinnedscrollableviews/sectionfooters
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~669k): `public static let sectionFooters:
    // SwiftUICore.PinnedScrollableViews` (the value is the shim's own)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}

// Apple: https://developer.apple.com/documentation/swiftui/griditem
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) public struct GridItem : Sendable`
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct GridItem: Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `public enum Size : Sendable`
    public enum Size: Sendable {
        // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum/fixed(_:)
        // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `case fixed(_: CGFloat)`
        case fixed(CGFloat)
        // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum/flexible(minimum:maximum:)
        // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `case flexible(minimum: CGFloat = 10,
        // maximum: CGFloat = .infinity)`
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum/adaptive(minimum:maximum:)
        // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `case adaptive(minimum: CGFloat, maximum:
        // CGFloat = .infinity)`
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.property
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `public var size: GridItem.Size`
    public var size: GridItem.Size
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/spacing
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `public var spacing: CGFloat?`
    public var spacing: CGFloat?
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/alignment
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `public var alignment: Alignment?`
    public var alignment: Alignment?
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/init(_:spacing:alignment:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1180k): `public init(_ size: GridItem.Size = .flexible(),
    // spacing: CGFloat? = nil, alignment: Alignment? = nil)`
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/lazyvgrid
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~1181k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) @MainActor @preconcurrency public struct LazyVGrid<Content> : View where Content :
// View`; `@available(*, unavailable) extension LazyVGrid : Sendable` (the shim's type was
// `nonisolated`).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public struct LazyVGrid<Content>: View where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/lazyvgrid/init(columns:alignment:spacing:pinnedviews:content:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1181k): `nonisolated public init(columns: [GridItem],
    // alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews:
    // PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content)`
    nonisolated public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {}
}

@available(*, unavailable)
extension LazyVGrid: Sendable {}

// MARK: - Navigation

// Apple: https://developer.apple.com/documentation/swiftui/navigationpath
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~318k): `@available(iOS 16.0, macOS 13.0, tvOS 16.0,
// watchOS 9.0, *) public struct NavigationPath` (its `count`, `isEmpty`, `codable`, other inits,
// `append`, `removeLast`, `CodableRepresentation` and `Equatable` conformance left out);
// `@available(*, unavailable) extension NavigationPath : Sendable`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {
    // Apple: https://developer.apple.com/documentation/swiftui/navigationpath/init()
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~318k): `public init()`
    public init() {}
}

@available(*, unavailable)
extension NavigationPath: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/navigationstack
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~782k): `@available(iOS 16.0, macOS 13.0, tvOS 16.0,
// watchOS 9.0, *) @MainActor @preconcurrency public struct NavigationStack<Data, Root> : View where
// Root : View`; `@available(*, unavailable) extension NavigationStack : Sendable` (the shim's type
// was `nonisolated`).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~782k): `nonisolated public init(@ViewBuilder root: () ->
    // Root) where Data == NavigationPath`
    nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
}

@available(*, unavailable)
extension NavigationStack: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/navigationlink
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~600k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @MainActor @preconcurrency public struct NavigationLink<Label, Destination> : View
// where Label : View, Destination : View`; `@available(*, unavailable) extension NavigationLink :
// Sendable` (the shim's type was `nonisolated`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct NavigationLink<Label, Destination>: View where Label: View, Destination: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/navigationlink/init(destination:label:)-27n7s
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~600k): `@_alwaysEmitIntoClient nonisolated public
    // init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label)`
    @_alwaysEmitIntoClient nonisolated public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
}

@available(*, unavailable)
extension NavigationLink: Sendable {}

// SDK: SwiftUI.swiftinterface (iOS 18.0, ~561k): `@available(iOS 16.0, macOS 13.0, tvOS 16.0,
// watchOS 9.0, *) extension SwiftUI.NavigationLink where Destination == Swift.Never`
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationLink where Destination == Never {
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~561k): `nonisolated public init<P>(value: P?,
    // @SwiftUICore.ViewBuilder label: () -> Label) where P : Swift.Hashable`
    // Apple: https://developer.apple.com/documentation/swiftui/navigationlink/init(value:label:)-4jswo
    nonisolated public init<P>(value: P?, @ViewBuilder label: () -> Label) where P: Hashable {}
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~87k): `@available(iOS 16.0, macOS 13.0, tvOS 16.0,
    // watchOS 9.0, *) extension View { nonisolated public func navigationDestination<D, C>(for data:
    // D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View where D : Hashable, C : View }`
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View {
        _ShimModified(self)
    }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-43srq
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~946k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) extension View { nonisolated public func navigationTitle(_ titleKey:
    // LocalizedStringKey) -> some View }`
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj
    // (the anchor is the one Apple's NavigationView and WindowGroup pages link to for this
    // overload; the stored docs lack the page itself, see README). `@_disfavoredOverload` as in
    // the SDK's interface, so a string literal still picks the LocalizedStringKey overload.
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~946k): `@_disfavoredOverload nonisolated public func
    // navigationTitle<S>(_ title: S) -> some View where S : StringProtocol`
    @_disfavoredOverload
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-5di1u
    // (the anchor that pages replacing the deprecated `navigationBarTitle(_: Text)` link to).
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~946k): `nonisolated public func navigationTitle(_ title:
    // Text) -> some View`
    nonisolated public func navigationTitle(_ title: Text) -> some View {
        _ShimModified(self)
    }
}

// MARK: - Controls

// Apple: https://developer.apple.com/documentation/swiftui/buttonrole
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~501k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
// watchOS 8.0, *) public struct ButtonRole : Equatable, Sendable`
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct ButtonRole: Equatable, Sendable {
    let id: Int
    // Apple: https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~501k): `public static let destructive: ButtonRole`
    public static let destructive = ButtonRole(id: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~501k): `public static let cancel: ButtonRole`
    public static let cancel = ButtonRole(id: 1)
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Button {
    // Apple: https://developer.apple.com/documentation/swiftui/button/init(role:action:label:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1146k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension Button { @preconcurrency nonisolated public init(role: ButtonRole?,
    // action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) }`
    @preconcurrency nonisolated public init(
        role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Button where Label == SwiftUI.Label<Text, Image> {
    // Apple: https://developer.apple.com/documentation/swiftui/button/init(_:systemimage:role:action:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1147k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension Button where Label == Label<Text, Image> { @_alwaysEmitIntoClient
    // nonisolated public init(_ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?,
    // action: @escaping @MainActor () -> Void) }`
    @_alwaysEmitIntoClient nonisolated public init(
        _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?,
        action: @escaping @MainActor () -> Void
    ) {}
}

// Apple: https://developer.apple.com/documentation/swiftui/toggle
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~257k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @MainActor @preconcurrency public struct Toggle<Label> : View where Label : View`;
// `@available(*, unavailable) extension Toggle : Sendable` (the shim's type was `nonisolated`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct Toggle<Label>: View where Label: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/toggle/init(ison:label:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~257k): `nonisolated public init(isOn: Binding<Bool>,
    // @ViewBuilder label: () -> Label)`
    nonisolated public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

@available(*, unavailable)
extension Toggle: Sendable {}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Toggle where Label == SwiftUI.Label<Text, Image> {
    // Apple: https://developer.apple.com/documentation/swiftui/toggle/init(_:systemimage:ison:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~258k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) extension Toggle where Label == Label<Text, Image> { @_alwaysEmitIntoClient
    // nonisolated public init(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Binding<Bool>) }`
    @_alwaysEmitIntoClient nonisolated public init(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Binding<Bool>) {}
}

// MARK: - Styles, colors, fonts

// Apple: https://developer.apple.com/documentation/swiftui/shapestyle
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~409k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) public protocol ShapeStyle : Swift.Sendable` (its `_makeView`, `_apply` and
// iOS 17 `resolve(in:)` requirements left out).
public protocol ShapeStyle: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~300k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
// watchOS 8.0, *) @frozen public struct HierarchicalShapeStyle : ShapeStyle` (its `primary`,
// `tertiary`, `quaternary`, the iOS 16 `quinary` and the `_apply` requirements left out).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen public struct HierarchicalShapeStyle: ShapeStyle {
    let level: Int
    // Apple: https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle/secondary
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~300k): `public static let secondary:
    // HierarchicalShapeStyle`
    public static let secondary = HierarchicalShapeStyle(level: 1)
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension ShapeStyle where Self == HierarchicalShapeStyle {
    // Apple: https://developer.apple.com/documentation/swiftui/shapestyle/secondary-swift.type.property
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~298k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension ShapeStyle where Self == HierarchicalShapeStyle {
    // @_alwaysEmitIntoClient public static var secondary: HierarchicalShapeStyle { get } }`
    @_alwaysEmitIntoClient public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
}

// Apple: https://developer.apple.com/documentation/swiftui/color
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~591k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct Color : Hashable, CustomStringConvertible, Sendable` (not
// main-actor isolated; `extension Color : ShapeStyle` ~73k, its `View` conformance in an
// extension; `CustomStringConvertible` left out).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct Color: View, ShapeStyle, Hashable {
    public typealias Body = Never
    let components: [Double]

    // Apple: https://developer.apple.com/documentation/swiftui/color/rgbcolorspace
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~172k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension Color { public enum RGBColorSpace : Sendable }` (Hashable: its `==`,
    // `hash(into:)` and `hashValue` are listed).
    public enum RGBColorSpace: Hashable, Sendable {
        // Apple: https://developer.apple.com/documentation/swiftui/color/rgbcolorspace/srgb
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~172k): `case sRGB`
        case sRGB
        // Apple: https://developer.apple.com/documentation/swiftui/color/rgbcolorspace/srgblinear
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~172k): `case sRGBLinear` (issue 31, finding 4:
        // a `switch` without it is not exhaustive on a Mac).
        case sRGBLinear
        // Apple: https://developer.apple.com/documentation/swiftui/color/rgbcolorspace/displayp3
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~172k): `case displayP3`
        case displayP3
    }

    // Apple: https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~172k): `public init(_ colorSpace: Color.RGBColorSpace
    // = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1)`
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        components = [red, green, blue, opacity]
    }

    // Apple: https://developer.apple.com/documentation/swiftui/color/init(hue:saturation:brightness:opacity:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~172k): `public init(hue: Double, saturation: Double,
    // brightness: Double, opacity: Double = 1)`
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        components = [hue, saturation, brightness, opacity]
    }

    // Apple: https://developer.apple.com/documentation/swiftui/color/clear
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~343k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension Color { public static let clear: Color }` (as are `red`, `white`
    // and `gray` below, in the same extension)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/color/red
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~343k): `public static let red: Color`
    public static let red = Color(red: 1, green: 0, blue: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/color/white
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~343k): `public static let white: Color`
    public static let white = Color(red: 1, green: 1, blue: 1)
    // Apple: https://developer.apple.com/documentation/swiftui/color/gray
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~343k): `public static let gray: Color`
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
}

// Apple: https://developer.apple.com/documentation/swiftui/font
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~160k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct Font : Hashable, Sendable`
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Font: Hashable, Sendable {
    let style: Int
    // Apple: https://developer.apple.com/documentation/swiftui/font/title
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~541k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension Font { public static let title: Font }` (the interface declares the
    // text styles in that extension; the shim keeps them in the type)
    public static let title = Font(style: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/font/headline
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~541k): `public static let headline: Font`
    public static let headline = Font(style: 1)
    // Apple: https://developer.apple.com/documentation/swiftui/font/body
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~541k): `public static let body: Font`
    public static let body = Font(style: 2)
    // Apple: https://developer.apple.com/documentation/swiftui/font/caption
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~541k): `public static let caption: Font`
    public static let caption = Font(style: 3)
    // Apple: https://developer.apple.com/documentation/swiftui/font/caption2
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~541k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) public static let caption2: Font`
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let caption2 = Font(style: 4)
}

// MARK: - Modifiers

// Apple: https://developer.apple.com/documentation/swiftui/verticaledge
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~66k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
// watchOS 8.0, *) @frozen public enum VerticalEdge : Int8, CaseIterable, Codable` (Hashable through
// its raw value, Sendable as a frozen enum; its nested `Set`, and `Codable`, left out).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen public enum VerticalEdge: Int8, CaseIterable, Hashable, Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/verticaledge/top
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~66k): `case top`
    case top
    // Apple: https://developer.apple.com/documentation/swiftui/verticaledge/bottom
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~66k): `case bottom`
    case bottom
}

extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/safeareainset(edge:alignment:spacing:content:)-4s51l
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~842k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension View { @inlinable nonisolated public func safeAreaInset<V>(edge:
    // VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder
    // content: () -> V) -> some View where V : View }`
    nonisolated public func safeAreaInset<V>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View where V: View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~402k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) @inlinable nonisolated public func foregroundStyle<S>(_ style: S) -> some
    // SwiftUICore.View where S : SwiftUICore.ShapeStyle`
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~697k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, *) extension View { @inlinable nonisolated public func background<S>(_ style: S,
    // ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View where S : ShapeStyle }`
    nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View
        where S: ShapeStyle
    {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/font(_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~741k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension View { @inlinable nonisolated public func font(_ font: Font?) -> some
    // View }`
    nonisolated public func font(_ font: Font?) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/opacity(_:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~200k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension View { @inlinable nonisolated public func opacity(_ opacity: Double) ->
    // some View }`
    nonisolated public func opacity(_ opacity: Double) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/hidden()
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1002k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension View { @inlinable nonisolated public func hidden() -> some View }`
    nonisolated public func hidden() -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~557k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
    // watchOS 6.0, *) extension View { @inlinable nonisolated public func frame(width: CGFloat? = nil,
    // height: CGFloat? = nil, alignment: Alignment = .center) -> some View }`
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _ShimModified(self)
    }
}

// MARK: - App structure

// Apple: https://developer.apple.com/documentation/swiftui/scene
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~838k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) @preconcurrency @MainActor public protocol Scene` (its `nonisolated static func
// _makeScene(scene:inputs:)` requirement, which has a default, left out).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol Scene {
    // Apple: https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~838k): `associatedtype Body : Scene`
    associatedtype Body: Scene
    // Apple: https://developer.apple.com/documentation/swiftui/scene/body-swift.property
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~838k): `@SceneBuilder @MainActor @preconcurrency var
    // body: Self.Body { get }`
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

// Apple: https://developer.apple.com/documentation/swiftui/scenebuilder
// SDK: iPhoneOS18.0.sdk SwiftUI.swiftinterface (~875k), transcribed whole (issue 31, finding 6):
// `buildExpression`, an unavailable empty `buildBlock()`, the single-scene `buildBlock`, the
// disfavored pack `buildBlock`, and (in an extension) `buildOptional` for `if #available` only
// and `buildLimitedAvailability`. `@_functionBuilder` is the old spelling of `@resultBuilder`.
// negative/neg33_… (an empty scene body) and neg34_… (a plain `if`) are rejected.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@resultBuilder
public struct SceneBuilder {
    // Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildexpression(_:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~876k): `@_alwaysEmitIntoClient public static func
    // buildExpression<Content>(_ content: Content) -> Content where Content : Scene`
    @_alwaysEmitIntoClient public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene {
        content
    }

    // Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock()
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~876k): `@available(*, unavailable, message: "Provide at
    // leas one scene") public static func buildBlock() -> some Scene`
    @available(*, unavailable, message: "Provide at leas one scene")
    public static func buildBlock() -> some Scene { _ShimTupleScene() }

    // Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)-3exgq
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~876k): `public static func buildBlock<Content>(_ content:
    // Content) -> Content where Content : Scene`
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { content }

    // Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~876k): `@_disfavoredOverload @_alwaysEmitIntoClient
    // public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene where
    // repeat each Content : Scene`
    @_disfavoredOverload @_alwaysEmitIntoClient public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
        where repeat each Content: Scene
    {
        _ShimTupleScene()
    }
}

@available(*, unavailable)
extension SceneBuilder: Sendable {}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension SceneBuilder {
    // Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildoptional(_:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~877k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, visionOS 1.0, *) extension SceneBuilder { @_alwaysEmitIntoClient public static func
    // buildOptional(_ scene: (any Scene & _LimitedAvailabilitySceneMarker)?) -> some Scene }`
    @_alwaysEmitIntoClient public static func buildOptional(_ scene: (any Scene & _LimitedAvailabilitySceneMarker)?) -> some Scene {
        _ShimTupleScene()
    }

    // Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildoptional(_:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~877k): `@available(*, unavailable, message: "if
    // statements in a SceneBuilder can only be used with #available clauses") public static func
    // buildOptional<S>(_ scene: S?) where S : Scene`
    @available(*, unavailable, message: "if statements in a SceneBuilder can only be used with #available clauses")
    public static func buildOptional<S>(_ scene: S?) where S: Scene {}

    // Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildlimitedavailability(_:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~877k): `@available(iOS 16.1, macOS 13.0, watchOS 9.1,
    // tvOS 16.1, visionOS 1.0, *) @_alwaysEmitIntoClient public static func buildLimitedAvailability(_
    // scene: some Scene) -> any Scene & _LimitedAvailabilitySceneMarker` (its deprecated, obsoleted
    // `@_disfavoredOverload` sibling taking `any Scene` left out).
    @available(iOS 16.1, macOS 13.0, watchOS 9.1, tvOS 16.1, visionOS 1.0, *)
    @_alwaysEmitIntoClient public static func buildLimitedAvailability(_ scene: some Scene) -> any Scene & _LimitedAvailabilitySceneMarker {
        _ShimLimitedAvailabilityScene()
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/_limitedavailabilityscenemarker
// SDK: iPhoneOS18.0.sdk SwiftUI.swiftinterface (~875k): `@_marker public protocol
// _LimitedAvailabilitySceneMarker`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@_marker public protocol _LimitedAvailabilitySceneMarker {}

/// Opaque stand-in for the scene that `SceneBuilder.buildLimitedAvailability(_:)` returns.
public struct _ShimLimitedAvailabilityScene: Scene, _LimitedAvailabilitySceneMarker {
    public typealias Body = Never
    public init() {}
}

/// Opaque stand-in for the scene that `SceneBuilder.buildBlock` returns.
public struct _ShimTupleScene: Scene {
    public typealias Body = Never
    public init() {}
}

// Primitive scenes (Body == Never) get their `body` from here, as primitive views do.
extension Scene where Body == Never {
    @_spi(ShimInternal)
    public nonisolated var body: Never { fatalError("primitive scene \(Self.self) has no body") }
}

// Apple: https://developer.apple.com/documentation/swiftui/windowgroup
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~102k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) @MainActor @preconcurrency public struct WindowGroup<Content> : Scene where
// Content : View`; `@available(*, unavailable) extension WindowGroup : Sendable`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public struct WindowGroup<Content>: Scene where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~104k): `@available(iOS, introduced: 14.0, deprecated:
    // 18.0, renamed: "init(makeContent:)", message: "Use the initializer which takes an escaping view
    // builder instead.")` (and likewise macOS 11.0/15.0, tvOS 14.0/18.0, watchOS 7.0/11.0, visionOS
    // 1.0/2.0 without the message) `nonisolated public init(@ViewBuilder content: () -> Content)`.
    // The deprecation is after the floor, so it is silent for the package's deployment targets.
    @available(iOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)", message: "Use the initializer which takes an escaping view builder instead.")
    @available(macOS, introduced: 11.0, deprecated: 15.0, renamed: "init(makeContent:)", message: "Use the initializer which takes an escaping view builder instead.")
    @available(tvOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)", message: "Use the initializer which takes an escaping view builder instead.")
    @available(watchOS, introduced: 7.0, deprecated: 11.0, renamed: "init(makeContent:)", message: "Use the initializer which takes an escaping view builder instead.")
    @available(visionOS, introduced: 1.0, deprecated: 2.0, renamed: "init(makeContent:)")
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

@available(*, unavailable)
extension WindowGroup: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/app
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~455k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) @preconcurrency @MainActor public protocol App`
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol App {
    // Apple: https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~455k): `associatedtype Body : Scene`
    associatedtype Body: Scene
    // Apple: https://developer.apple.com/documentation/swiftui/app/body-swift.property
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~455k): `@SceneBuilder @MainActor @preconcurrency var
    // body: Self.Body { get }`
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    // Apple: https://developer.apple.com/documentation/swiftui/app/init()
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~455k): `@MainActor @preconcurrency init()`
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension App {
    // Apple: https://developer.apple.com/documentation/swiftui/app/main()
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~455k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
    // watchOS 7.0, *) extension App { @MainActor @preconcurrency public static func main() }`
    @MainActor @preconcurrency public static func main() {}
}

// Apple: https://developer.apple.com/documentation/swiftui/previewprovider
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~650k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @preconcurrency @MainActor public protocol PreviewProvider : _PreviewProvider`
// (the `_PreviewProvider` refinement and the `platform` requirement, which has a default, left out).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol PreviewProvider {
    // Apple: https://developer.apple.com/documentation/swiftui/previewprovider/previews-swift.associatedtype
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~650k): `associatedtype Previews : View`
    associatedtype Previews: View
    // Apple: https://developer.apple.com/documentation/swiftui/previewprovider/previews-swift.type.property
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~650k): `@ViewBuilder @preconcurrency @MainActor static
    // var previews: Self.Previews { get }`
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}
