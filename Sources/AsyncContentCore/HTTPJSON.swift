public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Why loading JSON over HTTP failed, in words a developer can act on.
///
/// Every case names the URL. Cancellation is not a case: a cancelled request throws
/// `CancellationError`, which loaders never show as a failure.
public enum HTTPLoadError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The server answered with a status code outside the accepted range.
  case status(code: Int, url: URL?, bodyExcerpt: String)
  /// The body did not decode as the expected type; `codingPath` says where (`items[3].name`).
  case decoding(description: String, codingPath: String, url: URL?)
  /// The request did not reach the server or the connection broke.
  case transport(code: Int, message: String, url: URL?)
  /// The request timed out.
  case timeout(url: URL?)
  /// The response was not an HTTP response.
  case invalidResponse(url: URL?)

  /// The URL of the failed request.
  public var url: URL? {
    switch self {
    case .status(_, let url, _), .decoding(_, _, let url), .transport(_, _, let url),
      .timeout(let url), .invalidResponse(let url):
      url
    }
  }

  public var description: String {
    let target = url?.absoluteString ?? "the request"
    switch self {
    case .status(let code, _, let excerpt):
      let reason = HTTPURLResponse.localizedString(forStatusCode: code)
      return excerpt.isEmpty
        ? "HTTP \(code) (\(reason)) from \(target)"
        : "HTTP \(code) (\(reason)) from \(target): \(excerpt)"
    case .decoding(let description, let codingPath, _):
      let place = codingPath.isEmpty ? "" : " at \(codingPath)"
      return "Could not decode the response of \(target)\(place): \(description)"
    case .transport(let code, let message, _):
      return "Could not reach \(target) (URLError \(code)): \(message)"
    case .timeout:
      return "The request to \(target) timed out"
    case .invalidResponse:
      return "The response of \(target) was not an HTTP response"
    }
  }

  public var errorDescription: String? { description }
}

/// A request that loads a `Decodable` value as JSON over HTTP, validating the status code and
/// turning every failure into an ``HTTPLoadError``: the building block of seed 000's
/// `CountriesEndpoints`.
///
/// ```swift
/// let countries = JSONRequest<[Country]>(url: URL(string: "https://example.com/countries.json")!)
/// let loader = AsyncLoader(operation: countries.fetch)
/// ```
public struct JSONRequest<Value: Decodable & Sendable>: Sendable {
  /// The request to send.
  public var request: URLRequest
  /// The session that sends it.
  public var session: URLSession
  /// The decoder for the body; configure dates and keys on it.
  public var decoder: JSONDecoder
  /// The status codes that count as success.
  public var acceptedStatusCodes: Range<Int>

  /// Creates a request for `request`.
  public init(
    request: URLRequest,
    as type: Value.Type = Value.self,
    session: URLSession = .shared,
    decoder: JSONDecoder = JSONDecoder(),
    acceptedStatusCodes: Range<Int> = 200..<300
  ) {
    self.request = request
    self.session = session
    self.decoder = decoder
    self.acceptedStatusCodes = acceptedStatusCodes
  }

  /// Creates a GET request for `url`.
  public init(
    url: URL,
    as type: Value.Type = Value.self,
    session: URLSession = .shared,
    decoder: JSONDecoder = JSONDecoder(),
    acceptedStatusCodes: Range<Int> = 200..<300
  ) {
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    self.init(
      request: request, session: session, decoder: decoder,
      acceptedStatusCodes: acceptedStatusCodes)
  }

