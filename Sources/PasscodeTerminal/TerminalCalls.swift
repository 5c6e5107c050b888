import PasscodeSpeech

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The funnel for every C call the terminal layer makes: termios, ioctl, open, read, write, poll, sigaction,
/// kill, raise, tcflush, isatty and the fcntl/pipe/pthread_sigmask/strerror helpers. No other file in `PasscodeTerminal` calls these functions directly.
///
/// Calls that can fail report a ``TerminalError`` carrying `errno`; `EINTR` is retried in one place,
/// ``valueOrError(_:path:retryOnInterrupt:_:)``. The two functions meant for signal handlers
/// (``signalSafeWrite(_:byte:)`` and ``signalSafeSetAttributes(_:_:)``) never allocate, never throw and
/// leave `errno` as they found it.
enum TerminalCalls {
  /// Runs a C call that reports failure as `-1` plus `errno`, retrying it while it fails with `EINTR`.
  ///
  /// - Parameters:
  ///   - operation: The operation to name in the error.
  ///   - path: The file to name in the error, if any.
  ///   - retryOnInterrupt: Whether to call again after `EINTR`.
  ///   - call: The C call.
  /// - Returns: The call's result, which is not `-1`.
  /// - Throws: ``TerminalError`` with the call's `errno`.
  static func valueOrError<Value: FixedWidthInteger>(
    _ operation: TerminalError.Operation, path: String? = nil, retryOnInterrupt: Bool = true,
    _ call: () -> Value
  ) throws(TerminalError) -> Value {
    while true {
      let result = call()
      if result != -1 { return result }
      let number = errno
      if number == EINTR && retryOnInterrupt { continue }
      throw TerminalError(operation: operation, errno: number, path: path)
    }
  }

  /// The system's message for an `errno` value.
  ///
  /// The corresponding C function is `strerror`.
  ///
  /// - Parameter number: An `errno` value.
  /// - Returns: A message such as "No such file or directory".
  static func errorMessage(_ number: Int32) -> String {
    guard let message = strerror(number) else { return "error \(number)" }
    return String(cString: message)
  }

  /// Opens a file.
  ///
  /// The corresponding C function is `open`.
  ///
  /// - Parameters:
  ///   - path: The file to open.
  ///   - flags: The `O_*` flags.
  /// - Returns: The new file descriptor.
  /// - Throws: ``TerminalError`` (`.open`).
  static func open(_ path: String, flags: Int32) throws(TerminalError) -> Int32 {
    try valueOrError(.open, path: path) { Glibc.open(path, flags) }
  }

  /// Closes a file descriptor. `EINTR` is not retried: on Linux the descriptor is closed anyway.
  ///
  /// The corresponding C function is `close`.
  ///
  /// - Parameter fileDescriptor: The descriptor to close.
  static func close(_ fileDescriptor: Int32) {
    _ = Glibc.close(fileDescriptor)
  }

  /// Whether a file descriptor refers to a terminal.
  ///
  /// The corresponding C function is `isatty`.
  ///
  /// - Parameter fileDescriptor: The descriptor to check.
  /// - Returns: `true` for a terminal.
  static func isTerminal(_ fileDescriptor: Int32) -> Bool {
    isatty(fileDescriptor) == 1
  }

  /// Reads what is available, up to the buffer's size.
  ///
  /// The corresponding C function is `read`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to read.
  ///   - buffer: Where to put the bytes.
  /// - Returns: The number of bytes read; `0` at end of file; `nil` when a non-blocking descriptor has nothing.
  /// - Throws: ``TerminalError`` (`.read`).
  static func read(_ fileDescriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(TerminalError) -> Int? {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    do {
      return try valueOrError(.read) { Glibc.read(fileDescriptor, base, buffer.count) }
    } catch  where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
      return nil
    }
  }

