import AsyncContentCore
import Foundation
import Testing

/// The rule "a doc states no figure that no test checks": each figure the README and
/// `Benchmarks/README.md` state is read here from its source (the API baseline, the benchmark
/// thresholds, the code's defaults) and compared with the text. When a change moves a figure,
/// the failure names it and the value to write.
@Suite struct DocFigureTests {
  /// A file of the repository, by its path from the root.
  private static func read(_ path: String) throws -> String {
    try Repository.read(path)
  }

  /// The public top-level types of `module` in its API baseline, counted as
  /// `Scripts/api-baseline.sh` counts them: types, protocols and typealiases whose path has no
  /// dot (extensions and nested types don't count).
  static func topLevelTypeCount(_ module: String) throws -> Int {
    let kinds: Set<Substring> = ["class", "struct", "enum", "actor", "protocol", "typealias"]
    return try read("API/\(module).txt").split(separator: "\n").filter { line in
      guard !line.hasPrefix("//") else { return false }
      let fields = line.split(separator: "  ", maxSplits: 2, omittingEmptySubsequences: true)
      return fields.count == 3 && !fields[0].contains(".") && kinds.contains(fields[1])
    }.count
  }

  /// The README's row of the public surface says what the API baseline counts.
  @Test func theReadmeTypeCountsAreTheBaselines() throws {
    let core = try Self.topLevelTypeCount("AsyncContentCore")
    let ui = try Self.topLevelTypeCount("AsyncContent")
    #expect(core > 0 && ui > 0, "the API baseline was not found under API/")
    let row = try Self.read("README.md").split(separator: "\n").first {
      $0.hasPrefix("| Public top-level types of the two app-facing modules")
    }
    let expected = "| \(core + ui) (\(core) and \(ui)) |"
    #expect(
      row?.hasSuffix(expected) == true,
      "README.md's row of public top-level types must end with `\(expected)` (API/): \(row ?? "none")"
    )
  }

  /// The README's calm first loads are `ProgressTiming.default`.
  @Test func theReadmeProgressTimingIsTheDefault() throws {
    let readme = try Self.read("README.md")
    let delay = Self.milliseconds(ProgressTiming.default.progressDelay)
    let minimum = Self.milliseconds(ProgressTiming.default.minimumProgressDuration)
    let expected =
      "no spinner or placeholder for a first load that lands within \(delay) ms; progress that "
      + "shows stays \(minimum) ms"
    #expect(readme.contains(expected), "README.md must say: \(expected)")
  }

  /// The timeline of "The loading experience" follows from `ProgressTiming.default`: progress at
  /// the delay, and a load that lands during the minimum display shows at delay + minimum.
  /// (CalmPhaseTests check the behavior itself; this checks the article's arithmetic.)
  @Test func theLoadingExperienceTimelineIsTheDefaults() throws {
    let article = try Self.read(
      "Sources/AsyncContentCore/AsyncContentCore.docc/LoadingExperience.md")
    let delay = Self.milliseconds(ProgressTiming.default.progressDelay)
    let shown = delay + Self.milliseconds(ProgressTiming.default.minimumProgressDuration)
    for row in [
      "| 200 ms | nothing; progress at \(delay) ms; the value at \(shown) ms |",
      "| 2 s | nothing; progress at \(delay) ms; the value at 2 s |",
      "| failed at 300 ms | nothing; progress at \(delay) ms; the failure at \(shown) ms |",
    ] {
      #expect(article.contains(row), "LoadingExperience.md must have the row: \(row)")
    }
  }

  /// `duration` in whole milliseconds.
  private static func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
  }

  /// One row of a benchmark table: the figure's name, what it measured and its limit.
  struct BenchmarkRow {
    var name: String
    var measured: String
    var limit: String
  }

  /// The rows of `Benchmarks/README.md`'s tables of `Thresholds/instructions.json` figures.
  static func benchmarkRows() throws -> [BenchmarkRow] {
    try read("Benchmarks/README.md").split(separator: "\n").compactMap { line in
      guard line.hasPrefix("| `") else { return nil }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      // "", name, what it is, measured, limit, ""
      guard cells.count == 6 else { return nil }
      return BenchmarkRow(
        name: cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
        measured: cells[3], limit: cells[4])
    }
  }

  /// The numbers of `text`, without their thousands separators.
  static func numbers(in text: String) -> [String] {
    var numbers: [String] = []
    var current = ""
    for character in text + " " {
      if character.isASCII, character.isNumber {
        current.append(character)
      } else if (character == "," || character == "."), !current.isEmpty {
        current.append(character)
      } else if !current.isEmpty {
        // A separator that ends the number is punctuation ("1,200 less 200, a cache").
        while current.last == "," || current.last == "." { current.removeLast() }
        numbers.append(current.replacingOccurrences(of: ",", with: ""))
        current = ""
      }
    }
    return numbers
  }

  /// Each limit in the benchmark tables is the threshold's, and each measured figure is one the
  /// threshold's record (its `why`, or the file's `measured`) holds.
  @Test func theBenchmarkFiguresAreTheThresholds() throws {
    let source = try Self.read("Benchmarks/Thresholds/instructions.json")
    let json = try JSONSerialization.jsonObject(with: Data(source.utf8)) as? [String: Any]
    let limits = try #require(json?["limits"] as? [String: [String: Any]])
    let record = source.replacingOccurrences(of: ",", with: "")
    let rows = try Self.benchmarkRows()
    #expect(rows.count >= 20, "only \(rows.count) rows found in Benchmarks/README.md")

    for row in rows {
      for number in Self.numbers(in: row.measured) {
        #expect(
          record.contains(number),
          """
          Benchmarks/README.md: `\(row.name)` states \(number), which \
          Thresholds/instructions.json does not record
          """)
      }
      guard row.limit != "reported" else { continue }
      let limit = try #require(
        limits[row.name], "Benchmarks/README.md: `\(row.name)` has no threshold")
      let words = row.limit.split(separator: " ")
      let stated = words.count >= 2 ? Double(words[1].replacingOccurrences(of: ",", with: "")) : nil
      switch words.first {
      case "max":
        #expect(stated == (limit["max"] as? Double), "`\(row.name)`: the limit is \(limit)")
      case "min":
        #expect(stated == (limit["min"] as? Double), "`\(row.name)`: the limit is \(limit)")
      case "exactly":
        #expect(
          stated == (limit["max"] as? Double) && stated == (limit["min"] as? Double),
          "`\(row.name)`: the limit is \(limit)")
      default:
        Issue.record("`\(row.name)`: a limit reads `max N`, `min N`, `exactly N` or `reported`")
      }
    }
  }

  @Test func numbersAreReadWithoutSeparators() {
    #expect(
      Self.numbers(in: "12,605,653 in a run (1,200 less 200, 0.566)")
        == ["12605653", "1200", "200", "0.566"])
  }
}
