import PasscodeEngine
import PasscodeLocalization
import PasswordAgent

/// The agent's errors in the user's language: why a question could not be read, trusted or answered.
///
/// `PasswordAgent` knows no language (its own descriptions are English, for tests and logs); the command
/// says the same things through ``Localization``. Paths are quoted (``SanitizedText/init(quoting:)``), and
/// the C library's reason comes from `strerror`, already in the user's language.
enum AgentErrorWords {
  /// Why the agent could not watch, read or answer.
  ///
  /// - Parameter error: The error.
  /// - Returns: A short reason, without a full stop.
  static func reason(_ error: AgentError) -> String {
    switch error {
    case let .directory(path, errno):
      Localization.text(
        "{path}: {reason}", ["path": SanitizedText(quoting: path).text, "reason": ProcessReplacement.describe(errno)])
    case .askerGone: Localization.text("the asker is gone")
    case .askerNotReading: Localization.text("the asker is not reading: nothing was sent")
    case let .untrustedSocket(reason):
      Localization.text("the answer was not sent: {reason}", ["reason": Self.reason(reason)])
    case .stopped: Localization.text("the answer was stopped before the asker read it")
    case let .permissionDenied(path):
      Localization.text(
        "cannot answer the questions in {path}: answering needs root", ["path": SanitizedText(quoting: path).text])
    case let .send(errno):
      Localization.text("cannot send the answer: {reason}", ["reason": ProcessReplacement.describe(errno)])
    case let .resources(errno):
      Localization.text("cannot start the watcher: {reason}", ["reason": ProcessReplacement.describe(errno)])
    }
  }

  /// Why a question file cannot be answered.
  ///
  /// - Parameter error: The error.
  /// - Returns: A short reason, without a full stop.
  static func reason(_ error: AskFileError) -> String {
    switch error {
    case let .tooLarge(byteCount):
      Localization.text(
        singular: "the file is too large ({count} byte)", plural: "the file is too large ({count} bytes)",
        count: byteCount)
    case .missingAskSection: Localization.text("there is no [Ask] section")
    case .missingSocket: Localization.text("Socket= is missing")
    case .invalidSocket: Localization.text("Socket= is not an absolute socket path of at most 107 bytes")
    case let .invalidValue(key): Localization.text("{key}= has a value that is not valid", ["key": key])
    case let .untrusted(reason): Localization.text("not trusted: {reason}", ["reason": Self.reason(reason)])
    }
  }

  /// Why a question file or its socket is not trusted to be root's.
  ///
  /// - Parameter reason: The reason.
  /// - Returns: The reason in words.
  static func reason(_ reason: UntrustedReason) -> String {
    switch reason {
    case let .fileOwner(user): Localization.text("the file is owned by user {user}, not root", ["user": "\(user)"])
    case let .fileWritable(mode):
      Localization.text("group or others can write the file (mode {mode})", ["mode": UntrustedReason.octal(mode)])
    case .socketLink: Localization.text("its socket is reached through a symbolic link")
    case .socketType: Localization.text("its Socket= is not a socket")
    case let .socketOwner(user):
      Localization.text("its socket is owned by user {user}, not root", ["user": "\(user)"])
    }
  }
}
