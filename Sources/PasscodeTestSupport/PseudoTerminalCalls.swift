#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The funnel for every C call `PasscodeTestSupport` makes: openpty, termios, ioctl, poll, read, write,
/// fork, exec, waitpid and kill. `EINTR` is retried in one place, ``valueOrError(_:_:)``.
///
/// The functions named `child…` run in a forked child of a multi-threaded process, so they call only
/// async-signal-safe functions and touch no heap memory.
enum PseudoTerminalCalls {
  /// Runs a C call that reports failure as `-1` plus `errno`, retrying it while it fails with `EINTR`.
  ///
  /// - Parameters:
  ///   - name: The C function's name, for the error.
  ///   - call: The C call.
  /// - Returns: The call's result, which is not `-1`.
  /// - Throws: ``PseudoTerminalError/systemCall(name:errno:)``.
  static func valueOrError<Value: FixedWidthInteger>(_ name: String, _ call: () -> Value) throws -> Value {
    while true {
      let result = call()
      if result != -1 { return result }
      let number = errno
      if number == EINTR { continue }
      throw PseudoTerminalError.systemCall(name: name, errno: number)
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
      _ = try valueOrError("fcntl") { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
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
  /// The corresponding C function is `close`.
  ///
  /// - Parameter fileDescriptor: The descriptor.
  static func close(_ fileDescriptor: Int32) {
    _ = Glibc.close(fileDescriptor)
  }

  /// Writes all the bytes.
  ///
  /// The corresponding C function is `write`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor.
  ///   - bytes: The bytes.
  /// - Throws: ``PseudoTerminalError``.
  static func write(_ fileDescriptor: Int32, _ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let remaining = raw.count - offset
        offset += try valueOrError("write") { Glibc.write(fileDescriptor, base + offset, remaining) }
      }
    }
  }

  /// Reads what is available.
  ///
  /// The corresponding C function is `read`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor.
  ///   - maximumCount: The most bytes to read.
  /// - Returns: The bytes; empty at end of file (including `EIO` on a master whose slave is closed).
  /// - Throws: ``PseudoTerminalError``.
  static func read(_ fileDescriptor: Int32, maximumCount: Int) throws -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximumCount)
    do {
      let count = try buffer.withUnsafeMutableBytes { raw in
        try valueOrError("read") { Glibc.read(fileDescriptor, raw.baseAddress, raw.count) }
      }
      return Array(buffer.prefix(count))
    } catch PseudoTerminalError.systemCall(_, EIO) {
      return []
    }
  }

  /// Waits until a descriptor is readable.
  ///
  /// The corresponding C function is `poll`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor.
  ///   - timeoutMilliseconds: How long to wait.
  /// - Returns: `true` when it is readable or hung up.
  /// - Throws: ``PseudoTerminalError``.
  static func waitUntilReadable(_ fileDescriptor: Int32, timeoutMilliseconds: Int32) throws -> Bool {
    var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
    return try valueOrError("poll") { poll(&descriptor, 1, timeoutMilliseconds) } > 0
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

  /// The soft limit on open descriptors, to bound the child's closing loop.
  ///
  /// The corresponding C function is `getrlimit`.
  ///
  /// - Returns: The limit, at most 65 536.
  static func descriptorLimit() -> Int32 {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 4096 }
    return Int32(clamping: min(limit.rlim_cur, 65_536))
  }

  /// Forks the process.
  ///
  /// The corresponding C function is `fork`.
  ///
  /// - Returns: `0` in the child, the child's process identifier in the parent.
  /// - Throws: ``PseudoTerminalError``.
  static func fork() throws -> pid_t {
    try valueOrError("fork") { Glibc.fork() }
  }

  /// In the forked child: starts a new session with the terminal as its controlling terminal and as
  /// descriptors 0, 1 and 2, closes every other descriptor, resets signal dispositions and the mask, and
  /// executes the program. Never returns; exits with 127 when the program cannot be executed.
  ///
  /// Async-signal-safe: it calls only setsid, ioctl, dup2, close, sigaction, sigprocmask, execve and
  /// `_exit`, with memory prepared before the fork.
  /// The corresponding C function is `execve`.
  ///
  /// - Parameters:
  ///   - slave: The terminal's slave descriptor.
  ///   - descriptorLimit: One more than the highest descriptor to close.
  ///   - path: The program's path.
  ///   - arguments: The null-terminated argument vector.
  ///   - environment: The null-terminated environment.
  static func childExecute(
    slave: Int32, descriptorLimit: Int32, path: UnsafePointer<CChar>,
    arguments: UnsafePointer<UnsafeMutablePointer<CChar>?>, environment: UnsafePointer<UnsafeMutablePointer<CChar>?>
  ) -> Never {
    _ = setsid()
    _ = ioctl(slave, UInt(TIOCSCTTY), 0)
    for target: Int32 in 0...2 { _ = dup2(slave, target) }
    var descriptor: Int32 = 3
    while descriptor < descriptorLimit {
      _ = Glibc.close(descriptor)
      descriptor += 1
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    var number: Int32 = 1
    while number < 32 {
      if number != SIGKILL && number != SIGSTOP { _ = sigaction(number, &action, nil) }
      number += 1
    }
    var emptySet = sigset_t()
    sigemptyset(&emptySet)
    _ = sigprocmask(SIG_SETMASK, &emptySet, nil)
    _ = execve(path, arguments, environment)
    _exit(127)
  }

  /// Reaps a child without waiting.
  ///
  /// The corresponding C function is `waitpid` with `WNOHANG`.
  ///
  /// - Parameter processIdentifier: The child.
  /// - Returns: The status word once the child has ended, else `nil`.
  /// - Throws: ``PseudoTerminalError``.
  static func reapWithoutWaiting(_ processIdentifier: pid_t) throws -> Int32? {
    var status: Int32 = 0
    let result = try valueOrError("waitpid") { waitpid(processIdentifier, &status, WNOHANG) }
    return result == 0 ? nil : status
  }

  /// Reaps a child, waiting for it to end.
  ///
  /// The corresponding C function is `waitpid`.
  ///
  /// - Parameter processIdentifier: The child.
  static func reap(_ processIdentifier: pid_t) {
    var status: Int32 = 0
    _ = try? valueOrError("waitpid") { waitpid(processIdentifier, &status, 0) }
  }

  /// Sends a signal to a process.
  ///
  /// The corresponding C function is `kill`.
  ///
  /// - Parameters:
  ///   - processIdentifier: The process.
  ///   - number: The signal.
  /// - Throws: ``PseudoTerminalError``.
  static func kill(_ processIdentifier: pid_t, _ number: Int32) throws {
    _ = try valueOrError("kill") { Glibc.kill(processIdentifier, number) }
  }

  /// Pauses the calling thread briefly while polling a child's state.
  ///
  /// The corresponding C function is `nanosleep`.
  ///
  /// - Parameter milliseconds: How long.
  static func pause(milliseconds: Int) {
    var request = timespec(tv_sec: 0, tv_nsec: milliseconds * 1_000_000)
    _ = nanosleep(&request, nil)
  }

  /// Copies a string into C memory that the caller frees with `free`.
  ///
  /// The corresponding C function is `strdup`.
  ///
  /// - Parameter text: The string.
  /// - Returns: The copy.
  static func duplicate(_ text: String) -> UnsafeMutablePointer<CChar>? {
    strdup(text)
  }

  /// Frees C memory.
  ///
  /// The corresponding C function is `free`.
  ///
  /// - Parameter pointer: The memory.
  static func release(_ pointer: UnsafeMutablePointer<CChar>?) {
    free(pointer)
  }
}
