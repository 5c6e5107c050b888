import PasscodeCommandLine
import PasscodeEngine

extension ExitCode {
  /// The documented exit status for how a prompt ended.
  ///
  /// - Parameter outcome: The prompt's outcome.
  init(_ outcome: EntryOutcome) {
    switch outcome {
    case .accepted: self = .accepted
    case .cancelled: self = .cancelled
    case .timedOut: self = .timedOut
    case .attemptsExhausted: self = .wrongNoTriesLeft
    }
  }
}
