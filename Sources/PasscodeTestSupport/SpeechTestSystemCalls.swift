internal import Glibc
internal import SystemCalls

/// The speech test support's own C calls (Unix sockets), and adapters for the `SystemCalls` layer's spawner,
/// waits and signals; the layer retries `EINTR`.
enum SpeechTestSystemCalls {
  /// Starts a program in a new session with stdin from `/dev/null`, stdout and stderr appended to a file,
  /// and every other inherited descriptor closed; the layer's spawner starts it with nothing blocked and
  /// default dispositions, so SIGTERM stops a daemon even when the spawning thread blocks signals.
  ///
  /// - Parameters:
  ///   - executable: The program, looked up in `PATH`.
  ///   - arguments: The arguments after the program's name.
  ///   - environment: The whole environment.
  ///   - outputPath: The file stdout and stderr go to.
  /// - Returns: The child's process id.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when spawning fails.
  static func spawn(
    executable: String, arguments: [String], environment: [String: String], outputPath: String
  ) throws -> Int32 {
    var spawn = Spawn(executable: executable, arguments: arguments, environment: environment)
    spawn.searchesPath = true
    spawn.startsNewSession = true
    spawn.fileActions = [
      .open(.standardInput, path: "/dev/null", .readOnly, [], permissions: 0),
      .open(.standardOutput, path: outputPath, .writeOnly, [.create, .append], permissions: 0o644),
      .duplicate(.standardOutput, as: .standardError),
    ]
    do {
      return try spawn.run().rawValue
    } catch {
      throw SpeechTestSupportError.systemCall("posix_spawnp \(executable)", errno: error.rawValue)
    }
  }

  /// Collects a child's exit status if it has ended, without blocking.
  ///
  /// - Parameter pid: The child.
  /// - Returns: The raw wait status, or `nil` while the child runs.
  static func reapIfExited(_ pid: Int32) -> Int32? {
    do {
      return try ProcessIdentifier(rawValue: pid).statusIfExited()?.rawValue
    } catch {
      return -1
    }
  }

  /// Sends a signal to a process.
  ///
  /// - Parameters:
  ///   - signal: The signal, such as `SIGTERM`.
  ///   - pid: The process.
  static func send(_ signal: Int32, to pid: Int32) {
    try? ProcessIdentifier(rawValue: pid).send(SignalNumber(rawValue: signal))
  }

  /// Makes a listening Unix stream socket at a path (close-on-exec).
  ///
  /// - Parameter path: The socket's path; an old file there is removed.
  /// - Returns: The listening descriptor.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when a call fails.
  /// The corresponding C functions are `socket`, `bind` and `listen`.
  static func listenUnix(path: String) throws -> Int32 {
    unlink(path)
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw SpeechTestSupportError.systemCall("socket", errno: errno) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      closeDescriptor(descriptor)
      throw SpeechTestSupportError.systemCall("socket path too long", errno: ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: bytes)
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(descriptor, 16) == 0 else {
      let code = errno
      closeDescriptor(descriptor)
      throw SpeechTestSupportError.systemCall("bind/listen \(path)", errno: code)
    }
    return descriptor
  }

  /// Makes a Unix datagram socket bound at a path (close-on-exec), as an asker's.
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: The bound descriptor.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when a call fails.
  /// The corresponding C functions are `socket` and `bind`.
  static func bindDatagram(path: String) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw SpeechTestSupportError.systemCall("socket", errno: errno) }
    guard withAddress(path, { bind(descriptor, $0, $1) }) == 0 else {
      let code = errno
      closeDescriptor(descriptor)
      throw SpeechTestSupportError.systemCall("bind \(path)", errno: code)
    }
    return descriptor
  }

  /// Sends one datagram without waiting.
  ///
  /// - Parameters:
  ///   - bytes: The datagram.
  ///   - path: The receiving socket.
  ///   - descriptor: An unbound datagram socket to send from (``unboundDatagram()``).
  /// - Returns: `nil` when it was sent, else the errno (`EAGAIN` when the receiver's queue is full).
  /// The corresponding C function is `sendto` with `MSG_DONTWAIT`.
  static func sendDatagramWithoutWaiting(_ bytes: [UInt8], to path: String, from descriptor: Int32) -> Int32? {
    let sent = bytes.withUnsafeBytes { raw in
      withAddress(path) { address, length in
        Int32(sendto(descriptor, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT), address, length))
      }
    }
    return sent < 0 ? errno : nil
  }

  /// Makes an unbound datagram socket to send from (close-on-exec); -1 when it cannot be made.
  /// The corresponding C function is `socket`.
  static func unboundDatagram() -> Int32 {
    socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  }

  /// Receives one datagram without waiting; `nil` when none is waiting.
  /// The corresponding C function is `recv` with `MSG_DONTWAIT`.
  static func receiveWithoutWaiting(_ descriptor: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    return count < 0 ? nil : Array(buffer[0..<count])
  }

  /// `EAGAIN`: a non-blocking send found the receiver's queue full.
  static let wouldBlock = EAGAIN

  /// Whether a descriptor became readable within the timeout.
  static func waitReadable(_ descriptor: Int32, timeoutMilliseconds: Int32) -> Bool {
    let events = try? Poll.wait(for: FileDescriptor(rawValue: descriptor), timeoutMilliseconds: timeoutMilliseconds)
    return !(events ?? []).isEmpty
  }

  /// Calls `body` with a Unix socket address for `path` (at most 107 bytes) and its length.
  private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      errno = ENAMETOOLONG
      return -1
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  /// Accepts one connection (close-on-exec).
  ///
  /// - Parameter descriptor: The listening socket.
  /// - Returns: The connection's descriptor, or -1 when the socket was shut down.
  /// The corresponding C function is `accept`.
  static func accept(_ descriptor: Int32) -> Int32 {
    guard let connection = try? valueOrErrno({ Glibc.accept(descriptor, nil, nil) }) else { return -1 }
    try? FileDescriptor(rawValue: connection).setClosesOnExec(true)
    return connection
  }

  /// Shuts a socket down both ways, waking a thread blocked in accept.
  ///
  /// - Parameter descriptor: The socket.
  /// The corresponding C function is `shutdown`.
  static func shutdownBoth(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Closes a descriptor.
  ///
  /// - Parameter descriptor: The descriptor.
  static func closeDescriptor(_ descriptor: Int32) {
    FileDescriptor(rawValue: descriptor).closeIgnoringErrors()
  }
}
