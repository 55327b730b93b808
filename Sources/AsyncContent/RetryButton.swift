#if canImport(SwiftUI)
internal import Foundation
public import SwiftUI

/// A button that runs a refresh action and shows its progress in place (seed 003's
/// `RetryButton` with its `RefreshActionPerformer`).
///
/// By default it runs the refresh action of its environment, the one `.refreshable` sets, so
/// a retry button anywhere under a refreshable list does what pull-to-refresh does. While the
/// action runs, the label stays in the layout, hidden under a `ProgressView`, so the button
/// keeps its size; the button is disabled meanwhile. Without an action (none given and none
/// in the environment) it shows nothing.
///
/// ```swift
/// List(countries) { CountryRow(country: $0) }
///   .overlay { if failed { RetryButton() } }
///   .refreshable { await loader.reload() }
/// ```
///
/// The action runs in a task tied to the button (`task(id:)`), never a detached one: the core
/// loaders keep a load alive when the task that awaited it is cancelled.
public struct RetryButton<Label: View>: View {
  @Environment(\.refresh) private var refresh
  @State private var request = 0
  @State private var isPerforming = false
  private let isRunning: Bool
  private let action: (@Sendable () async -> Void)?
  private let label: Label

  /// Creates a retry button with a custom label.
  ///
  /// - Parameters:
  ///   - isRunning: Whether the action already runs elsewhere (a presentation's `isRetrying`):
  ///     the button shows progress and is disabled.
  ///   - action: The action to run; `nil` runs the environment's refresh action.
  ///   - label: The button's label.
  public init(
    isRunning: Bool = false,
    action: (@Sendable () async -> Void)? = nil,
    @ViewBuilder label: () -> Label
  ) {
    self.isRunning = isRunning
    self.action = action
    self.label = label()
  }

  private var showsProgress: Bool { isPerforming || isRunning }

  public var body: some View {
    if action != nil || refresh != nil {
      Button {
        request += 1
      } label: {
        ZStack {
          label.opacity(showsProgress ? 0 : 1)
          ProgressView().opacity(showsProgress ? 1 : 0)
        }
      }
      .disabled(showsProgress)
      .task(id: request) {
        guard request > 0 else { return }
        isPerforming = true
        if let action {
          await action()
        } else {
          await refresh?()
        }
        isPerforming = false
      }
    }
  }
}

extension RetryButton where Label == Text {
  /// Creates a retry button with a text label.
  ///
  /// ```swift
  /// RetryButton("Try again")
  /// RetryButton(action: { await loader.loadMore() })
  /// ```
  ///
  /// - Parameters:
  ///   - titleKey: The button's title.
  ///   - isRunning: Whether the action already runs elsewhere.
  ///   - action: The action to run; `nil` runs the environment's refresh action.
  public init(
    _ titleKey: LocalizedStringKey = "Retry",
    isRunning: Bool = false,
    action: (@Sendable () async -> Void)? = nil
  ) {
    self.init(isRunning: isRunning, action: action) { Text(titleKey) }
  }
}

/// An error with Dismiss and Retry, bound to an optional error (seed 003's `ErrorView`).
///
/// It shows nothing while the error is `nil`. Dismiss sets the binding to `nil`; Retry is a
/// ``RetryButton`` that runs the environment's refresh action. Colors and labels come from the
/// ``AsyncBannerStyle`` in the environment.
///
/// ```swift
/// List(bookmarks) { BookmarkRow(bookmark: $0) }
///   .overlay(alignment: .top) { ErrorView(error: $model.error) }
///   .refreshable { await model.reload() }
/// ```
public struct ErrorView<Failure: Error>: View {
  @Environment(\.asyncBannerStyle) private var style
  @Binding private var error: Failure?

  /// Creates an error view.
  ///
  /// - Parameter error: The error to show; Dismiss sets it to `nil`.
  public init(error: Binding<Failure?>) {
    _error = error
  }

  public var body: some View {
    if let error {
      VStack(spacing: 8) {
        Text(verbatim: error.localizedDescription)
          .font(.headline)
        HStack {
          Button {
            self.error = nil
          } label: {
            style.dismissLabel()
          }
          RetryButton {
            style.retryLabel()
          }
        }
      }
      .padding()
      .frame(maxWidth: .infinity)
      .foregroundStyle(style.foreground())
      .background(style.background())
    }
  }
}

/// Shows a failed reload as a dismissible banner over content that stays (seed 001's Case 4).
///
/// The components apply it for you; use the ``SwiftUI/View/failedReloadBanner(_:)`` modifier
/// on your own views.
struct FailedReloadBanner<Failure: Error>: ViewModifier {
  @Environment(\.asyncBannerStyle) private var style
  @State private var isDismissed = false
  let error: Failure?

  func body(content: Content) -> some View {
    content
      .safeAreaInset(edge: style.edge()) {
        ErrorView(
          error: Binding(
            get: { isDismissed ? nil : error },
            set: { newValue in isDismissed = newValue == nil }
          ))
      }
      // The next failure shows again: dismissal lasts until the banner's error goes away.
      .onChange(of: error == nil) {
        if error == nil { isDismissed = false }
      }
  }
}

extension View {
  /// Shows `error` (a reload that failed while the content stays) as a dismissible banner with
  /// Dismiss and Retry, styled by the ``AsyncBannerStyle`` in the environment.
  ///
  /// ```swift
  /// CountryList(countries: loader.phase.value ?? [])
  ///   .failedReloadBanner(loader.phase.presentation().banner)
  ///   .refreshable { await loader.reload() }
  /// ```
  ///
  /// - Parameter error: The error of the failed reload, `nil` for no banner. Retry runs the
  ///   environment's refresh action.
  public func failedReloadBanner<Failure: Error>(_ error: Failure?) -> some View {
    modifier(FailedReloadBanner(error: error))
  }
}
#endif
