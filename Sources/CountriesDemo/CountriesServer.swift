import FlyingFox
import FlyingSocks
public import Foundation

/// The knobs of the demo server: latency, a random failure rate and failures on demand.
///
/// They are settable in code (``CountriesServer/setKnobs(_:)``) and over HTTP:
/// `POST /control?latency_ms=800&failure_rate=0.2&fail_next=1&seed=7`; `GET /control` shows
/// them. They apply to `GET /countries`, `GET /countries/<alpha2>` and
/// `PUT /countries/<alpha2>`.
public struct ServerKnobs: Codable, Equatable, Sendable {
  /// The delay before every answer, in milliseconds.
  public var latencyMs: Int
  /// The probability, from 0 to 1, that an answer is an injected `500`, drawn from a seeded
  /// generator so that a run repeats exactly.
  public var failureRate: Double
  /// How many of the next answers are an injected `500`, whatever the failure rate.
  public var failNext: Int

  public init(latencyMs: Int = 0, failureRate: Double = 0, failNext: Int = 0) {
    self.latencyMs = latencyMs
    self.failureRate = failureRate
    self.failNext = failNext
  }

  enum CodingKeys: String, CodingKey {
    case latencyMs = "latency_ms"
    case failureRate = "failure_rate"
    case failNext = "fail_next"
  }
}

/// What the server decides for one request to a knob-controlled endpoint.
struct Admission: Equatable {
  var latency: Duration
  var failure: String?
}

/// The mutable state behind the knobs, one actor so that concurrent requests consume
/// `fail_next` and the random draws one at a time, in arrival order.
actor ServerControl {
  private(set) var knobs: ServerKnobs
  private var generator: SeededGenerator

  init(knobs: ServerKnobs, seed: UInt64) {
    self.knobs = knobs
    self.generator = SeededGenerator(seed: seed)
  }

  func setKnobs(_ knobs: ServerKnobs) {
    self.knobs = knobs
  }

  func reseed(_ seed: UInt64) {
    generator = SeededGenerator(seed: seed)
  }

  /// Consumes one `fail_next` or, when none is left, draws against the failure rate (only when
  /// the rate is above zero, so a rate of zero leaves the random sequence untouched).
  func admit() -> Admission {
    let latency = Duration.milliseconds(knobs.latencyMs)
    if knobs.failNext > 0 {
      knobs.failNext -= 1
      return Admission(latency: latency, failure: "injected failure (fail_next)")
    }
    if knobs.failureRate > 0, generator.nextUnitInterval() < knobs.failureRate {
      return Admission(latency: latency, failure: "injected failure (failure_rate)")
    }
    return Admission(latency: latency, failure: nil)
  }
}

/// The countries a ``CountriesServer`` serves, with the renames it has stored, one actor so that
/// a rename and the loads around it see one order.
actor CountryCatalog {
  /// The countries, in the order they are served; a rename keeps a country's place.
  private(set) var countries: [Country]
  /// The position of each country by its upper-case alpha-2 code.
  private let positions: [String: Int]

  init(countries: [Country]) {
    self.countries = countries
    var positions: [String: Int] = [:]
    for (index, country) in countries.enumerated()
    where positions[country.alpha2.uppercased()] == nil {
      positions[country.alpha2.uppercased()] = index
    }
    self.positions = positions
  }

  /// The page of `limit` countries from `cursor` on.
  func page(cursor: Int, limit: Int) -> CountriesPage {
    let start = min(cursor, countries.count)
    let end = min(start + limit, countries.count)
    return CountriesPage(
      items: Array(countries[start..<end]), nextCursor: end < countries.count ? end : nil)
  }

  /// The country with the alpha-2 code `alpha2`, in any case.
  func country(alpha2: String) -> Country? {
    positions[alpha2.uppercased()].map { countries[$0] }
  }

  /// The renames applied, in order.
  private(set) var applied: [AppliedRename] = []
  /// The answer of each idempotency key's first rename, by key.
  private var answers: [String: Country] = [:]

  /// Stores `name` for the country `alpha2` and returns it renamed (`nil` for no such country);
  /// a repeated `idempotencyKey` changes nothing and answers as its first rename did.
  func rename(alpha2: String, to name: String, idempotencyKey: String? = nil) -> Country? {
    if let idempotencyKey, let answer = answers[idempotencyKey] {
      if let index = applied.lastIndex(where: { $0.idempotencyKey == idempotencyKey }) {
        applied[index].deliveries += 1
      }
      return answer
    }
    guard let index = positions[alpha2.uppercased()] else { return nil }
    countries[index].name = name
    applied.append(
      AppliedRename(code: alpha2.uppercased(), name: name, idempotencyKey: idempotencyKey))
    if let idempotencyKey { answers[idempotencyKey] = countries[index] }
    return countries[index]
  }
}

