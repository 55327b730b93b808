import AsyncContentPersistence
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A queueing run survives a kill at each point of its send: the child process
/// (PersistenceKillWriter's `outbox` mode) sends one run online and stops where the test kills
/// it with SIGKILL; a relaunch resends it with the same idempotency key, and a server that
/// deduplicates by the key applies it exactly once. The test synchronizes on the lines the
/// child prints: no waiting on the wall clock.
@Suite(.timeLimit(.minutes(1)))
struct OutboxKillTests {
  /// Where the child stops: before the request, while it is out (the server received it), and
  /// after the answer, before the run's row is deleted.
  static let killPoints = ["before", "during", "after"]

  /// Runs the child with `arguments`, reads its lines until one starts with `prefix` (or it
  /// ends), and returns the lines and the process.
  static func run(
    _ arguments: [String], until prefix: String?
  ) throws -> (lines: [String], process: Process)? {
    guard let child = PersistenceFaultTests.killWriterURL() else {
      Issue.record("PersistenceKillWriter is not built next to the tests")
      return nil
    }
    let process = Process()
    process.executableURL = child
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var text = ""
    while true {
      let lines = text.split(separator: "\n").map(String.init)
      let whole = text.hasSuffix("\n") ? lines : Array(lines.dropLast())
      if let prefix, whole.contains(where: { $0.hasPrefix(prefix) }) {
        return (whole, process)
      }
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { return (whole, process) }  // the child ended
      text += String(decoding: data, as: UTF8.self)
    }
  }

  /// The server's log: one (key, input) per request received.
  static func received(in directory: URL) -> [(key: String, input: String)] {
    let text =
      (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8))
      ?? ""
    return text.split(separator: "\n").map { line in
      let parts = line.split(separator: " ", maxSplits: 1)
      return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
  }

  @Test(arguments: killPoints)
  func aRunKilledAtAnyPointOfItsSendIsResentWithItsKeyAndAppliedOnce(_ point: String) throws {
    let directory = TemporaryDirectory()
    guard let (lines, process) = try Self.run(["outbox", directory.url.path, point], until: point)
    else { return }
    let key = lines.last { $0.hasPrefix(point) }?.split(separator: " ").last.map(String.init)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    guard let key else {
      Issue.record("the child did not reach \(point): \(lines)")
      return
    }
    let beforeRelaunch = Self.received(in: directory.url)
    #expect(beforeRelaunch.count == (point == "before" ? 0 : 1))

    guard
      let (relaunch, second) = try Self.run(["outbox", directory.url.path, "resume"], until: nil)
    else { return }
    second.waitUntilExit()
    #expect(second.terminationStatus == 0)
    #expect(relaunch.contains("resumed 1"))
    #expect(relaunch.contains("outbox 0"))  // the row went when the replay ended

    let requests = Self.received(in: directory.url)
    #expect(requests.count == beforeRelaunch.count + 1)  // resent once
    #expect(requests.allSatisfy { $0.key == key })  // with the same key
    // The server applies each key once: one change, the run's.
    let applied = Dictionary(grouping: requests, by: \.key).mapValues { $0[0].input }
    #expect(applied == [key: "edit at \(point)"])
  }
}
