import AsyncContentCore
import AsyncContentPersistence
import Clocks
import Foundation
import Testing

// The Swift snippets of the article "Working offline" (AsyncContentCore.docc/WorkingOffline.md)
// that use AsyncContentPersistence, verbatim, so that they compile and run here:
// `DocSnippetTests.snippetsAreInSync` finds them in this file. The two that open the default
// file in the caches directory are compiled, not run.

/// The API the snippets fetch with.
protocol CountriesAPI: Sendable {
  func country(code: String) async throws -> Country
  func rename(_ code: String, to name: String, idempotencyKey: String) async throws -> Country
}

/// The live API of the snippets: a country named after its code, renamed as asked.
struct LiveCountriesAPI: CountriesAPI {
  func country(code: String) async throws -> Country {
    Country(code: code, name: "Country \(code)")
  }

  func rename(_ code: String, to name: String, idempotencyKey _: String) async throws -> Country {
    Country(code: code, name: name)
  }
}

// MARK: - The snippets

struct SavedCountryKey: PersistentKey {
  let code: String
  var persistenceID: String { "country/\(code)" }  // stable, unique across key types
  static var persistenceVersion: Int { 2 }  // Country's Codable form changed in 2.0
  var maxAge: Duration? { .seconds(7 * 24 * 3600) }  // older than a week: not shown

  func fetch(using api: any CountriesAPI) async throws -> Country {
    try await api.country(code: code)
  }
}

@MainActor
func snippetPersistentStore() -> LoaderStore {
  let cache = PersistentCache(location: .appGroup("group.com.example.countries"))
  let store = LoaderStore(clients: LiveCountriesAPI())
  store.persist(in: cache)
  return store
}

@MainActor
func snippetCacheDiagnostics(logger: SnippetLogger) -> PersistentCache {
  let cache = PersistentCache(maxSize: 20_000_000) { diagnostic in
    logger.warning("cache: \(String(describing: diagnostic))")
  }
  return cache
}

@MainActor
func snippetQueueingMutation(
  store: LoaderStore, api: any CountriesAPI
) -> Mutation<
  Rename, Country
> {
  let rename = Mutation<Rename, Country>(
    queueing: "rename",
    optimistic: { store, rename in
      store.updateValue(for: SavedCountryKey(code: rename.code)) { $0.name = rename.name }
    }
  ) { rename, idempotencyKey in
    try await api.rename(rename.code, to: rename.name, idempotencyKey: idempotencyKey)
  }

  // At launch, after persist(in:) and followNetwork(_:):
  store.resumeQueuedMutations(rename)
  return rename
}

/// An account, for the sign-out snippet.
struct SnippetAccount {
  var id: String
}

@MainActor
func snippetSignOut(
  store: LoaderStore, account: SnippetAccount, rename: Mutation<Rename, Country>
) async {
  let cache = PersistentCache(scope: account.id)
  store.persist(in: cache)
  store.resumeQueuedMutations(rename)

  // At sign-out: the account's rows go, its queued edits wait for its next sign-in.
  await store.endScope(queuedRuns: .keep)
}

/// A logger, for the diagnostics snippet.
final class SnippetLogger: Sendable {
  private let lines = LockedBox([String]())

  func warning(_ line: String) {
    lines.withLock { $0.append(line) }
  }

  var logged: [String] { lines.withLock { $0 } }
}

// MARK: - The snippets, run

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PersistenceSnippetTests {
  let directory = TemporaryDirectory()

  @Test func aSavedKeyIsRestoredAfterARelaunch() async throws {
    let file = directory.file()
    let first = LoaderStore(clock: TestClock(), clients: LiveCountriesAPI())
    let cache = PersistentCache(location: .file(file))
    first.persist(in: cache)
    await first.loader(for: SavedCountryKey(code: "AT")).load()
    await cache.flush()

    let second = LoaderStore(clock: TestClock(), clients: LiveCountriesAPI())
    second.persist(in: PersistentCache(location: .file(file)))
    #expect(second.value(for: SavedCountryKey(code: "AT"))?.name == "Country AT")
  }

  @Test func theQueueingMutationRenamesWithItsEdit() async throws {
    let store = LoaderStore(clock: TestClock(), clients: LiveCountriesAPI())
    store.persist(in: PersistentCache(location: .file(directory.file())))
    await store.loader(for: SavedCountryKey(code: "AT")).load()
    let rename = snippetQueueingMutation(store: store, api: LiveCountriesAPI())
    let renamed = try await rename.run(Rename(code: "AT", name: "Österreich"), in: store)
    #expect(renamed.name == "Österreich")
    #expect(store.value(for: SavedCountryKey(code: "AT"))?.name == "Österreich")
  }
}
