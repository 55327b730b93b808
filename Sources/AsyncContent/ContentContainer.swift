#if canImport(SwiftUI)
internal import Accessibility
internal import AsyncContentCore
internal import Foundation
internal import SwiftUI

/// What a component's container needs to know about its loader besides the phase; read in
/// `body`, so Observation tracks it with the phase.
struct SourceStatus {
  /// The loader's own timing; `nil` leaves it to the environment.
  var progressTiming: ProgressTiming?
  /// The loader's clock, for the controller's progress timing.
  var clock: LoaderClock?
  /// When the value on screen was loaded, on the wall clock.
  var loadedAt: Date?
  /// Whether the loader's last load ended by a cancellation.
  var lastLoadWasCancelled = false
  /// Whether the loader's running load waits for the network.
  var isWaitingForNetwork = false

  /// A source that is not a loader (a phase driven by hand, a loadable object of your own).
  init() {}

  /// The status of `source`, when it is a loader.
  @MainActor
  init(_ source: AnyObject?) {
    guard let loader = source as? any AnyLoader else { return }
    progressTiming = loader.progressTiming
    clock = loader.clock
    loadedAt = loader.loadedDate
    lastLoadWasCancelled = loader.lastLoadWasCancelled
    isWaitingForNetwork = loader.isWaitingForNetwork
  }
}

/// The stable view every component renders through: it forwards the component's lifecycle to
/// its ``ContentController`` and renders what the controller decides; the branches it switches
/// between own no work.
struct ContentContainer<
  Value, Failure: Error, Content: View, Idle: View, Loading: View, FailureContent: View,
  Empty: View
>: View {
  let presentation: Presentation<Value, Failure>
  let kind: PhaseKind?
  let source: ObjectIdentifier?
  let status: SourceStatus
  let placeholder: Value?
  let actions: LoadActions
  let content: (Value) -> Content
  let idle: Idle
  let loading: Loading
  let failure: (Failure, Bool) -> FailureContent
  let empty: Empty
  /// The state that keeps the controller when the component keeps it (a ``PagingSection``);
  /// `nil` keeps it in the container's own state.
  var controllerStorage: State<ContentController?>? = nil

  @Environment(\.asyncBannerPolicy) private var bannerPolicy
  @Environment(\.isAsyncPullToRefreshEnabled) private var isPullToRefreshEnabled
  @Environment(\.asyncProgressTiming) private var appProgressTiming
  @Environment(\.asyncDefaultStrings) private var strings
  @Environment(\.asyncAnnouncementStyle) private var announcementStyle
  /// Made on first use, so a parent's re-render allocates nothing here.
  @State private var controller: ContentController?

  private var state: ContentState {
    let timing = status.progressTiming ?? appProgressTiming
    guard let kind else {
      return ContentState(
        source: source, presentation: presentation, bannerPolicy: bannerPolicy,
        progressTiming: timing)
    }
    return ContentState(
      source: source, kind: kind, hasBanner: presentation.banner != nil,
      bannerPolicy: bannerPolicy, progressTiming: timing,
      announcement: Announcement.Snapshot(
        presentation, kind: kind, isCancellation: status.lastLoadWasCancelled,
        message: { strings.message(for: $0) }))
  }

  var body: some View {
    let handle = ContentControllerHandle(controllerStorage ?? _controller, clock: status.clock)
    let actions = actions
    let state = state
    let display =
      handle.current()?.display(for: state)
      ?? ProgressController.initialDisplay(for: state.progressKind, timing: state.progressTiming)
    let shown = presentation.calmed(display, placeholder: placeholder)
    let announce = announcer
    PresentationBody(
      presentation: shown,
      showsNothing: display == .nothing,
      banner: visibleBanner(shown),
      loadedAt: status.loadedAt,
      retry: AsyncRetryAction { await handle.resolve().retry(actions) },
      reload: AsyncRetryAction { await handle.resolve().reload(actions) },
      dismissBanner: {
        handle.resolve().banner.dismiss()
        actions.dismissError()
      },
      content: content, idle: idle, loading: loading, failure: failure, empty: empty
    )
    .environment(\.asyncContentController, handle)
    .modifier(
      PullToRefresh(isEnabled: isPullToRefreshEnabled) {
        await handle.resolve().refresh(actions)
      }
    )
    .onAppear {
      let controller = handle.resolve()
      controller.announce = announce
      controller.appeared(state, actions: actions)
    }
    .onDisappear { handle.current()?.disappeared() }
    .onChange(of: state) {
      // The hook of this render: the environment's default texts and announcement style now.
      let controller = handle.resolve()
      controller.announce = announce
      controller.changed(to: state, actions: actions)
    }
  }

  /// Posts an announcement to VoiceOver: the announcement style's text in the default texts'
  /// language, at the core's priority, unless `AnnouncementGate` heard it just now.
  private var announcer: @MainActor (Announcement) -> Void {
    let strings = strings
    let style = announcementStyle
    return { announcement in
      guard let text = style.text(for: announcement, strings: strings), !text.isEmpty,
        // Many containers that say the same together (a grid of cards landing) say it once.
        AnnouncementGate.shared.admits(text)
      else { return }
      var spoken = AttributedString(text)
      spoken.accessibilitySpeechAnnouncementPriority = .init(announcement.priority)
      AccessibilityNotification.Announcement(spoken).post()
    }
  }

  /// The banner after the controller's policy and dismissal; before the controller exists,
  /// the policy alone.
  private func visibleBanner(_ shown: Presentation<Value, Failure>) -> Failure? {
    if let controller = controllerStorage?.wrappedValue ?? controller {
      return controller.banner.visible(shown.banner)
    }
    return bannerPolicy == .off ? nil : shown.banner
  }
}

