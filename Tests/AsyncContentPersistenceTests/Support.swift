import AsyncContentCore
import AsyncContentPersistence
import Clocks
import Foundation
import GRDB
import Testing

/// A persisted value key whose fetch returns what the test's server holds.
struct CountryKey: PersistentKey {
  var code: String
  var persistenceID: String { "country/\(code)" }
  func fetch(using server: Server) async throws -> Country {
    try await server.country(code)
  }
}

/// The same row, read by a key of another version.
struct CountryKeyV2: PersistentKey {
  var code: String
  var persistenceID: String { "country/\(code)" }
  static var persistenceVersion: Int { 2 }
  func fetch(using server: Server) async throws -> Country {
    try await server.country(code)
  }
}

/// The same row, read as another type that does not decode from it.
struct CountryNameKey: PersistentKey {
  var code: String
  var persistenceID: String { "country/\(code)" }
  func fetch(using _: Void) async throws -> Int { 0 }
}

/// A persisted key with a maxAge of its own.
struct ShortLivedKey: PersistentKey {
  var code: String
  var persistenceID: String { "short/\(code)" }
  var maxAge: Duration? { .seconds(60) }
  func fetch(using server: Server) async throws -> Country {
    try await server.country(code)
  }
}

/// A key that does not persist.
struct PlainKey: LoaderKey {
  var code: String
  func fetch(using server: Server) async throws -> Country {
    try await server.country(code)
  }
}

/// A persisted paged key.
struct FeedKey: PersistentPagedKey {
  var region: String
  var persistenceID: String { "feed/\(region)" }
  func fetchPage(at cursor: Int?, using server: Server) async throws -> Page<Country, Int> {
    try await server.page(at: cursor ?? 0)
  }
}

struct Country: Codable, Equatable, Identifiable, Sendable {
  var code: String
  var name: String
  var id: String { code }
}

/// The test's server: answers at once with what it holds, or fails while `isDown`.
final class Server: Sendable {
  private let state = LockedBox(State())
  struct State {
    var names: [String: String] = [:]
    var isDown = false
    var fetches = 0
  }

  struct Down: Error {}

  func set(_ code: String, _ name: String) { state.withLock { $0.names[code] = name } }
  func setDown(_ down: Bool) { state.withLock { $0.isDown = down } }
  var fetches: Int { state.withLock { $0.fetches } }

  func country(_ code: String) async throws -> Country {
    try state.withLock { state in
      state.fetches += 1
      if state.isDown { throw Down() }
      return Country(code: code, name: state.names[code] ?? "?")
    }
  }

  func page(at offset: Int) async throws -> Page<Country, Int> {
    try state.withLock { state in
      state.fetches += 1
      if state.isDown { throw Down() }
      let items = (offset..<offset + 3).map { Country(code: "C\($0)", name: "N\($0)") }
      return Page(items: items, nextCursor: offset + 3 < 9 ? offset + 3 : nil)
    }
  }
}

/// A value behind a lock.
final class LockedBox<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State
  init(_ state: State) { self.state = state }
  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}

/// The diagnostics a cache reported.
final class Diagnostics: Sendable {
  private let box = LockedBox<[PersistenceDiagnostic]>([])
  var all: [PersistenceDiagnostic] { box.withLock { $0 } }
  var hook: @Sendable (PersistenceDiagnostic) -> Void {
    { [box] diagnostic in box.withLock { $0.append(diagnostic) } }
  }

  /// The reasons of the dropped rows.
  var drops: [PersistenceDiagnostic.DropReason] {
    all.compactMap {
      if case .droppedRow(_, let reason) = $0 { return reason }
      return nil
    }
  }

  var replacements: [PersistenceDiagnostic.ReplaceReason] {
    all.compactMap {
      if case .databaseReplaced(_, let reason) = $0 { return reason }
      return nil
    }
  }

  var writeFailures: Int {
    all.filter {
      if case .writeFailed = $0 { return true }
      return false
    }.count
  }
}

/// A wall clock the test moves.
final class WallClock: Sendable {
  private let box = LockedBox(Date(timeIntervalSince1970: 1_000_000))
  var now: Date { box.withLock { $0 } }
  func advance(by seconds: TimeInterval) { box.withLock { $0 += seconds } }
  var hook: @Sendable () -> Date { { [box] in box.withLock { $0 } } }
}

/// A temporary directory, deleted when the test ends.
final class TemporaryDirectory {
  let url: URL
  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "persistence-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }
  func file(_ name: String = "cache.sqlite") -> URL { url.appendingPathComponent(name) }
}

/// Lets the main actor's enqueued work run.
@MainActor
func drain(_ yields: Int = 100) async {
  for _ in 0..<yields { await Task.yield() }
}

extension TestClock where Duration == Swift.Duration {
  /// Advances the clock, then lets the woken tasks run.
  @MainActor
  func advanceAndDrain(by duration: Duration) async {
    await advance(by: duration)
    await drain()
  }
}
