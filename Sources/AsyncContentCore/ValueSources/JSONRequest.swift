public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A request that loads a `Decodable` value as JSON over HTTP, validating the status code and
/// turning every failure into an ``HTTPLoadError``: the building block of the `CountriesEndpoints`
/// of Ralf Ebert's "AsyncView – Asynchrone Ladevorgänge in SwiftUI".
///
/// ```swift
/// let countries = JSONRequest<[Country]>(url: api.baseURL.appending(path: "countries"))
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
        code: http.statusCode, url: url, bodyExcerpt: Self.excerpt(of: data),
        retryAfter: RetryAfterHeader.delay(
          http.value(forHTTPHeaderField: "Retry-After"),
          responseDate: http.value(forHTTPHeaderField: "Date")))
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
