#if canImport(SwiftUI)
public import AsyncContentCore
internal import Foundation
public import SwiftUI

// App-wide styling, in the manner of `ButtonStyle`: per default view, a style protocol, an
// environment value and a modifier that sets it for a hierarchy.

/// The look of the default loading view (a progress view) that the components show during a
/// first load with nothing to show, and of the paging footer's spinner.
///
/// The labels are the spinners' accessibility labels too: VoiceOver reads them.
///
/// ```swift
/// struct BrandLoading: AsyncLoadingStyle {
///   func label(strings: DefaultStrings) -> Text? { Text("Fetching…") }
/// }
/// ContentView().asyncLoadingStyle(BrandLoading())
/// ```
public protocol AsyncLoadingStyle: Sendable {
  /// A label under the progress view; `nil` shows the bare spinner, which VoiceOver then reads
  /// as a bare progress indicator.
  func label(strings: DefaultStrings) -> Text?
  /// A label beside the paging footer's spinner; `nil` shows the bare spinner.
  func loadingMoreLabel(strings: DefaultStrings) -> Text?
  /// A label beside the paging header's spinner (a list that pages backwards); `nil` shows the
  /// bare spinner.
  func loadingEarlierLabel(strings: DefaultStrings) -> Text?
  /// The label under the progress view while a first load waits for the network (its store
  /// knows the network to be down), and the note over the content while a reload or a page
  /// waits for it; `nil` shows the bare spinner, and no note.
  func waitingForNetworkLabel(strings: DefaultStrings) -> Text?
}

extension AsyncLoadingStyle {
  /// "Loading…", in the user's language.
  public func label(strings: DefaultStrings) -> Text? { Text(verbatim: strings.loading) }
  /// "Loading more…", in the user's language.
  public func loadingMoreLabel(strings: DefaultStrings) -> Text? {
    Text(verbatim: strings.loadingMore)
  }
  /// "Loading earlier…", in the user's language.
  public func loadingEarlierLabel(strings: DefaultStrings) -> Text? {
    Text(verbatim: strings.loadingEarlier)
  }
  /// "Waiting for the network", in the user's language.
  public func waitingForNetworkLabel(strings: DefaultStrings) -> Text? {
    Text(verbatim: strings.waitingForNetwork)
  }
}

/// The look of the default failure view (a `ContentUnavailableView` with a retry button) that
/// the components show when a load failed and there is nothing else to show, and of the texts
/// of a paged list's footer.
///
/// ```swift
/// struct BrandFailure: AsyncFailureStyle {
///   func title(for error: any Error, strings: DefaultStrings) -> Text { Text("Oops") }
///   func systemImage(for error: any Error) -> String { "icloud.slash" }
/// }
/// ContentView().asyncFailureStyle(BrandFailure())
/// ```
public protocol AsyncFailureStyle: Sendable {
  /// The title of the failure view.
  func title(for error: any Error, strings: DefaultStrings) -> Text
  /// The SF Symbol of the failure view.
  func systemImage(for error: any Error) -> String
  /// The explanation under the title; by default ``DefaultStrings/message(for:)``.
  func message(for error: any Error, strings: DefaultStrings) -> Text
  /// The label of the retry button.
  func retryLabel(strings: DefaultStrings) -> Text
  /// The title of a paged list's footer when the next page failed.
  func loadMoreFailedTitle(for error: any Error, strings: DefaultStrings) -> Text
  /// What a paged list's footer says at the end of the list.
  func endOfListLabel(strings: DefaultStrings) -> Text
  /// The title of a paged list's header when the previous page failed.
  func loadPreviousFailedTitle(for error: any Error, strings: DefaultStrings) -> Text
  /// What a paged list's header says at the start of the list.
  func startOfListLabel(strings: DefaultStrings) -> Text
}

