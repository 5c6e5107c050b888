import PasscodeEngine

/// Why the agent could not watch, read or answer; each case carries the C call's errno.
package enum AgentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The question directory could not be made, watched or listed.
  case directory(path: String, errno: Int32)
  /// The answer could not be sent because the asker is gone (answered by another agent, or given up):
  /// its socket vanished, or nobody is bound to it any more.
  case askerGone
  /// The asker's queue stayed full for as long as ``AnswerSender`` waits: it is not reading, and nothing
  /// was sent.
  case askerNotReading
  /// The socket is not trusted to be the asker's (see ``UntrustedReason``); nothing was sent.
  case untrustedSocket(UntrustedReason)
  /// The answer was still waiting for the asker to read when ``AnswerCancellation/cancel()`` stopped it;
  /// nothing was sent.
  case stopped
  /// Answering was refused, or would be: only root may answer (each socket is root's, mode 0600).
  case permissionDenied(socketPath: String)
  /// Sending the answer failed otherwise.
  case send(errno: Int32)
  /// A pipe or thread the agent needs could not be made.
  case resources(errno: Int32)

  /// The reason in words.
  package var description: String {
    switch self {
    case let .directory(path, errno): "\(SanitizedText(quoting: path)): \(AgentSystemCalls.describe(errno))"
    case .askerGone: "the asker is gone"
    case .askerNotReading: "the asker is not reading: nothing was sent"
    case let .untrustedSocket(reason): "the answer was not sent: \(reason)"
    case .stopped: "the answer was stopped before the asker read it"
    case let .permissionDenied(path):
      "cannot answer the questions in \(SanitizedText(quoting: path)): answering needs root"
    case let .send(errno): "cannot send the answer: \(AgentSystemCalls.describe(errno))"
    case let .resources(errno): "cannot start the watcher: \(AgentSystemCalls.describe(errno))"
    }
  }
}
