internal import Glibc
internal import SystemCalls

/// The funnel for the C calls of the braille lab: kernel virtual consoles (`open`, `TIOCSTI`, `mknod`), its lock
/// files (`flock`), the client side of the virtual braille driver's socket (`connect`) and process-group
/// signals. `EINTR` is retried by ``PseudoTerminalCalls/valueOrError(_:_:)``.
enum VirtualConsoleCalls {
  /// The major device number of the virtual console memory devices (`/dev/vcsN`, `/dev/vcsaN`).
  static let consoleMemoryMajor: UInt32 = 7

  /// Opens a device or file for reading and writing without making it the controlling terminal.
  ///
  /// The corresponding C function is `open` (with `O_NOCTTY | O_CLOEXEC`).
  ///
  /// - Parameter path: The path, such as `/dev/tty40`.
  /// - Returns: The descriptor.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func openDevice(_ path: String) throws -> Int32 {
    try PseudoTerminalCalls.valueOrError("open \(path)") { open(path, O_RDWR | O_NOCTTY | O_CLOEXEC) }
  }

  /// Puts one byte into a terminal's input queue, as if it had been typed on its keyboard (needs root).
  ///
  /// The corresponding C function is `ioctl` with `TIOCSTI`.
  ///
  /// - Parameters:
  ///   - byte: The byte.
  ///   - fileDescriptor: The terminal.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func insertInput(_ byte: UInt8, into fileDescriptor: Int32) throws {
    var value = byte
    _ = try PseudoTerminalCalls.valueOrError("ioctl(TIOCSTI)") { ioctl(fileDescriptor, UInt(TIOCSTI), &value) }
  }

  /// Makes a character device node, mode 0600.
  ///
  /// The corresponding C function is `mknod`.
  ///
  /// - Parameters:
  ///   - path: Where.
  ///   - major: The major number.
  ///   - minor: The minor number.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func makeCharacterDevice(_ path: String, major: UInt32, minor: UInt32) throws {
    let device = (dev_t(major & 0xfff) << 8) | dev_t(minor & 0xff) | (dev_t(minor & ~0xff) << 12)
    _ = try PseudoTerminalCalls.valueOrError("mknod \(path)") { mknod(path, S_IFCHR | 0o600, device) }
  }

  /// Takes an exclusive lock on a file, creating it, without waiting.
  ///
  /// The corresponding C functions are `open` and `flock` with `LOCK_EX | LOCK_NB`.
  ///
  /// - Parameter path: The lock file.
  /// - Returns: The descriptor holding the lock (closing it releases the lock), or `nil` when another
  ///   holder has it or the file cannot be opened.
  static func lockExclusively(_ path: String) -> Int32? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    guard (try? PseudoTerminalCalls.valueOrError("flock") { flock(descriptor, LOCK_EX | LOCK_NB) }) != nil else {
      _ = close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Connects a stream socket to a Unix socket path (close-on-exec).
  ///
  /// The corresponding C functions are `socket` and `connect`.
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: The connected descriptor, or `nil` when nothing listens there (yet).
  static func connectUnix(_ path: String) -> Int32? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      _ = close(descriptor)
      return nil
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        try? PseudoTerminalCalls.valueOrError("connect") {
          connect(descriptor, socketAddress, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
    }
    guard connected != nil else {
      _ = close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Sends a signal to every process of a process group (the layer's `kill` with a negative identifier); a
  /// group that is gone is not an error.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - group: The process group.
  static func signalGroup(_ number: Int32, _ group: pid_t) {
    try? ProcessIdentifier(rawValue: -group).send(SignalNumber(rawValue: number))
  }

  /// Sends a signal to one process; a process that is gone is not an error.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - process: The process.
  static func signalProcess(_ number: Int32, _ process: pid_t) {
    try? ProcessIdentifier(rawValue: process).send(SignalNumber(rawValue: number))
  }

  /// The effective user identifier.
  ///
  /// The corresponding C function is `geteuid`.
  ///
  /// - Returns: It; 0 for root.
  static func effectiveUserID() -> uid_t {
    geteuid()
  }

  /// This process's identifier.
  ///
  /// The corresponding C function is `getpid`.
  ///
  /// - Returns: It.
  static func processIdentifier() -> pid_t {
    getpid()
  }

  /// Gives a file or device to a user and group.
  ///
  /// The corresponding C function is `chown`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - user: The new owner.
  ///   - group: The new group.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func changeOwner(_ path: String, user: uid_t, group: gid_t) throws {
    _ = try PseudoTerminalCalls.valueOrError("chown \(path)") { chown(path, user, group) }
  }
}