/// A rename the server applied, as `GET /renames` lists it.
public struct AppliedRename: Codable, Hashable, Sendable {
  /// The country's alpha-2 code.
  public var code: String
  /// The name stored.
  public var name: String
  /// The `Idempotency-Key` the rename came with, if any.
  public var idempotencyKey: String?
  /// How many requests brought the key: the one applied, and the repeats answered without
  /// applying anything again.
  public var deliveries: Int

  public init(code: String, name: String, idempotencyKey: String? = nil, deliveries: Int = 1) {
    self.code = code
    self.name = name
    self.idempotencyKey = idempotencyKey
    self.deliveries = deliveries
  }
}

/// The body of `PUT /countries/<alpha2>`: the country's new name.
public struct RenameBody: Codable, Equatable, Sendable {
  /// The new name; the server stores it without leading and trailing white space.
  public var name: String

  public init(name: String) {
    self.name = name
  }
}

/// An embedded HTTP server (FlyingFox) with a paged JSON API of the world's countries.
///
/// It listens on `127.0.0.1` on a free port:
/// - `GET /countries?cursor=<offset>&limit=<1...100, default 25>` answers
///   `{"items":[...],"nextCursor":<offset or null>}`;
/// - `GET /countries/<alpha2>` answers one country, or `404`;
/// - `PUT /countries/<alpha2>` with `{"name":"..."}` renames the country, stores the new name for
///   every later answer and answers the renamed country; `404` for an unknown code, `422` for a
///   name that is empty or longer than ``maximumNameLength`` characters, `400` for a body that
///   is not that JSON. With an `Idempotency-Key` header, a repeat of a key already applied
///   changes nothing and answers the country as the first request left it;
/// - `GET /renames` lists the renames applied (``AppliedRename``), in order;
/// - `GET /fail` always answers `500`;
/// - `GET /control` shows the ``ServerKnobs``, `POST /control?...` changes them;
/// - an invalid query answers `400` with `{"error":"..."}`.
public actor CountriesServer {
  /// The default page size of `GET /countries`.
  public static let defaultLimit = 25
  /// The largest page size `GET /countries` accepts.
  public static let maximumLimit = 100
  /// The longest name `PUT /countries/<alpha2>` accepts, in characters.
  public static let maximumNameLength = 100
  /// The header of `PUT /countries/<alpha2>` whose repeats the server applies once.
  public static let idempotencyKeyHeader = "Idempotency-Key"

  /// The countries served at the start, in order; ``country(alpha2:)`` includes the renames.
  public nonisolated let countries: [Country]
  private let catalog: CountryCatalog
  private let control: ServerControl
  private var server: HTTPServer?
  private var runTask: Task<Void, any Error>?
  /// The port the server listens on, once started.
  public private(set) var port: UInt16?

  /// Creates a stopped server.
  /// - Parameters:
  ///   - countries: The countries to serve; the bundled list by default.
  ///   - knobs: The initial latency and failure settings.
  ///   - seed: The seed of the generator behind the failure rate.
  public init(countries: [Country], knobs: ServerKnobs = ServerKnobs(), seed: UInt64 = 6) {
    self.countries = countries
    self.catalog = CountryCatalog(countries: countries)
    self.control = ServerControl(knobs: knobs, seed: seed)
  }

  /// Creates a stopped server over the bundled `countries.json`.
  public init(knobs: ServerKnobs = ServerKnobs(), seed: UInt64 = 6) throws {
    self.init(countries: try Country.bundled(), knobs: knobs, seed: seed)
  }

  /// The address to load from, for example `http://127.0.0.1:49152`, once started.
  public var baseURL: URL? {
    port.flatMap { URL(string: "http://127.0.0.1:\($0)") }
  }

  /// Starts listening on `127.0.0.1` on a free port and returns the base URL.
  @discardableResult
  public func start() async throws -> URL {
    if let baseURL { return baseURL }
    let handler = CountriesHandler(catalog: catalog, count: countries.count, control: control)
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled, handler: handler)
    let runTask = Task { try await server.run() }
    do {
      // FlyingFox gives up after 5 s by default; a loaded CI machine (2 cores, Thread Sanitizer)
      // can take longer to start a listener.
      try await server.waitUntilListening(timeout: 60)
    } catch {
      runTask.cancel()
      throw error
    }
    guard case .ip4(_, port: let port) = await server.listeningAddress else {
      runTask.cancel()
      await server.stop()
      throw CocoaError(.featureUnsupported)
    }
    self.server = server
    self.runTask = runTask
    self.port = port
    return URL(string: "http://127.0.0.1:\(port)")!
  }

  /// Stops listening, ends the open connections and waits until the server has finished.
  public func stop() async {
    guard let server, let runTask else { return }
    self.server = nil
    self.runTask = nil
    port = nil
    await server.stop(timeout: 0)
    runTask.cancel()
    _ = await runTask.result
  }

  /// The current knobs.
  public var knobs: ServerKnobs {
    get async { await control.knobs }
  }

  /// Replaces the knobs.
  public func setKnobs(_ knobs: ServerKnobs) async {
    await control.setKnobs(knobs)
  }

  /// Restarts the generator behind the failure rate from `seed`.
  public func reseed(_ seed: UInt64) async {
    await control.reseed(seed)
  }

  /// The country with the alpha-2 code `alpha2` as the server serves it now, renames included.
  public func country(alpha2: String) async -> Country? {
    await catalog.country(alpha2: alpha2)
  }

  /// The renames applied, in order.
  public var appliedRenames: [AppliedRename] {
    get async { await catalog.applied }
  }
}

