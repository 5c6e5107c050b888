import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodeTerminal
import PasscodeVault
import PasswordAgent
import PolkitAgent

/// Why a subcommand failed; only `main` turns it into an exit status.
enum CommandError: Error, CustomStringConvertible {
  /// The terminal prompt failed, or a signal ended it.
  case prompt(PromptError)
  /// The options make an invalid prompt.
  case configuration(EntryConfigurationError)
  /// The vault refused or failed: no passcode, a lockout, or a file that cannot be trusted or read.
  case vault(VaultError)
  /// The options contradict the settings; the text says what to change.
  case usage(String)
  /// Standard output could not be written (a full disk, a closed pipe); `errno` is from `write`.
  case outputFailed(errno: Int32)
  /// `exec` could not run its command; `errno` is from `execvp`.
  case cannotExecute(command: String, errno: Int32)
  /// `agent` could not watch the question directory or send an answer.
  case agent(AgentError)
  /// `polkit-agent` could not reach the system bus or polkitd, or polkitd refused the registration.
  case polkit(PolkitAgentError)

  var description: String {
    switch self {
    case let .prompt(.verifierFailed(error as VaultError)): VaultRecoveryAdvice.explain(error)
    case let .prompt(.verifierFailed(error as AgentError)): AgentErrorWords.reason(error)
    case let .prompt(error): "\(error)"
    case let .configuration(error): "\(error)"
    case let .vault(error): VaultRecoveryAdvice.explain(error)
    case let .usage(text): text
    case let .outputFailed(errno):
      Localization.text("Could not write the output: {reason}.", ["reason": ProcessReplacement.describe(errno)])
    case let .cannotExecute(command, errno):
      errno == ProcessReplacement.notFound
        ? Localization.text("{command}: command not found", ["command": SanitizedText(quoting: command).text])
        : Localization.text(
          "{command}: cannot run it ({reason})",
          ["command": SanitizedText(quoting: command).text, "reason": ProcessReplacement.describe(errno)])
    case let .agent(error): Localization.text("agent: {reason}", ["reason": AgentErrorWords.reason(error)])
    case let .polkit(error): Self.describe(error)
    }
  }

  /// The documented exit status for this error.
  var exitCode: ExitCode {
    switch self {
    case .prompt(.noTerminal): .noTerminal
    case .prompt(.terminal): .noTerminal
    case .prompt(.hungUp): .noTerminal
    case .prompt(.terminated): .cancelled
    case let .prompt(.verifierFailed(error as VaultError)): Self.exitCode(for: error)
    case let .prompt(.verifierFailed(error as AgentError)), let .agent(error):
      if case .permissionDenied = error { .permissionDenied } else { .storageError }
    case .prompt(.verifierFailed): .storageError
    case .configuration: .usage
    case let .vault(error): Self.exitCode(for: error)
    case .usage: .usage
    case .outputFailed: .storageError
    case let .cannotExecute(_, errno): errno == ProcessReplacement.notFound ? .commandNotFound : .cannotExecute
    case .polkit: .setupProblem
    }
  }

  /// The polkit agent's failure in the person's language; GLib's and polkitd's own words, outside text, are
  /// sanitised.
  private static func describe(_ error: PolkitAgentError) -> String {
    switch error {
    case let .noGIO(reason):
      Localization.text(
        "polkit-agent: GIO could not be loaded ({reason}).", ["reason": SanitizedText(quoting: reason).text])
    case let .noSystemBus(reason):
      Localization.text(
        "polkit-agent: the system bus could not be reached ({reason}).",
        ["reason": SanitizedText(quoting: reason).text])
    case let .registrationRefused(reason):
      Localization.text(
        "polkit-agent: polkitd did not take the registration ({reason}).",
        ["reason": SanitizedText(quoting: reason).text])
    }
  }

  /// Fails closed: everything but "not set" and "locked out" is a storage error, never a success.
  private static func exitCode(for error: VaultError) -> ExitCode {
    switch error {
    case .notSet: .noPasscodeSet
    case .lockedOut: .lockedOut
    case .invalidSetting: .storageError
    case .corrupt, .insecurePermissions, .wrongOwner, .unsafeDirectory, .io, .noHomeDirectory, .notRegularFile,
      .cryptography:
      .storageError
    }
  }
}
