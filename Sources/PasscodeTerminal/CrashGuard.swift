import Synchronization
internal import SystemCalls

/// Puts the terminal back even when the program dies of a fault: a crash (`SIGSEGV`, `SIGBUS`,
/// `SIGILL`, `SIGFPE`, `SIGTRAP`) or an abort (`SIGABRT`, which Swift's runtime traps and `fatalError`
/// end in) first restores the settings saved by raw mode, then dies of the same signal as it would have.
///
/// It puts Speakup's key echo back too (``SpeakupKeyEchoGuard``). The handler calls only async-signal-safe
/// functions (`tcsetattr`, `open`, `write`, `close`, `raise`). Signals that end a
/// program in an orderly way (INT, TERM, HUP, QUIT) go through ``SignalRelay`` instead.
enum CrashGuard {
  /// The fault and abort signals guarded.
  static let signals: [Signal] = [.segmentationFault, .busError, .illegalInstruction, .arithmeticError, .trap, .abort]

  private static let isInstalled = Mutex(false)

  /// Installs the handlers once per process; later calls do nothing.
  static func install() {
    let first = isInstalled.withLock { installed in
      defer { installed = true }
      return !installed
    }
    guard first else { return }
    for signal in signals {
      _ = try? SignalAction.oneShotHandler(restoreThenDie).install(for: signal)
    }
  }
}

/// Restores the terminal and Speakup's key echo, then re-raises the signal, whose disposition is the default again.
private func restoreThenDie(_ number: Int32) {
  RawMode.emergencyRestore()
  EmergencyKeyEchoRestore.restoreFromSignalHandler()
  Signal(number: number)?.raiseFromSignalHandler()
}
