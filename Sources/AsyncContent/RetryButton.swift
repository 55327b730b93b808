#if canImport(SwiftUI)
internal import AsyncContentCore
public import Foundation
public import SwiftUI

/// A button that runs a retry and shows its progress in place (Swift by Sundell's `RetryButton`
/// with its `RefreshActionPerformer`, from "Making SwiftUI views refreshable").
///
/// Which action it runs: the one you give it; otherwise the retry of the component branch it is
/// in (a failure view's Retry, an empty state's Reload, a banner's Retry, a paging footer's
/// Retry); otherwise the environment's refresh action, the one `.refreshable` sets. While the
/// action runs, the label stays in the layout, hidden under a `ProgressView`, so the button
/// keeps its size, and the button is disabled. Without any action it shows nothing.
///
/// The tap goes to a controller that owns the action's task. The button's own
/// lifetime does not bound it: a retry that hides the banner, or swaps the footer for a
/// spinner, removes the button and the retry goes on; a button that appears again (scrolled
/// back into view, a reused cell) starts nothing.
///
/// ```swift
/// List(countries) { CountryRow(country: $0) }
///   .overlay { if failed { RetryButton() } }
///   .refreshable { await loader.reload() }
/// ```
public struct RetryButton<Label: View>: View {
  @Environment(\.asyncRetry) private var branchRetry
  @Environment(\.refresh) private var refresh
  /// Made on the first tap, so a render allocates nothing here.
  @State private var controller: ActionController?
  private let isRunning: Bool
  private let action: (@Sendable () async -> Void)?
  /// The label; `nil` for ``init(isRunning:action:)``'s "Retry" in the user's language.
  private let label: Label?

  /// Creates a retry button with a custom label.
  ///
  /// ```swift
  /// RetryButton(isRunning: isRetrying) { Image(systemName: "arrow.clockwise") }
  /// ```
  ///
  /// - Parameters:
  ///   - isRunning: Whether the action already runs elsewhere (a presentation's `isRetrying`):
  ///     the button shows progress and is disabled.
  ///   - action: The action to run; `nil` runs the retry of the branch the button is in, or
  ///     the environment's refresh action.
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

  private var resolvedAction: (@Sendable () async -> Void)? {
    if let action { return action }
    if let branchRetry { return branchRetry.run }
    if let refresh { return { await refresh() } }
    return nil
  }

  private var showsProgress: Bool { isRunning || controller?.isPerforming == true }

  public var body: some View {
    if let run = resolvedAction {
      Button {
        let performer = controller ?? ActionController()
        controller = performer
        performer.start(run)
      } label: {
        if let label {
          ProgressButtonLabel(isRunning: showsProgress, label: label)
        } else {
          ProgressButtonLabel(isRunning: showsProgress, label: DefaultRetryLabel())
        }
      }
      .disabled(showsProgress)
    }
  }
}

extension RetryButton where Label == Text {
  /// Creates a retry button with a text label of your own.
  ///
  /// ```swift
  /// RetryButton("Try again")
  /// ```
  ///
  /// - Parameters:
  ///   - titleKey: The button's title, looked up in your app's strings.
  ///   - isRunning: Whether the action already runs elsewhere.
  ///   - action: The action to run; `nil` runs the retry of the branch the button is in, or the
  ///     environment's refresh action.
  public init(
    _ titleKey: LocalizedStringKey,
    isRunning: Bool = false,
    action: (@Sendable () async -> Void)? = nil
  ) {
    self.init(isRunning: isRunning, action: action) { Text(titleKey) }
  }
}

extension RetryButton where Label == Text {
  /// Creates a retry button titled "Retry" in the user's language (the default texts' String
  /// Catalog, ``DefaultStrings/retry``), which VoiceOver reads as the button's name.
  ///
  /// ```swift
  /// RetryButton()
  /// RetryButton(action: { await loader.loadMore() })
  /// ```
  ///
  /// - Parameters:
  ///   - isRunning: Whether the action already runs elsewhere.
  ///   - action: The action to run; `nil` runs the retry of the branch the button is in, or the
  ///     environment's refresh action.
  public init(isRunning: Bool = false, action: (@Sendable () async -> Void)? = nil) {
    self.isRunning = isRunning
    self.action = action
    label = nil
  }
}

/// "Retry" in the language of the default texts (``DefaultStrings/retry``, from the
/// environment's `asyncDefaultStrings`): the label of ``RetryButton/init(isRunning:action:)``.
struct DefaultRetryLabel: View {
  @Environment(\.asyncDefaultStrings) private var strings

  var body: some View {
    Text(verbatim: strings.retry)
  }
}

