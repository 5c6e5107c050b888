/// The name of one subcommand of `passcode`, without its arguments; also a help topic.
package enum Subcommand: String, CaseIterable, Equatable, Hashable, Sendable {
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
  /// `passcode askpass` (and `passcode-askpass`): the askpass of sudo, ssh and git, and a keyscript for Debian's
  /// `/etc/crypttab`.
  case askpass
  /// `passcode polkit-agent`: polkit's authentication agent on the terminal, as `pkttyagent`.
  case polkitAgent = "polkit-agent"

  /// The one-line summary shown in the help overview.
  package var summary: String {
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
    case .askpass: "Answer sudo, ssh and git as their askpass, and crypttab as its keyscript."
    case .polkitAgent: "Answer polkit (pkexec, systemctl, run0) on the terminal, as pkttyagent."
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
        + "that are too easy to guess are refused. If a passcode is already set, it is asked for first. "
        + "Its length and characters (--length, --allowed; by default the settings file's length, else 6, "
        + "and digits) are stored with it, and every later prompt asks for the same."
    case .check:
      "Ask for the passcode until it is right, cancelled or locked out. Exits 0 only when it is right, "
        + "so scripts can use 'passcode check && ...'."
    case .lock:
      "Lock this terminal until the right passcode is typed. Cancel keys and stop signals are ignored; "
        + "wrong tries lead to growing lockouts, which are waited out. A store that cannot be read or "
        + "written does not end it: it says why and stays locked."
    case .exec:
      "Run COMMAND with its arguments only after the right passcode: a lock in front of a command. "
        + "Everything after COMMAND is passed to it untouched; the exit status is the command's own."
    case .status:
      "Say whether a passcode is set, its length, how many wrong tries have been counted, how long any "
        + "lockout has left and what is left of this terminal's grace period. It never shows a secret, and "
        + "explains a state file it cannot trust. With --json, the same as one line of JSON."
    case .remove:
      "Remove the stored passcode, the failure count and the grace stamp, after asking for the current "
        + "passcode."
    case .pinentry:
      "Speak the Assuan pinentry protocol on stdin and stdout, asking on the terminal that gpg-agent "
        + "names. This is also what runs when the program is called as 'pinentry-passcode'."
    case .doctor:
      "Check the set-up and report, for each part, what was found and what to do next: whether "
        + "announcements are spoken and why, speech-dispatcher, the session (local or remote), screen "
        + "readers, Speakup's key echo, the terminal and profile, the preferences and where each came from, "
        + "the store and config file with their permissions, and the pinentry set-up (the "
        + "pinentry-passcode link, gpg-agent's pinentry-program, GPG_TTY). It never starts speech-dispatcher."
    case .agent:
      "A systemd password agent: answer the questions in /run/systemd/ask-password (a disk's "
        + "passphrase from systemd-cryptsetup, systemd-ask-password) accessibly, one at a time, saying how "
        + "many are waiting. The answer goes straight from locked memory to the asker's socket. Needs root, "
        + "and answers only the questions root asked (--list names the others)."
    case .askpass:
      "Answer sudo (sudo -A), ssh (SSH_ASKPASS) and git (GIT_ASKPASS) on the terminal, or be a crypttab "
        + "keyscript (CRYPTTAB_NAME set), writing only the answer to standard output. It is what runs as "
        + "'passcode-askpass'; Docs/Prompts.md has each set-up."
    case .polkitAgent:
      "polkit's authentication agent on this terminal, in place of pkttyagent: registered for the process "
        + "that started it (or --process), it says the action's message and who is asked, asks for the "
        + "password accessibly, passes it to polkit's own helper and says a wrong one with its try number. "
        + "With a command, it registers for itself, runs the command (pkexec names its parent) and exits "
        + "with the command's status. Docs/Prompts.md has the set-up."
    }
  }

  /// The options this subcommand takes, in the order help and usage list them (`--help` and `--version`
  /// are always taken and not listed here).
  var options: [Option] {
    // Arrays rather than sets: this runs at every start, and the lists are short.
    let interactive: [Option] =
      [.title, .reduceMotion, .progress, .mask, .screenReader, .color, .tty, .sound, .noSound] + Option.speechOptions
    let accepted: [Option]
    switch self {
    case .demo: accepted = interactive + [.length, .allowed, .timeout]
    case .set: accepted = interactive + [.length, .allowed, .timeout, .store]
    case .check: accepted = interactive + [.timeout, .grace, .store, .noWait, .maxTries]
    case .lock: accepted = interactive + [.store]
    case .exec: accepted = interactive + [.timeout, .grace, .store]
    case .status: accepted = [.store, .json]
    case .remove: accepted = interactive + [.timeout, .store]
    case .pinentry:
      accepted = interactive.filter { $0 != .title } + [.timeout] + Option.allCases.filter(\.isPinentryCompatibility)
    case .doctor: accepted = Option.speechOptions + [.progress, .mask, .store, .tty]
    case .agent:
      accepted =
        interactive.filter { $0 != .title } + [
          .timeout, .query, .watch, .list, .console, .identifier, .leaveOnCancel,
        ]
    case .askpass: accepted = interactive + [.timeout, .unlocked]
    case .polkitAgent: accepted = interactive.filter { $0 != .title } + [.timeout, .process, .fallback, .notifyFD]
    }
    return Option.allCases.filter(accepted.contains)
  }

  /// Whether the subcommand asks for keys on a terminal.
  var isInteractive: Bool {
    switch self {
    case .demo, .set, .check, .lock, .exec, .remove, .pinentry, .agent, .askpass, .polkitAgent: true
    case .status, .doctor: false
    }
  }
}
