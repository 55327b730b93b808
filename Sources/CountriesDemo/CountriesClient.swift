public import AsyncContentCore
public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Talks to a ``CountriesServer`` (embedded or at `--base-url`) through `URLSession` and the
/// core's ``JSONRequest``.
public struct CountriesClient: Sendable {
  /// The server's base URL, for example `http://127.0.0.1:49152`.
  public var baseURL: URL
  /// The page size asked for.
  public var pageSize: Int
  /// The session that sends every request.
  public var session: URLSession
  /// The link to the server, which the demo cuts to show a server that cannot be reached. The
  /// server's knobs (``control(latencyMs:failureRate:failNext:seed:)``, ``knobs()``) and its
  /// record of renames (``appliedRenames()``) are the operator's, and bypass it.
  public var link: ServerLink

  public init(
    baseURL: URL, pageSize: Int = CountriesServer.defaultLimit, session: URLSession,
    link: ServerLink = ServerLink()
  ) {
    self.baseURL = baseURL
    self.pageSize = pageSize
    self.session = session
    self.link = link
  }

  /// A session without caching, with a short timeout so an unreachable server fails fast.
  public static func makeSession(timeout: TimeInterval = 10) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }

  /// The URL of `path` on the server, or on the refusing port while the link is cut (unless
  /// `bypassingLink`).
  func endpoint(
    _ path: String, _ query: [URLQueryItem] = [], bypassingLink: Bool = false
  ) -> URL {
    let base = bypassingLink ? baseURL : link.route(baseURL)
    var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
    let basePath =
      components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
    components.path = basePath + path
    components.queryItems = query.isEmpty ? nil : query
    return components.url!
  }

  /// The page at `cursor` (`nil`: the first page), as a core ``Page``.
  public func page(cursor: Int?) async throws -> Page<Country, Int> {
    var query = [URLQueryItem(name: "limit", value: String(pageSize))]
    if let cursor { query.insert(URLQueryItem(name: "cursor", value: String(cursor)), at: 0) }
    let page = try await JSONRequest<CountriesPage>(
      url: endpoint("/countries", query), session: session
    ).fetch()
    return Page(items: page.items, nextCursor: page.nextCursor)
  }

  /// The country with the alpha-2 code `code`, from `GET /countries/<code>`.
  public func country(code: String) async throws -> Country {
    try await JSONRequest<Country>(url: endpoint("/countries/\(code)"), session: session).fetch()
  }

  /// Renames the country with the alpha-2 code `code` with `PUT /countries/<code>` and returns
  /// it as the server stored it.
  ///
  /// With an `idempotencyKey` (sent as the `Idempotency-Key` header), the server applies the
  /// rename once: a request that repeats the key gets the first one's answer, and changes
  /// nothing, so a rename sent again (a retry, a replay after a relaunch) is harmless.
  ///
  /// - Throws: ``RenameError`` when the server refuses the rename (a `4xx`: an unknown code, a
  ///   name that is empty or too long); ``HTTPLoadError`` for any other failure, such as an
  ///   injected `500`; `CancellationError` when cancelled.
  public func rename(
    code: String, to name: String, idempotencyKey: String? = nil
  ) async throws -> Country {
    var request = URLRequest(url: endpoint("/countries/\(code)"))
    request.httpMethod = "PUT"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let idempotencyKey {
      request.setValue(idempotencyKey, forHTTPHeaderField: CountriesServer.idempotencyKeyHeader)
    }
    request.httpBody = try JSONEncoder().encode(RenameBody(name: name))
    do {
      return try await JSONRequest<Country>(request: request, session: session).fetch()
    } catch let error as HTTPLoadError {
      throw RenameError(error, code: code) ?? error
    }
  }

  /// Changes the server's knobs with `POST /control` and returns them as the server has them.
  @discardableResult
  public func control(
    latencyMs: Int? = nil, failureRate: Double? = nil, failNext: Int? = nil, seed: UInt64? = nil
  ) async throws -> ServerKnobs {
    var query: [URLQueryItem] = []
    if let latencyMs { query.append(URLQueryItem(name: "latency_ms", value: String(latencyMs))) }
    if let failureRate {
      query.append(URLQueryItem(name: "failure_rate", value: String(failureRate)))
    }
    if let failNext { query.append(URLQueryItem(name: "fail_next", value: String(failNext))) }
    if let seed { query.append(URLQueryItem(name: "seed", value: String(seed))) }
    var request = URLRequest(url: endpoint("/control", query, bypassingLink: true))
    request.httpMethod = "POST"
    return try await JSONRequest<ServerKnobs>(request: request, session: session).fetch()
  }

  /// The server's knobs, from `GET /control`.
  public func knobs() async throws -> ServerKnobs {
    try await JSONRequest<ServerKnobs>(
      url: endpoint("/control", bypassingLink: true), session: session
    ).fetch()
  }

  /// The renames the server has applied, in order, from `GET /renames`: what the server side
  /// saw, to check that a rename sent more than once was applied once.
  public func appliedRenames() async throws -> [AppliedRename] {
    try await JSONRequest<[AppliedRename]>(
      url: endpoint("/renames", bypassingLink: true), session: session
    ).fetch()
  }

  /// Checks that the server answers `GET /countries` with the expected JSON, so that a wrong
  /// `--base-url` gets a clear message before any screen is drawn.
  public func check() async throws(ServerCheckError) {
    do {
      _ = try await JSONRequest<CountriesPage>(
        url: endpoint("/countries", [URLQueryItem(name: "limit", value: "1")]), session: session
      ).fetch()
    } catch let error as HTTPLoadError {
      switch error {
      case .transport, .timeout:
        throw .unreachable(baseURL: baseURL, reason: error.description)
      case .status, .decoding, .invalidResponse:
        throw .unexpectedAnswer(baseURL: baseURL, reason: error.description)
      }
    } catch {
      throw .unreachable(baseURL: baseURL, reason: String(describing: error))
    }
  }
}

