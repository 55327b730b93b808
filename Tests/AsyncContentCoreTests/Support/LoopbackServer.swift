import ConcurrencyExtras
import FlyingFox
import FlyingSocks
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a route answers to the `n`-th request to its path (`n` counts from 1), so that a test
/// drives the server's behaviour request by request.
typealias LoopbackRoute = @Sendable (_ request: HTTPRequest, _ n: Int) async throws -> HTTPResponse

/// A FlyingFox server on `127.0.0.1`, on a port the system chooses, with a route table keyed by
/// path and a log of every request it received.
///
/// Use it through ``withLoopbackServer(routes:isolation:_:)``, which stops it and invalidates its
/// session when the test body ends.
final class LoopbackServer: Sendable {
  /// `http://127.0.0.1:<port>`.
  let baseURL: URL
  /// An ephemeral session of this server's own.
  let session: URLSession
  /// Every request the server received.
  let log: LoopbackRequestLog
  private let server: HTTPServer
  private let runTask: Task<Void, any Error>

  private init(
    baseURL: URL, session: URLSession, log: LoopbackRequestLog, server: HTTPServer,
    runTask: Task<Void, any Error>
  ) {
    self.baseURL = baseURL
    self.session = session
    self.log = log
    self.server = server
    self.runTask = runTask
  }

  /// Starts listening on `127.0.0.1` on a free port.
  static func start(routes: [String: LoopbackRoute]) async throws -> LoopbackServer {
    let log = LoopbackRequestLog()
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled,
      handler: LoopbackRouteTable(routes: routes, log: log))
    let runTask = Task { try await server.run() }
    do {
      // FlyingFox gives up after 5 s by default, which a loaded machine can exceed.
      try await server.waitUntilListening(timeout: 60)
    } catch {
      runTask.cancel()
      throw error
    }
    guard case .ip4(let host, port: let port) = await server.listeningAddress, port != 0 else {
      await server.stop(timeout: 0)
      runTask.cancel()
      throw LoopbackServerError.notListening
    }
    return LoopbackServer(
      baseURL: URL(string: "http://\(host):\(port)")!,
      session: URLSession(configuration: .ephemeral), log: log, server: server, runTask: runTask)
  }

  /// The URL of `pathAndQuery` (`/items?cursor=0`) on this server.
  func url(_ pathAndQuery: String) -> URL {
    URL(string: baseURL.absoluteString + pathAndQuery)!
  }

  /// Cancels the session's requests, closes the connections and waits until the server ended.
  func stop() async {
    session.invalidateAndCancel()
    await server.stop(timeout: 0)
    runTask.cancel()
    _ = await runTask.result
  }
}

enum LoopbackServerError: Error {
  case notListening
}

/// Runs `body` against a fresh server and its own ephemeral session, and stops both afterwards,
/// whether `body` returns or throws.
func withLoopbackServer<Result>(
  routes: [String: LoopbackRoute],
  isolation: isolated (any Actor)? = #isolation,
  _ body: (LoopbackServer) async throws -> Result
) async throws -> Result {
  let server = try await LoopbackServer.start(routes: routes)
  do {
    let result = try await body(server)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}

/// Routes by path; an unknown path answers 404. Every request is logged before it is routed.
private struct LoopbackRouteTable: HTTPHandler {
  let routes: [String: LoopbackRoute]
  let log: LoopbackRequestLog

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let n = log.record(request)
    guard let route = routes[request.path] else {
      return .loopbackText("no route for \(request.path)", status: .notFound)
    }
    return try await route(request, n)
  }
}

/// The requests a ``LoopbackServer`` received, in order, and a way to wait for one to arrive.
final class LoopbackRequestLog: Sendable {
  private struct Waiter {
    let path: String
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var targets: [String] = []
    var counts: [String: Int] = [:]
    var waiters: [Waiter] = []
  }

  private let state = LockIsolated(State())

  /// Every request's path and query, in arrival order.
  var targets: [String] { state.value.targets }

  /// How many requests `path` received.
  func count(_ path: String) -> Int {
    state.value.counts[path, default: 0]
  }

  /// Records `request` and returns how many requests its path has received, this one included.
  fileprivate func record(_ request: HTTPRequest) -> Int {
    let (n, ready) = state.withValue { state -> (Int, [Waiter]) in
      let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      state.targets.append(query.isEmpty ? request.path : "\(request.path)?\(query)")
      let n = state.counts[request.path, default: 0] + 1
      state.counts[request.path] = n
      let ready = state.waiters.filter { $0.path == request.path && $0.count <= n }
      state.waiters.removeAll { $0.path == request.path && $0.count <= n }
      return (n, ready)
    }
    for waiter in ready { waiter.continuation.resume() }
    return n
  }

  /// Returns once `path` has received at least `count` requests.
  func waitForRequest(to path: String, count: Int = 1) async {
    await withCheckedContinuation { continuation in
      let arrived = state.withValue { state in
        guard state.counts[path, default: 0] < count else { return true }
        state.waiters.append(Waiter(path: path, count: count, continuation: continuation))
        return false
      }
      if arrived { continuation.resume() }
    }
  }
}

/// A latch a route awaits, so a "slow" response takes exactly as long as the test wants: the
/// handler answers when the test opens the gate (or when the server stops and cancels it).
final class LoopbackGate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextID = 0
  }

  private let state = LockIsolated(State())

  /// Lets every waiting and future handler through.
  func open() {
    let waiters = state.withValue { state in
      state.isOpen = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns when the gate opens or the waiting task is cancelled.
  func wait() async {
    let id = state.withValue { state in
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let passes = state.withValue { state in
          guard !state.isOpen, !Task.isCancelled else { return true }
          state.waiters[id] = continuation
          return false
        }
        if passes { continuation.resume() }
      }
    } onCancel: {
      state.withValue { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }
}

extension HTTPResponse {
  /// A JSON response.
  static func loopbackJSON(_ json: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: [.contentType: "application/json"], body: Data(json.utf8))
  }

  /// A plain-text response.
  static func loopbackText(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"],
      body: Data(text.utf8))
  }

  /// An HTML response.
  static func loopbackHTML(_ html: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: [.contentType: "text/html; charset=utf-8"],
      body: Data(html.utf8))
  }

  /// A "response" that closes the connection without sending a single byte: FlyingFox hands the
  /// connection to a WebSocket handler that fails before anything is written, and closes it.
  static var loopbackDroppedConnection: HTTPResponse {
    HTTPResponse(webSocket: LoopbackDroppingHandler())
  }
}

private struct LoopbackDroppingHandler: WSHandler {
  struct Dropped: Error {}

  func makeFrames(
    for client: AsyncThrowingStream<WSFrame, any Error>
  ) async throws -> AsyncStream<
    WSFrame
  > {
    throw Dropped()
  }
}

/// A port on `127.0.0.1` that is bound but not listening, so a connection to it is refused for
/// as long as the value lives (no other server can take the port meanwhile).
final class LoopbackRefusingPort: Sendable {
  let port: UInt16
  private let socket: Socket

  init() throws {
    let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: 0)
    let socket = try Socket(domain: Int32(address.family))
    try socket.bind(to: address)
    guard case .ip4(_, port: let port) = try socket.sockname(), port != 0 else {
      try? socket.close()
      throw LoopbackServerError.notListening
    }
    self.socket = socket
    self.port = port
  }

  /// `http://127.0.0.1:<port><path>`.
  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  func close() {
    try? socket.close()
  }
}
