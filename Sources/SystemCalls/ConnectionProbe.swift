internal import Glibc

/// Whether something listens on a stream socket: a connection is made and closed at once, with nothing
/// sent.
package enum ConnectionProbe {
  /// Whether something accepts a connection on a Unix stream socket. The corresponding C functions are
  /// `socket`, `connect` and `close`.
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: `true` when the connection was accepted.
  package static func unixStreamAccepts(_ path: String) -> Bool {
    guard let socket = try? UnixSocket.connectedStream(to: path) else { return false }
    socket.closeIgnoringErrors()
    return true
  }

  /// Whether something accepts a TCP connection over IPv4 within a time. The corresponding C functions
  /// are `getaddrinfo`, `socket`, `connect`, `poll`, `getsockopt` and `close`.
  ///
  /// - Parameters:
  ///   - host: The host name or address.
  ///   - port: The port.
  ///   - limit: The longest wait for the connection.
  /// - Returns: `true` when the connection was accepted in time.
  package static func tcpAccepts(host: String, port: Int, within limit: Duration) -> Bool {
    var hints = addrinfo()
    hints.ai_family = AF_INET
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return false }
    defer { freeaddrinfo(found) }
    guard let socket = try? streamSocket(family: AF_INET, nonBlocking: true) else { return false }
    defer { socket.closeIgnoringErrors() }
    do {
      try nothingOrErrno { connect(socket.rawValue, first.pointee.ai_addr, first.pointee.ai_addrlen) }
      return true
    } catch {
      guard error == .inProgress else { return false }
    }
    let events = try? Poll<Int>.wait(for: socket, .writable, timeout: max(limit, .milliseconds(1)))
    guard let events, !events.isEmpty else { return false }
    var failure: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(socket.rawValue, SOL_SOCKET, SO_ERROR, &failure, &size) == 0 else { return false }
    return failure == 0
  }

  private static func streamSocket(family: Int32, nonBlocking: Bool) throws(Errno) -> FileDescriptor {
    let type =
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
    return FileDescriptor(rawValue: try valueOrErrno { socket(family, type, 0) })
  }
}
