public import Foundation

/// The command line of `countries`, parsed by hand (no dependency).
public struct Options: Equatable, Sendable {
  /// Run the fixed scenario non-interactively and print each screen as plain text.
  public var script = false
  /// Load from this server instead of starting the embedded one.
  public var baseURL: URL?
  /// The embedded server's latency, in milliseconds.
  public var latencyMs: Int?
  /// The embedded server's random failure rate, from 0 to 1.
  public var failureRate: Double?
  /// The SQLite database file of the store's cache; `nil`: a fresh temporary file, deleted at
  /// exit.
  public var cachePath: String?
  /// Print the usage and exit.
  public var help = false

  public init(
    script: Bool = false, baseURL: URL? = nil, latencyMs: Int? = nil, failureRate: Double? = nil,
    cachePath: String? = nil, help: Bool = false
  ) {
    self.script = script
    self.baseURL = baseURL
    self.latencyMs = latencyMs
    self.failureRate = failureRate
    self.cachePath = cachePath
    self.help = help
  }

  /// The usage text printed by `--help` and after a usage error.
  public static let usage = """
    USAGE: countries [--script] [--base-url <url>] [--latency-ms <n>] [--failure-rate <0..1>]
                     [--cache <path>]

    A terminal demo of AsyncContent: a paged list of the world's countries and a detail per
    country, served by a LoaderStore (a PagedLoaderKey for the list, a LoaderKey per country)
    over HTTP from an embedded server on 127.0.0.1 (or from --base-url), with an optimistic
    rename and the store's inspector. The store follows the network: while the server is down
    (o), loads wait for the network instead of failing.

    OPTIONS:
      --script               Run the fixed scenario non-interactively, print every screen as
                             plain text and exit 0 only if every step showed what it should.
      --base-url <url>       Load from this server instead of the embedded one, for example
                             http://127.0.0.1:8080 (it must serve GET /countries,
                             GET and PUT /countries/<code>).
      --latency-ms <n>       Delay every answer of the embedded server by n milliseconds
                             (0 to 60000). The script sets its own latency.
      --failure-rate <0..1>  Fail this share of the embedded server's answers with a 500;
                             f toggles it (1 when not given). The script sets its own.
      --cache <path>         Keep the store's cache in this SQLite database file, created
                             if missing and kept at exit, so that the next run starts from
                             it. By default the cache is a fresh temporary file, deleted
                             at exit. The script empties the file first.
      -h, --help             Show this help.

    KEYS (interactive mode):
      The list:
        up/down or j/k  select        Enter  open the selected country
        PgUp/PgDn/Home/End  move      r  refresh
        space or m  load more (or retry a failed page)
        d  dismiss the failed-refresh banner
        c  cancel the running load
      A country:
        b or Esc  back to the list    Enter  reload (or retry)
        r  rename: type the name, Enter sends it, Esc gives up
        d  dismiss the failed-refresh banner
        c  cancel the running rename (rolled back) or load
      Everywhere:
        f  toggle injected failures   i  toggle the store inspector
        o  take the server down (its requests are refused; the store goes offline,
           loads wait for the network) and bring it back (loads resume)
        q or Ctrl-C  quit

    EXIT STATUS:
      0 success, 1 a script step failed, 2 no terminal (use --script), 64 usage error,
      65 the server's answer is not the expected JSON, 69 the server cannot be reached.

    """

  /// Parses the arguments after the program name.
  ///
  /// Flags take their value as the next argument or after `=` (`--latency-ms=200`).
  public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      var flag = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
          throw UsageError.missingValue(flag: flag)
        }
        defer { index += 1 }
        return arguments[index]
      }
      switch flag {
      case "--script":
        guard inlineValue == nil else { throw .unexpectedValue(flag: flag) }
        options.script = true
      case "--help", "-h":
        guard inlineValue == nil else { throw .unexpectedValue(flag: flag) }
        options.help = true
      case "--base-url":
        let text = try value()
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
          scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
          throw .invalidValue(flag: flag, value: text, expected: "an http:// or https:// URL")
        }
        options.baseURL = url
      case "--latency-ms":
        let text = try value()
        guard let number = Int(text), (0...60_000).contains(number) else {
          throw .invalidValue(flag: flag, value: text, expected: "milliseconds from 0 to 60000")
        }
        options.latencyMs = number
      case "--failure-rate":
        let text = try value()
        guard let number = Double(text), (0...1).contains(number) else {
          throw .invalidValue(flag: flag, value: text, expected: "a number from 0 to 1")
        }
        options.failureRate = number
      case "--cache":
        let text = try value()
        guard !text.isEmpty else {
          throw .invalidValue(flag: flag, value: text, expected: "a file path")
        }
        options.cachePath = text
      default:
        throw argument.hasPrefix("-") ? .unknownFlag(flag) : .unexpectedArgument(argument)
      }
    }
    if options.baseURL != nil {
      if options.latencyMs != nil { throw .needsEmbeddedServer(flag: "--latency-ms") }
      if options.failureRate != nil { throw .needsEmbeddedServer(flag: "--failure-rate") }
    }
    return options
  }
}

/// A command line that `countries` does not accept; it exits 64 after printing the message and
/// the usage.
public enum UsageError: Error, Equatable, CustomStringConvertible {
  case unknownFlag(String)
  case unexpectedArgument(String)
  case missingValue(flag: String)
  case unexpectedValue(flag: String)
  case invalidValue(flag: String, value: String, expected: String)
  case needsEmbeddedServer(flag: String)

  public var description: String {
    switch self {
    case .unknownFlag(let flag):
      "unknown flag '\(flag)'"
    case .unexpectedArgument(let argument):
      "unexpected argument '\(argument)'"
    case .missingValue(let flag):
      "\(flag) needs a value"
    case .unexpectedValue(let flag):
      "\(flag) takes no value"
    case .invalidValue(let flag, let value, let expected):
      "invalid value '\(value)' for \(flag): expected \(expected)"
    case .needsEmbeddedServer(let flag):
      "\(flag) configures the embedded server and cannot be combined with --base-url"
    }
  }
}
