/// What a prompt does with each signal the relay delivers, decided from the prompt's kind alone: `passcode lock`
/// (which ignores interruptions) keeps the terminal through everything but a terminating signal from outside,
/// every other prompt ends on an interrupt and stops on a stop signal like any job.
struct SignalPolicy: Equatable {
  /// What to do with one signal.
  enum Response: Equatable {
    /// Nothing.
    case ignore
    /// Restore the terminal and end with the signal.
    case terminate
    /// Give the terminal back and stop with this signal; entry goes on after `fg`.
    case stop(Signal)
    /// Make sure the terminal is raw again (the process was stopped, maybe where no handler ran, and a shell may
    /// have put its own settings on it), then tell the engine: ``EntryEvent/relock`` when `relocks`, else
    /// ``EntryEvent/repeatStatus``.
    case resume(relocks: Bool)
    /// Take the window's new width and draw again.
    case resize
  }

  /// Whether interruptions are ignored (`passcode lock`).
  let ignoresInterruptions: Bool

  /// What to do with a signal; those the relay does not deliver (``SignalRelay/relayed``) get what their default
  /// action would suggest.
  func response(to signal: Signal) -> Response {
    switch signal {
    case .interrupt, .quit:
      ignoresInterruptions ? .ignore : .terminate
    case .terminate, .hangup, .user1, .user2, .alarm, .virtualAlarm, .profilingAlarm, .cpuLimitExceeded,
      .fileSizeLimitExceeded, .badSystemCall, .powerFailure, .inputOutputPossible, .stackFault, .kill, .abort,
      .segmentationFault, .busError, .illegalInstruction, .arithmeticError, .trap, .brokenPipe:
      .terminate
    case .childStatusChanged, .urgentData, .stop:
      .ignore
    case .terminalStop, .backgroundRead, .backgroundWrite:
      // `lock` keeps the terminal: a stop sent from outside is ignored, as Ctrl-Z is.
      ignoresInterruptions ? .ignore : .stop(signal)
    case .continued:
      // `lock` says it is locked again, with the entry wiped; other prompts say where the entry stands.
      .resume(relocks: ignoresInterruptions)
    case .windowSizeChanged:
      .resize
    }
  }
}
