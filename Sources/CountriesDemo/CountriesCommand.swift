import Foundation

/// The `countries` command: parses the arguments, starts the embedded server (or checks the
/// one at `--base-url`) and runs the interactive app or the script.
public enum CountriesCommand {
  /// Exit statuses, following `sysexits.h` where one fits.
  public enum ExitStatus {
    public static let success: Int32 = 0
    public static let scriptFailed: Int32 = 1
    public static let noTerminal: Int32 = 2
    public static let usage: Int32 = 64
    public static let dataError: Int32 = 65
    public static let unavailable: Int32 = 69
    public static let software: Int32 = 70
  }

  /// The hint printed when standard input or output is not a terminal and `--script` is absent.
  public static let noTerminalMessage = """
    countries: standard input and output must be a terminal for the interactive mode.
    Run the fixed scenario without a terminal instead:

        swift run --enable-all-traits countries --script

    (see `countries --help`).

    """

  /// Runs the command with the arguments after the program name and returns the exit status.
  ///
  /// - Parameters:
  ///   - isInteractive: Whether standard input and output are a terminal; read from the process
  ///     when `nil`.
  ///   - output: Receives standard output (the script transcript, the usage).
  ///   - errorOutput: Receives the error messages.
  @MainActor
  public static func run(
    arguments: [String],
    isInteractive: Bool? = nil,
    output: @escaping (String) -> Void = { Terminal.write($0) },
    errorOutput: (String) -> Void = { Terminal.writeError($0) }
  ) async -> Int32 {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      errorOutput("countries: \(error)\n\n" + Options.usage)
      return ExitStatus.usage
    }
    if options.help {
      output(Options.usage)
      return ExitStatus.success
    }
    let isInteractive =
      isInteractive ?? (Terminal.isTTY(STDIN_FILENO) && Terminal.isTTY(STDOUT_FILENO))
    guard options.script || isInteractive else {
      errorOutput(noTerminalMessage)
      return ExitStatus.noTerminal
    }

    var server: CountriesServer?
    let baseURL: URL
    if let external = options.baseURL {
      baseURL = external
    } else {
      do {
        let embedded = try CountriesServer(
          knobs: ServerKnobs(
            latencyMs: options.latencyMs ?? 0, failureRate: options.failureRate ?? 0))
        baseURL = try await embedded.start()
        server = embedded
      } catch {
        errorOutput("countries: cannot start the embedded server: \(error)\n")
        return ExitStatus.software
      }
    }
    let client = CountriesClient(baseURL: baseURL, session: CountriesClient.makeSession())
    // The store's cache: the file --cache names, kept, or a fresh temporary one, deleted at exit.
    let cache = CacheFile(path: options.cachePath)
    defer { cache.removeIfTemporary() }
    let status: Int32
    do throws(ServerCheckError) {
      // The embedded server is known to be right; a server at --base-url is checked before
      // any screen is drawn, so a wrong URL gets a clear message instead of an error screen.
      if options.baseURL != nil { try await client.check() }
      if options.script {
        output("countries --script against \(baseURL.absoluteString)\n\n")
        let result = await ScriptScenario(client: client, cache: cache, output: output).run()
        status = result.succeeded ? ExitStatus.success : ExitStatus.scriptFailed
      } else {
        let app = InteractiveApp(
          client: client, failureRate: options.failureRate ?? 0, cache: cache)
        status = await app.runInTerminal()
      }
    } catch {
      errorOutput("countries: \(error)\n")
      status = error.exitStatus
    }
    await server?.stop()
    return status
  }
}
