/// The name of one subcommand of `passcode`, without its arguments; also a help topic.
public enum Subcommand: String, CaseIterable, Equatable, Hashable, Sendable {
  /// `passcode demo`: try the keypad with the code 2580 shown.
  case demo
  /// `passcode set`: choose a passcode.
  case set
  /// `passcode check`: ask until right, cancelled or locked out.
  case check
  /// `passcode lock`: hold the terminal until the right passcode.
  case lock
  /// `passcode exec`: run a command after the right passcode.
  case exec
  /// `passcode status`: what is stored, never a secret.
  case status
  /// `passcode remove`: remove the passcode after asking for it.
  case remove
  /// `passcode pinentry`: the Assuan pinentry protocol for gpg-agent.
  case pinentry
  /// `passcode doctor`: check the set-up.
  case doctor
  /// `passcode agent`: a systemd password agent.
  case agent

  /// The one-line summary shown in the help overview.
  public var summary: String {
    switch self {
    case .demo: "Try the keypad; the code 2580 is shown."
    case .set: "Choose a passcode and type it twice."
    case .check: "Ask until right, cancelled or locked out."
    case .lock: "Lock this terminal until the right passcode is typed."
    case .exec: "Run a command only after the right passcode."
    case .status: "Show whether a passcode is set, failures and lockout."
    case .remove: "Remove the passcode, after asking for the current one."
    case .pinentry: "Serve gpg-agent as a pinentry program."
    case .doctor: "Check the terminal, speech and store set-up."
    case .agent: "Answer systemd's password questions (disks, services)."
    }
  }

  /// The longer description shown as the OVERVIEW of the subcommand's help.
  var overview: String {
    switch self {
    case .demo:
      "Try the keypad without storing anything: the code 2580 is shown under the prompt, then an unlock "
        + "screen asks for it."
    case .set:
      "Choose a passcode and type it twice. It is stored as an Argon2id hash, never as the code; codes "
        + "that are too easy to guess are refused. If a passcode is already set, it is asked for first."
    case .check:
      "Ask for the passcode until it is right, cancelled or locked out. Exits 0 only when it is right, "
        + "so scripts can use 'passcode check && ...'."
    case .lock:
      "Lock this terminal until the right passcode is typed. Cancel keys are ignored; wrong tries lead "
        + "to growing lockouts, which are waited out."
    case .exec:
      "Run COMMAND with its arguments only after the right passcode: a lock in front of a command. "
        + "Everything after COMMAND is passed to it untouched; the exit status is the command's own."
    case .status:
      "Say whether a passcode is set, how many wrong tries have been counted and how long any lockout "
        + "has left. It never shows a secret, and explains a state file it cannot trust."
    case .remove:
      "Remove the stored passcode, the failure count and the grace stamp, after asking for the current "
        + "passcode."
    case .pinentry:
      "Speak the Assuan pinentry protocol on stdin and stdout, asking on the terminal that gpg-agent "
        + "names. This is also what runs when the program is called as 'pinentry-passcode'."
    case .doctor:
      "Check the set-up and report in words: the terminal and its type, colour, screen-reader "
        + "detection, speech-dispatcher and the store's paths and permissions."
    case .agent:
      "A systemd password agent: answer the questions in /run/systemd/ask-password (a disk's "
        + "passphrase from systemd-cryptsetup, systemd-ask-password) accessibly, one at a time, saying how "
        + "many are waiting. The answer goes straight from locked memory to the asker's socket. Needs root."
    }
  }

  /// The options this subcommand takes, in the order help and usage list them (`--help` and `--version`
  /// are always taken and not listed here).
  var options: [Option] {
    let accepted: Set<Option>
    let interactive: Set<Option> = [.title, .reduceMotion, .speech, .screenReader, .color, .tty, .sound, .noSound]
    switch self {
    case .demo: accepted = interactive.union([.length, .allowed, .timeout])
    case .set: accepted = interactive.union([.length, .allowed, .timeout, .store])
    case .check: accepted = interactive.union([.timeout, .grace, .store, .noWait, .maxTries])
    case .lock: accepted = interactive.union([.store])
    case .exec: accepted = interactive.union([.timeout, .grace, .store])
    case .status: accepted = [.store]
    case .remove: accepted = interactive.union([.timeout, .store])
    case .pinentry:
      accepted = interactive.subtracting([.title]).union([.timeout]).union(
        Option.allCases.filter(\.isPinentryCompatibility))
    case .doctor: accepted = [.speech, .store, .tty]
    case .agent:
      accepted = interactive.subtracting([.title]).union([.timeout, .query, .watch, .list, .console, .identifier])
    }
    return Option.allCases.filter(accepted.contains)
  }

  /// Whether the subcommand asks for keys on a terminal.
  var isInteractive: Bool {
    switch self {
    case .demo, .set, .check, .lock, .exec, .remove, .pinentry, .agent: true
    case .status, .doctor: false
    }
  }
}
