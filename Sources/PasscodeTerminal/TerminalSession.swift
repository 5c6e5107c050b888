internal import SystemCalls

/// The terminal a prompt holds: the device in raw mode, the signal relay and the crash guard. Every byte
/// the prompt writes goes through ``write(_:)``, which notices a hang-up.
final class TerminalSession: PromptTerminal {
  /// The lock keys' state through the device's descriptor (`KDGKBLED`); `nil` off a virtual console, which is
  /// known from the first reading, when the session took the terminal, and never asked again.
  func keyboardLocks() -> KeyboardLocks? {
    isVirtualConsole ? device.descriptor.keyboardLocks() : nil
  }

  /// The terminal device.
  let device: TerminalDevice
  /// The relay that turns signals into bytes on a pipe the prompt polls.
  let signals: SignalRelay
  /// Speakup's key echo, off while the session holds the terminal.
  let keyEcho: SpeakupKeyEchoGuard
  private let writesEscapes: Bool
  private let resetsAttributes: Bool
  private var rawMode: RawMode?
  private var isClosed = false
  /// Set when the terminal hung up: writes are dropped from then on.
  private(set) var isHungUp = false
  /// Whether the terminal is a Linux virtual console, whose lock keys can be read: decided once.
  private let isVirtualConsole: Bool
  /// Whether keys typed before the session took the terminal were thrown away as raw mode began.
  let discardedTypedAhead: Bool

  /// Takes the terminal: ignores `SIGPIPE`, installs the signal relay, enters raw mode, installs the crash
  /// guard and turns Speakup's key echo off.
  ///
  /// - Parameters:
  ///   - device: The open terminal; closed by ``close()``.
  ///   - writesEscapes: Whether raw mode may write escape sequences (bracketed paste).
  ///   - resetsAttributes: Whether leaving raw mode resets colours.
  ///   - sysfsRoot: Where sysfs is, for Speakup's key echo (`/sys`; a fake directory in tests).
  /// - Throws: ``TerminalError`` when any step fails; the device is left open for the caller to close.
  init(
    device: TerminalDevice, writesEscapes: Bool, resetsAttributes: Bool,
    sysfsRoot: String = SpeakupKeyEchoFile.kernelSysfsRoot
  ) throws(TerminalError) {
    self.device = device
    keyEcho = SpeakupKeyEchoGuard(file: SpeakupKeyEchoFile(sysfsRoot: sysfsRoot))
    self.writesEscapes = writesEscapes
    self.resetsAttributes = resetsAttributes
    isVirtualConsole = device.descriptor.keyboardLocks() != nil
    try SignalRelay.ignoreSIGPIPE()
    signals = try SignalRelay(terminal: device.descriptor)
    do {
      let rawMode = try RawMode(
        terminal: device.descriptor, writesEscapes: writesEscapes, resetsAttributes: resetsAttributes)
      self.rawMode = rawMode
      discardedTypedAhead = rawMode.discardedTypedAhead
    } catch {
      signals.uninstall()
      throw error
    }
    CrashGuard.install()
    keyEcho.turnOff()
  }

  /// Writes text, unless the terminal hung up; a hang-up found here is remembered, not thrown. It goes straight
  /// to the system-call layer: the loop's screen, this, then `FileDescriptor.writeAll`, then `write(2)`.
  ///
  /// - Throws: ``PromptError/terminal(_:)`` when writing fails otherwise.
  func write(_ text: String) throws(PromptError) {
    guard !text.isEmpty, !isHungUp else { return }
    do {
      try device.descriptor.writeAll(Array(text.utf8))
    } catch  where error == .inputOutput {
      isHungUp = true
    } catch {
      throw .terminal(TerminalError(operation: .write, errno: error))
    }
  }

  /// Reads what the terminal has into `buffer`, straight through the system-call layer: the loop's key input,
  /// this, then `FileDescriptor.read(into:)`, then `read(2)`.
  ///
  /// - Returns: The bytes read; 0 when the terminal hung up (end of file or `EIO`), which is then remembered.
  /// - Throws: ``PromptError/terminal(_:)`` when reading fails otherwise.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(PromptError) -> Int {
    let count: Int
    do {
      count = try device.descriptor.read(into: buffer)
    } catch  where error == .inputOutput || error == .wouldBlock {
      count = 0
    } catch {
      throw .terminal(TerminalError(operation: .read, errno: error))
    }
    // In raw mode (VMIN 1) Ctrl-D is a byte, so a read of nothing, like EIO, means the terminal hung up: its
    // other side closed.
    if count == 0 { isHungUp = true }
    return count
  }

  /// Whether the terminal has input to read now, without waiting; `false` once it hung up.
  func hasInputWaiting() -> Bool {
    guard !isHungUp,
      let events = try? Poll<Int>.wait(for: device.descriptor, timeout: .zero)
    else { return false }
    return events.contains(.readable)
  }

  /// The width to render for: `COLUMNS`, else the window size, else 80.
  func width(environment: [String: String]) -> Int {
    device.width(environment: environment)
  }

  /// Throws away input the terminal has buffered.
  func flushInput() {
    try? rawMode?.flushInput()
  }

  /// Leaves raw mode and stops the process, as Ctrl-Z does to any job; raw mode is entered again once it is
  /// continued.
  ///
  /// - Parameter signal: The stop signal to stop with, so the shell reports the stop it was asked for.
  /// - Throws: ``PromptError/terminal(_:)`` when stopping or entering raw mode again fails.
  func suspend(by signal: Signal = .terminalStop) throws(PromptError) {
    try? rawMode?.restore()
    rawMode = nil
    // The shell the terminal goes back to has Speakup's key echo as it was; the prompt turns it off again.
    keyEcho.restore()
    do {
      try signals.suspendSelf(by: signal)
    } catch {
      keyEcho.turnOff()
      throw .terminal(error)
    }
    keyEcho.turnOff()
    try enterRawModeAgain()
  }

  /// Makes sure the terminal is in raw mode after a `SIGCONT`: enters it again when it was left (a
  /// suspend), or applies the raw settings again when they were changed while the process was stopped from
  /// outside (a shell that took the terminal back), compared with `tcgetattr`.
  ///
  /// - Throws: ``PromptError/terminal(_:)`` when the settings cannot be read or applied.
  func enterRawModeAgain() throws(PromptError) {
    do {
      if let rawMode {
        try rawMode.applyAgainIfChanged()
      } else {
        rawMode = try RawMode(
          terminal: device.descriptor, writesEscapes: writesEscapes, resetsAttributes: resetsAttributes)
      }
    } catch {
      throw .terminal(error)
    }
  }

  /// Restores the saved settings, Speakup's key echo and signal handling, and closes the device. Safe to call
  /// more than once.
  ///
  /// A terminating signal that came after the prompt's last look still ends the process, now that the
  /// terminal is restored, instead of being lost with the relay.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    try? rawMode?.restore()
    rawMode = nil
    keyEcho.restore()
    let unhandled = signals.drain().first(where: \.isTerminating)
    signals.uninstall()
    device.close()
    if let unhandled { try? signals.reraise(unhandled) }
  }
}
