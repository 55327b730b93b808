import FlyingSocks
import Foundation

/// The link between a ``CountriesClient`` and its server, which the demo cuts to show a server
/// that cannot be reached: while it is cut, every request goes to a port on `127.0.0.1` that
/// refuses connections, as a server that is down does, whether the server is the embedded one
/// or the one at `--base-url`. The server itself keeps running, with its data.
///
/// ```swift
/// let link = ServerLink()
/// let client = CountriesClient(baseURL: baseURL, session: session, link: link)
/// link.cut()      // requests are refused
/// link.restore()  // they reach the server again
/// ```
public final class ServerLink: @unchecked Sendable {
  // @unchecked Sendable: `cutTo` and `closedPort` are read and written only while `lock` is
  // held.

  private let lock = NSLock()
  /// The base URL requests go to while the link is cut; `nil` while it is up.
  private var cutTo: URL?
  /// The socket bound to the refusing port, open for as long as the link lives, so that no
  /// other server can take the port.
  private var closedPort: ClosedPort?

  public init() {}

  /// Whether the link is cut: requests are refused.
  public var isCut: Bool {
    lock.withLock { cutTo != nil }
  }

  /// Cuts the link: from now on every request is refused (a transport error, as when a server
  /// is down). A request already on its way finishes.
  ///
  /// - Throws: When no refusing port can be bound on `127.0.0.1`.
  public func cut() throws {
    try lock.withLock {
      if closedPort == nil { closedPort = try ClosedPort() }
      cutTo = URL(string: "http://127.0.0.1:\(closedPort!.port)")
    }
  }

  /// Restores the link: requests reach the server again.
  public func restore() {
    lock.withLock { cutTo = nil }
  }

  /// The base URL a request goes to: `baseURL`, or the refusing port's while the link is cut.
  func route(_ baseURL: URL) -> URL {
    lock.withLock { cutTo } ?? baseURL
  }
}

/// A port on `127.0.0.1` that is bound but not listening: connecting to it is refused for as
/// long as the value lives.
private final class ClosedPort {
  let port: UInt16
  private let socket: Socket

  init() throws {
    let socket = try Socket(domain: Int32(AF_INET), type: .stream)
    do {
      try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
      guard case .ip4(_, let port) = try socket.sockname() else {
        throw CocoaError(.featureUnsupported)
      }
      self.port = port
    } catch {
      try? socket.close()
      throw error
    }
    self.socket = socket
  }

  deinit {
    try? socket.close()
  }
}
