internal import Glibc

/// A terminal's settings (`termios`): read with ``init(of:)``, changed with ``apply(to:_:)``, and the raw mode
/// a passcode prompt uses derived from them with ``rawInput``. The package's only `tcgetattr` and `tcsetattr`.
package struct TerminalAttributes: Sendable {
  fileprivate var storage: termios

  /// When ``apply(to:_:)`` takes effect.
  package enum Timing: Sendable {
    /// At once (`TCSANOW`).
    case now
    /// Once written output has reached the terminal; pending input is kept (`TCSADRAIN`).
    case afterOutput
    /// Once written output has reached the terminal, discarding input not yet read (`TCSAFLUSH`).
    case afterOutputDiscardingInput

    fileprivate var action: Int32 {
      switch self {
      case .now: TCSANOW
      case .afterOutput: TCSADRAIN
      case .afterOutputDiscardingInput: TCSAFLUSH
      }
    }
  }

  /// Reads a terminal's settings. The corresponding C function is `tcgetattr`.
  ///
  /// - Parameter terminal: The terminal.
  /// - Throws: The call's ``Errno`` (``Errno/notATerminal`` for anything else).
  package init(of terminal: FileDescriptor) throws(Errno) {
    var settings = termios()
    try nothingOrErrno { tcgetattr(terminal.rawValue, &settings) }
    storage = settings
  }

  /// Settings from the bytes of a `termios` structure, as ``bytes`` gave them.
  ///
  /// - Parameter bytes: The bytes; missing ones are zero.
  package init(bytes: [UInt8]) {
    var settings = termios()
    withUnsafeMutableBytes(of: &settings) { $0.copyBytes(from: bytes.prefix($0.count)) }
    storage = settings
  }

  /// The bytes of the `termios` structure, to compare settings before and after or to put them back.
  package var bytes: [UInt8] { withUnsafeBytes(of: storage) { Array($0) } }

  /// Applies the settings. The corresponding C function is `tcsetattr`.
  ///
  /// - Parameters:
  ///   - terminal: The terminal.
  ///   - timing: When they take effect.
  /// - Throws: The call's ``Errno``.
  package func apply(to terminal: FileDescriptor, _ timing: Timing) throws(Errno) {
    var settings = storage
    try nothingOrErrno { tcsetattr(terminal.rawValue, timing.action, &settings) }
  }

  /// The raw settings a passcode prompt uses, derived from these (pinentry-tty's recipe): echo, canonical
  /// input, signals, extended input, CR-to-NL translation and XON/XOFF output control off; reads return after
  /// one byte with no timer.
  ///
  /// IXON goes too (unlike pinentry-tty, which keeps it): with it, a Ctrl-S stops all output until a Ctrl-Q,
  /// so the prompt's next write, or the restore that waits for output to drain, blocks for good, and a
  /// person who cannot see the screen has no way to know why. Without it Ctrl-S and Ctrl-Q are keys that
  /// mean nothing here.
  package var rawInput: TerminalAttributes {
    var raw = storage
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    var derived = self
    derived.storage = raw
    return derived
  }

  /// Whether every mode ``rawInput`` turns off is off: what a terminal that took only part of a `tcsetattr`
  /// fails.
  package var hasRawInput: Bool {
    storage.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN | ECHONL) == 0
      && storage.c_iflag & tcflag_t(ICRNL | IXON) == 0
  }

  /// These settings with echo (`ECHO`, `ECHONL`) on or off, and everything else as it is.
  ///
  /// - Parameter on: Whether the terminal echoes what is typed.
  /// - Returns: The settings.
  package func withEcho(_ on: Bool) -> TerminalAttributes {
    var derived = self
    if on {
      derived.storage.c_lflag |= tcflag_t(ECHO)
    } else {
      derived.storage.c_lflag &= ~tcflag_t(ECHO | ECHONL)
    }
    return derived
  }

  /// Whether the terminal echoes what is typed (`ECHO`).
  package var echoes: Bool { storage.c_lflag & tcflag_t(ECHO) != 0 }

  /// Whether echo and canonical (line-by-line) input are both off.
  package var echoesNothingAndReadsBytes: Bool { storage.c_lflag & tcflag_t(ECHO | ICANON) == 0 }

  /// Whether two settings have the same modes and control characters (line speeds aside).
  ///
  /// - Parameter other: The other settings.
  /// - Returns: `true` when they match.
  package func hasSameModes(as other: TerminalAttributes) -> Bool {
    let (first, second) = (storage, other.storage)
    guard first.c_iflag == second.c_iflag, first.c_oflag == second.c_oflag, first.c_cflag == second.c_cflag,
      first.c_lflag == second.c_lflag
    else { return false }
    return withUnsafeBytes(of: first.c_cc) { firstCharacters in
      withUnsafeBytes(of: second.c_cc) { firstCharacters.elementsEqual($0) }
    }
  }
}

