#if canImport(SwiftUI)
internal import Foundation
public import SwiftUI

// App-wide styling, in the manner of `ButtonStyle`: a style protocol per default view, a value
// in the environment and a modifier that sets it for a whole hierarchy. The styles describe
// what the default views show (texts, symbols, colors); to replace a default view entirely for
// one screen, pass your own view builder to the component instead.

/// The look of the default loading view (a progress view) that the components show during a
/// first load with nothing to show.
///
/// ```swift
/// struct BrandLoading: AsyncLoadingStyle {
///   func label() -> Text? { Text("Fetching…") }
/// }
/// ContentView().asyncLoadingStyle(BrandLoading())
/// ```
public protocol AsyncLoadingStyle: Sendable {
  /// A label under the progress view; `nil` shows the bare spinner.
  func label() -> Text?
}

extension AsyncLoadingStyle {
  /// No label by default.
  public func label() -> Text? { nil }
}

/// The look of the default failure view (a `ContentUnavailableView` with a retry button) that
/// the components show when a load failed and there is nothing else to show, and of the texts
/// of a paged list's footer.
///
/// ```swift
/// struct BrandFailure: AsyncFailureStyle {
///   func title(for error: any Error) -> Text { Text("Oops") }
///   func systemImage(for error: any Error) -> String { "icloud.slash" }
/// }
/// ContentView().asyncFailureStyle(BrandFailure())
/// ```
public protocol AsyncFailureStyle: Sendable {
  /// The title of the failure view.
  func title(for error: any Error) -> Text
  /// The SF Symbol of the failure view.
  func systemImage(for error: any Error) -> String
  /// The explanation under the title; by default the error's localized description.
  func message(for error: any Error) -> Text
  /// The label of the retry button.
  func retryLabel() -> Text
  /// What a paged list's footer says at the end of the list.
  func endOfListLabel() -> Text
}

extension AsyncFailureStyle {
  /// "Couldn't load".
  public func title(for error: any Error) -> Text { Text("Couldn't load") }
  /// `exclamationmark.triangle`.
  public func systemImage(for error: any Error) -> String { "exclamationmark.triangle" }
  /// The error's localized description.
  public func message(for error: any Error) -> Text { Text(verbatim: error.localizedDescription) }
  /// "Retry".
  public func retryLabel() -> Text { Text("Retry") }
  /// "No more items".
  public func endOfListLabel() -> Text { Text("No more items") }
}

/// The look of the default empty view that a component shows for a loaded, empty collection
/// with nothing more to load: texts, a symbol and the label of its Reload button.
///
/// ```swift
/// struct NoCountries: AsyncEmptyStyle {
///   func title() -> Text { Text("No countries") }
///   func systemImage() -> String { "globe" }
/// }
/// CountryList().asyncEmptyStyle(NoCountries())
/// ```
public protocol AsyncEmptyStyle: Sendable {
  /// The title of the empty view.
  func title() -> Text
  /// The SF Symbol of the empty view.
  func systemImage() -> String
  /// An explanation under the title, if any.
  func message() -> Text?
  /// The label of the Reload button, which loads again without pull-to-refresh.
  func reloadLabel() -> Text
}

extension AsyncEmptyStyle {
  /// "Nothing here".
  public func title() -> Text { Text("Nothing here") }
  /// `tray`.
  public func systemImage() -> String { "tray" }
  /// No explanation.
  public func message() -> Text? { nil }
  /// "Reload".
  public func reloadLabel() -> Text { Text("Reload") }
}

/// The look of the banner that shows a failed reload over content that stays (and of
/// ``ErrorView``).
///
/// ```swift
/// struct BrandBanner: AsyncBannerStyle {
///   func background() -> Color { Color(red: 0.6, green: 0, blue: 0.2) }
/// }
/// ContentView().asyncBannerStyle(BrandBanner())
/// ```
public protocol AsyncBannerStyle: Sendable {
  /// The edge the banner sits on.
  func edge() -> VerticalEdge
  /// The banner's background.
  func background() -> Color
  /// The color of the banner's text and buttons.
  func foreground() -> Color
  /// The label of the dismiss button.
  func dismissLabel() -> Text
  /// The label of the retry button.
  func retryLabel() -> Text
}

