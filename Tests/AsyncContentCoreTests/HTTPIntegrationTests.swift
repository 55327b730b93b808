import AsyncContentCore
import AsyncContentTestSupport
import ConcurrencyExtras
import FlyingFox
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Integration tests of the HTTP JSON loading (issue 3) and of the paged loader (issue 4) against
// a real FlyingFox server on 127.0.0.1, through URLSession. Nothing waits on the wall clock for
// synchronisation: slow endpoints block on a `LoopbackGate` the test opens, and the test waits
// for a request to reach the server through the server's request log. The only wall-clock wait
// is the request timeout under test.

// MARK: - Fixtures

struct HTTPTestItem: Codable, Identifiable, Hashable, Sendable {
  let id: Int
  var name: String
}

/// An item with a closed set of values, to decode valid JSON that holds an unknown one.
struct HTTPTestRegion: Decodable, Sendable {
  enum Continent: String, Decodable, Sendable {
    case europe
    case asia
  }

  let id: Int
  var continent: Continent
}

/// The body of the paged endpoint: `{"items":[...],"nextCursor":N|null}`.
struct HTTPTestItemsPage: Decodable, Sendable {
  var items: [HTTPTestItem]
  var nextCursor: Int?
}

enum HTTPFixture {
  static let countries = [
    HTTPTestItem(id: 1, name: "Austria"), HTTPTestItem(id: 2, name: "Belgium"),
  ]
  static let newCountries = [
    HTTPTestItem(id: 1, name: "Austria"), HTTPTestItem(id: 2, name: "Belgium"),
    HTTPTestItem(id: 3, name: "Croatia"),
  ]

  /// `count` items with ids `1...count`.
  static func items(_ count: Int) -> [HTTPTestItem] {
    (1...count).map { HTTPTestItem(id: $0, name: "Item \($0)") }
  }

