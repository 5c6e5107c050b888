internal import SystemCalls

/// The pseudo-terminal test driver's adapters for the `SystemCalls` layer and the test support's
/// ``PseudoTerminalPair``, on plain descriptor numbers, naming a failed call in a ``PseudoTerminalError``. Those make
/// every call, and the layer retries `EINTR`.
enum PseudoTerminalCalls {
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
  /// - Parameter size: The window size.
  /// - Returns: The master and slave descriptors.
  /// - Throws: ``PseudoTerminalError``.
  static func openPseudoTerminal(size: WindowSize) throws -> (master: Int32, slave: Int32) {
    let pair = try naming("openpty") { () throws(Errno) in try PseudoTerminalPair(size: size) }
    return (pair.master.rawValue, pair.slave.rawValue)
  }

  /// The path of a terminal device.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Returns: Its path, such as `/dev/pts/3`.
  /// - Throws: ``PseudoTerminalError``.
  static func terminalName(_ fileDescriptor: Int32) throws -> String {
    guard let name = FileDescriptor(rawValue: fileDescriptor).terminalName else {
      throw PseudoTerminalError.systemCall(name: "ttyname_r", errno: Errno.notATerminal.rawValue)
    }
    return name
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

  /// Writes bytes while reading the output, never blocking on either: the descriptor is made non-blocking for
  /// the call, and each turn writes what the terminal takes now and reads what it has, so a program that writes
  /// as it reads cannot wedge itself and the writer on two full buffers.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The master side.
  ///   - bytes: The bytes to write.
  ///   - timeout: The longest wait for the terminal to take or give anything.
  /// - Returns: The output read meanwhile.
  /// - Throws: ``PseudoTerminalError``, or ``PseudoTerminalError/timedOut(received:)`` when nothing moved in time.
  static func writeReading(_ fileDescriptor: Int32, _ bytes: [UInt8], timeout: Duration) throws -> [UInt8] {
    let master = FileDescriptor(rawValue: fileDescriptor)
    try naming("fcntl") { () throws(Errno) in try master.setNonBlocking(true) }
    defer { try? master.setNonBlocking(false) }
    var output: [UInt8] = []
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let ready = try naming("poll") { () throws(Errno) in
        try Poll<Int>.wait(for: master, [.readable, .writable], timeout: timeout)
      }
      guard !ready.isEmpty else { throw PseudoTerminalError.timedOut(received: output) }
      if ready.contains(.readable) {
        do throws(Errno) {
          output += try master.read(upTo: 4096)
        } catch  where error == .wouldBlock || error == .inputOutput {
          // Nothing after all, or the slave side closed: the writes below say which.
        } catch {
          throw PseudoTerminalError.systemCall(name: "read", errno: error.rawValue)
        }
      }
      if ready.contains(.writable) {
        do {
          start += try bytes.withUnsafeBytes { all in
            try master.write(UnsafeRawBufferPointer(rebasing: all[(start - bytes.startIndex)...]))
          }
        } catch let error as Errno where error == .wouldBlock {
          continue
        } catch let error as Errno {
          throw PseudoTerminalError.systemCall(name: "write", errno: error.rawValue)
        }
      }
    }
    return output
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
  ///   - timeout: How long to wait.
  /// - Returns: `true` when it is readable or hung up.
  /// - Throws: ``PseudoTerminalError``.
  static func waitUntilReadable(_ fileDescriptor: Int32, timeout: Duration) throws -> Bool {
    try naming("poll") { () throws(Errno) in
      try !Poll<Int>.wait(for: FileDescriptor(rawValue: fileDescriptor), timeout: timeout).isEmpty
    }
  }

  /// A terminal's settings.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Returns: The settings.
  /// - Throws: ``PseudoTerminalError``.
  static func attributes(_ fileDescriptor: Int32) throws -> TerminalAttributes {
    try naming("tcgetattr") { () throws(Errno) in try TerminalAttributes(of: FileDescriptor(rawValue: fileDescriptor)) }
  }

  /// Applies settings at once.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The terminal.
  ///   - attributes: The settings.
  /// - Throws: ``PseudoTerminalError``.
  static func setAttributes(_ fileDescriptor: Int32, _ attributes: TerminalAttributes) throws {
    try naming("tcsetattr") { () throws(Errno) in
      try attributes.apply(to: FileDescriptor(rawValue: fileDescriptor), .now)
    }
  }

  /// Sets a terminal's window size, which sends `SIGWINCH` to its foreground process group.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The terminal.
  ///   - size: The window size.
  /// - Throws: ``PseudoTerminalError``.
  static func setWindowSize(_ fileDescriptor: Int32, _ size: WindowSize) throws {
    try naming("ioctl(TIOCSWINSZ)") { () throws(Errno) in
      try FileDescriptor(rawValue: fileDescriptor).setWindowSize(size)
    }
  }

  /// Pauses the calling thread briefly while polling a child's state.
  ///
  /// - Parameter duration: How long.
  static func pause(_ duration: Duration) {
    sleep(for: duration)
  }
}
