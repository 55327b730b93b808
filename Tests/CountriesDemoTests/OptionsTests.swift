import CountriesDemo
import Foundation
import Testing

@Suite("Options", .timeLimit(.minutes(1)))
struct OptionsTests {
  @Test("no arguments: interactive with the embedded server")
  func defaults() throws {
    #expect(try Options.parse([]) == Options())
  }

  @Test("every flag, with separate and inline values")
  func allFlags() throws {
    #expect(
      try Options.parse(["--script", "--latency-ms", "250", "--failure-rate=0.25"])
        == Options(script: true, latencyMs: 250, failureRate: 0.25))
    #expect(
      try Options.parse(["--base-url=http://127.0.0.1:8080"])
        == Options(baseURL: URL(string: "http://127.0.0.1:8080")))
    #expect(try Options.parse(["-h"]).help)
    #expect(try Options.parse(["--help"]).help)
  }

  @Test(
    "bad command lines name the flag",
    arguments: [
      (["--bogus"], UsageError.unknownFlag("--bogus")),
      (["-x"], .unknownFlag("-x")),
      (["extra"], .unexpectedArgument("extra")),
      (["--latency-ms"], .missingValue(flag: "--latency-ms")),
      (["--base-url", "--script"], .missingValue(flag: "--base-url")),
      (["--script=yes"], .unexpectedValue(flag: "--script")),
      (
        ["--latency-ms", "soon"],
        .invalidValue(flag: "--latency-ms", value: "soon", expected: "milliseconds from 0 to 60000")
      ),
      (
        ["--failure-rate", "1.5"],
        .invalidValue(flag: "--failure-rate", value: "1.5", expected: "a number from 0 to 1")
      ),
      (
        ["--base-url", "ftp://example.org"],
        .invalidValue(
          flag: "--base-url", value: "ftp://example.org", expected: "an http:// or https:// URL")
      ),
      (
        ["--base-url", "http://127.0.0.1:1", "--latency-ms", "5"],
        .needsEmbeddedServer(flag: "--latency-ms")
      ),
    ])
  func badArguments(arguments: [String], error: UsageError) {
    #expect(throws: error) { try Options.parse(arguments) }
  }

  @Test("messages name the flag and the expected value")
  func messages() {
    #expect(UsageError.unknownFlag("--bogus").description == "unknown flag '--bogus'")
    #expect(
      UsageError.invalidValue(flag: "--failure-rate", value: "2", expected: "a number from 0 to 1")
        .description == "invalid value '2' for --failure-rate: expected a number from 0 to 1")
  }

  @Test("an unknown flag exits 64 with the message and the usage on stderr")
  @MainActor
  func unknownFlagExits64() async {
    var output = ""
    var errors = ""
    let status = await CountriesCommand.run(
      arguments: ["--frobnicate"], isInteractive: true, output: { output += $0 },
      errorOutput: { errors += $0 })
    #expect(status == 64)
    #expect(output.isEmpty)
    #expect(errors.hasPrefix("countries: unknown flag '--frobnicate'\n"))
    #expect(errors.contains("USAGE: countries"))
  }

  @Test("without a terminal and without --script it explains --script and exits 2")
  @MainActor
  func noTerminal() async {
    var errors = ""
    let status = await CountriesCommand.run(
      arguments: [], isInteractive: false, output: { _ in }, errorOutput: { errors += $0 })
    #expect(status == 2)
    #expect(errors.contains("swift run --enable-all-traits countries --script"))
  }

  @Test("--help prints the usage and exits 0")
  @MainActor
  func help() async {
    var output = ""
    let status = await CountriesCommand.run(
      arguments: ["--help"], isInteractive: false, output: { output += $0 }, errorOutput: { _ in })
    #expect(status == 0)
    #expect(output == Options.usage)
    // Every key of the screens is in the usage.
    for key in [
      "up/down or j/k  select", "Enter  open the selected country", "b or Esc  back to the list",
      "r  rename", "i  toggle the store inspector", "c  cancel the running rename",
    ] {
      #expect(output.contains(key), "the usage names \(key)")
    }
  }
}
