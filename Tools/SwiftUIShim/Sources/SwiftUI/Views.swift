// SwiftUI interface shim - built-in views. See Core.swift for the rules.
import Foundation

// MARK: - Support types

// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey
// SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface: `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct LocalizedStringKey : Swift.Equatable,
// Swift.ExpressibleByStringInterpolation`, and `@available(*, unavailable) extension
// LocalizedStringKey : Swift.Sendable` (issue 31, finding 1: the documentation page lists
// Sendable; the interface makes the conformance unavailable, so a key stored in a Sendable type
// or captured by a @Sendable closure is an error on a Mac: negative/neg29_…).
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    @usableFromInline let key: String
    // Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/init(_:)
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.output }

    // Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation
    // SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface. Issue 31, finding 2: there is no
    // `appendInterpolation<T: CustomStringConvertible>`; the interpolations are a `String`
    // (`StringProtocol`), the number types (`_FormatSpecifiable`), a `Text`, an
    // `AttributedString`, an `Image`, a format style's output, and an object with a formatter.
    // Only those the layer, the example and the snippets can reach are declared here
    // (negative/neg30_…: a `Bool` does not interpolate into a key).
    public struct StringInterpolation: StringInterpolationProtocol {
        @usableFromInline var output = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { output += literal }
        public mutating func appendInterpolation(_ string: String) { output += string }
        public mutating func appendInterpolation<Subject>(_ subject: Subject, formatter: Formatter? = nil) where Subject: ReferenceConvertible {}
        public mutating func appendInterpolation<Subject>(_ subject: Subject, formatter: Formatter? = nil) where Subject: NSObject {}
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
        public mutating func appendInterpolation<F>(_ input: F.FormatInput, format: F) where F: FormatStyle, F.FormatInput: Equatable, F.FormatOutput == String {}
        public mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable {}
        public mutating func appendInterpolation<T>(_ value: T, specifier: String) where T: _FormatSpecifiable {}
        @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
        public mutating func appendInterpolation(_ text: Text) {}
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
        public mutating func appendInterpolation(_ attributedString: AttributedString) {}
        @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
        public mutating func appendInterpolation(_ image: Image) {}
    }
}

@available(*, unavailable)
extension LocalizedStringKey: Sendable {}

@available(*, unavailable)
extension LocalizedStringKey.StringInterpolation: Sendable {}

// SDK: the number overloads of SwiftUICore.swiftinterface (iPhoneOS18.0.sdk) take
// `Foundation._FormatSpecifiable` (issue 31, finding 2). Apple's Foundation declares `_FormatSpecifiable` (the number types' printf specifier), which
// `LocalizedStringKey.StringInterpolation.appendInterpolation(_:)` takes; swift-corelibs-foundation
// lacks it, so the shim declares it with the conformances of Apple's Foundation.
public protocol _FormatSpecifiable: Equatable {
    associatedtype _Arg: CVarArg
    var _arg: _Arg { get }
    var _specifier: String { get }
}
extension Int: _FormatSpecifiable { public var _arg: Int { self }; public var _specifier: String { "%ld" } }
extension Int8: _FormatSpecifiable { public var _arg: Int32 { Int32(self) }; public var _specifier: String { "%d" } }
extension Int16: _FormatSpecifiable { public var _arg: Int32 { Int32(self) }; public var _specifier: String { "%d" } }
extension Int32: _FormatSpecifiable { public var _arg: Int32 { self }; public var _specifier: String { "%d" } }
extension Int64: _FormatSpecifiable { public var _arg: Int64 { self }; public var _specifier: String { "%lld" } }
extension UInt: _FormatSpecifiable { public var _arg: UInt { self }; public var _specifier: String { "%lu" } }
extension UInt8: _FormatSpecifiable { public var _arg: UInt32 { UInt32(self) }; public var _specifier: String { "%u" } }
extension UInt16: _FormatSpecifiable { public var _arg: UInt32 { UInt32(self) }; public var _specifier: String { "%u" } }
extension UInt32: _FormatSpecifiable { public var _arg: UInt32 { self }; public var _specifier: String { "%u" } }
extension UInt64: _FormatSpecifiable { public var _arg: UInt64 { self }; public var _specifier: String { "%llu" } }
extension Float: _FormatSpecifiable { public var _arg: Float { self }; public var _specifier: String { "%f" } }
extension Double: _FormatSpecifiable { public var _arg: Double { self }; public var _specifier: String { "%lf" } }

