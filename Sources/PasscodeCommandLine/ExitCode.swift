/// The stable exit statuses of `passcode`, as documented in the man page and the README.
///
/// Only `main` turns an outcome into one of these; library code never exits.
package struct ExitCode: RawRepresentable, Hashable, Sendable {
  /// The status handed to `exit`.
  package var rawValue: Int32

  /// Makes an exit code from a raw status.
  ///
  /// - Parameter rawValue: The status handed to `exit`.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// 0: the passcode was accepted (or the subcommand did its job).
  package static let accepted = ExitCode(rawValue: 0)
  /// 1: a wrong passcode, with no tries left in this run (see `--max-tries`).
  package static let wrongNoTriesLeft = ExitCode(rawValue: 1)
  /// 2: the person cancelled (Esc, Ctrl-C or Ctrl-D).
  package static let cancelled = ExitCode(rawValue: 2)
  /// 3: no key came within `--timeout` seconds.
  package static let timedOut = ExitCode(rawValue: 3)
  /// 4: too many wrong tries; entry is locked for a while.
  package static let lockedOut = ExitCode(rawValue: 4)
  /// 64: the command line was wrong (`EX_USAGE`).
  package static let usage = ExitCode(rawValue: 64)
  /// 66: no passcode has been set (`EX_NOINPUT`).
  package static let noPasscodeSet = ExitCode(rawValue: 66)
  /// 69: no terminal to ask on, or it hung up (`EX_UNAVAILABLE`).
  package static let noTerminal = ExitCode(rawValue: 69)
  /// 77: `agent` may not answer: only root can (`EX_NOPERM`).
  package static let permissionDenied = ExitCode(rawValue: 77)
  /// 74: the stored state could not be read, written or trusted (corrupt, too open, owned by someone
  /// else), or the output could not be written (`EX_IOERR`). Nothing is unlocked then: it fails closed.
  package static let storageError = ExitCode(rawValue: 74)
  /// 76: the pinentry client broke the Assuan protocol (a line over the limit) (`EX_PROTOCOL`).
  package static let protocolError = ExitCode(rawValue: 76)
  /// 78: `doctor` found something that would stop a prompt from working (`EX_CONFIG`).
  package static let setupProblem = ExitCode(rawValue: 78)
  /// 126: `exec` found the command but could not run it (as in the shell).
  package static let cannotExecute = ExitCode(rawValue: 126)
  /// 127: `exec` could not find the command (as in the shell).
  package static let commandNotFound = ExitCode(rawValue: 127)
}
