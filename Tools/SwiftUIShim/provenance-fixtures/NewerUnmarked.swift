// Fixture for provenance-lint.py: a declaration introduced after the package's floor (iOS 18)
// whose comment lacks the marker; the lint must reject it (.ci/swiftui-typecheck checks that).
import Foundation

// Apple: https://developer.apple.com/documentation/swiftui/view/accessibilityidentifier(_:isenabled:)
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public func accessibilityIdentifier(_ identifier: String, isEnabled: Bool) {}
