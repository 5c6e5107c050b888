import PasscodeEngine

/// Who runs `passcode askpass`, told from what the caller gives: each caller runs an askpass its own way, and
/// none of them says its name.
package enum AskpassCaller: Equatable, Sendable {
  /// A crypttab keyscript: a `CRYPTTAB_*` variable is set, or there is no question but crypttab's third field
  /// (`none`) or nothing. The answer has no line feed (`--key-file=-` takes every byte).
  case crypttab
  /// sudo (`sudo -A`, `SUDO_ASKPASS`, sudo.conf's `Path askpass`): the parent process is `sudo` (or `sudoedit`), and the question
  /// is `argv[1]`, already in the user's language.
  case sudo
  /// OpenSSH (`ssh`, `ssh-add`, `ssh-keygen`, `ssh-agent`): `SSH_ASKPASS_PROMPT` is set, or the parent is one
  /// of them.
  case ssh
  /// git (`GIT_ASKPASS`, `core.askPass`): the question starts with "Username for " or "Password for ".
  case git
  /// Anyone else who passes a question as `argv[1]`.
  case other
}

/// What an askpass caller asks, read from the caller's question (`argv[1]`), the environment and the parent
/// process's name. A pure value: the caller's words reach the screen and speech only as ``SanitizedText``.
package struct AskpassQuestion: Equatable, Sendable {
  /// How the question is answered.
  package enum Form: Equatable, Sendable {
    /// A secret: nothing typed is shown.
    case secret
    /// An answer that is not a secret (git's "Username for"): what is typed is shown.
    case shown
    /// A yes-or-no question (ssh's `SSH_ASKPASS_PROMPT=confirm`, `ssh-add -c`): nothing is typed.
    case confirmation
    /// A notice shown until the caller ends the program (`SSH_ASKPASS_PROMPT=none`: touch a security key).
    case notice
  }

  /// ssh-add's question after a wrong passphrase starts with this, in place of ``sshFirstPrefix``.
  package static let sshRetryPrefix = "Bad passphrase, try again for "
  /// ssh-add's first question starts with this.
  package static let sshFirstPrefix = "Enter passphrase for "
  /// The parents that are OpenSSH's programs.
  private static let sshCommands: Set<String> = ["ssh", "ssh-add", "ssh-keygen", "ssh-agent", "sshd"]

  /// Who asks.
  package let caller: AskpassCaller
  /// How the question is answered.
  package let form: Form
  /// The caller's words, sanitised and cut, with a trailing colon and spaces taken off (they are not
  /// spoken); `nil` when there are none.
  package let text: SanitizedText?
  /// What the caller calls the secret, from its words: a password for sudo and git.
  package let noun: Announcement.SecretNoun
  /// Whether the caller's own words say the last answer was wrong (ssh-add's "Bad passphrase, try again").
  package let callerSaysWrong: Bool
  /// The question without a retry's words, the same on each try (ssh-add's retry reads as its first
  /// question), to count tries under the same parent (``AskpassTries``); `nil` when tries are not counted
  /// here: a crypttab keyscript has `CRYPTTAB_TRIED`, and a confirmation, a notice or a shown answer is no try.
  package let retryKey: String?

  /// Reads the question.
  ///
  /// - Parameters:
  ///   - argument: `argv[1]`, the caller's question (crypttab's third field for a keyscript), if any.
  ///   - environment: The process environment (`CRYPTTAB_*`, `SSH_ASKPASS_PROMPT`).
  ///   - parentCommand: The parent process's name (`/proc/PPID/comm`), if it could be read.
  package init(argument: String?, environment: [String: String], parentCommand: String?) {
    let crypttab = environment.keys.contains { $0.hasPrefix("CRYPTTAB_") }
    let sshHint = environment["SSH_ASKPASS_PROMPT"]
    let raw = argument ?? ""
    let caller: AskpassCaller
    if crypttab {
      caller = .crypttab
    } else if sshHint == "confirm" || sshHint == "none" {
      caller = .ssh
    } else if parentCommand == "sudo" || parentCommand == "sudoedit" {
      caller = .sudo
    } else if raw.hasPrefix("Username for ") || raw.hasPrefix("Password for ") {
      caller = .git
    } else if let parentCommand, Self.sshCommands.contains(parentCommand) {
      caller = .ssh
    } else if argument == nil || argument == "none" {
      caller = .crypttab
    } else {
      caller = .other
    }
    self.caller = caller
    switch caller {
    case .ssh where sshHint == "confirm": form = .confirmation
    case .ssh where sshHint == "none": form = .notice
    case .git where raw.hasPrefix("Username for "): form = .shown
    default: form = .secret
    }
    text = caller == .crypttab ? nil : Self.spokenText(raw)
    switch caller {
    case .sudo, .git: noun = .password
    default: noun = Self.noun(in: raw)
    }
    callerSaysWrong = caller != .crypttab && raw.hasPrefix(Self.sshRetryPrefix)
    if caller == .crypttab || form != .secret {
      retryKey = nil
    } else if callerSaysWrong {
      retryKey = Self.sshFirstPrefix + raw.dropFirst(Self.sshRetryPrefix.count)
    } else {
      retryKey = raw
    }
  }

  /// The answer ends with a line feed for every caller but crypttab's (sudo, ssh and git read up to it).
  package var endsWithLineFeed: Bool { caller != .crypttab }

  /// A caller's words as they are shown and said: on one line (ssh-agent's confirmation has two: "Allow use
  /// of key …?" and the fingerprint), sanitised, cut, and without a trailing colon or spaces; `nil` when
  /// nothing is left.
  package static func spokenText(_ raw: String) -> SanitizedText? {
    let oneLine = raw.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      .joined(separator: " ")
    guard let cleaned = PasswordQuestion.messageText(oneLine) else { return nil }
    var words = Substring(cleaned.text)
    while let last = words.last, last == ":" || last == "：" || last.isWhitespace { words = words.dropLast() }
    while let first = words.first, first.isWhitespace { words = words.dropFirst() }
    return words.isEmpty ? nil : SanitizedText(String(words))
  }

  /// The noun a caller's words use: passphrase, password or PIN, a passphrase when they name none.
  private static func noun(in raw: String) -> Announcement.SecretNoun {
    let words = raw.lowercased().split { !$0.isLetter }
    if words.contains(where: { $0.hasPrefix("passphrase") }) { return .passphrase }
    if words.contains(where: { $0.hasPrefix("password") }) { return .password }
    if words.contains("pin") { return .pin }
    return .passphrase
  }
}