// The alignments' stored `key: AlignmentKey`, their `init(_ id: any AlignmentID.Type)` and `==`
// are not declared (nothing here lays out views); the shim stores an `id` of its own. Their
// `Sendable`, which the shim declares on the type, is in the interface's list of conformances
// at its end (`extension … : Swift.Sendable {}`, sdk-crosscheck/swiftuicore.md rows 73–75).

// Apple: https://developer.apple.com/documentation/swiftui/horizontalalignment
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~496k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS
// 6.0, *) @frozen public struct HorizontalAlignment : Swift.Equatable`
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    let id: Int
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~498k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS
// 6.0, *) extension SwiftUICore.HorizontalAlignment { public static let leading:
// SwiftUICore.HorizontalAlignment; public static let center: …; public static let trailing: … }`
// (the values are the shim's own)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension HorizontalAlignment {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~498k): `public static let leading: HorizontalAlignment`
    public static let leading: HorizontalAlignment = HorizontalAlignment(id: 0)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~498k): `public static let center: HorizontalAlignment`
    public static let center: HorizontalAlignment = HorizontalAlignment(id: 1)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~498k): `public static let trailing: HorizontalAlignment`
    public static let trailing: HorizontalAlignment = HorizontalAlignment(id: 2)
}

// Apple: https://developer.apple.com/documentation/swiftui/verticalalignment
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~497k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS
// 6.0, *) @frozen public struct VerticalAlignment : Swift.Equatable`
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct VerticalAlignment: Equatable, Sendable {
    let id: Int
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS
// 6.0, *) extension SwiftUICore.VerticalAlignment { public static let top: …; center; bottom;
// firstTextBaseline; lastTextBaseline }` (the shim declares the first three)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension VerticalAlignment {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `public static let top: VerticalAlignment`
    public static let top: VerticalAlignment = VerticalAlignment(id: 0)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `public static let center: VerticalAlignment`
    public static let center: VerticalAlignment = VerticalAlignment(id: 1)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `public static let bottom: VerticalAlignment`
    public static let bottom: VerticalAlignment = VerticalAlignment(id: 2)
}

// Apple: https://developer.apple.com/documentation/swiftui/alignment
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~498k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS
// 6.0, *) @frozen public struct Alignment : Swift.Equatable { public var horizontal:
// HorizontalAlignment; public var vertical: VerticalAlignment; @inlinable public
// init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) }`
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Alignment: Equatable, Sendable {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~498k): `public var horizontal: SwiftUICore.HorizontalAlignment`
    public var horizontal: HorizontalAlignment
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~498k): `public var vertical: SwiftUICore.VerticalAlignment`
    public var vertical: VerticalAlignment
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~498k): `@inlinable public init(horizontal:
    // SwiftUICore.HorizontalAlignment, vertical: SwiftUICore.VerticalAlignment)`
    @inlinable public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS
// 6.0, *) extension SwiftUICore.Alignment { public static let center: SwiftUICore.Alignment; leading;
// trailing; top; bottom; topLeading; topTrailing; bottomLeading; bottomTrailing }` (the values
// are the shim's own)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Alignment {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `public static let center: Alignment`
    public static let center: Alignment = Alignment(horizontal: .center, vertical: .center)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `public static let leading: Alignment`
    public static let leading: Alignment = Alignment(horizontal: .leading, vertical: .center)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `public static let trailing: Alignment`
    public static let trailing: Alignment = Alignment(horizontal: .trailing, vertical: .center)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~499k): `public static let top: Alignment`
    public static let top: Alignment = Alignment(horizontal: .center, vertical: .top)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~500k): `public static let bottom: Alignment`
    public static let bottom: Alignment = Alignment(horizontal: .center, vertical: .bottom)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~500k): `public static let topLeading: Alignment`
    public static let topLeading: Alignment = Alignment(horizontal: .leading, vertical: .top)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~500k): `public static let topTrailing: Alignment`
    public static let topTrailing: Alignment = Alignment(horizontal: .trailing, vertical: .top)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~500k): `public static let bottomLeading: Alignment`
    public static let bottomLeading: Alignment = Alignment(horizontal: .leading, vertical: .bottom)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~500k): `public static let bottomTrailing: Alignment`
    public static let bottomTrailing: Alignment = Alignment(horizontal: .trailing, vertical: .bottom)
}