/// An error with Dismiss (which sets the binding to `nil`) and Retry, bound to an optional error
/// (the error view of Swift by Sundell's "Making SwiftUI views refreshable"); apps get it
/// through ``SwiftUI/View/failedReloadBanner(_:loadedAt:)``.
struct ErrorView<Failure: Error>: View {
  @Binding private var error: Failure?
  private let loadedAt: Date?

  /// Creates an error view of `error`; `loadedAt`, when the data on screen was loaded, adds the
  /// line that says how old it is.
  init(error: Binding<Failure?>, loadedAt: Date? = nil) {
    _error = error
    self.loadedAt = loadedAt
  }

  var body: some View {
    if let error {
      ErrorBanner(error: error, loadedAt: loadedAt) { self.error = nil }
    }
  }
}

/// The banner's look: "Refresh failed", the age of the data that stays, the error's message,
/// Dismiss and Retry, styled by the ``AsyncBannerStyle``, with text styles that follow Dynamic
/// Type.
struct ErrorBanner: View {
  @Environment(\.asyncBannerStyle) private var style
  @Environment(\.asyncDefaultStrings) private var strings
  let error: any Error
  let loadedAt: Date?
  let dismiss: @MainActor () -> Void

  var body: some View {
    VStack(spacing: 8) {
      style.title(strings: strings)
        .font(.headline)
      if let loadedAt {
        AgeText(since: loadedAt) { strings.showingData(loadedAt: loadedAt, now: $0) }
          .font(.caption)
      }
      style.message(for: error, strings: strings)
        .font(.body)
      HStack {
        Button {
          dismiss()
        } label: {
          style.dismissLabel(strings: strings)
        }
        RetryButton {
          style.retryLabel(strings: strings)
        }
      }
    }
    .padding()
    .frame(maxWidth: .infinity)
    .foregroundStyle(style.foreground())
    .background(style.background())
  }
}

/// Shows a failed reload as a banner over content that stays, at the edge
/// the ``AsyncBannerStyle`` names. Whether it shows is decided before: the view only renders.
struct BannerInset<Failure: Error>: ViewModifier {
  @Environment(\.asyncBannerStyle) private var style
  let error: Failure?
  let loadedAt: Date?
  let retry: AsyncRetryAction?
  let dismiss: @MainActor () -> Void

  func body(content: Content) -> some View {
    content
      .safeAreaInset(edge: style.edge()) {
        if let error {
          ErrorBanner(error: error, loadedAt: loadedAt, dismiss: dismiss)
            .environment(\.asyncRetry, retry)
        }
      }
  }
}

/// The banner modifier for views of your own: it owns a ``BannerController``.
struct FailedReloadBanner<Failure: Error>: ViewModifier {
  @Environment(\.asyncBannerPolicy) private var policy
  /// Made on first use, so a render allocates nothing here.
  @State private var controller: BannerController?
  let error: Failure?
  let loadedAt: Date?

  private struct Key: Hashable {
    var isPresent: Bool
    var policy: BannerPolicy
  }

  func body(content: Content) -> some View {
    let visible = controller.map { $0.visible(error) } ?? (policy == .off ? nil : error)
    content
      .modifier(
        BannerInset(
          error: visible, loadedAt: loadedAt, retry: nil, dismiss: { resolve().dismiss() })
      )
      .onChange(of: Key(isPresent: error != nil, policy: policy), initial: true) {
        resolve().update(isPresent: error != nil, policy: policy)
      }
  }

  private func resolve() -> BannerController {
    if let controller { return controller }
    let made = BannerController(policy: policy)
    controller = made
    return made
  }
}

extension View {
  /// Shows `error` (a reload that failed while the content stays) as a banner with Dismiss and
  /// Retry, styled by the ``AsyncBannerStyle`` and shown as the ``BannerPolicy`` in the
  /// environment says: off, until dismissed, or for a while.
  ///
  /// ```swift
  /// CountryList(countries: loader.phase.value ?? [])
  ///   .failedReloadBanner(loader.phase.presentation().banner, loadedAt: loader.loadedDate)
  ///   .refreshable { await loader.reload() }
  /// ```
  ///
  /// - Parameters:
  ///   - error: The error of the failed reload, `nil` for no banner. Retry runs the
  ///     environment's refresh action. Dismissing hides this failure; the next one shows again.
  ///   - loadedAt: When the content that stays was loaded, for the banner's "Showing data from
  ///     5 min ago" (a loader's ``AsyncLoader/loadedDate``); `nil` leaves that line out.
  public func failedReloadBanner<Failure: Error>(
    _ error: Failure?, loadedAt: Date? = nil
  )
    -> some View
  {
    modifier(FailedReloadBanner(error: error, loadedAt: loadedAt))
  }
}
#endif
