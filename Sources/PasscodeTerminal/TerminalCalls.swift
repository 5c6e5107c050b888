internal import Glibc
internal import SystemCalls

/// The terminal's own thin wrappers over `SystemCalls`: termios, `tcflush`, `tcflow` and the window-size
/// `ioctl`, which no other module needs, plus adapters that name the failed operation in a ``TerminalError``.
/// Every other C call (open, read, write, poll, pipes, signals) is the layer's; `EINTR` is retried there.
///
/// The two functions meant for signal handlers (``signalSafeWrite(_:byte:)`` and
/// ``signalSafeSetAttributes(_:_:)``) never allocate, never throw and leave `errno` as they found it.
enum TerminalCalls {
  /// Runs a layer call, turning its ``Errno`` into a ``TerminalError`` for an operation.
  ///
  /// - Parameters:
  ///   - operation: The operation to name in the error.
  ///   - path: The file to name in the error, if any.
  ///   - call: The call.
  /// - Returns: The call's result.
  /// - Throws: ``TerminalError`` with the call's `errno`.
  static func naming<Value>(
    _ operation: TerminalError.Operation, path: String? = nil, _ call: () throws(Errno) -> Value
  ) throws(TerminalError) -> Value {
    do {
      return try call()
    } catch {
      throw TerminalError(operation: operation, errno: error.rawValue, path: path)
    }
  }

  /// The system's message for an `errno` value, such as "No such file or directory".
  ///
  /// - Parameter number: An `errno` value.
  /// - Returns: The message.
  static func errorMessage(_ number: Int32) -> String {
    Errno(rawValue: number).description
  }

  /// Opens a file.
  ///
  /// - Parameters:
  ///   - path: The file to open.
  ///   - flags: The `O_*` flags.
  /// - Returns: The new file descriptor.
  /// - Throws: ``TerminalError`` (`.open`).
  static func open(_ path: String, flags: Int32) throws(TerminalError) -> Int32 {
    let mode = FileDescriptor.AccessMode(rawValue: flags & O_ACCMODE)
    let options = FileDescriptor.OpenOptions(rawValue: flags & ~O_ACCMODE)
    return try naming(.open, path: path) { () throws(Errno) in
      try FileDescriptor.open(path, mode, options: options).rawValue
    }
  }

  /// Closes a file descriptor, ignoring failure (on Linux the descriptor is closed anyway).
  ///
  /// - Parameter fileDescriptor: The descriptor to close.
  static func close(_ fileDescriptor: Int32) {
    FileDescriptor(rawValue: fileDescriptor).closeIgnoringErrors()
  }

  /// Whether a file descriptor refers to a terminal.
  ///
  /// - Parameter fileDescriptor: The descriptor to check.
  /// - Returns: `true` for a terminal.
  static func isTerminal(_ fileDescriptor: Int32) -> Bool {
    FileDescriptor(rawValue: fileDescriptor).isTerminal
  }

  /// Whether a terminal is the master side of a pseudo-terminal: one from `/dev/ptmx` (the kernel gives its
  /// number, `TIOCGPTN`), or a BSD-style master (`/dev/ptyp0`, device major 2).
  ///
  /// - Parameter fileDescriptor: The open terminal.
  /// - Returns: `true` for a master.
  static func isPseudoTerminalMaster(_ fileDescriptor: Int32) -> Bool {
    let descriptor = FileDescriptor(rawValue: fileDescriptor)
    if descriptor.isPseudoTerminalMaster { return true }
    guard let status = try? FileStatus(descriptor: descriptor) else { return false }
    return status.isCharacterDevice && status.deviceMajor == 2
  }

  /// The user an open file belongs to.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The open file.
  ///   - path: The path it was opened by, for the error.
  /// - Returns: The owner's user identifier.
  /// - Throws: ``TerminalError`` (`.checkTerminal`).
  static func owner(_ fileDescriptor: Int32, path: String) throws(TerminalError) -> UInt32 {
    try naming(.checkTerminal, path: path) { () throws(Errno) in
      try FileStatus(descriptor: FileDescriptor(rawValue: fileDescriptor)).owner
    }
  }

  /// The user this process acts as (its effective user).
  static var userIdentifier: UInt32 { ProcessCredentials.effective.user }

