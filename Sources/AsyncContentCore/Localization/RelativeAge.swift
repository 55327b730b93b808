package import Foundation

/// How old something is, in the one unit a person reads at a glance: "just now" (under 10 s,
/// or in the future), "12 s", "3 min", "2 h", "4 days". It rounds down: 59 seconds is "59 s".
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

  /// The age of something `age` old; a negative age counts as ``justNow``.
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
  package init(since date: Date, now: Date) {
    // Clamped to a million years either way, so the conversion cannot overflow.
    let interval = now.timeIntervalSince(date)
    let bounded = interval.isFinite ? min(max(interval, -3.2e13), 3.2e13) : 0
    self.init(.milliseconds(Int64(bounded * 1_000)))
  }
}

extension RelativeAge {
  /// The first moment after `now` at which the age of something that happened at `date` reads
  /// differently; a label that shows an age redraws at these moments and no others.
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
