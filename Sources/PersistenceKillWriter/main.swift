// A child process for the persistence tests' kill tests, which kill it with SIGKILL once it
// prints the line they wait for.
//
// PersistenceKillWriter DATABASE_PATH [ROWS_PER_BATCH]
//   (PersistenceFaultTests) writes rows through a PersistentCache in a loop, one transaction per
//   batch, and prints "committed N" after batch N is on disk. Batch N writes the value N to the
//   rows "row/0" … "row/(ROWS_PER_BATCH - 1)".
//
// PersistenceKillWriter outbox DIRECTORY POINT
//   (OutboxKillTests) one launch of an app with a queueing mutation, online, whose "server"
//   appends "KEY INPUT" lines to DIRECTORY/server.log. POINT is where the run stops, for the
//   test to kill it there:
//   - before: the run is journaled, and its request is about to go out: prints "before KEY";
//   - during: the server received the request, the answer has not come back: "during KEY";
//   - after: the answer came back, the run's row is not deleted yet: "after KEY";
//   - resume: a relaunch: resumes the stored runs, waits for them to end, prints
//     "resumed N" (the runs replayed) and "outbox M" (the runs left), and exits.
import AsyncContentCore
import AsyncContentPersistence
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Sendable func say(_ line: String) {
  FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: PersistenceKillWriter DATABASE_PATH [ROWS]\n".utf8))
  exit(2)
}

/// Blocks the calling thread until the test kills the process.
@Sendable func waitForTheKill() -> Never {
  while true { pause() }
}

if arguments[1] == "outbox", arguments.count >= 4 {
  let directory = URL(fileURLWithPath: arguments[2])
  let point = arguments[3]
  let serverLog = directory.appendingPathComponent("server.log")
  if !FileManager.default.fileExists(atPath: serverLog.path) {
    _ = FileManager.default.createFile(atPath: serverLog.path, contents: nil)
  }
  /// The server: it records every request it receives, with its idempotency key.
  @Sendable func receive(_ input: String, key: String) throws {
    let handle = try FileHandle(forWritingTo: serverLog)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\(key) \(input)\n".utf8))
    try handle.close()
  }
  let cache = PersistentCache(location: .file(directory.appendingPathComponent("cache.sqlite"))) {
    diagnostic in
    FileHandle.standardError.write(Data("diagnostic: \(diagnostic)\n".utf8))
  }
  let store = LoaderStore(clients: ())
  store.persist(in: cache)
  let mutation = Mutation<String, String>(
    queueing: "append",
    writeBack: { _, _, answer in
      if point == "after" {
        say("after \(answer)")
        waitForTheKill()
      }
    }
  ) { input, key in
    if point == "before" {
      say("before \(key)")
      waitForTheKill()
    }
    try receive(input, key: key)
    if point == "during" {
      say("during \(key)")
      waitForTheKill()
    }
    return key
  }
  if point == "resume" {
    store.resumeQueuedMutations(mutation)
    let replayed = cache.queuedMutationRunCount
    while !store.mutationRunsSnapshot().isEmpty {
      try await Task.sleep(for: .milliseconds(5))
    }
    say("resumed \(replayed)")
    say("outbox \(cache.queuedMutationRunCount)")
    exit(0)
  }
  mutation.start("edit at \(point)", in: store)
  while true { try await Task.sleep(for: .seconds(3600)) }
}

let url = URL(fileURLWithPath: arguments[1])
let rows = arguments.count >= 3 ? Int(arguments[2]) ?? 20 : 20
let cache = PersistentCache(location: .file(url), maxAge: .seconds(100 * 365 * 24 * 3_600)) {
  diagnostic in
  FileHandle.standardError.write(Data("diagnostic: \(diagnostic)\n".utf8))
}

var batch = 0
while true {
  batch += 1
  for row in 0..<rows {
    cache.stage(batch, for: "row/\(row)", version: 1, savedDate: Date())
  }
  await cache.flush()
  say("committed \(batch)")
}
