#if canImport(SwiftUI)
internal import AsyncContentCore
public import Foundation
public import SwiftUI

/// "Updated 3 min ago": how old the data on screen is, in the user's language, kept current
/// while it shows.
///
/// Give it the date of the value, a loader's ``AsyncLoader/loadedDate``; it shows nothing while
/// no value has loaded. The text is the default texts' (``DefaultStrings/updated(at:now:)``),
/// the same words the failed-reload banner and the terminal demo use, in the four languages of
/// the String Catalog, in a text style that follows Dynamic Type.
///
/// ```swift
/// List(countries) { CountryRow(country: $0) }
///   .safeAreaInset(edge: .bottom) { UpdatedLabel(loadedAt: loader.loadedDate) }
/// ```
///
/// It redraws only when its text changes: every second for the first minute, every minute for
/// the first hour, then every hour, with a
/// `TimelineView`. Apple's `Text(loadedAt, style: .relative)` (iOS 14) counts "2 hours,
/// 23 minutes" without "ago" and redraws every second, and
/// `Text(.currentDate, format: .reference(to:))` needs iOS 18; neither can say "Updated … ago"
/// in one catalog sentence, nor round as the terminal demo and the banner do.
public struct UpdatedLabel: View {
  @Environment(\.asyncDefaultStrings) private var strings
  private let loadedAt: Date?

  /// Creates a label for a value loaded at `loadedAt`.
  ///
  /// - Parameter loadedAt: When the value was loaded; `nil` shows nothing.
  public init(loadedAt: Date?) {
    self.loadedAt = loadedAt
  }

  public var body: some View {
    if let loadedAt {
      AgeText(since: loadedAt) { strings.updated(at: loadedAt, now: $0) }
        .font(.caption)
        .foregroundStyle(.secondary)
    }
  }
}

/// A text about the age of something that happened at `since`, redrawn when its text changes.
struct AgeText: View {
  let since: Date
  let text: (_ now: Date) -> String

  var body: some View {
    TimelineView(AgeSchedule(since: since)) { context in
      Text(verbatim: text(context.date))
    }
  }
}

/// The moments an age's text changes: now, then each ``RelativeAge/nextChange(since:after:)``.
struct AgeSchedule: TimelineSchedule {
  let since: Date

  func entries(from startDate: Date, mode: TimelineScheduleMode) -> UnfoldFirstSequence<Date> {
    sequence(first: startDate) { [since] in RelativeAge.nextChange(since: since, after: $0) }
  }
}
#endif