  /// Sends the request and decodes the body.
  ///
  /// - Throws: ``HTTPLoadError`` for a bad status, a body that does not decode, a transport
  ///   failure or a timeout; `CancellationError` when cancelled.
  @Sendable
  public func fetch() async throws -> Value {
    let url = request.url
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      throw Self.classify(error, url: url)
    }
    try Task.checkCancellation()
    guard let http = response as? HTTPURLResponse else {
      throw HTTPLoadError.invalidResponse(url: url)
    }
    guard acceptedStatusCodes.contains(http.statusCode) else {
      throw HTTPLoadError.status(
        code: http.statusCode, url: url, bodyExcerpt: Self.excerpt(of: data))
    }
    guard !data.isEmpty else {
      throw HTTPLoadError.decoding(
        description: "the response body is empty", codingPath: "", url: url)
    }
    do {
      return try decoder.decode(Value.self, from: data)
    } catch let error as DecodingError {
      throw HTTPLoadError(error, url: url, body: data)
    }
  }

  static func classify(_ error: any Error, url: URL?) -> any Error {
    if isCancellation(error) { return CancellationError() }
    guard let urlError = error as? URLError else {
      let nsError = error as NSError
      return HTTPLoadError.transport(
        code: nsError.code, message: nsError.localizedDescription, url: url)
    }
    if urlError.code == .timedOut { return HTTPLoadError.timeout(url: url) }
    return HTTPLoadError.transport(
      code: urlError.code.rawValue, message: urlError.localizedDescription, url: url)
  }

  /// The first 200 characters of a body, on one line.
  static func excerpt(of data: Data) -> String {
    let text = String(decoding: data.prefix(400), as: UTF8.self)
    let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return line.count > 200 ? String(line.prefix(200)) + "…" : line
  }
}

extension HTTPLoadError {
  /// Describes a `DecodingError` with its coding path.
  init(_ error: DecodingError, url: URL?, body: Data) {
    func path(_ codingPath: [any CodingKey]) -> String {
      var result = ""
      for key in codingPath {
        if let index = key.intValue {
          result += "[\(index)]"
        } else {
          result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return result
    }
    switch error {
    case .typeMismatch(let type, let context):
      self = .decoding(
        description: "expected \(type): \(context.debugDescription)",
        codingPath: path(context.codingPath), url: url)
    case .valueNotFound(let type, let context):
      self = .decoding(
        description: "missing \(type) value: \(context.debugDescription)",
        codingPath: path(context.codingPath), url: url)
    case .keyNotFound(let key, let context):
      self = .decoding(
        description: "missing key '\(key.stringValue)'",
        codingPath: path(context.codingPath), url: url)
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      // Nothing decoded at all: the body is not JSON (an HTML error page, a truncated body).
      let start = JSONRequest<Int>.excerpt(of: body.prefix(40))
      self = .decoding(
        description:
          "the body is not valid JSON (\(context.debugDescription)); it starts with \"\(start)\"",
        codingPath: "", url: url)
    case .dataCorrupted(let context):
      self = .decoding(
        description: "invalid value: \(context.debugDescription)",
        codingPath: path(context.codingPath), url: url)
    @unknown default:
      self = .decoding(description: "\(error)", codingPath: "", url: url)
    }
  }
}

extension AsyncLoader where Value: Decodable {
  /// Creates a loader that loads `Value` as JSON from `url`, as seed 000 loads its countries.
  ///
  /// ```swift
  /// let loader = AsyncLoader<[Country]>(url: countriesURL)
  /// ```
  ///
  /// Failures are ``HTTPLoadError``s: the status with the URL and a body excerpt, a decoding
  /// error with its coding path, a transport error or a timeout.
  public convenience init(
    url: URL,
    session: URLSession = .shared,
    decoder: JSONDecoder = JSONDecoder(),
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .none,
    staleAfter: Duration? = nil
  ) {
    let request = JSONRequest<Value>(url: url, session: session, decoder: decoder)
    self.init(clock: clock, retry: retry, staleAfter: staleAfter, operation: request.fetch)
  }

  /// Creates a loader that sends `request` and decodes `Value` from the JSON body.
  public convenience init(
    request: URLRequest,
    session: URLSession = .shared,
    decoder: JSONDecoder = JSONDecoder(),
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .none,
    staleAfter: Duration? = nil
  ) {
    let request = JSONRequest<Value>(request: request, session: session, decoder: decoder)
    self.init(clock: clock, retry: retry, staleAfter: staleAfter, operation: request.fetch)
  }
}