extension AsyncFailureStyle {
  /// "Couldn't load".
  public func title(for error: any Error, strings: DefaultStrings) -> Text {
    Text(verbatim: strings.couldNotLoad)
  }
  /// `exclamationmark.triangle`.
  public func systemImage(for error: any Error) -> String { "exclamationmark.triangle" }
  /// The error's message in words a user can read, in the user's language
  /// (``DefaultStrings/message(for:)``).
  public func message(for error: any Error, strings: DefaultStrings) -> Text {
    Text(verbatim: strings.message(for: error))
  }
  /// "Retry".
  public func retryLabel(strings: DefaultStrings) -> Text { Text(verbatim: strings.retry) }
  /// "Couldn't load more".
  public func loadMoreFailedTitle(for error: any Error, strings: DefaultStrings) -> Text {
    Text(verbatim: strings.couldNotLoadMore)
  }
  /// "No more items".
  public func endOfListLabel(strings: DefaultStrings) -> Text {
    Text(verbatim: strings.noMoreItems)
  }
  /// "Couldn't load earlier items".
  public func loadPreviousFailedTitle(for error: any Error, strings: DefaultStrings) -> Text {
    Text(verbatim: strings.couldNotLoadEarlier)
  }
  /// "Start of list".
  public func startOfListLabel(strings: DefaultStrings) -> Text {
    Text(verbatim: strings.startOfList)
  }
}

/// The look of the default empty view that a component shows for a loaded, empty collection
/// with nothing more to load: texts, a symbol and the label of its Reload button.
///
/// ```swift
/// struct NoCountries: AsyncEmptyStyle {
///   func title(strings: DefaultStrings) -> Text { Text("No countries") }
///   func systemImage() -> String { "globe" }
/// }
/// CountryList().asyncEmptyStyle(NoCountries())
/// ```
public protocol AsyncEmptyStyle: Sendable {
  /// The title of the empty view.
  func title(strings: DefaultStrings) -> Text
  /// The SF Symbol of the empty view.
  func systemImage() -> String
  /// An explanation under the title, if any.
  func message(strings: DefaultStrings) -> Text?
  /// The label of the Reload button, which loads again without pull-to-refresh.
  func reloadLabel(strings: DefaultStrings) -> Text
}

extension AsyncEmptyStyle {
  /// "Nothing here".
  public func title(strings: DefaultStrings) -> Text { Text(verbatim: strings.nothingHere) }
  /// `tray`.
  public func systemImage() -> String { "tray" }
  /// No explanation.
  public func message(strings: DefaultStrings) -> Text? { nil }
  /// "Reload".
  public func reloadLabel(strings: DefaultStrings) -> Text { Text(verbatim: strings.reload) }
}

/// The look of the banner that shows a failed reload over content that stays
/// (``SwiftUI/View/failedReloadBanner(_:loadedAt:)``): "Refresh failed", how old the data on screen is, the error's message, and
/// Dismiss and Retry.
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
  /// The banner's title.
  func title(strings: DefaultStrings) -> Text
  /// The error's message under the title.
  func message(for error: any Error, strings: DefaultStrings) -> Text
  /// The label of the dismiss button.
  func dismissLabel(strings: DefaultStrings) -> Text
  /// The label of the retry button.
  func retryLabel(strings: DefaultStrings) -> Text
}

extension AsyncBannerStyle {
  /// The top edge.
  public func edge() -> VerticalEdge { .top }
  /// Red.
  public func background() -> Color { .red }
  /// White.
  public func foreground() -> Color { .white }
  /// "Refresh failed".
  public func title(strings: DefaultStrings) -> Text { Text(verbatim: strings.refreshFailed) }
  /// The error's message in words a user can read (``DefaultStrings/message(for:)``).
  public func message(for error: any Error, strings: DefaultStrings) -> Text {
    Text(verbatim: strings.message(for: error))
  }
  /// "Dismiss".
  public func dismissLabel(strings: DefaultStrings) -> Text { Text(verbatim: strings.dismiss) }
  /// "Retry".
  public func retryLabel(strings: DefaultStrings) -> Text { Text(verbatim: strings.retry) }
}

