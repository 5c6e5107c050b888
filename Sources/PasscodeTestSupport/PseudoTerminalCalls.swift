internal import Glibc
internal import SystemCalls

/// The pseudo-terminal's own C calls (openpty, ttyname, termios bytes, the window-size ioctl) and adapters
/// that name a failed `SystemCalls` call in a ``PseudoTerminalError``. Descriptors, polls, waits, signals and
/// the one `EINTR` retry are the layer's.
enum PseudoTerminalCalls {
  /// Runs a C call that reports failure as `-1` plus `errno`, through the layer's retry.
  ///
  /// - Parameters:
  ///   - name: The C function's name, for the error.
  ///   - call: The C call.
  /// - Returns: The call's result, which is not `-1`.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func valueOrError<Value: FixedWidthInteger>(_ name: String, _ call: () -> Value) throws -> Value {
    try naming(name) { () throws(Errno) in try valueOrErrno(call) }
  }

  /// Runs a layer call, turning its ``Errno`` into a ``PseudoTerminalError`` naming the call.
  ///
  /// - Parameters:
  ///   - name: The call's name, for the error.
  ///   - call: The call.
  /// - Returns: The call's result.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func naming<Value>(_ name: String, _ call: () throws(Errno) -> Value) throws -> Value {
    do {
      return try call()
    } catch {
      throw PseudoTerminalError.systemCall(name: name, errno: error.rawValue)
    }
  }

  /// Opens a new pseudo-terminal pair with a window size; both ends are closed on exec.
  ///
  /// The corresponding C function is `openpty` (then `fcntl` with `FD_CLOEXEC`).
  ///
  /// - Parameter size: The window size.
  /// - Returns: The master and slave descriptors.
  /// - Throws: ``PseudoTerminalError``.
  static func openPseudoTerminal(size: winsize) throws -> (master: Int32, slave: Int32) {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = size
    _ = try valueOrError("openpty") { openpty(&master, &slave, nil, nil, &size) }
    for descriptor in [master, slave] {
      try naming("fcntl") { () throws(Errno) in try FileDescriptor(rawValue: descriptor).setClosesOnExec(true) }
    }
    return (master, slave)
  }

  /// The path of a terminal device.
  ///
  /// The corresponding C function is `ttyname_r`.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Returns: Its path, such as `/dev/pts/3`.
  /// - Throws: ``PseudoTerminalError``.
  static func terminalName(_ fileDescriptor: Int32) throws -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    let result = ttyname_r(fileDescriptor, &buffer, buffer.count)
    guard result == 0 else { throw PseudoTerminalError.systemCall(name: "ttyname_r", errno: result) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Closes a descriptor.
  ///
  /// - Parameter fileDescriptor: The descriptor.
  static func close(_ fileDescriptor: Int32) {
    FileDescriptor(rawValue: fileDescriptor).closeIgnoringErrors()
  }

  /// Writes all the bytes.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor.
  ///   - bytes: The bytes.
  /// - Throws: ``PseudoTerminalError``.
  static func write(_ fileDescriptor: Int32, _ bytes: [UInt8]) throws {
    try naming("write") { () throws(Errno) in try FileDescriptor(rawValue: fileDescriptor).writeAll(bytes) }
  }

  /// Reads what is available.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor.
  ///   - maximumCount: The most bytes to read.
  /// - Returns: The bytes; empty at end of file (including `EIO` on a master whose slave is closed).
  /// - Throws: ``PseudoTerminalError``.
  static func read(_ fileDescriptor: Int32, maximumCount: Int) throws -> [UInt8] {
    do {
      return try FileDescriptor(rawValue: fileDescriptor).read(upTo: maximumCount)
    } catch  where error == .inputOutput {
      return []
    } catch {
      throw PseudoTerminalError.systemCall(name: "read", errno: error.rawValue)
    }
  }

  /// Waits until a descriptor is readable.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor.
  ///   - timeoutMilliseconds: How long to wait.
  /// - Returns: `true` when it is readable or hung up.
  /// - Throws: ``PseudoTerminalError``.
  static func waitUntilReadable(_ fileDescriptor: Int32, timeoutMilliseconds: Int32) throws -> Bool {
    try naming("poll") { () throws(Errno) in
      try !Poll<Int>.wait(for: FileDescriptor(rawValue: fileDescriptor), timeoutMilliseconds: timeoutMilliseconds)
        .isEmpty
    }
  }

  /// Reads a terminal's settings as their raw bytes.
  ///
  /// The corresponding C function is `tcgetattr`.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Returns: The bytes of the `termios` structure.
  /// - Throws: ``PseudoTerminalError``.
  static func attributeBytes(_ fileDescriptor: Int32) throws -> [UInt8] {
    var settings = termios()
    _ = try valueOrError("tcgetattr") { tcgetattr(fileDescriptor, &settings) }
    return withUnsafeBytes(of: settings) { Array($0) }
  }

  /// Applies settings saved by ``attributeBytes(_:)`` at once.
  ///
  /// The corresponding C function is `tcsetattr` with `TCSANOW`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The terminal.
  ///   - bytes: The bytes of a `termios` structure.
  /// - Throws: ``PseudoTerminalError``.
  static func setAttributeBytes(_ fileDescriptor: Int32, _ bytes: [UInt8]) throws {
    var settings = termios()
    withUnsafeMutableBytes(of: &settings) { target in
      target.copyBytes(from: bytes.prefix(target.count))
    }
    _ = try valueOrError("tcsetattr") { tcsetattr(fileDescriptor, TCSANOW, &settings) }
  }

  /// Whether a terminal's settings have echo and canonical (line-by-line) input both off.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Returns: `true` in raw mode.
  /// - Throws: ``PseudoTerminalError``.
  static func isRaw(_ fileDescriptor: Int32) throws -> Bool {
    var settings = termios()
    _ = try valueOrError("tcgetattr") { tcgetattr(fileDescriptor, &settings) }
    return settings.c_lflag & tcflag_t(ECHO | ICANON) == 0
  }

  /// Sets a terminal's window size, which sends `SIGWINCH` to its foreground process group.
  ///
  /// The corresponding C function is `ioctl` with `TIOCSWINSZ`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The terminal.
  ///   - size: The window size.
  /// - Throws: ``PseudoTerminalError``.
  static func setWindowSize(_ fileDescriptor: Int32, _ size: winsize) throws {
    var size = size
    _ = try valueOrError("ioctl(TIOCSWINSZ)") { ioctl(fileDescriptor, UInt(TIOCSWINSZ), &size) }
  }

  /// Pauses the calling thread briefly while polling a child's state.
  ///
  /// - Parameter milliseconds: How long.
  static func pause(milliseconds: Int) {
    sleep(milliseconds: Int32(clamping: milliseconds))
  }
}
