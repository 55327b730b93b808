import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import Testing

/// The API of the client tests' keys, as an app declares it.
private protocol NamesAPI: Sendable {
  func name(of code: String) async throws -> String
}

/// A fake of ``NamesAPI`` that answers with its prefix.
private struct FakeNamesAPI: NamesAPI {
  let prefix: String

  func name(of code: String) async throws -> String { "\(prefix) \(code)" }
}

/// A key whose client is protocol-typed: it holds only the code, and synthesizes `Hashable`.
private struct CountryNameKey: LoaderKey {
  let code: String

  func fetch(using api: any NamesAPI) async throws -> String {
    try await api.name(of: code)
  }
}

/// A key whose client is a concrete type.
private struct PrefixedKey: LoaderKey {
  let code: String

  func fetch(using api: FakeNamesAPI) async throws -> String {
    try await api.name(of: code)
  }
}

/// A row of the paged key.
private struct NameRow: Identifiable, Sendable {
  let id: Int
  let name: String
}

/// A paged key whose client is protocol-typed: one page per call, two pages in all.
private struct NamesFeedKey: PagedLoaderKey {
  func fetchPage(
    at cursor: Int?, using api: any NamesAPI
  ) async throws -> Page<NameRow, Int> {
    let page = cursor ?? 0
    let name = try await api.name(of: "page \(page)")
    return Page(items: [NameRow(id: page, name: name)], nextCursor: page == 0 ? 1 : nil)
  }
}

/// Keys with dependencies: a key's fetch receives the client its store was given, resolved when
/// the fetch runs.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LoaderStoreClientTests {
  @Test func theSameKeyWithAnotherClientGivesAnotherAnswer() async {
    let live = LoaderStore(clock: TestClock(), clients: FakeNamesAPI(prefix: "live"))
    let fake = LoaderStore(clock: TestClock(), clients: FakeNamesAPI(prefix: "fake"))
    let key = CountryNameKey(code: "AT")
    await live.loader(for: key).load()
    await fake.loader(for: key).load()
    #expect(live.value(for: key) == "live AT")
    #expect(fake.value(for: key) == "fake AT")
  }

  @Test func aProtocolTypedClientIsMatchedByAConcreteFakeTheFirstThatFits() async {
    let store = LoaderStore(
      clock: TestClock(),
      clients: 42, "not a client", FakeNamesAPI(prefix: "first"), FakeNamesAPI(prefix: "second"))
    await store.loader(for: CountryNameKey(code: "AT")).load()
    await store.loader(for: PrefixedKey(code: "BE")).load()
    #expect(store.value(for: CountryNameKey(code: "AT")) == "first AT")
    #expect(store.value(for: PrefixedKey(code: "BE")) == "first BE")
  }

  @Test func aPagedKeyFetchesWithTheStoresClient() async {
    let store = LoaderStore(clock: TestClock(), clients: FakeNamesAPI(prefix: "paged"))
    let feed = store.pagedLoader(for: NamesFeedKey())
    await feed.load()
    await feed.loadMore()
    #expect(feed.items.map(\.name) == ["paged page 0", "paged page 1"])
  }

  @Test func aMissingClientFailsTheLoadWithATypedError() async {
    let store = LoaderStore(clock: TestClock())
    let subscription = store.observe(CountryNameKey(code: "AT"))
    await subscription.loader.load()
    let expected = AsyncLoaderError.missingClient(
      client: String(reflecting: (any NamesAPI).self),
      key: String(reflecting: CountryNameKey.self))
    #expect(subscription.loader.phase.kind == .failed)
    #expect(subscription.loader.phase.error as? AsyncLoaderError == expected)
    let description = expected.description
    #expect(description.contains("NamesAPI"))
    #expect(description.contains("CountryNameKey"))
    #expect(description.contains("LoaderStore(clients:)"))
    subscription.cancel()
  }

  @Test func aMissingClientOnAReloadKeepsTheValueOnScreen() async {
    let store = LoaderStore(clock: TestClock(), clients: "not a client")
    let key = CountryNameKey(code: "AT")
    store.setValue("shown", for: key)
    let loader = store.loader(for: key)
    await loader.reload()
    guard case .reloadFailed(let value, let error) = loader.phase else {
      Issue.record("expected reloadFailed, got \(loader.phase.kind)")
      return
    }
    #expect(value == "shown")
    guard case .missingClient = error as? AsyncLoaderError else {
      Issue.record("expected missingClient, got \(error)")
      return
    }
  }

  @Test func aVoidClientKeyNeedsNothing() async {
    let store = LoaderStore(clock: TestClock())
    await store.loader(for: NameKey(id: 3)).load()
    #expect(store.value(for: NameKey(id: 3)) == "name 3")
  }
}
