#if canImport(SwiftUI)
internal import Foundation
public import SwiftUI

/// The default idle view: invisible, it starts the load when it appears (seed 002's
/// `AsyncResourceDefaultNotRequestedView`).
///
/// Inside ``LoadPhaseView`` it runs the view's `retry` action (the refresh action of its
/// environment). Inside ``AsyncLoaderView``, ``AsyncView`` and ``PagingList``, whose own
/// `.task` already starts the load when they appear, it does nothing more, so a load never
/// starts twice.
///
/// ```swift
/// LoadPhaseView(phase, retry: { await model.load() }, idle: { DefaultIdleView() }) { value in
///   Text(value)
/// }
/// ```
public struct DefaultIdleView: View {
  @Environment(\.refresh) private var refresh
  @Environment(\.asyncLoadAction) private var loadAction

  /// Creates the idle view.
  public init() {}

  public var body: some View {
    Color.clear
      .task {
        if let loadAction {
          await loadAction.run()
        } else {
          await refresh?()
        }
      }
  }
}

/// The load action a component gives its default idle view.
struct AsyncLoadAction: Sendable {
  let run: @Sendable () async -> Void

  /// For components that start the load with their own `.task`.
  static let startedElsewhere = AsyncLoadAction {}
}

private struct AsyncLoadActionKey: EnvironmentKey {
  static var defaultValue: AsyncLoadAction? { nil }
}

extension EnvironmentValues {
  /// The load action of the default idle view; `nil` runs the refresh action.
  var asyncLoadAction: AsyncLoadAction? {
    get { self[AsyncLoadActionKey.self] }
    set { self[AsyncLoadActionKey.self] = newValue }
  }
}

/// The default loading view: a progress view, with the label of the ``AsyncLoadingStyle`` in
/// the environment (seed 002's `AsyncResourceDefaultLoadingView`).
///
/// ```swift
/// DefaultLoadingView()
///   .asyncLoadingStyle(BrandLoading())
/// ```
public struct DefaultLoadingView: View {
  @Environment(\.asyncLoadingStyle) private var style

  /// Creates the loading view.
  public init() {}

  public var body: some View {
    ProgressView {
      style.label()
    }
    .frame(maxWidth: .infinity, maxHeight: .infinity)
  }
}

/// The default failure view: a `ContentUnavailableView` with the error's message and a
/// ``RetryButton`` (seed 002's `AsyncResourceDefaultFailureView`, seed 004's `ErrorView`).
///
/// The retry button runs the refresh action of the environment, which the components set to
/// their retry action. The texts and symbol come from the ``AsyncFailureStyle`` in the
/// environment.
///
/// ```swift
/// DefaultFailureView(error: URLError(.notConnectedToInternet), isRetrying: false)
///   .refreshable { await model.reload() }
/// ```
public struct DefaultFailureView: View {
  @Environment(\.asyncFailureStyle) private var style
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
        style.title(for: error)
      } icon: {
        Image(systemName: style.systemImage(for: error))
      }
    } description: {
      style.message(for: error)
    } actions: {
      RetryButton(isRunning: isRetrying) {
        style.retryLabel()
      }
    }
  }
}

/// The default empty view: a `ContentUnavailableView` with the texts of the
/// ``AsyncEmptyStyle`` in the environment, for a loaded, empty collection.
///
/// ```swift
/// DefaultEmptyView()
///   .asyncEmptyStyle(NoCountries())
/// ```
public struct DefaultEmptyView: View {
  @Environment(\.asyncEmptyStyle) private var style

  /// Creates the empty view.
  public init() {}

  public var body: some View {
    ContentUnavailableView {
      Label {
        style.title()
      } icon: {
        Image(systemName: style.systemImage())
      }
    } description: {
      style.message()
    }
  }
}
#endif