/// Routes the requests of ``CountriesServer``.
struct CountriesHandler: HTTPHandler {
  let catalog: CountryCatalog
  /// How many countries the catalog holds; a rename never changes it.
  let count: Int
  let control: ServerControl

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    let method = request.method.rawValue
    switch (method, parts.count, parts.first) {
    case ("GET", 1, "countries"):
      return await page(request)
    case ("GET", 2, "countries"):
      return await country(alpha2: parts[1])
    case ("PUT", 2, "countries"):
      return await rename(alpha2: parts[1], request)
    case ("GET", 1, "fail"):
      return Self.error(.internalServerError, "this endpoint always fails")
    case ("GET", 1, "renames"):
      return Self.json(.ok, await catalog.applied)
    case ("GET", 1, "control"):
      return Self.json(.ok, await control.knobs)
    case ("POST", 1, "control"):
      return await updateControl(request)
    case (_, 1, "countries"), (_, 2, "countries"), (_, 1, "fail"), (_, 1, "control"),
      (_, 1, "renames"):
      return Self.error(.methodNotAllowed, "\(method) is not allowed on \(request.path)")
    default:
      return Self.error(.notFound, "no such endpoint: \(request.path)")
    }
  }

  private func page(_ request: HTTPRequest) async -> HTTPResponse {
    let cursor: Int
    let limit: Int
    do {
      cursor = try Self.integer(
        request, "cursor", default: 0, in: 0...count, hint: "an offset from 0 to \(count)")
      limit = try Self.integer(
        request, "limit", default: CountriesServer.defaultLimit,
        in: 1...CountriesServer.maximumLimit, hint: "from 1 to \(CountriesServer.maximumLimit)")
    } catch {
      return Self.error(.badRequest, error.message)
    }
    if let failure = await admit() { return failure }
    return Self.json(.ok, await catalog.page(cursor: cursor, limit: limit))
  }

  private func country(alpha2: String) async -> HTTPResponse {
    if let invalid = Self.checkCode(alpha2) { return invalid }
    if let failure = await admit() { return failure }
    guard let country = await catalog.country(alpha2: alpha2) else {
      return Self.unknownCode(alpha2)
    }
    return Self.json(.ok, country)
  }

  /// Renames a country. The request is checked before the knobs apply, as a query is; an unknown
  /// code answers after them, as `GET` does. An injected failure stores nothing.
  private func rename(alpha2: String, _ request: HTTPRequest) async -> HTTPResponse {
    if let invalid = Self.checkCode(alpha2) { return invalid }
    let body: RenameBody
    do {
      body = try JSONDecoder().decode(RenameBody.self, from: try await request.bodyData)
    } catch {
      return Self.error(.badRequest, #"the body must be JSON like {"name":"Austria"}"#)
    }
    let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else {
      return Self.error(.unprocessableContent, "the name must not be empty")
    }
    guard name.count <= CountriesServer.maximumNameLength else {
      return Self.error(
        .unprocessableContent,
        "the name must have at most \(CountriesServer.maximumNameLength) characters")
    }
    if let failure = await admit() { return failure }
    let idempotencyKey = request.headers[HTTPHeader(CountriesServer.idempotencyKeyHeader)]
    guard
      let country = await catalog.rename(
        alpha2: alpha2, to: name, idempotencyKey: idempotencyKey)
    else {
      return Self.unknownCode(alpha2)
    }
    return Self.json(.ok, country)
  }

  /// A `400` when `alpha2` is not two letters.
  private static func checkCode(_ alpha2: String) -> HTTPResponse? {
    guard alpha2.count != 2 || !alpha2.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return nil
    }
    return error(.badRequest, "'\(alpha2)' is not an alpha-2 code (two letters)")
  }

  private static func unknownCode(_ alpha2: String) -> HTTPResponse {
    error(.notFound, "no country with the code '\(alpha2.uppercased())'")
  }

  /// Applies the knobs: waits for the latency, then answers an injected failure or `nil`.
  private func admit() async -> HTTPResponse? {
    let admission = await control.admit()
    if admission.latency > .zero {
      // A cancelled sleep (the server is stopping) just answers early.
      try? await Task.sleep(for: admission.latency)
    }
    return admission.failure.map { Self.error(.internalServerError, $0) }
  }

  private func updateControl(_ request: HTTPRequest) async -> HTTPResponse {
    var knobs = await control.knobs
    var seed: Int?
    do {
      knobs.latencyMs = try Self.integer(
        request, "latency_ms", default: knobs.latencyMs, in: 0...60_000,
        hint: "milliseconds from 0 to 60000")
      knobs.failNext = try Self.integer(
        request, "fail_next", default: knobs.failNext, in: 0...1_000_000,
        hint: "a count from 0 to 1000000")
      if let text = request.query["failure_rate"] {
        guard let rate = Double(text), (0...1).contains(rate) else {
          throw QueryError(message: "failure_rate must be a number from 0 to 1, not '\(text)'")
        }
        knobs.failureRate = rate
      }
      if request.query["seed"] != nil {
        seed = try Self.integer(
          request, "seed", default: 0, in: 0...Int.max, hint: "a non-negative integer")
      }
    } catch {
      return Self.error(.badRequest, error.message)
    }
    let known: Set = ["latency_ms", "failure_rate", "fail_next", "seed"]
    if let unknown = request.query.first(where: { !known.contains($0.name) }) {
      return Self.error(
        .badRequest,
        "unknown control parameter '\(unknown.name)'; use latency_ms, failure_rate, fail_next, seed"
      )
    }
    if let seed { await control.reseed(UInt64(seed)) }
    await control.setKnobs(knobs)
    return Self.json(.ok, knobs)
  }

  struct QueryError: Error {
    var message: String
  }

  private static func integer(
    _ request: HTTPRequest, _ name: String, default value: Int, in range: ClosedRange<Int>,
    hint: String
  ) throws(QueryError) -> Int {
    guard let text = request.query[name] else { return value }
    guard let number = Int(text), range.contains(number) else {
      throw QueryError(message: "\(name) must be \(hint), not '\(text)'")
    }
    return number
  }

  private static func json(_ status: HTTPStatusCode, _ value: some Encodable) -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return HTTPResponse(
      statusCode: status, headers: [.contentType: "application/json; charset=utf-8"], body: body)
  }

  private static func error(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
    json(status, APIErrorBody(error: message))
  }
}

extension Error {
  fileprivate var message: String {
    (self as? CountriesHandler.QueryError)?.message ?? String(describing: self)
  }
}
