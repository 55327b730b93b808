public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension AsyncLoader where Value: Decodable {
  /// Creates a loader that loads `Value` as JSON from `url`, as Ralf Ebert's
  /// "AsyncView – Asynchrone Ladevorgänge in SwiftUI" loads its countries.
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
    retry: RetryPolicy = .never,
    staleness: Staleness = .never
  ) {
    let request = JSONRequest<Value>(url: url, session: session, decoder: decoder)
    self.init(clock: clock, retry: retry, staleness: staleness, operation: request.fetch)
  }

  /// Creates a loader that sends `request` and decodes `Value` from the JSON body.
  public convenience init(
    request: URLRequest,
    session: URLSession = .shared,
    decoder: JSONDecoder = JSONDecoder(),
    clock: some Clock<Duration> = ContinuousClock(),
    retry: RetryPolicy = .never,
    staleness: Staleness = .never
  ) {
    let request = JSONRequest<Value>(request: request, session: session, decoder: decoder)
    self.init(clock: clock, retry: retry, staleness: staleness, operation: request.fetch)
  }
}