// Apple: https://developer.apple.com/documentation/swiftui/axis
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~118k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public enum Axis : Swift.Int8, Swift.CaseIterable { case horizontal; case
// vertical; … }` (Sendable is not in the declaration: a @frozen type's implicit conformance, which
// the interface prints in its closing list of conformances; the shim lacked the availability: added)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public enum Axis: Int8, CaseIterable, Sendable {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~118k): `case horizontal`, `case vertical`
    case horizontal, vertical
    // Apple: https://developer.apple.com/documentation/swiftui/axis/set
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~118k): `@frozen public struct Set : Swift.OptionSet
    // { public typealias Element = SwiftUICore.Axis.Set; public let rawValue: Swift.Int8; public
    // init(rawValue: Swift.Int8); public static let horizontal/vertical: SwiftUICore.Axis.Set }`
    // (Sendable implicit, as for Axis; the values of the members are the shim's own)
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/edge
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~62k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS
// 6.0, *) @frozen public enum Edge : Swift.Int8, Swift.CaseIterable { case top, leading, bottom,
// trailing; … }` (Sendable in the interface's closing list of conformances, as the crosscheck
// table records)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~62k): `case top, leading, bottom, trailing`
    case top, leading, bottom, trailing
    // Apple: https://developer.apple.com/documentation/swiftui/edge/set
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~62k): `@frozen public struct Set : Swift.OptionSet { public
    // typealias Element = SwiftUICore.Edge.Set; public let rawValue: Swift.Int8; public
    // init(rawValue: Swift.Int8); public static let top/leading/bottom/trailing/all/horizontal/vertical:
    // SwiftUICore.Edge.Set; public init(_ e: SwiftUICore.Edge) }` (the shim declares the members
    // below; their values are its own)
    @frozen public struct Set: OptionSet, Sendable {
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~62k): `public let rawValue: Swift.Int8`
        public let rawValue: Int8
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~62k): `public init(rawValue: Swift.Int8)`
        public init(rawValue: Int8) { self.rawValue = rawValue }
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~62k): `public static let all: SwiftUICore.Edge.Set`
        public static let all: Edge.Set = Set(rawValue: 15)
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~62k): `public static let horizontal: SwiftUICore.Edge.Set`
        public static let horizontal: Edge.Set = Set(rawValue: 10)
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~62k): `public static let vertical: SwiftUICore.Edge.Set`
        public static let vertical: Edge.Set = Set(rawValue: 5)
    }
}

// MARK: - Text / Image

// Apple: https://developer.apple.com/documentation/swiftui/text
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~813k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct Text : Swift.Equatable, Swift.Sendable` (View in an extension;
// not main-actor isolated).
@frozen nonisolated public struct Text: View, Equatable, Sendable {
    @usableFromInline let storage: String
    public typealias Body = Never

    // Apple: https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        storage = key.key
    }

    // Apple: https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    @_disfavoredOverload
    public init<S>(_ content: S) where S: StringProtocol { storage = String(content) }

    // Apple: https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~813k): `@inlinable public init(verbatim content: Swift.String)`
    public init(verbatim content: String) { storage = content }

    public static func == (lhs: Text, rhs: Text) -> Bool { lhs.storage == rhs.storage }
}

// Apple: https://developer.apple.com/documentation/swiftui/image
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~830k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct Image : Swift.Equatable, Swift.Sendable`, and `extension
// Image : SwiftUICore.View` (not main-actor isolated).
@frozen nonisolated public struct Image: View, Equatable, Sendable {
    @usableFromInline let name: String
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/image/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    // Apple: https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) { name = systemName }
}

