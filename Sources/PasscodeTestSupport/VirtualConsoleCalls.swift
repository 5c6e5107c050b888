internal import SystemCalls

/// The braille lab's adapters for the `SystemCalls` layer, on plain numbers: kernel virtual consoles (`open`,
/// `TIOCSTI`, `mknod`, `chown`), its lock files (`flock`), the client side of the virtual braille driver's
/// socket (`connect`) and process-group signals. A failed call is named in a ``PseudoTerminalError``.
enum VirtualConsoleCalls {
  /// The major device number of the virtual console memory devices (`/dev/vcsN`, `/dev/vcsaN`).
  static let consoleMemoryMajor: UInt32 = 7

  /// Opens a device or file for reading and writing without making it the controlling terminal.
  ///
  /// - Parameter path: The path, such as `/dev/tty40`.
  /// - Returns: The descriptor.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func openDevice(_ path: String) throws -> Int32 {
    try PseudoTerminalCalls.naming("open \(path)") { () throws(Errno) in
      try FileDescriptor.open(path, .readWrite, options: [.noControllingTerminal, .closeOnExec]).rawValue
    }
  }

  /// Puts one byte into a terminal's input queue, as if it had been typed on its keyboard (needs root).
  ///
  /// - Parameters:
  ///   - byte: The byte.
  ///   - fileDescriptor: The terminal.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func insertInput(_ byte: UInt8, into fileDescriptor: Int32) throws {
    try PseudoTerminalCalls.naming("ioctl(TIOCSTI)") { () throws(Errno) in
      try FileDescriptor(rawValue: fileDescriptor).insertInput(byte)
    }
  }

  /// Sets a console's Caps Lock and Num Lock, as pressing them would.
  ///
  /// - Parameters:
  ///   - capsLock: Whether Caps Lock is on.
  ///   - numLock: Whether Num Lock is on.
  ///   - fileDescriptor: The console.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func setLockKeys(capsLock: Bool, numLock: Bool, on fileDescriptor: Int32) throws {
    try PseudoTerminalCalls.naming("ioctl(KDSKBLED)") { () throws(Errno) in
      try FileDescriptor(rawValue: fileDescriptor).setKeyboardLocks(
        KeyboardLocks(capsLock: capsLock, numLock: numLock))
    }
  }

  /// A console's Caps Lock, or `nil` when it cannot be read.
  ///
  /// - Parameter fileDescriptor: The console.
  /// - Returns: Whether Caps Lock is on.
  static func capsLock(of fileDescriptor: Int32) -> Bool? {
    FileDescriptor(rawValue: fileDescriptor).keyboardLocks()?.capsLock
  }

  /// Makes a character device node, mode 0600.
  ///
  /// - Parameters:
  ///   - path: Where.
  ///   - major: The major number.
  ///   - minor: The minor number.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func makeCharacterDevice(_ path: String, major: UInt32, minor: UInt32) throws {
    try PseudoTerminalCalls.naming("mknod \(path)") { () throws(Errno) in
      try FileSystem.makeCharacterDevice(path, major: major, minor: minor, permissions: 0o600)
    }
  }

  /// Takes an exclusive lock on a file, creating it, without waiting.
  ///
  /// - Parameter path: The lock file.
  /// - Returns: The descriptor holding the lock (closing it releases the lock), or `nil` when another
  ///   holder has it or the file cannot be opened.
  static func lockExclusively(_ path: String) -> Int32? {
    guard let file = try? FileDescriptor.open(path, .readWrite, options: [.create, .closeOnExec], permissions: 0o600)
    else { return nil }
    guard (try? file.lockExclusivelyWithoutWaiting()) != nil else {
      file.closeIgnoringErrors()
      return nil
    }
    return file.rawValue
  }

  /// Connects a stream socket to a Unix socket path (close-on-exec).
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: The connected descriptor, or `nil` when nothing listens there (yet).
  static func connectUnix(_ path: String) -> Int32? {
    (try? UnixSocket.connectedStream(to: path))?.rawValue
  }

  /// Sends a signal to every process of a process group (the layer's `kill` with a negative identifier); a
  /// group that is gone is not an error.
  ///
  /// - Parameters:
  ///   - number: The signal's number.
  ///   - group: The process group.
  static func signalGroup(_ number: Int32, _ group: Int32) {
    signalProcess(number, -group)
  }

  /// Sends a signal to one process; a process that is gone is not an error.
  ///
  /// - Parameters:
  ///   - number: The signal's number.
  ///   - process: The process.
  static func signalProcess(_ number: Int32, _ process: Int32) {
    guard let signal = Signal(number: number) else { return }
    try? ProcessIdentifier(rawValue: process).send(signal)
  }

  /// The effective user identifier; 0 for root.
  static func effectiveUserID() -> UInt32 {
    ProcessCredentials.effective.user
  }

  /// This process's identifier.
  static func processIdentifier() -> Int32 {
    ProcessIdentifier.current.rawValue
  }

  /// Gives a file or device to a user and group.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - user: The new owner.
  ///   - group: The new group.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func changeOwner(_ path: String, user: UInt32, group: UInt32) throws {
    try PseudoTerminalCalls.naming("chown \(path)") { () throws(Errno) in
      try FileSystem.changeOwner(path, user: user, group: group)
    }
  }
}
