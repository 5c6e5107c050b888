import PasscodeEngine

/// How a `GETPIN` dialog ended.
package enum PINResult: Sendable {
  /// The user entered a secret. The session sends it and then wipes the storage.
  case entered(any SecretStorage)
  /// The user cancelled.
  case cancelled
  /// The dialog's timeout ran out.
  case timedOut
  /// The dialog could not run, for example because there is no usable tty; the message says why and never
  /// holds a secret.
  case failed(String)
}
