public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why loading JSON over HTTP failed, in words a developer can act on.
///
/// Every case names the URL. Cancellation is not a case: a cancelled request throws
/// `CancellationError`, which loaders never show as a failure.
public enum HTTPLoadError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The server answered with a status code outside the accepted range; `retryAfter` is the
  /// wait its `Retry-After` header asked for, if it sent one.
  case status(code: Int, url: URL?, bodyExcerpt: String, retryAfter: Duration? = nil)
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
    case .status(_, let url, _, _), .decoding(_, _, let url), .transport(_, _, let url),
      .timeout(let url), .invalidResponse(let url):
      url
    }
  }

  public var description: String {
    let target = url?.absoluteString ?? "the request"
    switch self {
    case .status(let code, _, let excerpt, _):
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

  /// The wait a `Retry-After` header asked for: ``RetryPolicy`` honours it when it is longer
  /// than the backoff (``RetryPolicy/retryAfterHeader(_:)``).
  public var retryAfter: Duration? {
    if case .status(_, _, _, let retryAfter) = self { return retryAfter }
    return nil
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
