package import Foundation

/// Reads an HTTP `Retry-After` header (RFC 9110, section 10.2.3): a number of seconds, or an
/// HTTP-date.
package enum RetryAfterHeader {
  /// The wait `header` asks for, or `nil` when there is none or it does not parse; an
  /// HTTP-date is measured from the response's `Date` header when there is one, else `now`.
  package static func delay(
    _ header: String?, responseDate: String?, now: Date = Date()
  ) -> Duration? {
    guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else {
      return nil
    }
    if header.allSatisfy(\.isASCIIDigit) {
      // Too many digits for an Int is more than any wait: the policy caps it anyway.
      return .seconds(Int(header) ?? Int.max)
    }
    guard let date = httpDate(header) else { return nil }
    let reference = responseDate.flatMap(httpDate) ?? now
    let seconds = date.timeIntervalSince(reference)
    return seconds > 0 ? .seconds(seconds) : .zero
  }

  /// Parses the three HTTP-date forms RFC 9110 names: the IMF-fixdate
  /// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
  /// (`Sunday, 06-Nov-94 08:49:37 GMT`) and ANSI C's asctime (`Sun Nov  6 08:49:37 1994`).
  package static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    let text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    for format in [
      "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ] {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