// MARK: - Controls

// Apple: https://developer.apple.com/documentation/swiftui/button
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~1143k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @_Concurrency.MainActor @preconcurrency public struct Button<Label> : View
// where Label : View`; `@available(*, unavailable) extension SwiftUI.Button : Swift.Sendable`
// (the shim had it `nonisolated` and implicitly Sendable: corrected)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct Button<Label>: View where Label: View {
    public typealias Body = Never

    // Apple: https://developer.apple.com/documentation/swiftui/button/init(action:label:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1143k): `@preconcurrency nonisolated public init(action:
    // @escaping @_Concurrency.MainActor () -> Swift.Void, @ViewBuilder label: () -> Label)`
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

@available(*, unavailable)
extension Button: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
    // Apple: https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1144k): `@preconcurrency nonisolated public init(_ titleKey:
    // LocalizedStringKey, action: @escaping @_Concurrency.MainActor () -> Swift.Void)`
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}

    // Apple: https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1144k): `@preconcurrency @_disfavoredOverload nonisolated
    // public init<S>(_ title: S, action: @escaping @_Concurrency.MainActor () -> Swift.Void) where S :
    // Swift.StringProtocol`
    @preconcurrency @_disfavoredOverload nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol {}
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Button where Label == SwiftUI.Label<Text, Image> {
    // Apple: https://developer.apple.com/documentation/swiftui/button/init(_:systemimage:action:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1144k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS
    // 7.0, *) extension SwiftUI.Button where Label == SwiftUI.Label<Text, Image> {
    // @_alwaysEmitIntoClient nonisolated public init(_ titleKey: LocalizedStringKey, systemImage:
    // Swift.String, action: @escaping @_Concurrency.MainActor () -> Swift.Void) }`
    @_alwaysEmitIntoClient nonisolated public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {}
}

// Apple: https://developer.apple.com/documentation/swiftui/progressview
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~204k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) @_Concurrency.MainActor @preconcurrency public struct ProgressView<Label,
// CurrentValueLabel> : View where Label : View, CurrentValueLabel : View`; `@available(*,
// unavailable) extension SwiftUI.ProgressView : Swift.Sendable` (the shim had it `nonisolated`
// and implicitly Sendable: corrected)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public struct ProgressView<Label, CurrentValueLabel>: View where Label: View, CurrentValueLabel: View {
    public typealias Body = Never
}

@available(*, unavailable)
extension ProgressView: Sendable {}

// The four initializers sit in one extension, with the `Label` constraints on the initializers,
// as the interface has them (the shim had `init(_:)` ×2 in an extension constrained on both).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ProgressView where CurrentValueLabel == EmptyView {
    // Apple: https://developer.apple.com/documentation/swiftui/progressview/init()
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~204k): `nonisolated public init() where Label ==
    // SwiftUICore.EmptyView`
    nonisolated public init() where Label == EmptyView {}

    // Apple: https://developer.apple.com/documentation/swiftui/progressview/init(label:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~204k): `nonisolated public init(@ViewBuilder label: () ->
    // Label)`
    nonisolated public init(@ViewBuilder label: () -> Label) {}

    // Apple: https://developer.apple.com/documentation/swiftui/progressview/init(_:)-6ds5c
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~204k): `nonisolated public init(_ titleKey:
    // LocalizedStringKey) where Label == SwiftUICore.Text`
    nonisolated public init(_ titleKey: LocalizedStringKey) where Label == Text {}

    // Apple: https://developer.apple.com/documentation/swiftui/progressview/init(_:)-9xxc1
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~204k): `@_disfavoredOverload nonisolated public init<S>(_
    // title: S) where Label == SwiftUICore.Text, S : Swift.StringProtocol`
    @_disfavoredOverload nonisolated public init<S>(_ title: S) where Label == Text, S: StringProtocol {}
}

