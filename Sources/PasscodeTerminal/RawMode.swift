internal import Glibc

/// The terminal and settings that ``RawMode/emergencyRestore()`` puts back from a signal handler.
///
/// Written only by ``RawMode`` on the normal thread of control (before any handler that calls
/// `emergencyRestore()` can run, and again when raw mode ends); read only from signal context. The settings
/// live in memory allocated once and never freed, so the handler touches no Swift runtime machinery.
private struct EmergencyTerminalState {
  var fileDescriptor: Int32
  let settings: UnsafeMutablePointer<termios>
}

/// See ``EmergencyTerminalState``. `nonisolated(unsafe)`: it is shared with signal handlers, not threads.
nonisolated(unsafe) private var emergencyTerminalState = EmergencyTerminalState(
  fileDescriptor: -1, settings: UnsafeMutablePointer<termios>.allocate(capacity: 1))

/// Raw mode for passcode entry, modelled on pinentry-tty: the settings in force are saved, the new ones
/// are derived from them, and ``restore()`` puts back exactly the saved settings.
///
/// In raw mode echo is off (typed digits never appear), input is not line-buffered, and `ISIG` is off so
/// Ctrl-C, Ctrl-Z and Ctrl-\ arrive as the bytes 0x03, 0x1a and 0x1c for the key decoder to report; the
/// prompt decides what they mean. Every call's result is checked.
package final class RawMode {
  /// The bytes that turn bracketed paste on: `ESC [ ? 2004 h`.
  package static let bracketedPasteOn: [UInt8] = Array("\u{1b}[?2004h".utf8)
  /// The bytes written on restore: bracketed paste off, cursor shown.
  package static let restoreSequence: [UInt8] = Array("\u{1b}[?2004l\u{1b}[?25h".utf8)
  /// The bytes that reset colours and styles, written on restore when colour may have been used.
  package static let attributeReset: [UInt8] = Array("\u{1b}[0m".utf8)

  /// The terminal in raw mode.
  package let fileDescriptor: Int32
  /// Whether escape sequences are written on entry and restore.
  package let writesEscapes: Bool
  /// Whether restoring also resets colours and styles (only when colour may have been used, so that
  /// `NO_COLOR` output holds no SGR sequence at all).
  package let resetsAttributes: Bool
  /// Whether raw mode is still in force (``restore()`` has not yet succeeded).
  package private(set) var isActive: Bool
  private let savedSettings: termios
  private let rawSettings: termios

  /// Saves the terminal's settings and enters raw mode with `TCSAFLUSH`, discarding anything typed before.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The terminal, usually ``TerminalDevice/fileDescriptor``.
  ///   - writesEscapes: Whether to write the bracketed-paste and restore sequences; pass
  ///     ``TerminalCapabilities/allowsEscapes``.
  ///   - resetsAttributes: Whether restoring resets colours and styles; pass
  ///     ``TerminalCapabilities/usesColor``.
  /// - Throws: ``TerminalError`` when the settings cannot be read or changed, or when the terminal did not
  ///   take the raw settings (`.setAttributes` with `EINVAL`); the saved settings are then put back.
  package init(fileDescriptor: Int32, writesEscapes: Bool, resetsAttributes: Bool = true) throws(TerminalError) {
    self.fileDescriptor = fileDescriptor
    self.writesEscapes = writesEscapes
    self.resetsAttributes = resetsAttributes && writesEscapes
    savedSettings = try TerminalCalls.getAttributes(fileDescriptor)
    rawSettings = Self.rawSettings(from: savedSettings)
    emergencyTerminalState.settings.pointee = savedSettings
    emergencyTerminalState.fileDescriptor = fileDescriptor
    isActive = true
    do {
      try applyRawSettings()
    } catch {
      try? restore()
      throw error
    }
  }

  /// Applies the raw settings with `TCSAFLUSH` (what was typed before goes), checks that they took, and turns
  /// bracketed paste on.
  private func applyRawSettings() throws(TerminalError) {
    // Output stopped by a Ctrl-S typed before the prompt would block every write; restart it.
    TerminalCalls.resumeOutput(fileDescriptor)
    try TerminalCalls.setAttributes(fileDescriptor, action: TCSAFLUSH, rawSettings)
    // tcsetattr succeeds when any change took; check that the ones that matter did.
    let applied = try TerminalCalls.getAttributes(fileDescriptor)
    let required = tcflag_t(ECHO | ICANON | ISIG | IEXTEN | ECHONL)
    guard applied.c_lflag & required == 0, applied.c_iflag & tcflag_t(ICRNL | IXON) == 0 else {
      throw TerminalError(operation: .setAttributes, errno: EINVAL)
    }
    if writesEscapes {
      try TerminalCalls.write(fileDescriptor, Self.bracketedPasteOn)
    }
  }

  /// Applies the raw settings again when the terminal's differ from them: after a stop from outside
  /// (`kill -STOP`, `-TTIN`, `-TTOU`), the shell took the terminal back and put its own settings (echo and
  /// line input on), and the prompt must not go on with them. Input typed meanwhile, which the terminal may
  /// have echoed, is discarded; bracketed paste, which the shell may have turned off, is turned on again.
  ///
  /// - Returns: Whether the settings had to be applied again; `false` when they were still raw, or raw
  ///   mode has ended.
  /// - Throws: ``TerminalError`` when the settings cannot be read or applied, or did not take.
  @discardableResult
  package func applyAgainIfChanged() throws(TerminalError) -> Bool {
    guard isActive else { return false }
    let current = try TerminalCalls.getAttributes(fileDescriptor)
    guard !Self.haveSameModes(current, rawSettings) else { return false }
    try applyRawSettings()
    return true
  }

  /// Whether two settings have the same modes and control characters (line speeds aside).
  static func haveSameModes(_ first: termios, _ second: termios) -> Bool {
    guard first.c_iflag == second.c_iflag, first.c_oflag == second.c_oflag, first.c_cflag == second.c_cflag,
      first.c_lflag == second.c_lflag
    else { return false }
    return withUnsafeBytes(of: first.c_cc) { firstCharacters in
      withUnsafeBytes(of: second.c_cc) { firstCharacters.elementsEqual($0) }
    }
  }

  deinit {
    try? restore()
  }

  /// The raw settings derived from the saved ones: echo, canonical input, signals, extended input,
  /// CR-to-NL translation and XON/XOFF output control off; reads return after one byte with no timer.
  ///
  /// IXON goes too (unlike pinentry-tty, which keeps it): with it, a Ctrl-S stops all output until a Ctrl-Q,
  /// so the prompt's next write, or the restore that waits for output to drain, blocks for good, and a
  /// person who cannot see the screen has no way to know why. Without it Ctrl-S and Ctrl-Q are keys that
  /// mean nothing here.
  ///
  /// - Parameter saved: The settings in force before raw mode.
  /// - Returns: The settings to apply.
  static func rawSettings(from saved: termios) -> termios {
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    return raw
  }

  /// Discards input typed but not yet read, such as keys pressed while a rejection was showing.
  ///
  /// - Throws: ``TerminalError`` (`.flush`).
  package func flushInput() throws(TerminalError) {
    try TerminalCalls.flushInput(fileDescriptor)
  }

  /// Leaves raw mode: writes the restore sequence (when escapes are allowed), then applies the exact saved
  /// settings with `TCSADRAIN`, so what was written reaches the terminal first and pending input is kept
  /// for the shell. Calling it again after it succeeded does nothing.
  ///
  /// - Throws: ``TerminalError`` when the settings cannot be applied. A failed escape write does not stop
  ///   the settings from being restored.
  package func restore() throws(TerminalError) {
    guard isActive else { return }
    var writeError: TerminalError?
    if writesEscapes {
      do {
        try TerminalCalls.write(
          fileDescriptor, resetsAttributes ? Self.restoreSequence + Self.attributeReset : Self.restoreSequence)
      } catch {
        writeError = error
      }
    }
    try TerminalCalls.setAttributes(fileDescriptor, action: TCSADRAIN, savedSettings)
    isActive = false
    emergencyTerminalState.fileDescriptor = -1
    if let writeError { throw writeError }
  }

  /// Puts back the settings saved by the raw mode most recently entered, from a signal handler.
  ///
  /// Use it ONLY in signal context, for signals that cannot be routed through ``SignalRelay`` (for
  /// example a crash handler for `SIGSEGV` or `SIGABRT`); everywhere else call ``restore()``. It is
  /// async-signal-safe: it reads a global copy of the saved `termios` and the descriptor, which
  /// ``init(fileDescriptor:writesEscapes:)`` wrote before raw mode began, and calls only `tcsetattr`
  /// (`TCSANOW`). It writes no escape sequences and does nothing when no raw mode is active.
  package static func emergencyRestore() {
    let state = emergencyTerminalState
    guard state.fileDescriptor >= 0 else { return }
    TerminalCalls.signalSafeSetAttributes(state.fileDescriptor, state.settings)
  }
}
