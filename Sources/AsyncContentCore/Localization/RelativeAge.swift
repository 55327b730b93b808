package import Foundation

/// How old something is, in the one unit a person reads at a glance: "just now", "12 s",
/// "3 min", "2 h", "4 days".
///
/// The freshness texts ("Updated 3 min ago", "Showing data from 5 min ago") are built from it
/// by ``DefaultStrings``, in every language of the catalog. It rounds down, so a value loaded
/// 59 seconds ago is "59 s" old, not "1 min".
///
/// | Age | Unit |
/// |---|---|
/// | under 10 s, or in the future (a clock that moved back) | ``justNow`` |
/// | 10 s to 59 s | ``seconds(_:)`` |
/// | 1 min to 59 min | ``minutes(_:)`` |
/// | 1 h to 23 h | ``hours(_:)`` |
/// | 1 day or more | ``days(_:)`` |
///
/// ```swift
/// RelativeAge(.seconds(200))                                  // .minutes(3)
/// let loaded = Date(timeIntervalSince1970: 1_700_000_000)
/// RelativeAge(since: loaded, now: loaded.addingTimeInterval(12))  // .seconds(12)
/// ```
package enum RelativeAge: Hashable, Sendable {
  /// Less than ten seconds.
  case justNow
  /// 10 to 59 seconds.
  case seconds(Int)
  /// 1 to 59 minutes.
  case minutes(Int)
  /// 1 to 23 hours.
  case hours(Int)
  /// One day or more.
  case days(Int)

  /// The age of something `age` old.
  ///
  /// - Parameter age: How long ago it happened; a negative age counts as ``justNow``.
  package init(_ age: Duration) {
    let seconds = age.components.seconds
    switch seconds {
    case ..<10: self = .justNow
    case ..<60: self = .seconds(Int(seconds))
    case ..<3_600: self = .minutes(Int(seconds / 60))
    case ..<86_400: self = .hours(Int(seconds / 3_600))
    default: self = .days(Int(seconds / 86_400))
    }
  }

  /// The age at `now` of something that happened at `date`.
  ///
  /// - Parameters:
  ///   - date: When it happened, for example when a value was loaded.
  ///   - now: The moment to measure at.
  package init(since date: Date, now: Date) {
    // Clamped to a million years either way, so the conversion cannot overflow.
    let interval = now.timeIntervalSince(date)
    let bounded = interval.isFinite ? min(max(interval, -3.2e13), 3.2e13) : 0
    self.init(.milliseconds(Int64(bounded * 1_000)))
  }
}

extension RelativeAge {
  /// The first moment after `now` at which the age of something that happened at `date` reads
  /// differently: when "Updated 12 s ago" becomes "Updated 13 s ago", or "Updated 3 min ago"
  /// becomes "Updated 4 min ago".
  ///
  /// A label that shows an age redraws at these moments and at no others: every second for
  /// the first minute, every minute for the first hour, then every hour and every day. The
  /// SwiftUI layer's `UpdatedLabel` builds its timeline from it.
  ///
  /// ```swift
  /// let loaded = Date(timeIntervalSince1970: 1_700_000_000)
  /// RelativeAge.nextChange(since: loaded, after: loaded + 3)    // loaded + 10: "just now" ends
  /// RelativeAge.nextChange(since: loaded, after: loaded + 200)  // loaded + 240: 3 min → 4 min
  /// ```
  ///
  /// - Parameters:
  ///   - date: When it happened, for example when a value was loaded.
  ///   - now: The moment to look from.
  /// - Returns: The next moment the age's text changes; always later than `now`.
  package static func nextChange(since date: Date, after now: Date) -> Date {
    let age = now.timeIntervalSince(date)
    guard age.isFinite, abs(age) < 3.2e13 else { return now.addingTimeInterval(86_400) }
    let unit: TimeInterval
    switch age {
    case ..<10: return date.addingTimeInterval(10)
    case ..<60: unit = 1
    case ..<3_600: unit = 60
    case ..<86_400: unit = 3_600
    default: unit = 86_400
    }
    return date.addingTimeInterval(((age / unit).rounded(.down) + 1) * unit)
  }
}