// Apple: https://developer.apple.com/documentation/swiftui/label
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~1209k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, *) @_Concurrency.MainActor @preconcurrency public struct Label<Title, Icon> : View
// where Title : View, Icon : View`; `@available(*, unavailable) extension SwiftUI.Label :
// Swift.Sendable` (the shim had it `nonisolated` and implicitly Sendable: corrected)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public struct Label<Title, Icon>: View where Title: View, Icon: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/label/init(title:icon:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1209k): `nonisolated public init(@ViewBuilder title: () ->
    // Title, @ViewBuilder icon: () -> Icon)`
    nonisolated public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}

@available(*, unavailable)
extension Label: Sendable {}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Label where Title == Text, Icon == Image {
    // Apple: https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-7vtwq
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1210k): `nonisolated public init(_ titleKey:
    // LocalizedStringKey, systemImage name: Swift.String)`
    nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}

    // Apple: https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-6ew8l
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1210k): `@_disfavoredOverload nonisolated public init<S>(_
    // title: S, systemImage name: Swift.String) where S : Swift.StringProtocol`
    @_disfavoredOverload nonisolated public init<S>(_ title: S, systemImage name: String) where S: StringProtocol {}
}

// Apple: https://developer.apple.com/documentation/swiftui/contentunavailableview
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~894k): `@available(iOS 17.0, macOS 14.0, tvOS 17.0,
// watchOS 10.0, *) @_Concurrency.MainActor @preconcurrency public struct
// ContentUnavailableView<Label, Description, Actions> : View where Label : View, Description :
// View, Actions : View`; `@available(*, unavailable) extension SwiftUI.ContentUnavailableView :
// Swift.Sendable` (the shim had it `nonisolated`, implicitly Sendable, without availability:
// corrected; iOS 17 / macOS 14 is the package's floor)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @preconcurrency public struct ContentUnavailableView<Label, Description, Actions>: View
    where Label: View, Description: View, Actions: View
{
    public typealias Body = Never

    // Apple: https://developer.apple.com/documentation/swiftui/contentunavailableview/init(label:description:actions:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~894k): `nonisolated public init(@ViewBuilder label: () ->
    // Label, @ViewBuilder description: () -> Description = { EmptyView() }, @ViewBuilder actions: ()
    // -> Actions = { EmptyView() })`
    nonisolated public init(
        @ViewBuilder label: () -> Label,
        @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {}
}

@available(*, unavailable)
extension ContentUnavailableView: Sendable {}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    // Apple: https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)-4vbsy
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~895k): `nonisolated public init(_ title: LocalizedStringKey,
    // systemImage name: Swift.String, description: SwiftUICore.Text? = nil)`
    nonisolated public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {}

    // Apple: https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)-7ynaf
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~895k): `@_disfavoredOverload nonisolated public init<S>(_
    // title: S, systemImage name: Swift.String, description: SwiftUICore.Text? = nil) where S :
    // Swift.StringProtocol`
    @_disfavoredOverload nonisolated public init<S>(_ title: S, systemImage name: String, description: Text? = nil) where S: StringProtocol {}
}

// MARK: - Containers

// Apple: https://developer.apple.com/documentation/swiftui/vstack
// SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface: `@frozen @_Concurrency.MainActor @preconcurrency`,
// its initializer `@inlinable nonisolated`, and `@available(*, unavailable) extension … : Sendable`
// (issue 31, finding 3).
@frozen @MainActor @preconcurrency public struct VStack<Content>: View where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    @inlinable nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

@available(*, unavailable)
extension VStack: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/hstack
// SDK: iPhoneOS18.0.sdk SwiftUICore.swiftinterface: `@frozen @_Concurrency.MainActor @preconcurrency`,
// its initializer `@inlinable nonisolated`, and `@available(*, unavailable) extension … : Sendable`
// (issue 31, finding 3).
@frozen @MainActor @preconcurrency public struct HStack<Content>: View where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    @inlinable nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

@available(*, unavailable)
extension HStack: Sendable {}

