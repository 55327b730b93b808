import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
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

  @Test func aMissingClientFailsTheLoadWithATypedErrorInARelease() async {
    let store = LoaderStore(clock: TestClock())
    // A release build does not stop: the fetch fails with the typed error.
    let subscription = WiringCheck.$stop.withValue(nil) {
      store.observe(CountryNameKey(code: "AT"))
    }
    await WiringCheck.$stop.withValue(nil) { await subscription.loader.load() }
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
    await WiringCheck.$stop.withValue(nil) { await loader.reload() }
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

  // MARK: A mutation gets the store's client

  @Test func aMutationSendsWithTheClientOfTheStoreItRunsIn() async throws {
    let live = LoaderStore(clock: TestClock(), clients: FakeNamesAPI(prefix: "live"))
    let fake = LoaderStore(clock: TestClock(), clients: 7, FakeNamesAPI(prefix: "fake"))
    let key = CountryNameKey(code: "AT")
    let rename = Mutation<String, String>(
      writeBack: { store, _, name in store.setValue(name, for: key) }
    ) { (code, api: any NamesAPI) in
      try await api.name(of: code)
    }
    // The same mutation: the test's store swaps the writes with the reads.
    #expect(try await rename.run("AT", in: live) == "live AT")
    #expect(try await rename.run("AT", in: fake) == "fake AT")
    #expect(fake.value(for: key) == "fake AT")
    #expect(live.value(for: key) == "live AT")
  }

  @Test func aMutationWithoutAClientNeedsNone() async throws {
    let store = LoaderStore(clock: TestClock())
    let double = Mutation<Int, Int> { $0 * 2 }
    #expect(try await double.run(21, in: store) == 42)
  }

  // MARK: A missing client is caught in development

  @Test func aMissingClientStopsADebugBuildWithTheKeyTheClientAndTheLine() async {
    let store = LoaderStore(clock: TestClock(), clients: "not a client")
    let messages = LockIsolated<[String]>([])
    let loader = store.loader(for: CountryNameKey(code: "AT"))
    await WiringCheck.$stop.withValue({ message in messages.withValue { $0.append(message) } }) {
      await loader.load()
    }
    #expect(messages.value.count == 1)
    let message = messages.value.first ?? ""
    #expect(message.contains(String(reflecting: CountryNameKey.self)))
    #expect(message.contains(String(reflecting: (any NamesAPI).self)))
    #expect(
      message.contains("LoaderStore(clients: <a \(String(reflecting: (any NamesAPI).self))>)"))
    // After the stop (which a test's hook does not do), the typed error, as in a release build.
    guard case .missingClient = loader.phase.error as? AsyncLoaderError else {
      Issue.record("expected missingClient, got \(loader.phase.kind)")
      return
    }
  }

  @Test func aPagedKeysMissingClientStopsToo() async {
    let store = LoaderStore(clock: TestClock())
    let messages = LockIsolated<[String]>([])
    let feed = store.pagedLoader(for: NamesFeedKey())
    await WiringCheck.$stop.withValue({ message in messages.withValue { $0.append(message) } }) {
      await feed.load()
    }
    #expect(messages.value.count == 1)
    #expect(messages.value.first?.contains(String(reflecting: NamesFeedKey.self)) == true)
    #expect(messages.value.first?.contains("LoaderStore(clients:") == true)
    #expect(feed.phase.kind == .failed)
  }

  @Test func aMutationsMissingClientStopsADebugBuildAndFailsTheRunInARelease() async {
    let store = LoaderStore(clock: TestClock())
    let rename = Mutation<String, String> { (code, api: any NamesAPI) in
      try await api.name(of: code)
    }
    let messages = LockIsolated<[String]>([])
    await WiringCheck.$stop.withValue({ message in messages.withValue { $0.append(message) } }) {
      _ = try? await rename.run("AT", in: store)
    }
    #expect(messages.value.count == 1)
    #expect(
      messages.value.first?.contains(String(reflecting: Mutation<String, String>.self)) == true)
    #expect(messages.value.first?.contains(String(reflecting: (any NamesAPI).self)) == true)
    #expect(messages.value.first?.contains("LoaderStore(clients:") == true)

    // A release build: no stop, the run fails with the typed error.
    let error = await WiringCheck.$stop.withValue(nil) { () async -> (any Error)? in
      do {
        _ = try await rename.run("AT", in: store)
        return nil
      } catch {
        return error
      }
    }
    let expected = AsyncLoaderError.missingClient(
      client: String(reflecting: (any NamesAPI).self),
      key: String(reflecting: Mutation<String, String>.self))
    #expect(error as? AsyncLoaderError == expected)
    #expect(rename.phase.error as? AsyncLoaderError == expected)
  }

  @Test func aDebugBuildStopsByDefault() {
    // The tests are a debug build: the default stops the app, where a release build's is nil.
    #expect(WiringCheck.defaultStop != nil)
  }
}