/// Why the server refused a rename: the `4xx` answers of `PUT /countries/<alpha2>`, typed, so
/// that the app can say what to fix. Server failures stay ``HTTPLoadError``s.
public enum RenameError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No country has the code (`404`).
  case unknownCountry(code: String)
  /// The name is empty or longer than ``CountriesServer/maximumNameLength`` characters (`422`);
  /// `message` is the server's.
  case invalidName(code: String, message: String)
  /// Another `4xx`, such as a code that is not two letters (`400`); `message` is the server's.
  case rejected(code: String, status: Int, message: String)

  /// The rename error of a `4xx` answer, or `nil` for any other failure.
  init?(_ error: HTTPLoadError, code: String) {
    guard case .status(let status, _, let excerpt, _) = error, (400..<500).contains(status) else {
      return nil
    }
    let message =
      (try? JSONDecoder().decode(APIErrorBody.self, from: Data(excerpt.utf8)))?.error ?? excerpt
    switch status {
    case 404: self = .unknownCountry(code: code)
    case 422: self = .invalidName(code: code, message: message)
    default: self = .rejected(code: code, status: status, message: message)
    }
  }

  public var description: String {
    switch self {
    case .unknownCountry(let code):
      "no country has the code '\(code)'"
    case .invalidName(let code, let message):
      "the server refused the new name of '\(code)': \(message)"
    case .rejected(let code, let status, let message):
      "the server refused to rename '\(code)' (HTTP \(status)): \(message)"
    }
  }
}

/// Why the server at the base URL cannot be used.
public enum ServerCheckError: Error, Equatable, CustomStringConvertible {
  /// Nothing answers there.
  case unreachable(baseURL: URL, reason: String)
  /// Something answers, but not with the countries JSON (an HTML page, say).
  case unexpectedAnswer(baseURL: URL, reason: String)

  public var description: String {
    switch self {
    case .unreachable(let baseURL, let reason):
      "cannot reach the countries server at \(baseURL.absoluteString).\n  \(reason)"
    case .unexpectedAnswer(let baseURL, let reason):
      """
      the server at \(baseURL.absoluteString) did not answer GET /countries with the \
      countries JSON.
        \(reason)
        Point --base-url at a server that serves this demo's API (or leave it out to use the \
      embedded server).
      """
    }
  }

  /// The exit status: 69 (unavailable) or 65 (data error).
  public var exitStatus: Int32 {
    switch self {
    case .unreachable: CountriesCommand.ExitStatus.unavailable
    case .unexpectedAnswer: CountriesCommand.ExitStatus.dataError
    }
  }
}