// Apple: https://developer.apple.com/documentation/swiftui/scrollview
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~775k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @_Concurrency.MainActor @preconcurrency public struct ScrollView<Content> : View
// where Content : View`; `@available(*, unavailable) extension SwiftUI.ScrollView :
// Swift.Sendable` (the shim had it `nonisolated` and implicitly Sendable: corrected; its
// properties `content`, `axes`, `showsIndicators` are not declared, as nothing uses them)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct ScrollView<Content>: View where Content: View {
    public typealias Body = Never
}

@available(*, unavailable)
extension ScrollView: Sendable {}

extension ScrollView {
    // Apple: https://developer.apple.com/documentation/swiftui/scrollview/init(_:content:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~776k): `extension SwiftUI.ScrollView { @available(iOS 13.0,
    // macOS 10.15, tvOS 13.0, watchOS 6.0, *) @_alwaysEmitIntoClient nonisolated public init(_ axes:
    // SwiftUICore.Axis.Set = .vertical, @ViewBuilder content: () -> Content) }`
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @_alwaysEmitIntoClient nonisolated public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {}
}

// Apple: https://developer.apple.com/documentation/swiftui/foreach
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~748k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS
// 6.0, *) public struct ForEach<Data, ID, Content> where Data : Swift.RandomAccessCollection, ID :
// Swift.Hashable { public var data: Data; public var content: (Data.Element) -> Content }` (not
// main-actor isolated); `@available(*, unavailable) extension SwiftUICore.ForEach :
// Swift.Sendable` (the shim lacked it: added)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    public var data: Data
    public var content: (Data.Element) -> Content
}

@available(*, unavailable)
extension ForEach: Sendable {}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~748k): `extension SwiftUICore.ForEach : SwiftUICore.View where
// Content : SwiftUICore.View { public typealias Body = Swift.Never }`
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated extension ForEach: View where Content: View {
    public typealias Body = Never
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    // Apple: https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-9yvxe  (Identifiable data)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~749k): `extension SwiftUICore.ForEach where ID ==
    // Data.Element.ID, Content : View, Data.Element : Swift.Identifiable { public init(_ data: Data,
    // @ViewBuilder content: @escaping (Data.Element) -> Content) }` (nonisolated, as the type is)
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach where Content: View {
    // Apple: https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~749k): `extension SwiftUICore.ForEach where Content : View {
    // public init(_ data: Data, id: Swift.KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping
    // (Data.Element) -> Content) }`
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    // Apple: https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-7ewdb  (constant range)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~750k): `extension SwiftUICore.ForEach where Data ==
    // Swift.Range<Swift.Int>, ID == Swift.Int, Content : View {
    // @_semantics("swiftui.requires_constant_range") public init(_ data: Swift.Range<Swift.Int>,
    // @ViewBuilder content: @escaping (Swift.Int) -> Content) }`
    @_semantics("swiftui.requires_constant_range") nonisolated public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/list
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~348k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @_Concurrency.MainActor @preconcurrency public struct List<SelectionValue,
// Content> : View where SelectionValue : Swift.Hashable, Content : View`; `@available(*,
// unavailable) extension SwiftUI.List : Swift.Sendable` (the shim had it `nonisolated` and
// implicitly Sendable: corrected)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    public typealias Body = Never
}

@available(*, unavailable)
extension List: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension List where SelectionValue == Never {
    // Apple: https://developer.apple.com/documentation/swiftui/list/init(content:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~362k): `nonisolated public init(@ViewBuilder content: () ->
    // Content)`
    nonisolated public init(@ViewBuilder content: () -> Content) {}

    // Apple: https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)-ptyr
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~362k): `@_alwaysEmitIntoClient nonisolated public init<Data,
    // RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    // where Content == SwiftUICore.ForEach<Data, Data.Element.ID, RowContent>, Data :
    // Swift.RandomAccessCollection, RowContent : View, Data.Element : Swift.Identifiable`
    @_alwaysEmitIntoClient nonisolated public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
        where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View,
        Data.Element: Identifiable {}
}

