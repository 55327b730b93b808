#if canImport(SwiftUI)
internal import AsyncContentCore
internal import SwiftUI

/// The stable view every component renders through. It stays while the phase changes, so it
/// is the one place that forwards the view's lifecycle (appear, disappear, a new source, a new
/// phase, pull-to-refresh) to the component's ``ContentController``; the branches it switches
/// between (idle, loading, content, empty, failure) own no work.
struct ContentContainer<
  Value, Failure: Error, Content: View, Idle: View, Loading: View, FailureContent: View,
  Empty: View
>: View {
  let presentation: Presentation<Value, Failure>
  let kind: PhaseKind?
  let source: ObjectIdentifier?
  let actions: LoadActions
  let content: (Value) -> Content
  let idle: Idle
  let loading: Loading
  let failure: (Failure, Bool) -> FailureContent
  let empty: Empty

  @Environment(\.asyncBannerPolicy) private var bannerPolicy
  @Environment(\.isAsyncPullToRefreshEnabled) private var isPullToRefreshEnabled
  /// Made on first use, so a parent's re-render allocates nothing here.
  @State private var controller: ContentController?

  private var state: ContentState {
    if let kind {
      ContentState(
        source: source, kind: kind, hasBanner: presentation.banner != nil,
        bannerPolicy: bannerPolicy)
    } else {
      ContentState(source: source, presentation: presentation, bannerPolicy: bannerPolicy)
    }
  }

  var body: some View {
    let handle = ContentControllerHandle(_controller)
    let actions = actions
    PresentationBody(
      presentation: presentation,
      banner: visibleBanner,
      retry: AsyncRetryAction { await handle.resolve().retry(actions) },
      reload: AsyncRetryAction { await handle.resolve().reload(actions) },
      dismissBanner: { handle.resolve().banner.dismiss() },
      content: content, idle: idle, loading: loading, failure: failure, empty: empty
    )
    .environment(\.asyncContentController, handle)
    .modifier(
      PullToRefresh(isEnabled: isPullToRefreshEnabled) {
        await handle.resolve().refresh(actions)
      }
    )
    .onAppear { handle.resolve().appeared(state, actions: actions) }
    .onDisappear { handle.current()?.disappeared() }
    .onChange(of: state) { handle.resolve().changed(to: state, actions: actions) }
  }

  /// The banner after the controller's policy and dismissal; before the controller exists,
  /// the policy alone.
  private var visibleBanner: Failure? {
    if let controller { return controller.banner.visible(presentation.banner) }
    return bannerPolicy == .off ? nil : presentation.banner
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
  let banner: Failure?
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
      idle
    case .progress:
      loading
    case .content(let value, let isPlaceholder):
      // One branch for the placeholder and the real content: same structural identity.
      content(value)
        .redacted(reason: isPlaceholder ? .placeholder : [])
        .disabled(isPlaceholder)
        .modifier(BannerInset(error: banner, retry: reload, dismiss: dismissBanner))
    case .empty:
      empty
        .environment(\.asyncRetry, reload)
        .modifier(BannerInset(error: banner, retry: reload, dismiss: dismissBanner))
    case .failure(let error, let isRetrying):
      failure(error, isRetrying)
        .environment(\.asyncRetry, retry)
    }
  }
}
#endif
