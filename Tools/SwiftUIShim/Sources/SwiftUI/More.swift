// SwiftUI interface shim - declarations added for AsyncContent and its example app.
// See Core.swift for the rules. Every declaration is transcribed from the page above it,
// pinned to the iOS/macOS 26 SDK (pages that now show `@ContentBuilder` are SDK 27 pages;
// the SDK 26 spelling is `@ViewBuilder`).
import Foundation

// MARK: - Layout containers

// Apple: https://developer.apple.com/documentation/swiftui/zstack
@frozen nonisolated public struct ZStack<Content>: View where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/zstack/init(alignment:content:)
    @inlinable public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

// Apple: https://developer.apple.com/documentation/swiftui/spacer
@frozen nonisolated public struct Spacer: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/spacer/minlength
    public var minLength: CGFloat?
    // Apple: https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    @inlinable public init(minLength: CGFloat? = nil) { self.minLength = minLength }
}

// Apple: https://developer.apple.com/documentation/swiftui/section
nonisolated public struct Section<Parent, Content, Footer> {}

nonisolated extension Section: View where Parent: View, Content: View, Footer: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/section/init(content:header:footer:)
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {}
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    // Apple: https://developer.apple.com/documentation/swiftui/section/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

extension Section where Footer == EmptyView {
    // Apple: https://developer.apple.com/documentation/swiftui/section/init(content:header:)
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}

extension Section where Parent == Text, Footer == EmptyView {
    // Apple: https://developer.apple.com/documentation/swiftui/section/init(_:content:)
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}

// Apple: https://developer.apple.com/documentation/swiftui/pinnedscrollableviews
@frozen public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    // Apple: https://developer.apple.com/documentation/swiftui/pinnedscrollableviews/init(rawvalue:)
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

// Apple: https://developer.apple.com/documentation/swiftui/griditem
public struct GridItem: Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum
    public enum Size: Sendable {
        // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum/fixed(_:)
        case fixed(CGFloat)
        // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum/flexible(minimum:maximum:)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum/adaptive(minimum:maximum:)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/size-swift.property
    public var size: GridItem.Size
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/spacing
    public var spacing: CGFloat?
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/alignment
    public var alignment: Alignment?
    // Apple: https://developer.apple.com/documentation/swiftui/griditem/init(_:spacing:alignment:)
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/lazyvgrid
nonisolated public struct LazyVGrid<Content>: View where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/lazyvgrid/init(columns:alignment:spacing:pinnedviews:content:)
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {}
}

// MARK: - Navigation

// Apple: https://developer.apple.com/documentation/swiftui/navigationpath
public struct NavigationPath {
    // Apple: https://developer.apple.com/documentation/swiftui/navigationpath/init()
    public init() {}
}

// Apple: https://developer.apple.com/documentation/swiftui/navigationstack
nonisolated public struct NavigationStack<Data, Root>: View where Root: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
}

// Apple: https://developer.apple.com/documentation/swiftui/navigationlink
nonisolated public struct NavigationLink<Label, Destination>: View where Label: View, Destination: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/navigationlink/init(destination:label:)-27n7s
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
}

extension NavigationLink where Destination == Never {
    // Apple: https://developer.apple.com/documentation/swiftui/navigationlink/init(value:label:)-4jswo
    nonisolated public init<P>(value: P?, @ViewBuilder label: () -> Label) where P: Hashable {}
}

extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-43srq
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj
    // (the anchor is the one Apple's NavigationView and WindowGroup pages link to for this
    // overload; the stored docs lack the page itself, see README). `@_disfavoredOverload` as in
    // the SDK's interface, so a string literal still picks the LocalizedStringKey overload.
    @_disfavoredOverload
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-5di1u
    // (the anchor that pages replacing the deprecated `navigationBarTitle(_: Text)` link to).
    nonisolated public func navigationTitle(_ title: Text) -> some View {
        _ShimModified(self)
    }
}

// MARK: - Controls

// Apple: https://developer.apple.com/documentation/swiftui/buttonrole
public struct ButtonRole: Equatable, Sendable {
    let id: Int
    // Apple: https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    public static let destructive = ButtonRole(id: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    public static let cancel = ButtonRole(id: 1)
}

extension Button {
    // Apple: https://developer.apple.com/documentation/swiftui/button/init(role:action:label:)
    @preconcurrency nonisolated public init(
        role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) {}
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    // Apple: https://developer.apple.com/documentation/swiftui/button/init(_:systemimage:role:action:)
    nonisolated public init(
        _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?,
        action: @escaping @MainActor () -> Void
    ) {}
}

// Apple: https://developer.apple.com/documentation/swiftui/toggle
nonisolated public struct Toggle<Label>: View where Label: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/toggle/init(ison:label:)
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

extension Toggle where Label == SwiftUI.Label<Text, Image> {
    // Apple: https://developer.apple.com/documentation/swiftui/toggle/init(_:systemimage:ison:)
    nonisolated public init(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Binding<Bool>) {}
}

