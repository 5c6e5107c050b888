/// The stable exit statuses of `passcode`, as documented in the man page and the README.
///
/// Only `main` turns an outcome into one of these; library code never exits.
public struct ExitCode: RawRepresentable, Hashable, Sendable {
  /// The status handed to `exit`.
  public var rawValue: Int32

  /// Makes an exit code from a raw status.
  ///
  /// - Parameter rawValue: The status handed to `exit`.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// 0: the passcode was accepted (or the subcommand did its job).
  public static let accepted = ExitCode(rawValue: 0)
  /// 1: a wrong passcode, with no tries left in this run (see `--max-tries`).
  public static let wrongNoTriesLeft = ExitCode(rawValue: 1)
  /// 2: the person cancelled (Esc, Ctrl-C or Ctrl-D).
  public static let cancelled = ExitCode(rawValue: 2)
  /// 3: no key came within `--timeout` seconds.
  public static let timedOut = ExitCode(rawValue: 3)
  /// 4: too many wrong tries; entry is locked for a while.
  public static let lockedOut = ExitCode(rawValue: 4)
  /// 64: the command line was wrong (`EX_USAGE`).
  public static let usage = ExitCode(rawValue: 64)
  /// 66: no passcode has been set (`EX_NOINPUT`).
  public static let noPasscodeSet = ExitCode(rawValue: 66)
  /// 69: no terminal to ask on (`EX_UNAVAILABLE`).
  public static let noTerminal = ExitCode(rawValue: 69)
  /// 74: the stored state could not be read or written, or cannot be trusted: corrupt, too open, owned
  /// by someone else (`EX_IOERR`). Nothing is unlocked then: the program fails closed.
  public static let storageError = ExitCode(rawValue: 74)
  /// 78: `doctor` found something that would stop a prompt from working (`EX_CONFIG`).
  public static let setupProblem = ExitCode(rawValue: 78)
  /// 126: `exec` found the command but could not run it (as in the shell).
  public static let cannotExecute = ExitCode(rawValue: 126)
  /// 127: `exec` could not find the command (as in the shell).
  public static let commandNotFound = ExitCode(rawValue: 127)
}