  /// Writes all the bytes, continuing after short writes.
  ///
  /// The corresponding C function is `write`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to write to.
  ///   - bytes: The bytes to write.
  /// - Throws: ``TerminalError`` (`.write`).
  static func write(_ fileDescriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(TerminalError) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let remaining = bytes.count - offset
      offset += try valueOrError(.write) { Glibc.write(fileDescriptor, base + offset, remaining) }
    }
  }

  /// Writes all the bytes of an array, continuing after short writes.
  ///
  /// The corresponding C function is `write`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to write to.
  ///   - bytes: The bytes to write.
  /// - Throws: ``TerminalError`` (`.write`).
  static func write(_ fileDescriptor: Int32, _ bytes: [UInt8]) throws(TerminalError) {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(TerminalError) in try write(fileDescriptor, raw) }
    }
    try result.get()
  }

  /// Waits until one of the descriptors is ready or the timeout passes.
  ///
  /// The corresponding C function is `poll`.
  ///
  /// - Parameters:
  ///   - descriptors: The descriptors and the events to wait for; `revents` is filled in.
  ///   - timeoutMilliseconds: How long to wait; `-1` waits for ever.
  /// - Returns: The number of descriptors with events; `0` on timeout.
  /// - Throws: ``TerminalError`` (`.poll`).
  static func poll(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) throws(TerminalError) -> Int32 {
    let count = nfds_t(descriptors.count)
    return try valueOrError(.poll) { Glibc.poll(&descriptors, count, timeoutMilliseconds) }
  }

  /// Sleeps until an instant has passed (at once when it has), waking on no descriptor.
  ///
  /// The corresponding C function is `poll` with no descriptors.
  ///
  /// - Parameter instant: When to wake, on ``MonotonicClock``.
  static func pause(until instant: MonotonicClock.Instant) {
    while true {
      let remaining = instant - MonotonicClock.now
      guard remaining > .zero else { return }
      let (seconds, attoseconds) = remaining.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      var none: [pollfd] = []
      _ = Glibc.poll(&none, 0, min(milliseconds, 1000))
    }
  }

  /// Reads a terminal's settings.
  ///
  /// The corresponding C function is `tcgetattr`.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Returns: The settings.
  /// - Throws: ``TerminalError`` (`.getAttributes`).
  static func getAttributes(_ fileDescriptor: Int32) throws(TerminalError) -> termios {
    var settings = termios()
    _ = try valueOrError(.getAttributes) { tcgetattr(fileDescriptor, &settings) }
    return settings
  }

  /// Changes a terminal's settings.
  ///
  /// The corresponding C function is `tcsetattr`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The terminal.
  ///   - action: `TCSANOW`, `TCSADRAIN` or `TCSAFLUSH`.
  ///   - settings: The new settings.
  /// - Throws: ``TerminalError`` (`.setAttributes`).
  static func setAttributes(_ fileDescriptor: Int32, action: Int32, _ settings: termios) throws(TerminalError) {
    var settings = settings
    _ = try valueOrError(.setAttributes) { tcsetattr(fileDescriptor, action, &settings) }
  }

  /// Discards input that was typed but not yet read.
  ///
  /// The corresponding C function is `tcflush`.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Throws: ``TerminalError`` (`.flush`).
  static func flushInput(_ fileDescriptor: Int32) throws(TerminalError) {
    _ = try valueOrError(.flush) { tcflush(fileDescriptor, TCIFLUSH) }
  }

  /// Restarts output that a Ctrl-S (XOFF) stopped. Failure is ignored: the terminal then had nothing to
  /// restart.
  ///
  /// The corresponding C function is `tcflow` with `TCOON`.
  ///
  /// - Parameter fileDescriptor: The terminal.
  static func resumeOutput(_ fileDescriptor: Int32) {
    _ = tcflow(fileDescriptor, TCOON)
  }

  /// Reads a terminal's window size.
  ///
  /// The corresponding C function is `ioctl` with `TIOCGWINSZ`.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Returns: The window size.
  /// - Throws: ``TerminalError`` (`.windowSize`).
  static func windowSize(_ fileDescriptor: Int32) throws(TerminalError) -> winsize {
    var size = winsize()
    _ = try valueOrError(.windowSize) { ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) }
    return size
  }

  /// Creates a pipe whose ends are non-blocking and closed on exec.
  ///
  /// The corresponding C functions are `pipe` and `fcntl` (`F_SETFL` with `O_NONBLOCK`, `F_SETFD` with
  /// `FD_CLOEXEC`); Swift's Glibc module does not offer `pipe2`.
  ///
  /// - Returns: The read and write descriptors.
  /// - Throws: ``TerminalError`` (`.pipe`).
  static func makeNonBlockingPipe() throws(TerminalError) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [-1, -1]
    _ = try valueOrError(.pipe) { pipe(&descriptors) }
    do {
      for descriptor in descriptors {
        _ = try valueOrError(.pipe) { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let flags = try valueOrError(.pipe) { fcntl(descriptor, F_GETFL) }
        _ = try valueOrError(.pipe) { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
      }
    } catch {
      descriptors.forEach(close)
      throw error
    }
    return (descriptors[0], descriptors[1])
  }

  /// Installs a handler for a signal, with an empty mask and without `SA_RESTART`, so slow calls
  /// return `EINTR` when the signal arrives.
  ///
  /// The corresponding C function is `sigaction`.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - handler: The handler; it must be async-signal-safe.
  /// - Returns: The disposition it replaced.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  static func setSignalHandler(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void)
    throws(TerminalError) -> sigaction
  {
    try setSignalAction(number, signalAction(handler, flags: 0))
  }

  /// Installs a handler that runs once: the disposition goes back to the default as the handler starts
  /// (`SA_RESETHAND`), and the signal is not blocked inside it (`SA_NODEFER`), so the handler can re-raise
  /// it with its default action.
  ///
  /// The corresponding C function is `sigaction` with `SA_RESETHAND | SA_NODEFER`.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - handler: The handler; it must be async-signal-safe.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  static func setOneShotSignalHandler(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void)
    throws(TerminalError)
  {
    _ = try setSignalAction(
      number, signalAction(handler, flags: Int32(bitPattern: UInt32(SA_RESETHAND)) | Int32(SA_NODEFER)))
  }

  /// Raises a signal from a signal handler. The corresponding C function is `raise`, which is
  /// async-signal-safe.
  ///
  /// - Parameter number: The signal.
  static func signalSafeRaise(_ number: Int32) {
    _ = Glibc.raise(number)
  }

  /// Sets a signal to its default disposition.
  ///
  /// The corresponding C function is `sigaction` with `SIG_DFL`.
  ///
  /// - Parameter number: The signal.
  /// - Returns: The disposition it replaced.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  @discardableResult
  static func setDefaultSignalAction(_ number: Int32) throws(TerminalError) -> sigaction {
    try setSignalAction(number, signalAction(SIG_DFL, flags: 0))
  }

  /// Makes the process ignore a signal.
  ///
  /// The corresponding C function is `sigaction` with `SIG_IGN`.
  ///
  /// - Parameter number: The signal.
  /// - Returns: The disposition it replaced.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  @discardableResult
  static func ignoreSignal(_ number: Int32) throws(TerminalError) -> sigaction {
    try setSignalAction(number, signalAction(SIG_IGN, flags: 0))
  }

  /// A disposition with an empty mask: the one shape every handler this target installs takes.
  private static func signalAction(_ handler: __sighandler_t?, flags: Int32) -> sigaction {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    return action
  }

  /// Replaces a signal's disposition.
  ///
  /// The corresponding C function is `sigaction`.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - action: The new disposition.
  /// - Returns: The disposition it replaced.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  @discardableResult
  static func setSignalAction(_ number: Int32, _ action: sigaction) throws(TerminalError) -> sigaction {
    var action = action
    var previous = sigaction()
    _ = try valueOrError(.signalAction) { sigaction(number, &action, &previous) }
    return previous
  }

  /// Unblocks a signal in the calling thread, so that raising it takes effect at once.
  ///
  /// The corresponding C function is `pthread_sigmask` with `SIG_UNBLOCK`.
  ///
  /// - Parameter number: The signal.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  static func unblockSignal(_ number: Int32) throws(TerminalError) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    let result = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    if result != 0 { throw TerminalError(operation: .signalAction, errno: result) }
  }

  /// Sends a signal to the calling thread; a handler runs before this returns.
  ///
  /// The corresponding C function is `raise`.
  ///
  /// - Parameter number: The signal.
  /// - Throws: ``TerminalError`` (`.raiseSignal`).
  static func raise(_ number: Int32) throws(TerminalError) {
    _ = try valueOrError(.raiseSignal) { Glibc.raise(number) }
  }

  /// Sends a signal to a process.
  ///
  /// The corresponding C function is `kill`.
  ///
  /// - Parameters:
  ///   - processIdentifier: The process.
  ///   - number: The signal.
  /// - Throws: ``TerminalError`` (`.raiseSignal`).
  static func kill(_ processIdentifier: pid_t, _ number: Int32) throws(TerminalError) {
    _ = try valueOrError(.raiseSignal) { Glibc.kill(processIdentifier, number) }
  }

  /// Writes one byte from a signal handler, keeping `errno` unchanged. A full pipe drops the byte.
  ///
  /// Async-signal-safe: it only calls `write` and touches no heap memory.
  /// The corresponding C function is `write`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to write to.
  ///   - byte: The byte.
  static func signalSafeWrite(_ fileDescriptor: Int32, byte: UInt8) {
    let savedErrno = errno
    var byte = byte
    while Glibc.write(fileDescriptor, &byte, 1) == -1 && errno == EINTR {}
    errno = savedErrno
  }

  /// Applies terminal settings from a signal handler, keeping `errno` unchanged and ignoring failure.
  ///
  /// Async-signal-safe: `tcsetattr` is on the POSIX list and nothing here allocates.
  /// The corresponding C function is `tcsetattr` with `TCSANOW`.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The terminal.
  ///   - settings: The settings to apply.
  static func signalSafeSetAttributes(_ fileDescriptor: Int32, _ settings: UnsafePointer<termios>) {
    let savedErrno = errno
    while tcsetattr(fileDescriptor, TCSANOW, settings) == -1 && errno == EINTR {}
    errno = savedErrno
  }
}
