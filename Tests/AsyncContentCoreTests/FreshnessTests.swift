import AsyncContentCore
import Foundation
import Testing

// "Updated 3 min ago" and "Showing data from 5 min ago", from fixed dates and durations, in
// every language.

/// 14 November 2023, 22:13:20 UTC: a fixed moment for the date-based tests.
private let loadedAt = Date(timeIntervalSince1970: 1_700_000_000)

@Suite struct FreshnessTests {
  @Test(arguments: [
    (0, RelativeAge.justNow), (9, .justNow), (10, .seconds(10)), (59, .seconds(59)),
    (60, .minutes(1)), (199, .minutes(3)), (3_599, .minutes(59)), (3_600, .hours(1)),
    (86_399, .hours(23)), (86_400, .days(1)), (172_800, .days(2)), (-30, .justNow),
  ])
  func theAgeRoundsDownToOneUnit(_ seconds: Int, _ expected: RelativeAge) {
    #expect(RelativeAge(.seconds(seconds)) == expected)
    #expect(
      RelativeAge(since: loadedAt, now: loadedAt.addingTimeInterval(Double(seconds))) == expected)
  }

  @Test func fractionsRoundDown() {
    #expect(RelativeAge(.milliseconds(59_999)) == .seconds(59))
    #expect(RelativeAge(since: loadedAt, now: loadedAt.addingTimeInterval(119.9)) == .minutes(1))
    #expect(
      RelativeAge(since: loadedAt, now: .distantFuture)
        == .days(Int(Date.distantFuture.timeIntervalSince(loadedAt) / 86_400)))
    #expect(RelativeAge(since: .distantFuture, now: loadedAt) == .justNow)
  }

  @Test(arguments: [
    (
      "en",
      [
        "Updated just now", "Updated 12 s ago", "Updated 3 min ago", "Updated 2 h ago",
        "Updated 1 day ago", "Updated 4 days ago",
      ]
    ),
    (
      "de",
      [
        "Gerade aktualisiert", "Vor 12 s aktualisiert", "Vor 3 Min. aktualisiert",
        "Vor 2 Std. aktualisiert", "Vor 1 Tag aktualisiert", "Vor 4 Tagen aktualisiert",
      ]
    ),
    ("ja", ["たった今更新", "12秒前に更新", "3分前に更新", "2時間前に更新", "1日前に更新", "4日前に更新"]),
    ("zh-Hans", ["刚刚更新", "12秒前更新", "3分钟前更新", "2小时前更新", "1天前更新", "4天前更新"]),
  ])
  func updatedInEveryLanguage(_ language: String, _ expected: [String]) {
    let strings = DefaultStrings(language: language)
    let ages: [Duration] = [
      .seconds(3), .seconds(12), .seconds(200), .seconds(7_300), .seconds(90_000),
      .seconds(4 * 86_400 + 5),
    ]
    #expect(ages.map(strings.updated(ago:)) == expected)
    let dates = ages.map {
      strings.updated(at: loadedAt, now: loadedAt + TimeInterval($0.components.seconds))
    }
    #expect(dates == expected)
  }

  @Test(arguments: [
    (
      "en",
      [
        "Showing data from a moment ago", "Showing data from 40 s ago",
        "Showing data from 5 min ago", "Showing data from 1 h ago", "Showing data from 2 days ago",
      ]
    ),
    (
      "de",
      [
        "Es werden die Daten von gerade eben angezeigt.", "Es werden Daten von vor 40 s angezeigt.",
        "Es werden Daten von vor 5 Min. angezeigt.", "Es werden Daten von vor 1 Std. angezeigt.",
        "Es werden Daten von vor 2 Tagen angezeigt.",
      ]
    ),
    (
      "ja",
      [
        "たった今のデータを表示しています", "40秒前のデータを表示しています", "5分前のデータを表示しています", "1時間前のデータを表示しています",
        "2日前のデータを表示しています",
      ]
    ),
    ("zh-Hans", ["正在显示刚刚的数据", "正在显示40秒前的数据", "正在显示5分钟前的数据", "正在显示1小时前的数据", "正在显示2天前的数据"]),
  ])
  func aFailedRefreshBannerSaysHowOldTheDataIs(_ language: String, _ expected: [String]) {
    let strings = DefaultStrings(language: language)
    let ages: [Duration] = [
      .seconds(1), .seconds(40), .seconds(300), .seconds(3_700), .seconds(2 * 86_400),
    ]
    #expect(ages.map(strings.showingData(ago:)) == expected)
    #expect(strings.showingData(loadedAt: loadedAt, now: loadedAt + 300) == expected[2])
  }
}