/// What VoiceOver says when a load a person waits for starts, lands or fails, in the manner of
/// the other styles: it replaces the announcements' texts, or silences them, for a whole
/// hierarchy. Set it with ``SwiftUI/View/asyncAnnouncementStyle(_:)``.
///
/// The components announce only what the person started or waits for (the first load of what
/// a screen shows, a refresh they pulled, a retry they tapped, a page they scrolled to) and
/// never the work that runs in the background. Each ``Announcement`` has a priority the package
/// chooses (a failure interrupts and is never cut off, a landing interrupts progress, progress
/// waits for VoiceOver to finish); a style decides only the words.
///
/// ```swift
/// struct CountryAnnouncements: AsyncAnnouncementStyle {
///   func text(for announcement: Announcement, strings: DefaultStrings) -> String? {
///     switch announcement {
///     case .loaded(let count?): "\(count) countries loaded"
///     case .loading: nil  // say nothing while a refresh runs
///     default: strings.announcement(announcement)
///     }
///   }
/// }
///
/// ContentView().asyncAnnouncementStyle(CountryAnnouncements())
/// ```
public protocol AsyncAnnouncementStyle: Sendable {
  /// The text VoiceOver speaks for `announcement`, or `nil` to say nothing; by default
  /// ``DefaultStrings/announcement(_:)`` in the user's language ("25 items loaded").
  ///
  /// - Parameters:
  ///   - announcement: What a load the person waits for did.
  ///   - strings: The default texts in the user's language.
  /// - Returns: The text to speak, or `nil` for silence.
  func text(for announcement: Announcement, strings: DefaultStrings) -> String?
}

extension AsyncAnnouncementStyle {
  /// The default text of the announcement, in the user's language.
  public func text(for announcement: Announcement, strings: DefaultStrings) -> String? {
    strings.announcement(announcement)
  }
}

/// The built-in announcement style: the default texts.
struct DefaultAsyncAnnouncementStyle: AsyncAnnouncementStyle {}

/// The built-in loading style: a progress view labeled "Loading…".
struct DefaultAsyncLoadingStyle: AsyncLoadingStyle {}

/// The built-in failure style: "Couldn't load", the error's message and "Retry".
struct DefaultAsyncFailureStyle: AsyncFailureStyle {}

/// The built-in empty style: "Nothing here" with a tray.
struct DefaultAsyncEmptyStyle: AsyncEmptyStyle {}

/// The built-in banner style: white on red, at the top.
struct DefaultAsyncBannerStyle: AsyncBannerStyle {}

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

private struct AsyncAnnouncementStyleKey: EnvironmentKey {
  static var defaultValue: any AsyncAnnouncementStyle { DefaultAsyncAnnouncementStyle() }
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

  /// The texts of the VoiceOver announcements; set them with
  /// ``SwiftUI/View/asyncAnnouncementStyle(_:)``.
  var asyncAnnouncementStyle: any AsyncAnnouncementStyle {
    get { self[AsyncAnnouncementStyleKey.self] }
    set { self[AsyncAnnouncementStyleKey.self] = newValue }
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

  /// Sets the style of the failed-reload banner in this hierarchy.
  public func asyncBannerStyle(_ style: some AsyncBannerStyle) -> some View {
    environment(\.asyncBannerStyle, style)
  }

  /// Sets the texts of the VoiceOver announcements of every component in this hierarchy, or
  /// turns them off: a style whose ``AsyncAnnouncementStyle/text(for:strings:)`` returns `nil`
  /// says nothing.
  ///
  /// ```swift
  /// struct Silent: AsyncAnnouncementStyle {
  ///   func text(for announcement: Announcement, strings: DefaultStrings) -> String? { nil }
  /// }
  ///
  /// ContentView().asyncAnnouncementStyle(Silent())  // the app announces on its own
  /// ```
  ///
  /// - Parameter style: The texts; the package still decides what is announced, when, and at
  ///   which priority.
  public func asyncAnnouncementStyle(_ style: some AsyncAnnouncementStyle) -> some View {
    environment(\.asyncAnnouncementStyle, style)
  }
}
#endif
