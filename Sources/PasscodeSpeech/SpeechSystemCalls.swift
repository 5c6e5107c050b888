internal import Glibc
internal import SystemCalls

/// The one place where PasscodeSpeech calls libc directly (libspeechd and GIO have their own funnels):
/// the environment, small files under /proc and /sys, directory listings and detached threads.
///
/// These replace Foundation's `ProcessInfo`, `FileManager` and `Thread`, so that the `passcode` binary does not
/// load Foundation at all (about 8 MiB of resident memory and several milliseconds of start-up).
/// Files, polls, signal masks and `EINTR` retries are the `SystemCalls` layer's; what stays here is what only
/// speech needs (the password database, directory listings, device numbers, socket probes, threads).
@usableFromInline
enum SpeechSystemCalls {
  /// An environment variable of this process.
  ///
  /// The corresponding C function is `getenv`.
  ///
  /// - Parameter name: The variable's name.
  /// - Returns: Its value, or `nil` when it is not set.
  @usableFromInline
  static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// This process's identifier, for public default arguments. The corresponding C function is `getpid`.
  @usableFromInline
  static var processIdentifier: Int32 { ProcessIdentifier.current.rawValue }

  /// The real user's identifier, for public default arguments. The corresponding C function is `getuid`.
  @usableFromInline
  static var realUserIdentifier: UInt32 { getuid() }

  /// The user's home directory: `HOME`, else the password database's entry for the real user.
  ///
  /// The corresponding C functions are `getenv`, `getpwuid` and `getuid`.
  ///
  /// - Returns: The directory; empty when neither is known.
  static func homeDirectory() -> String {
    if let home = environmentValue("HOME"), !home.isEmpty { return home }
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "" }
    return String(cString: directory)
  }

  /// Whether a path exists.
  ///
  /// The corresponding C function is `access`.
  ///
  /// - Parameter path: The path.
  /// - Returns: `true` when it exists.
  static func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
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
  /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
  ///
  /// - Parameter path: The directory.
  /// - Returns: The names, or `nil` when it cannot be opened.
  static func directoryEntries(_ path: String) -> [String]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The device number of a character device, such as a terminal.
  ///
  /// The corresponding C function is `stat`.
  ///
  /// - Parameter path: The device.
  /// - Returns: Its `st_rdev`, or `nil` when it is not a character device.
  static func characterDeviceNumber(_ path: String) -> UInt64? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return nil }
    return UInt64(status.st_rdev)
  }

  /// Whether something accepts a connection on a Unix stream socket; the connection is closed at once.
  ///
  /// The corresponding C functions are `socket`, `connect` and `close`.
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: `true` when the connection was accepted.
  static func unixSocketAccepts(_ path: String) -> Bool {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { _ = close(descriptor) }
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        (try? nothingOrErrno { connect(descriptor, socketAddress, length) }) != nil
      }
    }
    return connected
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
    var hints = addrinfo()
    hints.ai_family = AF_INET
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return false }
    defer { freeaddrinfo(found) }
    let descriptor = socket(
      AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { _ = close(descriptor) }
    if connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 { return true }
    guard errno == EINPROGRESS else { return false }
    let milliseconds = Int32(clamping: max(deadline.wholeMilliseconds, 1))
    let events = try? Poll<Int>.wait(
      for: FileDescriptor(rawValue: descriptor), .writable, timeoutMilliseconds: milliseconds)
    guard let events, !events.isEmpty else { return false }
    var failure: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size) == 0 else { return false }
    return failure == 0
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
