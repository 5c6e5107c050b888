/// How a `CONFIRM` or `MESSAGE` dialog ended.
package enum ConfirmResult: Equatable, Sendable {
  /// The user chose OK.
  case confirmed
  /// The user chose the "not OK" answer.
  case notConfirmed
  /// The user cancelled.
  case cancelled
  /// The dialog's timeout ran out.
  case timedOut
  /// The dialog could not run, for example because there is no usable tty.
  case failed(String)
}