// MARK: - Styles, colors, fonts

// Apple: https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
@frozen public struct HierarchicalShapeStyle: ShapeStyle {
    let level: Int
    // Apple: https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle/secondary
    public static let secondary = HierarchicalShapeStyle(level: 1)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    // Apple: https://developer.apple.com/documentation/swiftui/shapestyle/secondary-swift.type.property
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
}

// Apple: https://developer.apple.com/documentation/swiftui/color
@frozen nonisolated public struct Color: View, ShapeStyle, Hashable {
    public typealias Body = Never
    let components: [Double]

    // Apple: https://developer.apple.com/documentation/swiftui/color/rgbcolorspace
    public enum RGBColorSpace: Hashable, Sendable {
        // Apple: https://developer.apple.com/documentation/swiftui/color/rgbcolorspace/srgb
        case sRGB
        // Apple: https://developer.apple.com/documentation/swiftui/color/rgbcolorspace/displayp3
        case displayP3
    }

    // Apple: https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        components = [red, green, blue, opacity]
    }

    // Apple: https://developer.apple.com/documentation/swiftui/color/init(hue:saturation:brightness:opacity:)
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        components = [hue, saturation, brightness, opacity]
    }

    // Apple: https://developer.apple.com/documentation/swiftui/color/clear
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/color/red
    public static let red = Color(red: 1, green: 0, blue: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/color/white
    public static let white = Color(red: 1, green: 1, blue: 1)
    // Apple: https://developer.apple.com/documentation/swiftui/color/gray
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
}

// Apple: https://developer.apple.com/documentation/swiftui/font
@frozen public struct Font: Hashable, Sendable {
    let style: Int
    // Apple: https://developer.apple.com/documentation/swiftui/font/title
    public static let title = Font(style: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/font/headline
    public static let headline = Font(style: 1)
    // Apple: https://developer.apple.com/documentation/swiftui/font/body
    public static let body = Font(style: 2)
    // Apple: https://developer.apple.com/documentation/swiftui/font/caption
    public static let caption = Font(style: 3)
    // Apple: https://developer.apple.com/documentation/swiftui/font/caption2
    public static let caption2 = Font(style: 4)
}

// MARK: - Modifiers

// Apple: https://developer.apple.com/documentation/swiftui/verticaledge
@frozen public enum VerticalEdge: Int8, CaseIterable, Hashable, Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/verticaledge/top
    case top
    // Apple: https://developer.apple.com/documentation/swiftui/verticaledge/bottom
    case bottom
}

extension View {
    // Apple: https://developer.apple.com/documentation/swiftui/view/safeareainset(edge:alignment:spacing:content:)-4s51l
    nonisolated public func safeAreaInset<V>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View where V: View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View
        where S: ShapeStyle
    {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/font(_:)
    nonisolated public func font(_ font: Font?) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/opacity(_:)
    nonisolated public func opacity(_ opacity: Double) -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/hidden()
    nonisolated public func hidden() -> some View {
        _ShimModified(self)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _ShimModified(self)
    }
}

// MARK: - App structure

// Apple: https://developer.apple.com/documentation/swiftui/scene
@MainActor @preconcurrency
public protocol Scene {
    // Apple: https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype
    associatedtype Body: Scene
    // Apple: https://developer.apple.com/documentation/swiftui/scene/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

// Apple: https://developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder
public struct SceneBuilder {
    // Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
        where repeat each Content: Scene
    {
        _ShimTupleScene()
    }
}

/// Opaque stand-in for the scene that `SceneBuilder.buildBlock` returns.
public struct _ShimTupleScene: Scene {
    public typealias Body = Never
}

// Primitive scenes (Body == Never) get their `body` from here, as primitive views do.
extension Scene where Body == Never {
    @_spi(ShimInternal)
    public nonisolated var body: Never { fatalError("primitive scene \(Self.self) has no body") }
}

// Apple: https://developer.apple.com/documentation/swiftui/windowgroup
public struct WindowGroup<Content>: Scene where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

// Apple: https://developer.apple.com/documentation/swiftui/app
@MainActor @preconcurrency
public protocol App {
    // Apple: https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
    associatedtype Body: Scene
    // Apple: https://developer.apple.com/documentation/swiftui/app/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    // Apple: https://developer.apple.com/documentation/swiftui/app/init()
    @MainActor @preconcurrency init()
}

extension App {
    // Apple: https://developer.apple.com/documentation/swiftui/app/main()
    @MainActor @preconcurrency public static func main() {}
}

// Apple: https://developer.apple.com/documentation/swiftui/previewprovider
@MainActor @preconcurrency
public protocol PreviewProvider {
    // Apple: https://developer.apple.com/documentation/swiftui/previewprovider/previews-swift.associatedtype
    associatedtype Previews: View
    // Apple: https://developer.apple.com/documentation/swiftui/previewprovider/previews-swift.type.property
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}
