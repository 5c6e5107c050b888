/// A listening Unix-domain socket for fake servers in tests and benchmarks (a silent SSIP server, a
/// timestamping one). Its system calls go through the test support's funnel.
package struct UnixListeningSocket: Sendable {
  /// The listening descriptor (close-on-exec).
  package let descriptor: Int32

  /// Binds and listens at a path, replacing a stale socket file.
  ///
  /// - Parameter path: The socket's path.
  /// - Throws: ``SpeechTestSupportError`` when the socket cannot be made.
  package init(path: String) throws {
    descriptor = try SpeechTestSystemCalls.listenUnix(path: path)
  }

  /// Waits for the next connection.
  ///
  /// - Returns: The connection's descriptor (close-on-exec), or -1 once the socket was shut down.
  package func accept() -> Int32 {
    SpeechTestSystemCalls.accept(descriptor)
  }

  /// Shuts a socket down both ways, waking a thread blocked on it.
  ///
  /// - Parameter socket: The listening socket or one of its connections.
  package static func shutdown(_ socket: Int32) {
    SpeechTestSystemCalls.shutdownBoth(socket)
  }
}