extension AsyncBannerStyle {
  /// The top edge.
  public func edge() -> VerticalEdge { .top }
  /// Red.
  public func background() -> Color { .red }
  /// White.
  public func foreground() -> Color { .white }
  /// "Dismiss".
  public func dismissLabel() -> Text { Text("Dismiss") }
  /// "Retry".
  public func retryLabel() -> Text { Text("Retry") }
}

/// The built-in loading style: a bare progress view.
public struct DefaultAsyncLoadingStyle: AsyncLoadingStyle {
  /// Creates the built-in style.
  public init() {}
}

/// The built-in failure style: "Couldn't load", the error's description and "Retry".
public struct DefaultAsyncFailureStyle: AsyncFailureStyle {
  /// Creates the built-in style.
  public init() {}
}

/// The built-in empty style: "Nothing here" with a tray.
public struct DefaultAsyncEmptyStyle: AsyncEmptyStyle {
  /// Creates the built-in style.
  public init() {}
}

/// The built-in banner style: white on red, at the top.
public struct DefaultAsyncBannerStyle: AsyncBannerStyle {
  /// Creates the built-in style.
  public init() {}
}

private struct AsyncLoadingStyleKey: EnvironmentKey {
  static var defaultValue: any AsyncLoadingStyle { DefaultAsyncLoadingStyle() }
}

private struct AsyncFailureStyleKey: EnvironmentKey {
  static var defaultValue: any AsyncFailureStyle { DefaultAsyncFailureStyle() }
}

private struct AsyncEmptyStyleKey: EnvironmentKey {
  static var defaultValue: any AsyncEmptyStyle { DefaultAsyncEmptyStyle() }
}

private struct AsyncBannerStyleKey: EnvironmentKey {
  static var defaultValue: any AsyncBannerStyle { DefaultAsyncBannerStyle() }
}

extension EnvironmentValues {
  /// The style of the default loading view; set it with ``SwiftUI/View/asyncLoadingStyle(_:)``.
  public var asyncLoadingStyle: any AsyncLoadingStyle {
    get { self[AsyncLoadingStyleKey.self] }
    set { self[AsyncLoadingStyleKey.self] = newValue }
  }

  /// The style of the default failure view; set it with ``SwiftUI/View/asyncFailureStyle(_:)``.
  public var asyncFailureStyle: any AsyncFailureStyle {
    get { self[AsyncFailureStyleKey.self] }
    set { self[AsyncFailureStyleKey.self] = newValue }
  }

  /// The style of the default empty view; set it with ``SwiftUI/View/asyncEmptyStyle(_:)``.
  public var asyncEmptyStyle: any AsyncEmptyStyle {
    get { self[AsyncEmptyStyleKey.self] }
    set { self[AsyncEmptyStyleKey.self] = newValue }
  }

  /// The style of the failed-reload banner; set it with ``SwiftUI/View/asyncBannerStyle(_:)``.
  public var asyncBannerStyle: any AsyncBannerStyle {
    get { self[AsyncBannerStyleKey.self] }
    set { self[AsyncBannerStyleKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the default loading view for every component in this hierarchy.
  public func asyncLoadingStyle(_ style: some AsyncLoadingStyle) -> some View {
    environment(\.asyncLoadingStyle, style)
  }

  /// Sets the style of the default failure view for every component in this hierarchy.
  public func asyncFailureStyle(_ style: some AsyncFailureStyle) -> some View {
    environment(\.asyncFailureStyle, style)
  }

  /// Sets the style of the default empty view for every component in this hierarchy.
  public func asyncEmptyStyle(_ style: some AsyncEmptyStyle) -> some View {
    environment(\.asyncEmptyStyle, style)
  }

  /// Sets the style of the failed-reload banner and ``ErrorView`` in this hierarchy.
  public func asyncBannerStyle(_ style: some AsyncBannerStyle) -> some View {
    environment(\.asyncBannerStyle, style)
  }
}
#endif