/// The terminal and settings that ``EmergencyTerminalRestore/restoreFromSignalHandler()`` puts back.
///
/// Written only on the normal thread of control (before any handler that restores can run, and again when
/// raw mode ends); read only from signal context. The settings live in memory allocated once and never freed,
/// so the handler touches no Swift runtime machinery.
private struct EmergencyTerminalState {
  var descriptor: Int32
  let settings: UnsafeMutablePointer<termios>
}

/// See ``EmergencyTerminalState``. `nonisolated(unsafe)`: it is shared with signal handlers, not threads.
nonisolated(unsafe) private var emergencyTerminalState = EmergencyTerminalState(
  descriptor: -1, settings: UnsafeMutablePointer<termios>.allocate(capacity: 1))

/// The settings a crash handler puts back on the terminal: armed when raw mode begins, disarmed when it ends,
/// and applied, async-signal-safely, from a handler for a signal that cannot wait for the prompt (a fault or
/// an abort).
package enum EmergencyTerminalRestore {
  /// Remembers the settings to put back on a terminal. Call it before any handler that restores can run.
  ///
  /// - Parameters:
  ///   - attributes: The settings in force before raw mode.
  ///   - terminal: The terminal.
  package static func arm(_ attributes: TerminalAttributes, for terminal: FileDescriptor) {
    emergencyTerminalState.settings.pointee = attributes.storage
    emergencyTerminalState.descriptor = terminal.rawValue
  }

  /// Forgets the terminal: a later ``restoreFromSignalHandler()`` does nothing.
  package static func disarm() {
    emergencyTerminalState.descriptor = -1
  }

  /// Puts back the armed settings with `tcsetattr` (`TCSANOW`), from a signal handler: async-signal-safe
  /// (`tcsetattr` is on the POSIX list, nothing here allocates), ignoring failure, keeping `errno`; nothing
  /// when disarmed.
  package static func restoreFromSignalHandler() {
    let state = emergencyTerminalState
    guard state.descriptor >= 0 else { return }
    let saved = errno
    _ = tcsetattr(state.descriptor, TCSANOW, state.settings)
    errno = saved
  }
}

/// A terminal window's size, as `TIOCGWINSZ` reports it and `TIOCSWINSZ` sets it.
package struct WindowSize: Hashable, Sendable {
  /// The width in columns.
  package var columns: Int
  /// The height in rows.
  package var rows: Int

  /// A size.
  ///
  /// - Parameters:
  ///   - columns: The width.
  ///   - rows: The height.
  package init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  fileprivate init(_ size: winsize) {
    self.init(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  fileprivate var cValue: winsize {
    winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
  }
}

extension FileDescriptor {
  /// Discards input the terminal received but nobody read yet. The corresponding C function is `tcflush`
  /// with `TCIFLUSH`.
  ///
  /// - Throws: The call's ``Errno``.
  package func discardPendingInput() throws(Errno) {
    try nothingOrErrno { tcflush(rawValue, TCIFLUSH) }
  }

  /// How many bytes of input the terminal received and nobody read yet (with line input off, every one; with it
  /// on, only whole lines); 0 when it cannot tell. The corresponding C function is `ioctl` with `FIONREAD`.
  package func pendingInputCount() -> Int {
    var count: CInt = 0
    guard (try? nothingOrErrno { ioctl(rawValue, UInt(FIONREAD), &count) }) != nil else { return 0 }
    return Int(count)
  }

  /// Restarts output that a Ctrl-S (XOFF) stopped. Failure is ignored: the terminal then had nothing to
  /// restart. The corresponding C function is `tcflow` with `TCOON`.
  package func resumeOutput() {
    _ = tcflow(rawValue, TCOON)
  }

  /// The terminal's window size. The corresponding C function is `ioctl` with `TIOCGWINSZ`.
  ///
  /// - Throws: The call's ``Errno``.
  package func windowSize() throws(Errno) -> WindowSize {
    var size = winsize()
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCGWINSZ), &size) }
    return WindowSize(size)
  }

  /// Sets the terminal's window size; the kernel sends `SIGWINCH` to its foreground process group. The
  /// corresponding C function is `ioctl` with `TIOCSWINSZ`.
  ///
  /// - Parameter size: The new size.
  /// - Throws: The call's ``Errno``.
  package func setWindowSize(_ size: WindowSize) throws(Errno) {
    var size = size.cValue
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCSWINSZ), &size) }
  }

  /// Puts one byte into the terminal's input queue, as if typed on its keyboard (needs root). The
  /// corresponding C function is `ioctl` with `TIOCSTI`.
  ///
  /// - Parameter byte: The byte.
  /// - Throws: The call's ``Errno``.
  package func insertInput(_ byte: UInt8) throws(Errno) {
    var value = byte
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCSTI), &value) }
  }

  /// Whether this process is in the background of this terminal, from a signal handler, keeping `errno`:
  /// `false` when the terminal is not the controlling one (the kernel sends no job-control signal for it
  /// then). Async-signal-safe: `tcgetpgrp` and `getpgrp` are on the POSIX list.
  package var isInBackgroundFromSignalHandler: Bool {
    let saved = errno
    defer { errno = saved }
    let foreground = tcgetpgrp(rawValue)
    return foreground > 0 && foreground != getpgrp()
  }
}
