/// What `passcode agent` was asked to do, spelled as `systemd-tty-ask-password-agent` spells it.
package struct AgentOptions: Equatable, Sendable {
  /// Which of the agent's modes runs.
  package enum Mode: String, CaseIterable, Equatable, Sendable {
    /// `--query` (the default): answer the questions pending, then exit.
    case query
    /// `--watch`: answer questions as they come, until stopped.
    case watch
    /// `--list`: print the pending questions, never a secret, and exit.
    case list
  }

  /// The mode.
  package var mode: Mode
  /// `--console[=TTY]`: the terminal to ask on (`/dev/console` when no TTY is given), or `nil`.
  package var consolePath: String?
  /// `--id PREFIX`: only questions whose `Id=` starts with this are answered, or `nil` for all.
  package var identifierPrefix: String?
  /// `--leave-on-cancel`: the cancel keys leave the question unanswered, for another agent (systemd's, started
  /// by the unit's `OnFailure=`), and end the agent with exit 2, instead of sending the asker a cancel.
  package var leavesQuestionOnCancel: Bool

  /// The device `--console` names when no TTY is given.
  package static let defaultConsole = "/dev/console"

  /// Makes agent options; the defaults are those of a bare `passcode agent`.
  package init(
    mode: Mode = .query, consolePath: String? = nil, identifierPrefix: String? = nil,
    leavesQuestionOnCancel: Bool = false
  ) {
    self.mode = mode
    self.consolePath = consolePath
    self.identifierPrefix = identifierPrefix
    self.leavesQuestionOnCancel = leavesQuestionOnCancel
  }
}
