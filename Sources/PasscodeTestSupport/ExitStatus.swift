/// How a child process ended.
package enum ExitStatus: Equatable, Sendable {
  /// It called `exit` with this status.
  case exited(Int32)
  /// A signal with this number ended it.
  case signalled(Int32)

  /// Decodes a `waitpid` status word.
  ///
  /// - Parameter waitStatus: The status from `waitpid`.
  /// - Returns: The exit status, or `nil` for a stopped or continued process.
  static func decode(_ waitStatus: Int32) -> ExitStatus? {
    let signalNumber = waitStatus & 0x7f
    if signalNumber == 0 { return .exited((waitStatus >> 8) & 0xff) }
    if signalNumber != 0x7f { return .signalled(signalNumber) }
    return nil
  }
}
