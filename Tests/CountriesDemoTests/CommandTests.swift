import CountriesDemo
import FlyingFox
import FlyingSocks
import Foundation
import Testing

/// Runs the command in-process and collects what it prints.
@MainActor
private func runCommand(
  _ arguments: [String], isInteractive: Bool = false
) async -> (status: Int32, output: String, errors: String) {
  var output = ""
  var errors = ""
  let status = await CountriesCommand.run(
    arguments: arguments, isInteractive: isInteractive, output: { output += $0 },
    errorOutput: { errors += $0 })
  return (status, output, errors)
}

@Suite("countries command", .timeLimit(.minutes(1)))
struct CommandTests {
  @Test("--script runs every step against the embedded server and passes")
  @MainActor
  func scriptTranscript() async throws {
    let (status, output, errors) = await runCommand(["--script"])
    #expect(errors.isEmpty)
    #expect(status == 0)
    let port = try #require(
      output.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)/).map { String($0.1) })
    let transcript = output.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:PORT")
    let count = ScriptScenario.stepCount
    #expect(count == 16)
    #expect(transcript.hasSuffix("script: \(count) passed, 0 failed\n"))
    #expect(!transcript.contains("FAIL"))
    #expect(!transcript.contains("\u{1B}"))
    let steps = [
      "first load", "page through to the end", "refresh", "a failed refresh keeps the list",
      "a failed load-more, then a retry", "a cancelled slow load", "open a country's detail by key",
      "back, and open again: cached at once, revalidated when stale",
      "an optimistic rename in the list and the detail, then success",
      "a rename while the server fails: shown at once, then rolled back",
      "renames the server refuses: typed errors, the data kept", "the store inspector",
      "relaunch offline: the list and the country from the cache, waiting for the network",
      "back online: the cached values revalidate",
      "a rename offline: shown at once, queued, sent once when the server is back",
      "a rename offline, then a relaunch: queued in the cache, replayed once when back",
    ]
    #expect(steps.count == count)
    for (index, step) in steps.enumerated() {
      #expect(transcript.contains("=== step \(index + 1)/\(count): \(step) ===\n"))
      #expect(transcript.contains("PASS step \(index + 1): \(step)\n"))
    }
    // What each step shows, in order.
    let rule = String(repeating: "─", count: 76)
    let expectedInOrder = [
      // A first load over loopback lands within the progress delay: a blank screen, then the
      // list, and never a spinner.
      "--- while the first page loads, within the 150 ms progress delay ---\n"
        + "Countries · http://127.0.0.1:PORT",
      "\(rule)\n\n\(rule)\n",
      "--- first page loaded, with no spinner ever shown ---\n"
        + "Countries · 25 loaded · Updated just now ·",
      "  🇦🇫  Afghanistan",
      "VoiceOver says: 25 countries loaded",
      "⠋ Loading more…",
      "  🇿🇼  Zimbabwe",
      "  — End of list: 249 countries —",
      "VoiceOver says: End of list: 249 countries",
      "⠋ Refreshing…",
      "(5 minutes later)",
      "Countries · 25 loaded · Updated 5 min ago ·",
      "! Refresh failed · Showing data from 5 min ago\n"
        + "  The server answered with an error (HTTP 500).\n  r: try again · d: dismiss\n",
      "VoiceOver says: Refresh failed. The earlier data stays.",
      "  ✗ Could not load more. Press m to retry.",
      "Countries · 50 loaded",
      // A slow first load: nothing within the delay, progress once it has passed.
      "--- a slow first load runs: nothing yet ---",
      "\(rule)\n\n\(rule)\n",
      "--- 150 ms later: progress ---",
      "⠋ Loading countries…",
      "Nothing loaded yet. Press r to load the countries.\n\(rule)\nLoad cancelled.",
      // Step 7: the selected row opens its country by key, a first load without a spinner.
      "▸ 🇦🇹  Austria                                       AT  AUT\n  rows 10–15 of 25\n",
      "--- ⏎ opens country(AT): its first load, within the progress delay ---\n"
        + "Countries · http://127.0.0.1:PORT",
      "\(rule)\n\n\(rule)\nb/Esc back · r rename · ⏎ reload · d dismiss · c cancel\n",
      "--- country(AT) loaded by its key ---\nCountries › Austria · Updated just now ·",
      "\(rule)\n  🇦🇹  Austria\n\n    Alpha-2 code  AT\n    Alpha-3 code  AUT\n"
        + "    Numeric code  040\n\(rule)\n",
      // Step 8: back, and open again: fresh at once, then stale at once and revalidating.
      "--- b: back to the list, the selection kept ---",
      "▸ 🇦🇹  Austria ",
      "--- ⏎ again at once: the cached country, fresh, no request ---\n"
        + "Countries › Austria · Updated just now ·",
      "(b, then 1 minute later: the country is older than the store's 30 s)\n",
      "Countries › Austria · Updated 1 min ago · ",
      "[failures: off]\n⠋ Refreshing…\n\(rule)\n  🇦🇹  Austria\n",
      "--- revalidated ---\nCountries › Austria · Updated just now ·",
      // Step 9: the name typed, then at once in the detail and the list, then the server's answer.
      "  New name: Österreich▏\n\(rule)\nType the new name · ⏎ save · Esc cancel\n",
      "Countries › Österreich · Updated just now",
      "  🇦🇹  Österreich\n",
      "\(rule)\nRenaming to “Österreich”…\n",
      "▸ 🇦🇹  Österreich                                    AT  AUT\n",
      "Renaming to “Österreich”…\n",
      "--- the server stored it: its answer written back, the list revalidating ---",
      "Renamed to “Österreich”.\n",
      // Step 10: with failures on, the new name at once, then rolled back with the reason.
      "(f: the server fails every request, failure_rate=1.0)",
      "Countries › Autriche · Updated just now",
      "[failures: on]\n\(rule)\n  🇦🇹  Autriche\n",
      "--- the server failed: the edit is rolled back ---\nCountries › Österreich",
      "  🇦🇹  Österreich\n",
      "Could not rename: The server answered with an error (HTTP 500). The name\n"
        + "stays as it was.\n",
      "▸ 🇦🇹  Österreich ",
      // Step 11: refusals are typed errors, shown; nothing changes.
      "Could not rename: The server refused the name: it must have 1 to 100\n"
        + "characters. The name stays as it was.\n",
      "Could not rename: The server has no country with the code ZZ. The name\n"
        + "stays as it was.\n",
      // Step 12: the inspector, under the detail and then under the list.
      "! Refresh failed · Showing data from 12 s ago\n",
      """
      Store inspector · 2 entries
        key          phase         age               observers  failures
        countries    loaded        12 s ago · stale  1          0
        country(AT)  reloadFailed  12 s ago · stale  1          1
      """,
      "--- b: the list, with the inspector ---",
      "  country(AT)  reloadFailed  12 s ago · stale  0          1\n",
      // Step 13: the app quits, the server goes down, and the app launches again on the same
      // cache file: the list and the country show at once, an hour old, waiting for the network.
      "(q: the app quits; its cache is written to the database file)\n"
        + "(the server goes down: its requests are refused, and the network is offline)\n"
        + "(an hour later, the app launches again: a new store and cache on the same file)\n",
      "--- at once: the list the last run showed, from the cache, waiting for the network ---\n"
        + "Countries · 25 loaded · Updated 1 h ago · htt… [server down] [failures: off]\n"
        + "⏸ Waiting for the network; the data shown stays.\n\(rule)\n",
      "▸ 🇦🇹  Österreich                                    AT  AUT\n  rows 10–15 of 25\n",
      "VoiceOver says: Waiting for the network\n",
      "--- ⏎ opens country(AT): the country from the cache at once, waiting too ---\n"
        + "Countries › Österreich · Updated 1 h ago · ht… [server down] [failures: off]\n"
        + "⏸ Waiting for the network; the data shown stays.\n\(rule)\n  🇦🇹  Österreich\n",
      // Step 14: the server returns; both revalidate.
      "(the server is back, and the network online: the waiting loads send)\n"
        + "--- revalidated: the country, updated just now ---\n"
        + "Countries › Österreich · Updated just now · http://127.0.0.… [failures: off]\n"
        + "\(rule)\n  🇦🇹  Österreich\n",
      "--- b: the list, revalidated too ---\n"
        + "Countries · 25 loaded · Updated just now · http://127.0.0.1… [failures: off]\n\(rule)\n",
      // Step 15: a rename while the server is down shows at once and is queued; it is sent when
      // the server returns, and the server applies it once.
      "(⏎ opens country(AT); the server goes down again)\n"
        + "--- r, “Republik Österreich”, ⏎ while the server is down: the new name at once, queued ---\n"
        + "Countries › Republik Österreich · Updated jus… [server down] [failures: off]\n",
      "  🇦🇹  Republik Österreich\n",
      "Queued: “Republik Österreich” is sent when the server is back.\n",
      "▸ 🇦🇹  Republik Österreich                           AT  AUT\n",
      "Queued: “Republik Österreich” is sent when the server is back.\n",
      "(the server is back, and the network online: the queued rename is sent)\n"
        + "--- the server stored it: its answer written back ---\n",
      "Renamed to “Republik Österreich”.\n",
      "(server: GET /renames lists 1 new rename(s): AT → “Republik Österreich”, "
        + "Idempotency-Key set, delivered 1×)\n",
      // Step 16: a rename queued offline survives the app's death: after the relaunch it shows
      // again, waits, and is sent once when the server returns.
      "Queued: “Österreich” is sent when the server is back.\n",
      "(the app is killed with the rename queued; the cache has it on disk)\n"
        + "(a minute later, the app launches again, the server still down)\n"
        + "--- ⏎ opens country(AT): the queued rename shows again, waiting for the network ---\n",
      "[server down] [failures: off]\n\(rule)\n  🇦🇹  Österreich\n",
      "(the server is back: the replayed rename is sent)\n--- the server stored it ---\n",
      "(server: GET /renames lists 1 new rename(s): AT → “Österreich”, "
        + "Idempotency-Key set, delivered 1×)\n",
      "\(count) passed, 0 failed",
    ]
    var rest = transcript[...]
    for expected in expectedInOrder {
      let range = try #require(rest.range(of: expected), "missing, in order: \(expected)")
      rest = rest[range.upperBound...]
    }
    let firstLoad = try #require(
      transcript.firstRange(of: "=== step 1/\(count)")
        .flatMap { start in
          transcript[start.upperBound...].firstRange(of: "=== step 2/\(count)").map {
            transcript[start.upperBound..<$0.lowerBound]
          }
        })
    #expect(!firstLoad.contains("Loading countries"), "a quick first load never shows a spinner")
    let offline = try #require(
      transcript.firstRange(of: "=== step 13/").map { transcript[$0.lowerBound...] })
    #expect(!offline.contains("✗") && !offline.contains("! Refresh failed"), "no error offline")
    #expect(!offline.contains("HTTP"), "no request failed")
    #expect(
      transcript.contains(
        """
        [failures: off]
        \(String(repeating: "─", count: 76))
          🇼🇫  Wallis and Futuna                             WF  WLF
          🇪🇭  Western Sahara                                EH  ESH
          🇾🇪  Yemen                                         YE  YEM
          🇿🇲  Zambia                                        ZM  ZMB
          🇿🇼  Zimbabwe                                      ZW  ZWE
          — End of list: 249 countries —
          rows 245–249 of 249
        """))
  }

  @Test("an unreachable --base-url: a clear message and exit 69, never a crash")
  @MainActor
  func unreachableBaseURL() async throws {
    let refusing = try RefusingPort()
    let closed = URL(string: "http://127.0.0.1:\(refusing.port)")!
    // The check runs before the terminal is touched, so the interactive mode fails the same way.
    for (mode, isInteractive) in [(["--script"], false), ([], true)] {
      let (status, output, errors) = await runCommand(
        mode + ["--base-url", closed.absoluteString], isInteractive: isInteractive)
      #expect(status == 69)
      #expect(output.isEmpty)
      #expect(errors.hasPrefix("countries: cannot reach the countries server at \(closed)"))
    }
    withExtendedLifetime(refusing) {}
  }

  @Test("a --base-url that answers HTML instead of JSON: a clear message and exit 65")
  @MainActor
  func htmlInsteadOfJSON() async throws {
    let html = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
    await html.appendRoute("GET *") { _ in
      HTTPResponse(
        statusCode: .ok, headers: [.contentType: "text/html"],
        body: Data("<!doctype html><html><body><h1>Welcome</h1></body></html>".utf8))
    }
    let task = Task { try await html.run() }
    try await html.waitUntilListening(timeout: 60)
    guard case .ip4(_, port: let port) = await html.listeningAddress else {
      Issue.record("no port")
      return
    }
    let (status, output, errors) = await runCommand([
      "--script", "--base-url", "http://127.0.0.1:\(port)",
    ])
    await html.stop()
    task.cancel()
    #expect(status == 65)
    #expect(output.isEmpty)
    #expect(errors.contains("did not answer GET /countries with the countries JSON"))
    #expect(errors.contains("not valid JSON"))
    #expect(errors.contains("<!doctype html>"))
  }

  @Test("a --base-url that is a CountriesServer works like the embedded one, again and again")
  @MainActor
  func externalServer() async throws {
    try await withServer { server, baseURL in
      // The script puts back what it renamed, so a second run against the same server passes.
      for _ in 0..<2 {
        let (status, output, _) = await runCommand([
          "--script", "--base-url", baseURL.absoluteString,
        ])
        #expect(status == 0)
        #expect(output.contains("countries --script against \(baseURL.absoluteString)"))
        #expect(output.hasSuffix("script: \(ScriptScenario.stepCount) passed, 0 failed\n"))
        #expect(await server.country(alpha2: "AT")?.name == "Austria")
        #expect(await server.knobs == ServerKnobs())
      }
    }
  }
}
