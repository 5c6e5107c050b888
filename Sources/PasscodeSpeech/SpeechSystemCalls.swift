internal import SystemCalls

/// What PasscodeSpeech asks of the system, on the `SystemCalls` layer (which makes every libc call; libspeechd,
/// GIO and BrlAPI have their own wrappers): the environment, small files under /proc and /sys, directory
/// listings, device numbers and socket probes.
///
/// These replace Foundation's `ProcessInfo` and `FileManager`, so that the `passcode` binary does not load
/// Foundation at all (about 8 MiB of resident memory and several milliseconds of start-up). The first three
/// are `@usableFromInline` for public default arguments.
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

  /// This process's identifier, for public default arguments. The corresponding C function is `getpid`.
  @usableFromInline
  static var processIdentifier: Int32 { ProcessIdentifier.current.rawValue }

  /// The real user's identifier, for public default arguments. The corresponding C function is `getuid`.
  @usableFromInline
  static var realUserIdentifier: UInt32 { ProcessCredentials.real.user }

  /// The user's home directory: `HOME`, else the password database's entry for the real user.
  ///
  /// The corresponding C functions are `getenv`, `getpwuid` and `getuid`.
  ///
  /// - Returns: The directory; empty when neither is known.
  static func homeDirectory() -> String {
    if let home = environmentValue("HOME"), !home.isEmpty { return home }
    return ProcessCredentials.realUserHomeDirectory() ?? ""
  }

  /// Whether a path exists.
  ///
  /// The corresponding C function is `access`.
  ///
  /// - Parameter path: The path.
  /// - Returns: `true` when it exists.
  static func fileExists(_ path: String) -> Bool {
    FileSystem.exists(path)
  }

  /// Reads a whole small file, such as `/proc/PID/status`.
  ///
  /// The corresponding C functions are `open`, `read` and `close`.
  ///
  /// - Parameter path: The file.
  /// - Returns: Its bytes, or `nil` when it cannot be opened or read.
  static func readFile(_ path: String) -> [UInt8]? {
    guard let file = try? FileDescriptor.open(path, .readOnly) else { return nil }
    defer { file.closeIgnoringErrors() }
    return try? file.readToEnd()
  }

  /// The names in a directory, without `.` and `..`.
  ///
  /// Listed by the layer (`fdopendir`, `readdir` and `closedir`).
  ///
  /// - Parameter path: The directory.
  /// - Returns: The names, or `nil` when it cannot be opened.
  static func directoryEntries(_ path: String) -> [String]? {
    try? FileSystem.directoryEntries(path)
  }

  /// The device number of a character device, such as a terminal.
  ///
  /// The corresponding C function is `stat`.
  ///
  /// - Parameter path: The device.
  /// - Returns: Its `st_rdev`, or `nil` when it is not a character device.
  static func characterDeviceNumber(_ path: String) -> UInt64? {
    guard let status = try? FileStatus(path: path), status.isCharacterDevice else { return nil }
    return status.device
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
