import PasscodeCommandLine
import PasscodeEngine
import PasscodeTerminal

/// Why a subcommand failed; only `main` turns it into an exit status.
enum CommandError: Error, CustomStringConvertible {
  /// The terminal prompt failed, or a signal ended it.
  case prompt(PromptError)
  /// The options make an invalid prompt.
  case configuration(EntryConfigurationError)
  /// The subcommand is not available in this build.
  case notImplemented(String)

  var description: String {
    switch self {
    case let .prompt(error): "\(error)"
    case let .configuration(error): "\(error)"
    case let .notImplemented(name): "'\(name)' is not available yet."
    }
  }

  /// The documented exit status for this error.
  var exitCode: ExitCode {
    switch self {
    case .prompt(.noTerminal): .noTerminal
    case .prompt(.terminal): .noTerminal
    case .prompt(.terminated): .cancelled
    case .prompt(.verifierFailed): .storageError
    case .configuration: .usage
    case .notImplemented: .usage
    }
  }
}
