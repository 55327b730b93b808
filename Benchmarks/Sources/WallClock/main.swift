// Wall clock of the paging scenarios, as ratios taken in one run, for `wallclock.sh`:
//
//     WallClock [--repetitions R] [--json FILE] [--check Thresholds/wallclock.json]
//
// For each configuration (100,000 items in pages of 50, 100,000 in pages of 500, 1,000,000 in
// pages of 50) the pages are built once and each variant runs once untimed (a warm-up); then R
// repetitions (default 5, and 3 at 1,000,000 items, where the rebuild takes seconds) each time
// the loader (`pageWithLoader`), the rebuild of
// kntkymt's "[SwiftUI] enumを用いた画面の状態管理のすすめ" (`pageByRebuilding`) and the floor, one
// Task per page plus `Array.append` (`pageByTaskAndAppending`), back to back with
// `ContinuousClock`. The order rotates each repetition, so that a drift of the machine (another
// process, the CPU's clock) falls on each variant in turn. Each repetition gives the ratios
// rebuild/loader and loader/task+append; their min and median are printed, and --check compares
// the medians with the limits of a JSON file (exit 1 on a violation).
//
// Absolute times depend on the machine and on what else it runs; ratios of times taken in the
// same run much less so, which is why only ratios are checked.
//
// The main actor is served by the main run loop, as in an app and as in CallgrindProbe, rather
// than by an async top level, so that the figures match an app's.
import Foundation
import Scenarios

/// One way of paging through the same precomputed pages.
enum Variant: String, CaseIterable {
  case loader
  case rebuild
  case taskAppend

  var label: String {
    switch self {
    case .loader: "loader"
    case .rebuild: "rebuild"
    case .taskAppend: "task+append"
    }
  }

  /// Pages through `pages` and returns the number of items loaded.
  @MainActor
  func run(_ pages: [[Item]]) async -> Int {
    switch self {
    case .loader: await pageWithLoader(pages)
    case .rebuild: await pageByRebuilding(pages)
    case .taskAppend: await pageByTaskAndAppending(pages)
    }
  }
}

/// A ratio of two variants' times in the same repetition.
enum Ratio: String, CaseIterable {
  case rebuildVsLoader
  case loaderVsTaskAppend

  var label: String {
    switch self {
    case .rebuildVsLoader: "rebuild/loader"
    case .loaderVsTaskAppend: "loader/task+append"
    }
  }

  /// The ratio of two of `time`'s values.
  func value(_ time: (Variant) -> Double) -> Double {
    switch self {
    case .rebuildVsLoader: time(.rebuild) / time(.loader)
    case .loaderVsTaskAppend: time(.loader) / time(.taskAppend)
    }
  }
}

struct Configuration {
  /// The suffix of the figures' keys, as in Thresholds/wallclock.json: `100k_50`.
  let key: String
  let items: Int
  let pageSize: Int
  let defaultRepetitions: Int

  var label: String { key.replacingOccurrences(of: "_", with: " / ") }
}

let configurations = [
  Configuration(key: "100k_50", items: 100_000, pageSize: 50, defaultRepetitions: 5),
  Configuration(key: "100k_500", items: 100_000, pageSize: 500, defaultRepetitions: 5),
  Configuration(key: "1M_50", items: 1_000_000, pageSize: 50, defaultRepetitions: 3),
]

struct Summary: Codable {
  let min: Double
  let median: Double

