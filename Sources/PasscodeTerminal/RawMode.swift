internal import SystemCalls

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
  package let terminal: FileDescriptor
  /// Whether escape sequences are written on entry and restore.
  package let writesEscapes: Bool
  /// Whether restoring also resets colours and styles (only when colour may have been used, so that
  /// `NO_COLOR` output holds no SGR sequence at all).
  package let resetsAttributes: Bool
  /// Whether raw mode is still in force (``restore()`` has not yet succeeded).
  package private(set) var isActive: Bool
  private let savedSettings: TerminalAttributes
  private let rawSettings: TerminalAttributes

  /// Whether keys typed before raw mode began were waiting, and were thrown away as it began
  /// (``discardedTypedAhead``): the prompt tells the person (rule 4).
  package private(set) var discardedTypedAhead = false

  /// Saves the terminal's settings and enters raw mode, discarding anything typed before (and noting whether
  /// there was any, ``discardedTypedAhead``).
  ///
  /// - Parameters:
  ///   - terminal: The terminal, usually ``TerminalDevice/descriptor``.
  ///   - writesEscapes: Whether to write the bracketed-paste and restore sequences; pass
  ///     ``TerminalCapabilities/allowsEscapes``.
  ///   - resetsAttributes: Whether restoring resets colours and styles; pass
  ///     ``TerminalCapabilities/usesColor``.
  /// - Throws: ``TerminalError`` when the settings cannot be read or changed, or when the terminal did not
  ///   take the raw settings (`.setAttributes` with `EINVAL`); the saved settings are then put back.
  package init(terminal: FileDescriptor, writesEscapes: Bool, resetsAttributes: Bool = true) throws(TerminalError) {
    self.terminal = terminal
    self.writesEscapes = writesEscapes
    self.resetsAttributes = resetsAttributes && writesEscapes
    do {
      savedSettings = try TerminalAttributes(of: terminal)
    } catch {
      throw TerminalError(operation: .getAttributes, errno: error)
    }
    rawSettings = savedSettings.rawInput
    EmergencyTerminalRestore.arm(savedSettings, for: terminal)
    isActive = true
    do {
      discardedTypedAhead = try applyRawSettings()
    } catch {
      try? restore()
      throw error
    }
  }

  /// Applies the raw settings once output is written, then throws away what was typed before (as `TCSAFLUSH`
  /// would), checks that they took, and turns bracketed paste on. Input is counted between the two: with line
  /// input off, a line begun and not ended counts too.
  ///
  /// - Returns: Whether typed input was thrown away.
  @discardableResult
  private func applyRawSettings() throws(TerminalError) -> Bool {
    // Output stopped by a Ctrl-S typed before the prompt would block every write; restart it.
    terminal.resumeOutput()
    try apply(rawSettings, .afterOutput)
    let discarded = terminal.pendingInputCount() > 0
    try flushInput()
    // tcsetattr succeeds when any change took; check that the ones that matter did.
    guard try currentSettings().hasRawInput else {
      throw TerminalError(operation: .setAttributes, errno: .invalidArgument)
    }
    if writesEscapes {
      try write(Self.bracketedPasteOn)
    }
    return discarded
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
    guard try !currentSettings().hasSameModes(as: rawSettings) else { return false }
    try applyRawSettings()
    return true
  }

  deinit {
    try? restore()
  }

  /// Discards input typed but not yet read, such as keys pressed while a rejection was showing.
  ///
  /// - Throws: ``TerminalError`` (`.flush`).
  package func flushInput() throws(TerminalError) {
    do {
      try terminal.discardPendingInput()
    } catch {
      throw TerminalError(operation: .flush, errno: error)
    }
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
        try write(resetsAttributes ? Self.restoreSequence + Self.attributeReset : Self.restoreSequence)
      } catch {
        writeError = error
      }
    }
    try apply(savedSettings, .afterOutput)
    isActive = false
    EmergencyTerminalRestore.disarm()
    if let writeError { throw writeError }
  }

  /// Puts back the settings saved by the raw mode most recently entered, from a signal handler.
  ///
  /// Use it ONLY in signal context, for signals that cannot be routed through ``SignalRelay`` (for
  /// example a crash handler for `SIGSEGV` or `SIGABRT`); everywhere else call ``restore()``. It is
  /// async-signal-safe: it reads a global copy of the saved settings and the descriptor, which
  /// ``init(terminal:writesEscapes:resetsAttributes:)`` armed before raw mode began, and calls only `tcsetattr`
  /// (`TCSANOW`). It writes no escape sequences and does nothing when no raw mode is active.
  package static func emergencyRestore() {
    EmergencyTerminalRestore.restoreFromSignalHandler()
  }

  private func currentSettings() throws(TerminalError) -> TerminalAttributes {
    do {
      return try TerminalAttributes(of: terminal)
    } catch {
      throw TerminalError(operation: .getAttributes, errno: error)
    }
  }

  private func apply(_ settings: TerminalAttributes, _ timing: TerminalAttributes.Timing) throws(TerminalError) {
    do {
      try settings.apply(to: terminal, timing)
    } catch {
      throw TerminalError(operation: .setAttributes, errno: error)
    }
  }

  private func write(_ bytes: [UInt8]) throws(TerminalError) {
    do {
      try terminal.writeAll(bytes)
    } catch {
      throw TerminalError(operation: .write, errno: error)
    }
  }
}