/// Attaches pull-to-refresh when it is enabled.
struct PullToRefresh: ViewModifier {
  let isEnabled: Bool
  let action: @Sendable () async -> Void

  func body(content: Content) -> some View {
    if isEnabled {
      content.refreshable(action: action)
    } else {
      content
    }
  }
}

/// The switch over a presentation's body, shared by every component. Each branch gets the
/// retry action meant for it, and nothing here starts work.
struct PresentationBody<
  Value, Failure: Error, Content: View, Idle: View, Loading: View, FailureContent: View,
  Empty: View
>: View {
  let presentation: Presentation<Value, Failure>
  /// Whether a first load is within its progress delay: the idle branch shows nothing at all,
  /// not even a custom idle view.
  let showsNothing: Bool
  let banner: Failure?
  /// When the value under the banner was loaded, for the banner's "Showing data from …".
  let loadedAt: Date?
  let retry: AsyncRetryAction
  let reload: AsyncRetryAction
  let dismissBanner: @MainActor () -> Void
  let content: (Value) -> Content
  let idle: Idle
  let loading: Loading
  let failure: (Failure, Bool) -> FailureContent
  let empty: Empty

  var body: some View {
    switch presentation.body {
    case .idle:
      if showsNothing {
        Color.clear
      } else {
        idle
      }
    case .progress:
      loading
        .environment(\.isAsyncWaitingForNetwork, presentation.isWaitingForNetwork)
    case .content(let value, let isPlaceholder):
      // One branch for the placeholder and the real content: same structural identity. The
      // placeholder's rows are hidden from VoiceOver, which meets one "Loading" element instead.
      content(value)
        .redacted(reason: isPlaceholder ? .placeholder : [])
        .disabled(isPlaceholder)
        .modifier(PlaceholderAccessibility(readsAs: presentation.contentAccessibility))
        .modifier(NetworkWaitNote(isWaiting: presentation.isWaitingForNetwork && banner == nil))
        .modifier(
          BannerInset(error: banner, loadedAt: loadedAt, retry: retry, dismiss: dismissBanner))
    case .empty:
      empty
        .environment(\.asyncRetry, reload)
        .modifier(NetworkWaitNote(isWaiting: presentation.isWaitingForNetwork && banner == nil))
        .modifier(
          BannerInset(error: banner, loadedAt: loadedAt, retry: retry, dismiss: dismissBanner))
    case .failure(let error, let isRetrying):
      failure(error, isRetrying)
        .environment(\.asyncRetry, retry)
    }
  }
}
/// What VoiceOver meets where a redacted placeholder stands: one element labeled as the loading
/// view is, instead of the placeholder's rows. Modifiers with values, never a branch, so the
/// content keeps its structural identity.
struct PlaceholderAccessibility: ViewModifier {
  let readsAs: ContentAccessibility
  @Environment(\.asyncLoadingStyle) private var style
  @Environment(\.asyncDefaultStrings) private var strings

  func body(content: Content) -> some View {
    let isLoading = readsAs == .loading
    content
      .accessibilityHidden(isLoading)
      .overlay {
        if isLoading {
          Color.clear
            .accessibilityRepresentation {
              ProgressView {
                style.label(strings: strings) ?? Text(verbatim: strings.loading)
              }
            }
        }
      }
  }
}

extension AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute
  .AnnouncementPriority
{
  /// Apple's priority for the core's.
  init(_ priority: Announcement.Priority) {
    switch priority {
    case .low: self = .low
    case .default: self = .default
    case .high: self = .high
    }
  }
}
#endif