  init(_ values: [Double]) {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    min = sorted[0]
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// All figures of one configuration, as written by --json.
struct Measurement: Codable {
  let key: String
  let items: Int
  let pageSize: Int
  let repetitions: Int
  /// The order the variants ran in, per repetition.
  let orders: [[String]]
  /// Per variant, the time of each repetition in milliseconds.
  let milliseconds: [String: [Double]]
  let millisecondsSummary: [String: Summary]
  /// Per ratio, its value in each repetition.
  let ratios: [String: [Double]]
  let ratiosSummary: [String: Summary]
}

struct Report: Codable {
  let about: String
  let configurations: [Measurement]
  /// The median ratios, keyed as in Thresholds/wallclock.json: `rebuildVsLoader_100k_50`.
  let medians: [String: Double]
}

struct Limit: Decodable {
  let min: Double?
  let max: Double?
  let target: Double?
}

struct Limits: Decodable {
  let limits: [String: Limit]
}

struct Options {
  var repetitions: Int?
  var jsonPath: String?
  var checkPath: String?
}

let usage = "usage: WallClock [--repetitions R] [--json FILE] [--check Thresholds/wallclock.json]"

/// Writes a line to standard output at once, unbuffered as `print` is not through a pipe, so
/// that the progress of a long run shows through `| tee`.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, status: Int32 = 1) -> Never {
  say(message)
  exit(status)
}

func parseOptions(_ arguments: [String]) -> Options {
  var options = Options()
  var rest = arguments[...]
  while let flag = rest.popFirst() {
    if flag == "-h" || flag == "--help" { fail(usage, status: 0) }
    guard let value = rest.popFirst() else { fail(usage, status: 64) }
    switch flag {
    case "--repetitions":
      guard let count = Int(value), count > 0 else { fail(usage, status: 64) }
      options.repetitions = count
    case "--json": options.jsonPath = value
    case "--check": options.checkPath = value
    default: fail(usage, status: 64)
    }
  }
  return options
}

func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}

/// Right-aligns `text` in `width` columns.
func right(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}

/// Left-aligns `text` in `width` columns.
func left(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(0, width - text.count))
}

func format(_ value: Double, decimals: Int = 1) -> String {
  String(format: "%.\(decimals)f", value)
}

/// Runs `variant` over `pages` once and returns its wall clock in milliseconds.
@MainActor
func time(_ variant: Variant, _ pages: [[Item]], items: Int) async -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  let loaded = await variant.run(pages)
  let elapsed = start.duration(to: clock.now)
  precondition(loaded == items, "\(variant.label) loaded \(loaded) of \(items) items")
  return milliseconds(elapsed)
}

@MainActor
func measure(_ configuration: Configuration, repetitions: Int) async -> Measurement {
  let items = configuration.items
  let pages = makePages(items: items, pageSize: configuration.pageSize)
  let plural = repetitions == 1 ? "" : "s"
  say("== \(configuration.label): warm-up, then \(repetitions) repetition\(plural)")
  for variant in Variant.allCases {
    _ = await time(variant, pages, items: items)
  }
  var times: [Variant: [Double]] = [:]
  var ratios: [Ratio: [Double]] = [:]
  var orders: [[String]] = []
  let variants = Variant.allCases
  for repetition in 0..<repetitions {
    let shift = repetition % variants.count
    let order = Array(variants[shift...] + variants[..<shift])
    var repetitionTimes: [Variant: Double] = [:]
    for variant in order {
      repetitionTimes[variant] = await time(variant, pages, items: items)
    }
    // Every variant ran, so every lookup finds its time.
    let time = { (variant: Variant) in repetitionTimes[variant, default: .nan] }
    for variant in variants { times[variant, default: []].append(time(variant)) }
    for ratio in Ratio.allCases {
      ratios[ratio, default: []].append(ratio.value(time))
    }
    orders.append(order.map(\.rawValue))
    let line = order.map { "\($0.label) \(format(time($0))) ms" }
    say("  \(repetition + 1): " + line.joined(separator: ", "))
  }
  return Measurement(
    key: configuration.key, items: items, pageSize: configuration.pageSize,
    repetitions: repetitions, orders: orders,
    milliseconds: Dictionary(uniqueKeysWithValues: times.map { ($0.key.rawValue, $0.value) }),
    millisecondsSummary: Dictionary(
      uniqueKeysWithValues: times.map { ($0.key.rawValue, Summary($0.value)) }),
    ratios: Dictionary(uniqueKeysWithValues: ratios.map { ($0.key.rawValue, $0.value) }),
    ratiosSummary: Dictionary(
      uniqueKeysWithValues: ratios.map { ($0.key.rawValue, Summary($0.value)) }))
}

