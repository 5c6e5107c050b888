import PasscodeLocalization

/// Why a terminal prompt could not run to an outcome.
public enum PromptError: Error, Sendable, CustomStringConvertible {
  /// No terminal could be opened or set up (the command maps this to exit status 69).
  case noTerminal(TerminalError)
  /// The terminal failed while the prompt ran.
  case terminal(TerminalError)
  /// The terminal hung up (its other side closed, or reading it fails with `EIO`); the command maps this
  /// to exit status 69, and nothing the prompt guarded (a command to run, a lock to lift) goes ahead.
  case hungUp
  /// A terminating signal arrived; the terminal is already restored and the caller should re-raise it.
  case terminated(by: Signal)
  /// The verifier failed in a way that is not a verdict (for example the state file could not be
  /// written); the message never contains a secret.
  case verifierFailed(any Error & Sendable)

  /// The message to show.
  public var description: String {
    switch self {
    case let .noTerminal(error): Localization.text("No terminal to ask on: {reason}", ["reason": "\(error)"])
    case let .terminal(error): Localization.text("The terminal failed: {reason}", ["reason": "\(error)"])
    case .hungUp: Localization.text("The terminal hung up.")
    case let .terminated(signal): Localization.text("Stopped by {signal}", ["signal": "\(signal)"])
    case let .verifierFailed(error): "\(error)"
    }
  }
}
