// A child process for the persistence tests' kill test (PersistenceFaultTests): it writes rows
// through a PersistentCache in a loop, one transaction per batch, and prints "committed N" after
// batch N is on disk, until the test kills it with SIGKILL.
//
// Usage: PersistenceKillWriter DATABASE_PATH [ROWS_PER_BATCH]
// Batch N writes the value N to the rows "row/0" … "row/(ROWS_PER_BATCH - 1)".
import AsyncContentPersistence
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: PersistenceKillWriter DATABASE_PATH [ROWS]\n".utf8))
  exit(2)
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
  FileHandle.standardOutput.write(Data("committed \(batch)\n".utf8))
}
