import PasscodeEngine
import PasscodeLocalization
internal import SystemCalls

/// An error from the terminal layer: a system call on the terminal, a pipe or a signal disposition failed.
///
/// It carries the operation that failed, the path when there is one, and the C `errno`. Its description is
/// a sentence for people and never contains anything the user typed.
public struct TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the terminal layer was doing when the call failed.
  public enum Operation: Equatable, Sendable {
    /// Opening the terminal device.
    case open
    /// Checking that an opened file is a terminal.
    case checkTerminal
    /// Reading from the terminal.
    case read
    /// Writing to the terminal.
    case write
    /// Waiting for input.
    case poll
    /// Reading the terminal's settings.
    case getAttributes
    /// Changing the terminal's settings.
    case setAttributes
    /// Discarding pending input.
    case flush
    /// Reading the window size.
    case windowSize
    /// Creating the signal pipe.
    case pipe
    /// Changing a signal's disposition.
    case signalAction
    /// Sending a signal.
    case raiseSignal
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
      var sentence = operation.failure
      if let shownPath { sentence = Localization.text("{failure} {path}", ["failure": sentence, "path": shownPath]) }
      if errno != 0 {
        sentence = Localization.text(
          "{failure}: {reason}", ["failure": sentence, "reason": "\(Errno(rawValue: errno))"])
      }
      return sentence
    }
  }
}

extension TerminalError.Operation {
  /// The failure in words, in the user's language, such as "Cannot open the terminal".
  var failure: String {
    switch self {
    case .open: Localization.text("Cannot open the terminal")
    case .checkTerminal: Localization.text("Cannot use the file as a terminal")
    case .read: Localization.text("Cannot read from the terminal")
    case .write: Localization.text("Cannot write to the terminal")
    case .poll: Localization.text("Cannot wait for input")
    case .getAttributes: Localization.text("Cannot read the terminal settings")
    case .setAttributes: Localization.text("Cannot change the terminal settings")
    case .flush: Localization.text("Cannot discard pending terminal input")
    case .windowSize: Localization.text("Cannot read the terminal window size")
    case .pipe: Localization.text("Cannot create the signal pipe")
    case .signalAction: Localization.text("Cannot change a signal handler")
    case .raiseSignal: Localization.text("Cannot send a signal")
    }
  }
}
