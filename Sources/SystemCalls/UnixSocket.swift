internal import Glibc

/// Unix-domain sockets named by a path, each close-on-exec: connecting and listening on stream sockets, binding
/// datagram ones, and the calls on them (`accept`, `shutdown`, `sendto`, `recv`). ``UnixDatagramSocket`` is
/// the sender that reaches a socket through a descriptor already open on it.
package enum UnixSocket {
  /// A stream socket connected to the socket at a path. The corresponding C functions are `socket` and
  /// `connect`.
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: The connected socket.
  /// - Throws: The call's ``Errno`` (``Errno/connectionRefused`` or ``Errno/noSuchFileOrDirectory`` when
  ///   nothing listens there).
  package static func connectedStream(to path: String) throws(Errno) -> FileDescriptor {
    try make(SOCK_STREAM, at: path) { socket, address, length in connect(socket, address, length) }
  }

  /// A stream socket listening at a path, which must be free. The corresponding C functions are `socket`,
  /// `bind` and `listen`.
  ///
  /// - Parameters:
  ///   - path: The socket's path.
  ///   - backlog: How many connections may wait to be accepted.
  /// - Returns: The listening socket.
  /// - Throws: The call's ``Errno``.
  package static func listeningStream(at path: String, backlog: Int32 = 16) throws(Errno) -> FileDescriptor {
    let socket = try bound(SOCK_STREAM, at: path)
    do {
      try nothingOrErrno { listen(socket.rawValue, backlog) }
      return socket
    } catch {
      socket.closeIgnoringErrors()
      throw error
    }
  }

  /// A datagram socket bound at a path. The corresponding C functions are `socket` and `bind`.
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: The bound socket.
  /// - Throws: The call's ``Errno``.
  package static func boundDatagram(at path: String) throws(Errno) -> FileDescriptor {
    try bound(SOCK_DGRAM, at: path)
  }

  /// An unbound datagram socket, to send from. The corresponding C function is `socket`.
  ///
  /// - Throws: The call's ``Errno``.
  package static func unboundDatagram() throws(Errno) -> FileDescriptor {
    try make(SOCK_DGRAM)
  }

  private static func make(_ type: __socket_type) throws(Errno) -> FileDescriptor {
    FileDescriptor(
      rawValue: try valueOrErrno { socket(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) })
  }

  private static func bound(_ type: __socket_type, at path: String) throws(Errno) -> FileDescriptor {
    try make(type, at: path) { socket, address, length in bind(socket, address, length) }
  }

  /// A new socket on which `call` (`bind` or `connect`) succeeded for the address of `path`; closed again
  /// when it failed.
  private static func make(
    _ type: __socket_type, at path: String,
    _ call: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
  ) throws(Errno) -> FileDescriptor {
    let socket = try make(type)
    do {
      try withAddress(path) { address, length throws(Errno) in
        try nothingOrErrno { call(socket.rawValue, address, length) }
      }
      return socket
    } catch {
      socket.closeIgnoringErrors()
      throw error
    }
  }

  /// Calls `body` with a Unix socket address for `path` and its length.
  ///
  /// - Throws: ``Errno/nameTooLong`` when the path does not fit `sun_path` (107 bytes), or what `body` throws.
  fileprivate static func withAddress<Value>(
    _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Errno) -> Value
  ) throws(Errno) -> Value {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw .nameTooLong }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    return try withUnsafePointer(to: &address) { pointer throws(Errno) in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress throws(Errno) in
        try body(socketAddress, length)
      }
    }
  }
}

extension FileDescriptor {
  /// Accepts one connection on a listening socket, close-on-exec. The corresponding C function is `accept`.
  ///
  /// - Returns: The connection.
  /// - Throws: The call's ``Errno`` (``Errno/invalidArgument`` once the socket was shut down).
  package func acceptConnection() throws(Errno) -> FileDescriptor {
    let connection = FileDescriptor(rawValue: try valueOrErrno { accept(rawValue, nil, nil) })
    try? connection.setClosesOnExec(true)
    return connection
  }

  /// Shuts a socket down both ways, waking a thread blocked in `accept` or `recv` on it. Failure is ignored.
  /// The corresponding C function is `shutdown`.
  package func shutDownBothWays() {
    _ = shutdown(rawValue, Int32(SHUT_RDWR))
  }

  /// Sends one datagram to the socket at a path without waiting. The corresponding C function is `sendto`
  /// with `MSG_DONTWAIT`.
  ///
  /// - Parameters:
  ///   - bytes: The datagram.
  ///   - path: The receiving socket.
  /// - Throws: The call's ``Errno`` (``Errno/wouldBlock`` when the receiver's queue is full).
  package func sendDatagramWithoutWaiting(_ bytes: [UInt8], to path: String) throws(Errno) {
    try UnixSocket.withAddress(path) { address, length throws(Errno) in
      try bytes.withUnsafeBytes { raw in
        Result { () throws(Errno) in
          try nothingOrErrno { sendto(rawValue, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT), address, length) }
        }
      }.get()
    }
  }

  /// Receives one datagram without waiting. The corresponding C function is `recv` with `MSG_DONTWAIT`.
  ///
  /// - Parameter maximumCount: The longest datagram taken whole.
  /// - Returns: The datagram.
  /// - Throws: The call's ``Errno`` (``Errno/wouldBlock`` when none is waiting).
  package func receiveWithoutWaiting(maximumCount: Int = 65_536) throws(Errno) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximumCount)
    let count = try buffer.withUnsafeMutableBytes { raw in
      Result { () throws(Errno) in try valueOrErrno { recv(rawValue, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT)) }
      }
    }.get()
    return Array(buffer[0..<count])
  }
}