  static func json(_ items: [HTTPTestItem]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try! encoder.encode(items), as: UTF8.self)
  }

  /// One page of `all`, as the paged endpoint answers `?cursor=&limit=`.
  static func page(of all: [HTTPTestItem], request: HTTPRequest) -> HTTPResponse {
    guard let cursor = Int(request.query["cursor"] ?? "0"),
      let limit = Int(request.query["limit"] ?? "3"), cursor >= 0, limit > 0
    else {
      return .loopbackJSON(#"{"error":"bad query"}"#, status: .badRequest)
    }
    let start = min(cursor, all.count)
    let end = min(start + limit, all.count)
    let next = end < all.count ? "\(end)" : "null"
    return .loopbackJSON(#"{"items":\#(json(Array(all[start..<end]))),"nextCursor":\#(next)}"#)
  }
}

/// Every way a request can fail, with the response that makes it fail and the typed error it
/// must give.
enum HTTPFailureKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case serverError
  case notFound
  case malformedJSON
  case typeMismatch
  case emptyBody
  case html
  case droppedConnection

  var testDescription: String { rawValue }

  static let serverErrorBody = #"{"error": "the database is down"}"#
  static let htmlBody = """
    <!DOCTYPE html>
    <html><head><title>Sign in</title></head>
    <body><form>Please sign in</form></body></html>
    """

  var response: HTTPResponse {
    switch self {
    case .serverError: .loopbackJSON(Self.serverErrorBody, status: .internalServerError)
    case .notFound: .loopbackText("no such country", status: .notFound)
    case .malformedJSON: .loopbackJSON(#"[{"id": 1, "name": "Austria"}, {"id": 2, "#)
    case .typeMismatch: .loopbackJSON(#"[{"id": 1, "name": "Austria"}, {"id": 2, "name": 3}]"#)
    case .emptyBody: .loopbackJSON("")
    case .html: .loopbackHTML(Self.htmlBody)
    case .droppedConnection: .loopbackDroppedConnection
    }
  }

  /// Whether `error` is the typed error this failure must give for `url`.
  func matches(_ error: (any Error)?, url: URL) -> Bool {
    guard let error = error as? HTTPLoadError, error.url == url else { return false }
    switch (self, error) {
    case (.serverError, .status(500, _, let excerpt, _)):
      return excerpt == Self.serverErrorBody
    case (.notFound, .status(404, _, let excerpt, _)):
      return excerpt == "no such country"
    case (.malformedJSON, .decoding(let description, let codingPath, _)):
      return description.contains("not valid JSON") && codingPath.isEmpty
    case (.typeMismatch, .decoding(let description, let codingPath, _)):
      return description.contains("String") && codingPath == "[1].name"
    case (.emptyBody, .decoding(let description, _, _)):
      return description.contains("empty")
    case (.html, .decoding(let description, _, _)):
      return description.contains("not valid JSON") && description.contains("<!DOCTYPE html>")
    case (.droppedConnection, .transport(let code, let message, _)):
      return code != URLError.Code.cancelled.rawValue && code != URLError.Code.timedOut.rawValue
        && !message.isEmpty
    default:
      return false
    }
  }
}

/// Records what each run of an operation returned or threw, and lets a test wait until a run
/// has finished.
final class HTTPOperationProbe<Value: Sendable>: Sendable {
  private struct State {
    var outcomes: [Result<Value, any Error>] = []
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockIsolated(State())

  /// The outcome of every finished run, in order.
  var outcomes: [Result<Value, any Error>] { state.value.outcomes }

  /// Runs `operation` and records its outcome.
  func run(_ operation: @Sendable () async throws -> Value) async throws -> Value {
    let outcome: Result<Value, any Error>
    do {
      outcome = .success(try await operation())
    } catch {
      outcome = .failure(error)
    }
    let ready = state.withValue { state in
      state.outcomes.append(outcome)
      let count = state.outcomes.count
      defer { state.waiters.removeAll { $0.count <= count } }
      return state.waiters.filter { $0.count <= count }.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
    return try outcome.get()
  }

  /// Returns once `count` runs have finished.
  func waitForOutcomes(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let done = state.withValue { state in
        guard state.outcomes.count < count else { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }
}

/// What a request throws, or `nil` when it succeeds.
func httpFetchError<Value>(_ request: JSONRequest<Value>) async -> (any Error)? {
  do {
    _ = try await request.fetch()
    return nil
  } catch {
    return error
  }
}

// MARK: - JSON over HTTP

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct HTTPIntegrationTests {
  @Test func successDecodesAndLands() async throws {
    let routes: [String: LoopbackRoute] = [
      "/countries": { request, _ in
        guard request.headers[HTTPHeader("Accept")] == "application/json" else {
          return .loopbackText("expected Accept: application/json", status: .badRequest)
        }
        return .loopbackJSON(HTTPFixture.json(HTTPFixture.countries))
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let url = server.url("/countries")
      let decoded = try await JSONRequest<[HTTPTestItem]>(url: url, session: server.session).fetch()
      #expect(decoded == HTTPFixture.countries)

      let loader = AsyncLoader<[HTTPTestItem]>(url: url, session: server.session)
      await loader.load()
      #expect(loader.phase.kind == .loaded)
      #expect(loader.phase.value == HTTPFixture.countries)
      #expect(loader.failureCount == 0)
      #expect(loader.loadedAt != nil)
      #expect(server.log.count("/countries") == 2)
    }
  }

  @Test(arguments: [
    (500, #"{"error": "the database is down"}"#, #"{"error": "the database is down"}"#),
    (
      404, "<h1>Not here</h1>\n  <p>Try /countries</p>\n", "<h1>Not here</h1> <p>Try /countries</p>"
    ),
  ])
  func statusFailureNamesCodeURLAndBody(code: Int, body: String, excerpt: String) async throws {
    let routes: [String: LoopbackRoute] = [
      "/countries": { _, _ in
        .loopbackText(body, status: HTTPStatusCode(code, phrase: "Failure"))
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let url = server.url("/countries")
      let expected = HTTPLoadError.status(code: code, url: url, bodyExcerpt: excerpt)
      let error = await httpFetchError(
        JSONRequest<[HTTPTestItem]>(url: url, session: server.session))
      #expect(error as? HTTPLoadError == expected)

      let loader = AsyncLoader<[HTTPTestItem]>(url: url, session: server.session)
      await loader.load()
      #expect(loader.phase.kind == .failed)
      #expect(loader.phase.error as? HTTPLoadError == expected)
      #expect(loader.failureCount == 1)
    }
  }

  @Test func statusExcerptIsShortAndOnOneLine() async throws {
    let page = "<html>\n<body>\n" + String(repeating: "<p>An error occurred.</p>\n", count: 60)
    let routes: [String: LoopbackRoute] = [
      "/countries": { _, _ in .loopbackHTML(page, status: .internalServerError) }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let url = server.url("/countries")
      let error = await httpFetchError(
        JSONRequest<[HTTPTestItem]>(url: url, session: server.session))
      guard case .status(500, url, let excerpt, _) = error as? HTTPLoadError else {
        Issue.record("expected HTTP 500 from \(url), got \(String(describing: error))")
        return
      }
      #expect(excerpt.hasPrefix("<html> <body> <p>An error occurred.</p> <p>"))
      #expect(excerpt.hasSuffix("…"))
      #expect(excerpt.count <= 201)
      #expect(!excerpt.contains("\n"))
    }
  }

  @Test(arguments: HTTPFailureKind.allCases)
  func firstLoadFailureIsTyped(_ kind: HTTPFailureKind) async throws {
    try await withLoopbackServer(routes: ["/countries": { _, _ in kind.response }]) { server in
      let url = server.url("/countries")
      let error = await httpFetchError(
        JSONRequest<[HTTPTestItem]>(url: url, session: server.session))
      #expect(kind.matches(error, url: url), "got \(String(describing: error))")

      let loader = AsyncLoader<[HTTPTestItem]>(url: url, session: server.session)
      await loader.load()
      #expect(loader.phase.kind == .failed)
      #expect(kind.matches(loader.phase.error, url: url), "got \(loader.phase)")
    }
  }

  @Test(arguments: HTTPFailureKind.allCases)
  func reloadFailureKeepsTheValue(_ kind: HTTPFailureKind) async throws {
    let routes: [String: LoopbackRoute] = [
      "/countries": { _, n in
        n == 1 ? .loopbackJSON(HTTPFixture.json(HTTPFixture.countries)) : kind.response
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let url = server.url("/countries")
      let loader = AsyncLoader<[HTTPTestItem]>(url: url, session: server.session)
      await loader.load()
      #expect(loader.phase.kind == .loaded)

      await loader.reload()
      #expect(loader.phase.kind == .reloadFailed)
      #expect(loader.phase.value == HTTPFixture.countries)
      #expect(kind.matches(loader.phase.error, url: url), "got \(loader.phase)")
    }
  }

  @Test func decodingErrorNamesANestedCodingPath() async throws {
    let body = #"{"items": [{"id": 1, "name": "Austria"}, {"id": 2}], "nextCursor": null}"#
    try await withLoopbackServer(routes: ["/items": { _, _ in .loopbackJSON(body) }]) { server in
      let url = server.url("/items")
      let error = await httpFetchError(
        JSONRequest<HTTPTestItemsPage>(url: url, session: server.session))
      guard case .decoding(let description, let codingPath, url) = error as? HTTPLoadError else {
        Issue.record("expected a decoding error, got \(String(describing: error))")
        return
      }
      #expect(codingPath == "items[1]")
      #expect(description == "missing key 'name'")
      #expect("\(error!)".contains("items[1]"))
    }
  }

  /// Valid JSON whose value is wrong (an unknown enum raw value) is a `dataCorrupted` decoding
  /// error, as is a badly formatted date: the description must say what is wrong at the path,
  /// not that the body is not JSON.
  @Test
  func invalidValueIsNotDescribedAsInvalidJSON() async throws {
    let body = #"[{"id": 1, "continent": "europe"}, {"id": 2, "continent": "atlantis"}]"#
    try await withLoopbackServer(routes: ["/regions": { _, _ in .loopbackJSON(body) }]) { server in
      let url = server.url("/regions")
      let error = await httpFetchError(
        JSONRequest<[HTTPTestRegion]>(url: url, session: server.session))
      guard case .decoding(let description, let codingPath, url) = error as? HTTPLoadError else {
        Issue.record("expected a decoding error, got \(String(describing: error))")
        return
      }
      #expect(codingPath == "[1].continent")
      #expect(!description.contains("not valid JSON"), "\(description)")
      #expect(description.contains("atlantis"), "\(description)")
    }
  }

  @Test func refusedConnectionIsATransportError() async throws {
    let port = try LoopbackRefusingPort()
    defer { port.close() }
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let url = port.url("/countries")

    let loader = AsyncLoader<[HTTPTestItem]>(url: url, session: session)
    await loader.load()
    guard case .transport(let code, _, url) = loader.phase.error as? HTTPLoadError else {
      Issue.record("expected a transport error, got \(loader.phase)")
      return
    }
    #expect(code == URLError.Code.cannotConnectToHost.rawValue)
  }

  @Test func timeoutIsTypedAndKeepsTheValue() async throws {
    let gate = LoopbackGate()
    let routes: [String: LoopbackRoute] = [
      "/countries": { _, n in
        if n > 1 { await gate.wait() }
        return .loopbackJSON(HTTPFixture.json(HTTPFixture.countries))
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let url = server.url("/countries")
      let attempts = LockIsolated(0)
      let loader = AsyncLoader<[HTTPTestItem]> {
        var request = URLRequest(url: url)
        // The first load may take its time on a loaded machine; the reload has 1 s. Whole
        // seconds: FoundationNetworking on Linux truncates the interval, so 0.5 times out at
        // once, before even a fast response.
        let attempt = attempts.withValue { count in
          count += 1
          return count
        }
        request.timeoutInterval = attempt == 1 ? 60 : 1
        return try await JSONRequest<[HTTPTestItem]>(request: request, session: server.session)
          .fetch()
      }
      await loader.load()
      #expect(loader.phase.kind == .loaded, "\(loader.phase)")

      await loader.reload()  // the server never answers: this waits out the 1 s timeout
      gate.open()
      #expect(loader.phase.kind == .reloadFailed)
      #expect(loader.phase.value == HTTPFixture.countries)
      #expect(loader.phase.error as? HTTPLoadError == .timeout(url: url))
      let error = try #require(loader.phase.error)
      #expect(RetryPolicy.isRetryable(error))
    }
  }

  @Test func descriptionIsReadable() async throws {
    let routes: [String: LoopbackRoute] = [
      "/fail": { _, _ in HTTPFailureKind.serverError.response },
      "/broken": { _, _ in HTTPFailureKind.typeMismatch.response },
    ]
    try await withLoopbackServer(routes: routes) { server in
      let failURL = server.url("/fail")
      let status = try #require(
        await httpFetchError(JSONRequest<[HTTPTestItem]>(url: failURL, session: server.session))
          as? HTTPLoadError)
      #expect(status.description.contains("500"))
      #expect(status.description.contains(failURL.absoluteString))
      #expect(status.description.contains("the database is down"))
      #expect(status.localizedDescription == status.description)

      let brokenURL = server.url("/broken")
      let decoding = try #require(
        await httpFetchError(JSONRequest<[HTTPTestItem]>(url: brokenURL, session: server.session))
          as? HTTPLoadError)
      #expect(decoding.description.contains(brokenURL.absoluteString))
      #expect(decoding.description.contains("[1].name"))
    }
  }

  // MARK: Cancellation

  @Test(arguments: [false, true])
  func cancelledSlowRequestRevertsCleanly(fromLoaded: Bool) async throws {
    let gate = LoopbackGate()
    let routes: [String: LoopbackRoute] = [
      "/slow": { _, n in
        if n == 1 && fromLoaded { return .loopbackJSON(HTTPFixture.json(HTTPFixture.countries)) }
        await gate.wait()
        return .loopbackJSON(HTTPFixture.json(HTTPFixture.newCountries))
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let url = server.url("/slow")
      let request = JSONRequest<[HTTPTestItem]>(url: url, session: server.session)
      let probe = HTTPOperationProbe<[HTTPTestItem]>()
      let loader = AsyncLoader { try await probe.run(request.fetch) }
      var requests = 0
      if fromLoaded {
        await loader.load()
        requests += 1
        #expect(loader.phase.value == HTTPFixture.countries)
      }

      let trigger = Task { await loader.reload() }
      await server.log.waitForRequest(to: "/slow", count: requests + 1)
      requests += 1
      #expect(loader.phase.kind == (fromLoaded ? .reloading : .loading))
      loader.cancel()
      #expect(loader.phase.kind == (fromLoaded ? .loaded : .idle))
      #expect(loader.phase.value == (fromLoaded ? HTTPFixture.countries : nil))
      #expect(!loader.isActive)
      await trigger.cancellableValue  // the caller resumes without the gate opening

      // URLSession's cancellation reaches the operation as a CancellationError, not a failure.
      await probe.waitForOutcomes(requests)
      let outcome = try #require(probe.outcomes.last)
      #expect(throws: CancellationError.self) { try outcome.get() }
      #expect(loader.phase.error == nil)

      // The next load starts from the reverted phase: nothing stale landed meanwhile.
      let next = Task { await loader.reload() }
      await server.log.waitForRequest(to: "/slow", count: requests + 1)
      #expect(loader.phase.kind == (fromLoaded ? .reloading : .loading))
      gate.open()
      await next.cancellableValue
      #expect(loader.phase.kind == .loaded)
      #expect(loader.phase.value == HTTPFixture.newCountries)
      #expect(loader.failureCount == 0)
    }
  }

  @Test func cancellingTheCallerDoesNotCancelTheRequest() async throws {
    let gate = LoopbackGate()
    let routes: [String: LoopbackRoute] = [
      "/slow": { _, n in
        if n == 1 { return .loopbackJSON(HTTPFixture.json(HTTPFixture.countries)) }
        await gate.wait()
        return .loopbackJSON(HTTPFixture.json(HTTPFixture.newCountries))
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let loader = AsyncLoader<[HTTPTestItem]>(url: server.url("/slow"), session: server.session)
      await loader.load()
      #expect(loader.phase.value == HTTPFixture.countries)

      let caller = Task { await loader.reload() }
      await server.log.waitForRequest(to: "/slow", count: 2)
      caller.cancel()
      #expect(loader.phase.kind == .reloading)
      #expect(loader.isActive)
      await caller.cancellableValue  // a cancelled caller stops waiting at once…
      #expect(loader.phase.kind == .reloading)  // …and the load goes on
      gate.open()
      await loader.load()  // joins the running load
      #expect(loader.phase.kind == .loaded)
      #expect(loader.phase.value == HTTPFixture.newCountries)
      #expect(server.log.count("/slow") == 2)
    }
  }

  // MARK: Retry

  @Test func retryPredicateClassifiesRealErrors() async throws {
    let routes: [String: LoopbackRoute] = [
      "/500": { _, _ in HTTPFailureKind.serverError.response },
      "/404": { _, _ in HTTPFailureKind.notFound.response },
      "/malformed": { _, _ in HTTPFailureKind.malformedJSON.response },
      "/dropped": { _, _ in HTTPFailureKind.droppedConnection.response },
    ]
    try await withLoopbackServer(routes: routes) { server in
      func error(_ path: String) async throws -> any Error {
        try #require(
          await httpFetchError(
            JSONRequest<[HTTPTestItem]>(url: server.url(path), session: server.session)))
      }
      let serverError = try await error("/500")
      let notFound = try await error("/404")
      let malformed = try await error("/malformed")
      let dropped = try await error("/dropped")
      #expect(RetryPolicy.isRetryable(serverError))
      #expect(!RetryPolicy.isRetryable(notFound))
      #expect(!RetryPolicy.isRetryable(malformed))
      #expect(RetryPolicy.isRetryable(dropped))
    }
  }

  @Test func backoffRetriesServerErrorsUntilTheValueLands() async throws {
    let routes: [String: LoopbackRoute] = [
      "/flaky": { _, n in
        n <= 2
          ? HTTPFailureKind.serverError.response
          : .loopbackJSON(HTTPFixture.json(HTTPFixture.countries))
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let loader = AsyncLoader<[HTTPTestItem]>(
        url: server.url("/flaky"), session: server.session,
        retry: .exponentialBackoff(maxAttempts: 3, initialDelay: .zero, jitter: 0))
      await loader.load()
      #expect(loader.phase.kind == .loaded)
      #expect(loader.phase.value == HTTPFixture.countries)
      #expect(server.log.count("/flaky") == 3)
      #expect(loader.failureCount == 0)
    }
  }

  @Test func backoffGivesUpAfterMaxAttempts() async throws {
    let routes: [String: LoopbackRoute] = [
      "/down": { _, _ in HTTPFailureKind.serverError.response }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let loader = AsyncLoader<[HTTPTestItem]>(
        url: server.url("/down"), session: server.session,
        retry: .exponentialBackoff(maxAttempts: 3, initialDelay: .zero, jitter: 0))
      await loader.load()
      #expect(loader.phase.kind == .failed)
      #expect(HTTPFailureKind.serverError.matches(loader.phase.error, url: server.url("/down")))
      #expect(server.log.count("/down") == 3)
      #expect(loader.failureCount == 3)
    }
  }

  @Test(arguments: [HTTPFailureKind.notFound, .malformedJSON])
  func backoffDoesNotRetryClientErrors(_ kind: HTTPFailureKind) async throws {
    try await withLoopbackServer(routes: ["/countries": { _, _ in kind.response }]) { server in
      let url = server.url("/countries")
      let loader = AsyncLoader<[HTTPTestItem]>(
        url: url, session: server.session,
        retry: .exponentialBackoff(maxAttempts: 3, initialDelay: .zero, jitter: 0))
      await loader.load()
      #expect(loader.phase.kind == .failed)
      #expect(kind.matches(loader.phase.error, url: url), "got \(loader.phase)")
      #expect(server.log.count("/countries") == 1)
      #expect(loader.failureCount == 1)
    }
  }
}

// MARK: - Paging

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct HTTPPagedIntegrationTests {
  /// A paged loader over `/items?cursor=N&limit=3` on `server`.
  func makeLoader(_ server: LoopbackServer) -> PagedLoader<HTTPTestItem, Int> {
    let session = server.session
    return PagedLoader { cursor in
      let url = server.url("/items?cursor=\(cursor ?? 0)&limit=3")
      let page = try await JSONRequest<HTTPTestItemsPage>(url: url, session: session).fetch()
      return Page(items: page.items, nextCursor: page.nextCursor)
    }
  }

  @Test func pagesThroughToTheEndAndStops() async throws {
    let all = HTTPFixture.items(7)
    try await withLoopbackServer(routes: [
      "/items": { request, _ in HTTPFixture.page(of: all, request: request) }
    ]) {
      server in
      let loader = makeLoader(server)
      await loader.load()
      #expect(loader.phase.kind == .loaded)
      #expect(loader.items.map(\.id) == [1, 2, 3])
      #expect(loader.hasMore)

      await loader.loadMore()
      #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5, 6])
      await loader.loadMore()
      #expect(loader.phase.kind == .loaded)
      #expect(Array(loader.items) == all)
      #expect(!loader.hasMore)
      #expect(loader.nextCursor == nil)
      #expect(
        server.log.targets == [
          "/items?cursor=0&limit=3", "/items?cursor=3&limit=3", "/items?cursor=6&limit=3",
        ])

      // The footer appears again and again at the end: no request goes out.
      await loader.loadMore()
      loader.startLoadMore()
      await loader.loadMore()
      #expect(loader.phase.kind == .loaded)
      #expect(server.log.count("/items") == 3)
    }
  }

  @Test func shiftedPageUpdatesTheRepeatedItemInPlace() async throws {
    let data = LockIsolated(HTTPFixture.items(7))
    let routes: [String: LoopbackRoute] = [
      "/items": { request, n in
        let response = HTTPFixture.page(of: data.value, request: request)
        if n == 1 {
          // A new item is inserted at the top and item 3 is edited: the next page starts with
          // item 3 again.
          data.withValue { items in
            items[2].name = "Item 3 (edited)"
            items.insert(HTTPTestItem(id: 100, name: "New"), at: 0)
          }
        }
        return response
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let loader = makeLoader(server)
      await loader.load()
      #expect(loader.items.map(\.id) == [1, 2, 3])

      await loader.loadMore()
      #expect(loader.phase.kind == .loaded)
      #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5])
      #expect(loader.items.first { $0.id == 3 }?.name == "Item 3 (edited)")
      #expect(loader.items.firstIndex { $0.id == 3 } == 2)

      await loader.loadMore()
      #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5, 6, 7])
      #expect(Set(loader.items.map(\.id)).count == loader.items.count)
      #expect(!loader.hasMore)
      #expect(server.log.count("/items") == 3)
    }
  }

  @Test func failedLoadMoreKeepsItemsAndRetries() async throws {
    let all = HTTPFixture.items(7)
    let routes: [String: LoopbackRoute] = [
      "/items": { request, n in
        n == 2
          ? HTTPFailureKind.serverError.response : HTTPFixture.page(of: all, request: request)
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let loader = makeLoader(server)
      await loader.load()
      await loader.loadMore()
      #expect(loader.phase.kind == .loadMoreFailed)
      #expect(loader.items.map(\.id) == [1, 2, 3])
      #expect(loader.hasMore)
      #expect(
        HTTPFailureKind.serverError.matches(
          loader.phase.error, url: server.url("/items?cursor=3&limit=3")),
        "got \(loader.phase)")

      await loader.loadMore()
      #expect(loader.phase.kind == .loaded)
      #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5, 6])
      #expect(
        server.log.targets == [
          "/items?cursor=0&limit=3", "/items?cursor=3&limit=3", "/items?cursor=3&limit=3",
        ])
    }
  }

  @Test func reloadStartsOverAndAFailedReloadKeepsTheItems() async throws {
    let all = HTTPFixture.items(7)
    let routes: [String: LoopbackRoute] = [
      "/items": { request, n in
        n == 3
          ? HTTPFailureKind.serverError.response : HTTPFixture.page(of: all, request: request)
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let loader = makeLoader(server)
      await loader.load()
      await loader.loadMore()
      #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5, 6])

      await loader.reload()
      #expect(loader.phase.kind == .reloadFailed)
      #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5, 6])
      #expect(loader.nextCursor == 6)

      await loader.reload()
      #expect(loader.phase.kind == .loaded)
      #expect(loader.items.map(\.id) == [1, 2, 3])
      #expect(loader.nextCursor == 3)
      #expect(server.log.targets.last == "/items?cursor=0&limit=3")
    }
  }

  @Test func cancelledSlowLoadMoreKeepsItemsAndCanLoadAgain() async throws {
    let all = HTTPFixture.items(7)
    let gate = LoopbackGate()
    let routes: [String: LoopbackRoute] = [
      "/items": { request, n in
        if n == 2 { await gate.wait() }
        return HTTPFixture.page(of: all, request: request)
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let loader = makeLoader(server)
      await loader.load()

      let trigger = Task { await loader.loadMore() }
      await server.log.waitForRequest(to: "/items", count: 2)
      #expect(loader.phase.kind == .loadingMore)
      loader.cancel()
      #expect(loader.phase.kind == .loaded)
      #expect(loader.items.map(\.id) == [1, 2, 3])
      #expect(loader.nextCursor == 3)
      await trigger.cancellableValue

      await loader.loadMore()
      #expect(loader.phase.kind == .loaded)
      #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5, 6])
      gate.open()
    }
  }

  @Test func reloadCancelsARunningLoadMore() async throws {
    let all = HTTPFixture.items(7)
    let gate = LoopbackGate()
    let routes: [String: LoopbackRoute] = [
      "/items": { request, n in
        if n == 2 { await gate.wait() }
        return HTTPFixture.page(of: all, request: request)
      }
    ]
    try await withLoopbackServer(routes: routes) { server in
      let loader = makeLoader(server)
      await loader.load()

      let loadMore = Task { await loader.loadMore() }
      await server.log.waitForRequest(to: "/items", count: 2)
      await loader.reload()
      await loadMore.cancellableValue
      #expect(loader.phase.kind == .loaded)
      #expect(loader.items.map(\.id) == [1, 2, 3])
      #expect(loader.nextCursor == 3)
      #expect(
        server.log.targets == [
          "/items?cursor=0&limit=3", "/items?cursor=3&limit=3", "/items?cursor=0&limit=3",
        ])
      gate.open()
    }
  }
}
