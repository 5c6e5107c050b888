import PasscodeEngine
import PasscodeLocalization
internal import SystemCalls

/// An error from the terminal layer: a system call on the terminal, a pipe or a signal disposition failed.
///
/// It carries the operation that failed, the path when there is one, and the C `errno`. Its description is
/// a sentence for people and never contains anything the user typed.
public struct TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the terminal layer was doing when the call failed.
  public enum Operation: String, Equatable, Sendable {
    /// Opening the terminal device.
    case open = "open the terminal"
    /// Checking that an opened file is a terminal.
    case checkTerminal = "use the file as a terminal"
    /// Reading from the terminal.
    case read = "read from the terminal"
    /// Writing to the terminal.
    case write = "write to the terminal"
    /// Waiting for input.
    case poll = "wait for input"
    /// Reading the terminal's settings.
    case getAttributes = "read the terminal settings"
    /// Changing the terminal's settings.
    case setAttributes = "change the terminal settings"
    /// Discarding pending input.
    case flush = "discard pending terminal input"
    /// Reading the window size.
    case windowSize = "read the terminal window size"
    /// Creating the signal pipe.
    case pipe = "create the signal pipe"
    /// Changing a signal's disposition.
    case signalAction = "change a signal handler"
    /// Sending a signal.
    case raiseSignal = "send a signal"
  }

  /// Why a file that opened as a terminal is not used.
  public enum Refusal: Equatable, Sendable {
    /// The master side of a pseudo-terminal (`/dev/ptmx` makes a new one): nobody types on it, so a
    /// prompt there would wait for ever.
    case pseudoTerminalMaster
    /// A terminal that belongs to neither this process's user nor root: its owner could read or type what
    /// is asked there.
    case otherUsersTerminal(owner: UInt32)
  }

  /// The operation that failed.
  public let operation: Operation
  /// The C `errno` value the call left, or `0` when the failure was not reported through `errno`.
  public let errno: Int32
  /// The file involved, when there is one.
  public let path: String?
  /// Why a terminal was refused, when the call worked but the terminal is not one to ask on.
  public let refusal: Refusal?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - operation: The operation that failed.
  ///   - errno: The C `errno` value.
  ///   - path: The file involved, if any.
  package init(operation: Operation, errno: Int32, path: String? = nil) {
    self.operation = operation
    self.errno = errno
    self.path = path
    refusal = nil
  }

  /// Creates the error for a failed system call.
  ///
  /// - Parameters:
  ///   - operation: The operation that failed.
  ///   - errno: The call's error.
  ///   - path: The file involved, if any.
  package init(operation: Operation, errno: Errno, path: String? = nil) {
    self.init(operation: operation, errno: errno.rawValue, path: path)
  }

  /// Creates the error for a terminal that opened but is refused; it counts as not a usable terminal
  /// (`.checkTerminal`, `ENOTTY`).
  ///
  /// - Parameters:
  ///   - refusal: Why it is refused.
  ///   - path: The path it was opened by.
  package init(refusal: Refusal, path: String) {
    operation = .checkTerminal
    errno = Errno.notATerminal.rawValue
    self.path = path
    self.refusal = refusal
  }

  /// A sentence such as "Cannot open the terminal /dev/tty: No such device or address", or for a refused
  /// terminal what it is and why it is not used. The path is quoted (``SanitizedText/init(quoting:)``), so a
  /// line feed in it cannot start a line of its own.
  public var description: String {
    let shownPath = path.map { SanitizedText(quoting: $0).text }
    switch refusal {
    case .pseudoTerminalMaster:
      return Localization.text(
        "{path} is the master side of a pseudo-terminal, which nobody types on", ["path": shownPath ?? ""])
    case let .otherUsersTerminal(owner):
      return Localization.text(
        "{path} belongs to another user (user id {owner}), who could read or type what is asked there",
        ["path": shownPath ?? "", "owner": "\(owner)"])
    case nil:
      var sentence = "Cannot \(operation.rawValue)"
      if let shownPath { sentence += " \(shownPath)" }
      if errno != 0 { sentence += ": \(Errno(rawValue: errno))" }
      return sentence
    }
  }
}
