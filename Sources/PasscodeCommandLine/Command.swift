/// What the person asked `passcode` to do: a subcommand together with its arguments.
public enum Command: Equatable, Sendable {
  /// Try the keypad with the seed code shown.
  case demo
  /// Choose and store a passcode.
  case set
  /// Ask until right, cancelled or locked out.
  case check
  /// Hold the terminal until the right passcode.
  case lock
  /// Run `command` (the program, then its arguments, untouched) after the right passcode.
  case exec(command: [String])
  /// Report what is stored, never a secret.
  case status
  /// Remove the passcode after asking for it.
  case remove
  /// Serve the Assuan pinentry protocol on stdin and stdout.
  case pinentry
  /// Check the set-up.
  case doctor
  /// Answer systemd's password questions.
  case agent(AgentOptions)

  /// The subcommand's name, without arguments.
  public var subcommand: Subcommand {
    switch self {
    case .demo: .demo
    case .set: .set
    case .check: .check
    case .lock: .lock
    case .exec: .exec
    case .status: .status
    case .remove: .remove
    case .pinentry: .pinentry
    case .doctor: .doctor
    case .agent: .agent
    }
  }
}
