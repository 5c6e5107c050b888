/// Whether the person at this terminal sits at this machine, or reads it from another one through SSH,
/// mosh or a remote tmux client (their own screen reader, on their own machine, then reads what is printed).
package enum SessionLocality: Equatable, Sendable {
  /// Nothing says the session is remote.
  case local
  /// The session is remote; the evidence says how it was found.
  case remote(RemoteSessionEvidence)

  /// Whether the session is remote.
  package var isRemote: Bool {
    if case .remote = self { return true }
    return false
  }
}

/// What showed that a session is remote, for `passcode doctor` and the speech decision's reason.
package enum RemoteSessionEvidence: Equatable, Sendable, CustomStringConvertible {
  /// An SSH variable (`SSH_CONNECTION`, `SSH_CLIENT` or `SSH_TTY`) is set in this process's environment.
  case environment(variable: String)
  /// A process this one descends from is an SSH or mosh server (`sshd`, `mosh-server`), as after `sudo`,
  /// which drops the SSH variables.
  case ancestor(program: String)
  /// This runs inside tmux, and one of the user's tmux clients is itself remote.
  case multiplexerClient(program: String, evidence: String)
  /// The terminal asked on (such as the one gpg-agent names) belongs to a remote session: a process of
  /// this user on it has an SSH variable or an SSH or mosh ancestor.
  case terminalSession(terminal: String, evidence: String)

  /// A short phrase such as "SSH_CONNECTION is set".
  package var description: String {
    switch self {
    case let .environment(variable): "\(variable) is set"
    case let .ancestor(program): "it runs under \(program)"
    case let .multiplexerClient(program, evidence): "a \(program) client of yours is remote (\(evidence))"
    case let .terminalSession(terminal, evidence): "the session on \(terminal) is remote (\(evidence))"
    }
  }
}
