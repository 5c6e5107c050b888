internal import SystemCalls

/// What a prompt found about Speakup's key echo when it took the terminal, and what it did.
package enum SpeakupKeyEcho: Equatable, Sendable {
  /// Speakup is not loaded: there is no key echo.
  case notLoaded
  /// Key echo was already off (`key_echo` 0): nothing to do.
  case alreadyOff
  /// Key echo was on and is off for the length of the entry; `previous` is put back afterwards.
  case turnedOff(previous: Int)
  /// Key echo is on (`current`, or `nil` when it cannot be read) and this process may not change it (a user
  /// other than root): the prompt says so before the first key.
  case leftOn(current: Int?)

  /// Whether the prompt must warn that Speakup may speak typed keys.
  package var needsWarning: Bool {
    if case .leftOn = self { return true }
    return false
  }
}

/// Turns Speakup's key echo off while a prompt holds the terminal and puts the old value back afterwards, so
/// that Speakup reads the prompt's words but never a typed key.
///
/// Every way out of the prompt goes through ``restore()`` (``TerminalSession/close()``, which success, cancel,
/// errors, end of file, hang-up and the relayed signals all reach); a fault or an abort restores through
/// ``EmergencyKeyEchoRestore`` from ``CrashGuard``'s handler. Only `SIGKILL` (and a power cut) can leave it off.
final class SpeakupKeyEchoGuard {
  private let file: SpeakupKeyEchoFile
  private var previous: Int?
  /// What was found and done when key echo was last turned off.
  private(set) var state: SpeakupKeyEcho = .notLoaded

  /// A guard for the setting in `file`; nothing changes until ``turnOff()``.
  init(file: SpeakupKeyEchoFile) {
    self.file = file
  }

  /// Turns key echo off when Speakup is loaded and echo is on, remembering the value for ``restore()`` and for
  /// the crash handler first.
  ///
  /// - Returns: What was found and done.
  @discardableResult
  func turnOff() -> SpeakupKeyEcho {
    restore()
    state = Self.turnOff(file) { previous = $0 }
    return state
  }

  private static func turnOff(_ file: SpeakupKeyEchoFile, remember: (Int) -> Void) -> SpeakupKeyEcho {
    guard file.isSpeakupLoaded else { return .notLoaded }
    guard let current = try? file.read() else { return .leftOn(current: nil) }
    guard current != 0 else { return .alreadyOff }
    EmergencyKeyEchoRestore.arm(current, for: file)
    do {
      try file.write(0)
    } catch {
      EmergencyKeyEchoRestore.disarm()
      return .leftOn(current: current)
    }
    remember(current)
    return .turnedOff(previous: current)
  }

  /// Puts back the value key echo had before ``turnOff()``; does nothing when it did not turn it off. Safe to
  /// call more than once.
  func restore() {
    guard let value = previous else { return }
    previous = nil
    try? file.write(value)
    EmergencyKeyEchoRestore.disarm()
  }
}
