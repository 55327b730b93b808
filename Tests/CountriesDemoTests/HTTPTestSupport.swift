import CountriesDemo
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One answer of the test server: the status and the body.
struct TestResponse {
  var status: Int
  var body: Data

  var text: String { String(decoding: body, as: UTF8.self) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONDecoder().decode(type, from: body)
  }
}

/// Sends one request, with `body` if given, and waits for the real server's answer.
func send(_ url: URL, method: String = "GET", body: String? = nil) async throws -> TestResponse {
  var request = URLRequest(url: url)
  request.httpMethod = method
  request.cachePolicy = .reloadIgnoringLocalCacheData
  if let body {
    request.httpBody = Data(body.utf8)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
  }
  let (data, response) = try await URLSession.shared.data(for: request)
  let status = try #require(response as? HTTPURLResponse).statusCode
  return TestResponse(status: status, body: data)
}

func url(_ base: URL, _ pathAndQuery: String) -> URL {
  URL(string: base.absoluteString + pathAndQuery)!
}

/// Starts a server over the bundled countries, runs `body`, and stops the server even when
/// `body` throws.
func withServer<T>(
  knobs: ServerKnobs = ServerKnobs(), seed: UInt64 = 6,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (CountriesServer, URL) async throws -> T
) async throws -> T {
  let server = try CountriesServer(knobs: knobs, seed: seed)
  let baseURL = try await server.start()
  do {
    let result = try await body(server, baseURL)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}

/// A port on 127.0.0.1 that is bound but not listening: connecting to it is refused for as long
/// as the value lives, and no other test's server can take it meanwhile.
final class RefusingPort {
  let port: UInt16
  private let descriptor: Int32

  init() throws {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    try #require(descriptor >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard bound == 0, named == 0 else {
      close(descriptor)
      throw CocoaError(.featureUnsupported)
    }
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: address.sin_port)
  }

  deinit {
    close(descriptor)
  }
}