  /// Reads what is available, up to the buffer's size.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to read.
  ///   - buffer: Where to put the bytes.
  /// - Returns: The number of bytes read; `0` at end of file; `nil` when a non-blocking descriptor has nothing.
  /// - Throws: ``TerminalError`` (`.read`).
  static func read(_ fileDescriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(TerminalError) -> Int? {
    do {
      return try FileDescriptor(rawValue: fileDescriptor).read(into: buffer)
    } catch  where error == .wouldBlock {
      return nil
    } catch {
      throw TerminalError(operation: .read, errno: error.rawValue)
    }
  }

  /// Writes all the bytes, continuing after short writes.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to write to.
  ///   - bytes: The bytes to write.
  /// - Throws: ``TerminalError`` (`.write`).
  static func write(_ fileDescriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(TerminalError) {
    try naming(.write) { () throws(Errno) in try FileDescriptor(rawValue: fileDescriptor).writeAll(bytes) }
  }

  /// Writes all the bytes of an array, continuing after short writes.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to write to.
  ///   - bytes: The bytes to write.
  /// - Throws: ``TerminalError`` (`.write`).
  static func write(_ fileDescriptor: Int32, _ bytes: [UInt8]) throws(TerminalError) {
    try naming(.write) { () throws(Errno) in try FileDescriptor(rawValue: fileDescriptor).writeAll(bytes) }
  }

  /// Waits until one of the descriptors is ready or the timeout passes, through the layer's ``Poll``
  /// (each entry named by its index); `revents` is filled in.
  ///
  /// - Parameters:
  ///   - descriptors: The descriptors and the events to wait for.
  ///   - timeoutMilliseconds: How long to wait; `-1` waits for ever.
  /// - Returns: The number of descriptors with events; `0` on timeout.
  /// - Throws: ``TerminalError`` (`.poll`).
  static func poll(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) throws(TerminalError) -> Int32 {
    var poll = Poll<Int>()
    for (index, entry) in descriptors.enumerated() {
      poll.add(index, FileDescriptor(rawValue: entry.fd), waitingFor: PollEvents(rawValue: entry.events))
    }
    let result = try naming(.poll) { () throws(Errno) in try poll.wait(timeoutMilliseconds: timeoutMilliseconds) }
    for index in descriptors.indices { descriptors[index].revents = result.events(of: index).rawValue }
    return Int32(result.happened.count)
  }

  /// Sleeps until an instant has passed (at once when it has), waking on no descriptor.
  ///
  /// - Parameter instant: When to wake, on ``BootTimeClock``.
  static func pause(until instant: BootTimeClock.Instant) {
    while true {
      let remaining = instant - BootTimeClock.now
      guard remaining > .zero else { return }
      let (seconds, attoseconds) = remaining.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      sleep(milliseconds: min(milliseconds, 1000))
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
    try naming(.getAttributes) { () throws(Errno) in try nothingOrErrno { tcgetattr(fileDescriptor, &settings) } }
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
    try naming(.setAttributes) { () throws(Errno) in
      try nothingOrErrno { tcsetattr(fileDescriptor, action, &settings) }
    }
  }

  /// Discards input that was typed but not yet read.
  ///
  /// The corresponding C function is `tcflush`.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Throws: ``TerminalError`` (`.flush`).
  static func flushInput(_ fileDescriptor: Int32) throws(TerminalError) {
    try naming(.flush) { () throws(Errno) in try nothingOrErrno { tcflush(fileDescriptor, TCIFLUSH) } }
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
    try naming(.windowSize) { () throws(Errno) in
      try nothingOrErrno { ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) }
    }
    return size
  }

  /// Creates a pipe whose ends are non-blocking and closed on exec.
  ///
  /// - Returns: The read and write descriptors.
  /// - Throws: ``TerminalError`` (`.pipe`).
  static func makeNonBlockingPipe() throws(TerminalError) -> (read: Int32, write: Int32) {
    let pipe = try naming(.pipe) { () throws(Errno) in try Pipe(nonBlocking: true) }
    return (pipe.readEnd.rawValue, pipe.writeEnd.rawValue)
  }

  /// Installs a handler for a signal, with an empty mask and without `SA_RESTART`, so slow calls
  /// return `EINTR` when the signal arrives.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - handler: The handler; it must be async-signal-safe.
  /// - Returns: The disposition it replaced.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  static func setSignalHandler(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void)
    throws(TerminalError) -> SignalAction
  {
    try setSignalAction(number, .handler(handler))
  }

  /// Installs a handler that runs once and can re-raise its signal with the default action
  /// (``SignalAction/oneShotHandler(_:)``).
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - handler: The handler; it must be async-signal-safe.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  static func setOneShotSignalHandler(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void)
    throws(TerminalError)
  {
    _ = try setSignalAction(number, .oneShotHandler(handler))
  }

  /// Raises a signal from a signal handler (async-signal-safe).
  ///
  /// - Parameter number: The signal.
  static func signalSafeRaise(_ number: Int32) {
    SignalNumber(rawValue: number).raiseFromSignalHandler()
  }

  /// Sets a signal to its default disposition.
  ///
  /// - Parameter number: The signal.
  /// - Returns: The disposition it replaced.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  @discardableResult
  static func setDefaultSignalAction(_ number: Int32) throws(TerminalError) -> SignalAction {
    try setSignalAction(number, .defaultAction)
  }

  /// Makes the process ignore a signal.
  ///
  /// - Parameter number: The signal.
  /// - Returns: The disposition it replaced.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  @discardableResult
  static func ignoreSignal(_ number: Int32) throws(TerminalError) -> SignalAction {
    try setSignalAction(number, .ignore)
  }

  /// Replaces a signal's disposition.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - action: The new disposition.
  /// - Returns: The disposition it replaced.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  @discardableResult
  static func setSignalAction(_ number: Int32, _ action: SignalAction) throws(TerminalError) -> SignalAction {
    try naming(.signalAction) { () throws(Errno) in try action.install(for: SignalNumber(rawValue: number)) }
  }

  /// Unblocks a signal in the calling thread, so that raising it takes effect at once.
  ///
  /// - Parameter number: The signal.
  /// - Throws: ``TerminalError`` (`.signalAction`).
  static func unblockSignal(_ number: Int32) throws(TerminalError) {
    try naming(.signalAction) { () throws(Errno) in try SignalSet([SignalNumber(rawValue: number)]).unblockInThread() }
  }

  /// Sends a signal to the calling thread; a handler runs before this returns.
  ///
  /// - Parameter number: The signal.
  /// - Throws: ``TerminalError`` (`.raiseSignal`).
  static func raise(_ number: Int32) throws(TerminalError) {
    try naming(.raiseSignal) { () throws(Errno) in try SignalNumber(rawValue: number).raise() }
  }

  /// Sends a signal to a process.
  ///
  /// - Parameters:
  ///   - processIdentifier: The process.
  ///   - number: The signal.
  /// - Throws: ``TerminalError`` (`.raiseSignal`).
  static func kill(_ processIdentifier: Int32, _ number: Int32) throws(TerminalError) {
    try naming(.raiseSignal) { () throws(Errno) in
      try ProcessIdentifier(rawValue: processIdentifier).send(SignalNumber(rawValue: number))
    }
  }

  /// Writes one byte from a signal handler, keeping `errno` unchanged. A full pipe drops the byte.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to write to.
  ///   - byte: The byte.
  static func signalSafeWrite(_ fileDescriptor: Int32, byte: UInt8) {
    FileDescriptor(rawValue: fileDescriptor).writeFromSignalHandler(byte)
  }

  /// Whether this process is in the background of a terminal that is its controlling one, from a signal
  /// handler, keeping `errno` unchanged: `false` when the descriptor is -1 or the terminal is not the
  /// controlling one (the kernel sends no job-control signal for it then).
  ///
  /// Async-signal-safe: `tcgetpgrp` and `getpgrp` are on the POSIX list.
  ///
  /// - Parameter fileDescriptor: The terminal.
  /// - Returns: `true` when another process group is the terminal's foreground.
  static func signalSafeIsInBackground(_ fileDescriptor: Int32) -> Bool {
    guard fileDescriptor >= 0 else { return false }
    let saved = Errno.current
    defer { Errno.current = saved }
    let foreground = tcgetpgrp(fileDescriptor)
    return foreground > 0 && foreground != getpgrp()
  }

  /// Gives a stop signal its default action and raises it again, from its own handler: it is blocked there,
  /// so the process stops as the handler returns. `errno` is kept.
  ///
  /// - Parameter number: The signal being handled.
  static func signalSafeStopByDefault(_ number: Int32) {
    let signal = SignalNumber(rawValue: number)
    SignalAction.defaultAction.installFromSignalHandler(for: signal)
    let saved = Errno.current
    signal.raiseFromSignalHandler()
    Errno.current = saved
  }

  /// Installs a handler as ``setSignalHandler(_:_:)`` does, from a signal handler, ignoring failure and keeping
  /// `errno`.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - handler: The handler; it must be async-signal-safe.
  static func signalSafeSetHandler(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
    SignalAction.handler(handler).installFromSignalHandler(for: SignalNumber(rawValue: number))
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
    let saved = Errno.current
    _ = try? valueOrErrno { tcsetattr(fileDescriptor, TCSANOW, settings) }
    Errno.current = saved
  }
}