/// Prints one table: a row per configuration, a min and a median column per entry.
func printTable(
  _ title: String, _ measurements: [Measurement], entries: [(key: String, label: String)],
  summaries: KeyPath<Measurement, [String: Summary]>, decimals: Int
) {
  let labelWidth = 12
  let column = 10
  say(title)
  var header = "  " + left("items/page", labelWidth) + right("reps", 5)
  var subheader = "  " + left("", labelWidth) + right("", 5)
  for entry in entries {
    header += right(entry.label, 2 * column)
    subheader += right("min", column) + right("median", column)
  }
  say(header)
  say(subheader)
  for measurement in measurements {
    var row =
      "  " + left(measurement.key.replacingOccurrences(of: "_", with: "/"), labelWidth)
      + right("\(measurement.repetitions)", 5)
    for entry in entries {
      let summary = measurement[keyPath: summaries][entry.key]
      row +=
        right(summary.map { format($0.min, decimals: decimals) } ?? "-", column)
        + right(summary.map { format($0.median, decimals: decimals) } ?? "-", column)
    }
    say(row)
  }
}

func printTables(_ measurements: [Measurement]) {
  printTable(
    "== wall clock (ms, min and median of the repetitions)", measurements,
    entries: Variant.allCases.map { ($0.rawValue, $0.label) }, summaries: \.millisecondsSummary,
    decimals: 1)
  printTable(
    "== ratios (each repetition's times, min and median)", measurements,
    entries: Ratio.allCases.map { ($0.rawValue, $0.label) }, summaries: \.ratiosSummary,
    decimals: 2)
}

func writeJSON(_ report: Report, to path: String) {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  do {
    try encoder.encode(report).write(to: URL(fileURLWithPath: path))
    say("== figures written to \(path)")
  } catch {
    fail("error: cannot write \(path): \(error)")
  }
}

func loadLimits(_ path: String) -> Limits {
  do {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try JSONDecoder().decode(Limits.self, from: data)
  } catch {
    fail("error: cannot read the limits in \(path): \(error)")
  }
}

/// Compares each median with its limit, as callgrind.sh does with its figures; returns whether
/// all are within their limits. A limit with neither min nor max is only reported.
func check(_ medians: [(key: String, value: Double)], against limits: Limits, path: String) -> Bool
{
  say("== check of the median ratios against \(path)")
  let width = 30
  var passed = true
  for key in limits.limits.keys where !medians.contains(where: { $0.key == key }) {
    say("  FAIL \(left(key, width)) no such figure")
    passed = false
  }
  for (key, value) in medians {
    guard let limit = limits.limits[key] else { continue }
    let ok = (limit.min ?? value) <= value && value <= (limit.max ?? value)
    let bounds = [("min", limit.min), ("max", limit.max)].compactMap { name, bound in
      bound.map { "\(name) \(format($0, decimals: 2))" }
    }
    var met = ""
    if let target = limit.target {
      // A ratio with a lower limit is better higher (rebuild/loader), any other lower.
      let reached = limit.min != nil ? value >= target : value <= target
      met = reached ? "target met" : "target \(format(target, decimals: 2)) NOT met"
    }
    let verdict = bounds.isEmpty ? "info" : ok ? "ok  " : "FAIL"
    let bound = bounds.isEmpty ? "(reported)" : bounds.joined(separator: " ")
    say(
      "  \(verdict) \(left(key, width)) \(right(format(value, decimals: 2), 10))"
        + " \(right(bound, 22))" + (met.isEmpty ? "" : "   \(met)"))
    passed = passed && ok
  }
  if passed {
    say("wall-clock limits: all within limits")
  } else {
    say("error: a median wall-clock ratio is outside its committed limit")
  }
  return passed
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
let limits = options.checkPath.map(loadLimits)

Task { @MainActor in
  var measurements: [Measurement] = []
  for configuration in configurations {
    let repetitions = options.repetitions ?? configuration.defaultRepetitions
    measurements.append(await measure(configuration, repetitions: repetitions))
  }
  printTables(measurements)
  let medians = measurements.flatMap { measurement in
    Ratio.allCases.compactMap { ratio in
      measurement.ratiosSummary[ratio.rawValue].map {
        (key: "\(ratio.rawValue)_\(measurement.key)", value: $0.median)
      }
    }
  }
  if let path = options.jsonPath {
    let report = Report(
      about:
        "WallClock: wall clock of the paging scenarios in milliseconds, and the ratios of each"
        + " repetition's times; the variants ran back to back, the order rotated each repetition.",
      configurations: measurements,
      medians: Dictionary(uniqueKeysWithValues: medians.map { ($0.key, $0.value) }))
    writeJSON(report, to: path)
  }
  if let limits, let path = options.checkPath, !check(medians, against: limits, path: path) {
    exit(1)
  }
  exit(0)
}
RunLoop.main.run()