// Apple: https://developer.apple.com/documentation/swiftui/unitpoint
// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~428k): `@available(iOS 13.0, macOS 10.15, tvOS 13.0,
// watchOS 6.0, *) @frozen public struct UnitPoint : Swift.Hashable` (Sendable is not in the
// declaration: a @frozen type's implicit conformance, as for Axis; the shim lacked the
// availability, `init()` and nine of the ten static members: added, their values the shim's own)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct UnitPoint: Hashable, Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/x
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~428k): `public var x: CoreFoundation.CGFloat`
    public var x: CGFloat
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/y
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~428k): `public var y: CoreFoundation.CGFloat`
    public var y: CGFloat

    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/init()
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~428k): `@inlinable public init() { self.init(x: 0,
    // y: 0) }`
    @inlinable public init() {
        self.init(x: 0, y: 0)
    }

    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/init(x:y:)
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~428k): `@inlinable public init(x:
    // CoreFoundation.CGFloat, y: CoreFoundation.CGFloat)`
    @inlinable public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~428k): `public static let zero/center/leading/
    // trailing/top/bottom/topLeading/topTrailing/bottomLeading/bottomTrailing: SwiftUICore.UnitPoint`
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/zero
    public static let zero: UnitPoint = UnitPoint(x: 0, y: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/center
    public static let center: UnitPoint = UnitPoint(x: 0.5, y: 0.5)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/leading
    public static let leading: UnitPoint = UnitPoint(x: 0, y: 0.5)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/trailing
    public static let trailing: UnitPoint = UnitPoint(x: 1, y: 0.5)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/top
    public static let top: UnitPoint = UnitPoint(x: 0.5, y: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/bottom
    public static let bottom: UnitPoint = UnitPoint(x: 0.5, y: 1)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/topleading
    public static let topLeading: UnitPoint = UnitPoint(x: 0, y: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/toptrailing
    public static let topTrailing: UnitPoint = UnitPoint(x: 1, y: 0)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/bottomleading
    public static let bottomLeading: UnitPoint = UnitPoint(x: 0, y: 1)
    // Apple: https://developer.apple.com/documentation/swiftui/unitpoint/bottomtrailing
    public static let bottomTrailing: UnitPoint = UnitPoint(x: 1, y: 1)
}

// Apple: https://developer.apple.com/documentation/swiftui/scrollviewproxy
// SDK: SwiftUI.swiftinterface (iOS 18.0, ~979k): `@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS
// 7.0, *) public struct ScrollViewProxy`; `@available(*, unavailable) extension ScrollViewProxy :
// Swift.Sendable`
public struct ScrollViewProxy {
    // Apple: https://developer.apple.com/documentation/swiftui/scrollviewproxy/scrollto(_:anchor:)
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~979k): `public func scrollTo<ID>(_ id: ID, anchor:
    // SwiftUICore.UnitPoint? = nil) where ID : Swift.Hashable`
    public func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID: Hashable {}
}

// Apple: https://developer.apple.com/documentation/swiftui/scrollviewreader
// The page shows SDK 27's `@ContentBuilder`; the SDK 26 spelling `@ViewBuilder` is kept (see
// the README).
// SDK: iPhoneOS18.0.sdk SwiftUI.swiftinterface (~979k): `@frozen @_Concurrency.MainActor
// @preconcurrency`, `content` `@MainActor @preconcurrency`, the initializer `@inlinable
// nonisolated`; Sendable unavailable (issue 31, finding 3).
@frozen @MainActor @preconcurrency public struct ScrollViewReader<Content>: View where Content: View {
    public typealias Body = Never
    // Apple: https://developer.apple.com/documentation/swiftui/scrollviewreader/content
    @MainActor @preconcurrency public var content: (ScrollViewProxy) -> Content {
        get { _shimContent }
        set { _shimContent = newValue }
    }
    // Shim plumbing: the storage behind `content`, so that the nonisolated initializer (as Apple
    // declares it) can set it. nonisolated(unsafe): nothing in the shim runs.
    @usableFromInline nonisolated(unsafe) var _shimContent: (ScrollViewProxy) -> Content

    // Apple: https://developer.apple.com/documentation/swiftui/scrollviewreader/init(content:)
    @inlinable nonisolated public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        _shimContent = content
    }
}

@available(*, unavailable)
extension ScrollViewReader: Sendable {}
