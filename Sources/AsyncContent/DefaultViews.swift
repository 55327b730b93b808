#if canImport(SwiftUI)
public import AsyncContentCore
internal import Foundation
public import SwiftUI

/// The default idle view: invisible (the "not requested" view of "AsyncResourceView —
/// simplified resource loading"), the default of every `idle:` builder. It starts nothing.
@usableFromInline
package struct DefaultIdleView: View {
  /// Creates the idle view.
  @usableFromInline
  package init() {}

  @usableFromInline
  package var body: some View {
    Color.clear
  }
}

/// The default loading view: a progress view, with the label of the ``AsyncLoadingStyle`` in
/// the environment ("Loading…" in the user's language by default, which VoiceOver reads).
/// While the first load waits for the network (its store knows the network to be down), the
/// label says so: "Waiting for the network" (``AsyncLoadingStyle/waitingForNetworkLabel(strings:)``).
///
/// The components show it only when a first load outlasts its progress delay, and keep it for
/// the minimum display (``ProgressTiming``).
///
/// ```swift
/// DefaultLoadingView()
///   .asyncLoadingStyle(BrandLoading())
/// ```
public struct DefaultLoadingView: View {
  @Environment(\.asyncLoadingStyle) private var style
  @Environment(\.asyncDefaultStrings) private var strings
  @Environment(\.isAsyncWaitingForNetwork) private var isWaitingForNetwork

  /// Creates the loading view.
  public init() {}

  public var body: some View {
    ProgressView {
      if isWaitingForNetwork {
        style.waitingForNetworkLabel(strings: strings)
      } else {
        style.label(strings: strings)
      }
    }
    .frame(maxWidth: .infinity, maxHeight: .infinity)
  }
}

/// "Waiting for the network", small, at the banner's edge, over content whose reload (or page)
/// waits for the network; none when the loading style gives no label.
struct NetworkWaitNote: ViewModifier {
  @Environment(\.asyncLoadingStyle) private var style
  @Environment(\.asyncBannerStyle) private var bannerStyle
  @Environment(\.asyncDefaultStrings) private var strings
  let isWaiting: Bool

  func body(content: Content) -> some View {
    content
      .safeAreaInset(edge: bannerStyle.edge()) {
        if isWaiting, let label = style.waitingForNetworkLabel(strings: strings) {
          Label {
            label
          } icon: {
            Image(systemName: "wifi.slash")
          }
          .font(.caption)
          .foregroundStyle(.secondary)
          .padding(.vertical, 4)
          .frame(maxWidth: .infinity)
        }
      }
  }
}

/// The default failure view: a `ContentUnavailableView` with the error's message and a
/// ``RetryButton`` (the failure view of "AsyncResourceView — simplified resource loading").
///
/// The retry button runs the component's retry. The texts and symbol come from the
/// ``AsyncFailureStyle`` in the environment, in the user's language by default.
///
/// ```swift
/// DefaultFailureView(error: URLError(.notConnectedToInternet), isRetrying: false)
///   .refreshable { await model.reload() }
/// ```
public struct DefaultFailureView: View {
  @Environment(\.asyncFailureStyle) private var style
  @Environment(\.asyncDefaultStrings) private var strings
  private let error: any Error
  private let isRetrying: Bool

  /// Creates a failure view.
  ///
  /// - Parameters:
  ///   - error: The error to explain.
  ///   - isRetrying: Whether a retry runs: the retry button shows progress and disables itself.
  public init(error: any Error, isRetrying: Bool) {
    self.error = error
    self.isRetrying = isRetrying
  }

  public var body: some View {
    ContentUnavailableView {
      Label {
        style.title(for: error, strings: strings)
      } icon: {
        Image(systemName: style.systemImage(for: error))
      }
    } description: {
      style.message(for: error, strings: strings)
    } actions: {
      RetryButton(isRunning: isRetrying) {
        style.retryLabel(strings: strings)
      }
    }
  }
}

/// The default empty view: a `ContentUnavailableView` with the texts of the
/// ``AsyncEmptyStyle`` in the environment and a Reload button, for a loaded, empty collection.
///
/// Reload runs the component's reload, so an empty screen can load again without
/// pull-to-refresh (an empty state is often not in a scroll view).
///
/// ```swift
/// DefaultEmptyView()
///   .asyncEmptyStyle(NoCountries())
/// ```
public struct DefaultEmptyView: View {
  @Environment(\.asyncEmptyStyle) private var style
  @Environment(\.asyncDefaultStrings) private var strings

  /// Creates the empty view.
  public init() {}

  public var body: some View {
    ContentUnavailableView {
      Label {
        style.title(strings: strings)
      } icon: {
        Image(systemName: style.systemImage())
      }
    } description: {
      style.message(strings: strings)
    } actions: {
      RetryButton {
        style.reloadLabel(strings: strings)
      }
    }
  }
}

/// The default end of a paged list: a spinner while more can load, the load-more error with a
/// retry button, or the end of the list (kntkymt's paging footer). ``PagingList`` also draws the
/// header of a list that pages backwards with it, with the texts of the previous page.
///
/// ``PagingList`` loads the next page when its spinner shows and wires the retry button; give
/// the list a `footer:` builder to draw the footer yourself and keep that behavior.
///
/// ```swift
/// PagingList(countries) { CountryRow(country: $0) } footer: { footer in
///   DefaultFooterView(footer)
/// }
/// ```
public struct DefaultFooterView: View {
  @Environment(\.asyncFailureStyle) private var style
  @Environment(\.asyncLoadingStyle) private var loadingStyle
  @Environment(\.asyncDefaultStrings) private var strings
  private let footer: Presentation<Void, any Error>.Footer
  private let edge: PagingEdge

  /// Creates the footer for a paged list's footer state, as a `footer:` builder gets it.
  ///
  /// - Parameter footer: The footer the list's presentation says.
  public init(_ footer: Presentation<Void, any Error>.Footer) {
    self.init(footer, edge: .end)
  }

  /// Creates the footer (`edge` `.end`), or the header of a list that pages backwards
  /// (`.start`), for what the list's presentation says.
  package init(_ footer: Presentation<Void, any Error>.Footer, edge: PagingEdge) {
    self.footer = footer
    self.edge = edge
  }

  public var body: some View {
    switch footer {
    case .none:
      EmptyView()
    case .loading:
      ProgressView {
        (edge == .end
          ? loadingStyle.loadingMoreLabel(strings: strings)
          : loadingStyle.loadingEarlierLabel(strings: strings))
          .font(.caption)
      }
      .frame(maxWidth: .infinity)
    case .failed(let error):
      VStack(spacing: 8) {
        (edge == .end
          ? style.loadMoreFailedTitle(for: error, strings: strings)
          : style.loadPreviousFailedTitle(for: error, strings: strings))
          .font(.headline)
        style.message(for: error, strings: strings)
          .font(.caption)
          .foregroundStyle(.secondary)
        RetryButton {
          style.retryLabel(strings: strings)
        }
      }
      .frame(maxWidth: .infinity)
    case .endOfList:
      (edge == .end
        ? style.endOfListLabel(strings: strings) : style.startOfListLabel(strings: strings))
        .font(.caption)
        .foregroundStyle(.secondary)
        .frame(maxWidth: .infinity)
    }
  }
}
#endif
