internal import SystemCalls

/// What PasscodeSpeech asks of the system, on the `SystemCalls` layer (which makes every libc call; libspeechd
/// has its own wrapper): the environment, the home directory, socket probes and the signal mask.
///
/// These replace Foundation's `ProcessInfo` and `FileManager`, so that the `passcode` binary does not load
/// Foundation at all (about 8 MiB of resident memory and several milliseconds of start-up). The first is
/// `@usableFromInline` for public default arguments.
@usableFromInline
enum SpeechSystemCalls {
  /// An environment variable of this process.
  ///
  /// Read with the layer's `getenv`.
  ///
  /// - Parameter name: The variable's name.
  /// - Returns: Its value, or `nil` when it is not set.
  @usableFromInline
  static func environmentValue(_ name: String) -> String? {
    Environment.value(name)
  }

  /// The user's home directory: `HOME`, else the password database's entry for the real user.
  ///
  /// The corresponding C functions are `getenv`, `getpwuid` and `getuid`.
  ///
  /// - Returns: The directory; empty when neither is known.
  static func homeDirectory() -> String {
    if let home = environmentValue("HOME"), !home.isEmpty { return home }
    return ProcessCredentials.realUserHomeDirectory() ?? ""
  }

  /// The real user's login name in the password database, which `USER` cannot change.
  ///
  /// The corresponding C functions are `getuid` and `getpwuid`.
  ///
  /// - Returns: The name, or `nil` when the database has no entry.
  static func realUserName() -> String? {
    ProcessCredentials.realUserName()
  }

  /// The real user's number. The corresponding C function is `getuid`.
  static func realUserNumber() -> UInt32 {
    ProcessCredentials.real.user
  }

  /// Whether something accepts a connection on a Unix stream socket; the connection is closed at once.
  ///
  /// The corresponding C functions are `socket`, `connect` and `close`.
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: `true` when the connection was accepted.
  static func unixSocketAccepts(_ path: String) -> Bool {
    ConnectionProbe.unixStreamAccepts(path)
  }

  /// Whether something accepts a TCP connection within a deadline; the connection is closed at once.
  ///
  /// The corresponding C functions are `getaddrinfo`, `socket`, `connect`, `poll`, `getsockopt` and `close`.
  ///
  /// - Parameters:
  ///   - host: The host name or address.
  ///   - port: The port.
  ///   - deadline: The longest wait for the connection.
  /// - Returns: `true` when the connection was accepted in time.
  static func tcpSocketAccepts(host: String, port: Int, deadline: Duration) -> Bool {
    ConnectionProbe.tcpAccepts(host: host, port: port, within: deadline)
  }

  /// Runs a closure with no signal blocked on the calling thread, then restores the thread's mask.
  ///
  /// A process forked by the closure inherits the calling thread's mask; background threads block every
  /// signal, so without this a daemon started from one would ignore SIGTERM and its own timers.
  ///
  /// - Parameter body: The work, typically a call that may fork and exec.
  /// - Returns: What the closure returns.
  static func withNoSignalsBlocked<Value>(_ body: () -> Value) -> Value {
    SignalSet.empty.withThreadMask(body)
  }
}
