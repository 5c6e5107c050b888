/// The dialogs a pinentry session needs, implemented by a front end such as the terminal prompt.
///
/// The session calls these on its own thread and waits; each call runs one whole dialog on the tty the
/// request names (``PinentryRequest/ttyName``) and honours ``PinentryRequest/timeoutSeconds``.
package protocol PinentryPrompter {
  /// Asks for a PIN or passphrase.
  ///
  /// When ``PinentryRequest/repeatPrompt`` is set, the prompter runs the whole repeat flow itself: it asks
  /// a second time with that prompt, shows ``PinentryRequest/repeatErrorText`` and starts again on a
  /// mismatch, and returns ``PINResult/entered(_:)`` only once both entries match. The session then sends
  /// the status line `S PIN_REPEATED`, as pinentry does.
  ///
  /// With `OPTION constraints-enforce` the prompter asks the client about the entry through `inquiry` before
  /// returning it, and on a refusal says the client's reason and lets the user type again in the same
  /// dialog.
  ///
  /// - Parameters:
  ///   - request: The texts and options; ``PinentryRequest/prompt`` is always set.
  ///   - inquiry: Asks the client about the entry while the dialog runs.
  /// - Returns: The outcome; the session owns and wipes any storage returned.
  func getPIN(_ request: PinentryRequest, inquiry: PinentryInquiry) -> PINResult

  /// Asks the user to confirm the description.
  ///
  /// - Parameters:
  ///   - request: The texts and options.
  ///   - oneButton: `true` when only an OK button is wanted (`CONFIRM --one-button`).
  /// - Returns: The outcome.
  func confirm(_ request: PinentryRequest, oneButton: Bool) -> ConfirmResult

  /// Shows the description with a single OK button (`MESSAGE`).
  ///
  /// - Parameter request: The texts and options.
  /// - Returns: The outcome; anything but a timeout or a failure counts as acknowledged. A failure (no usable
  ///   tty) is answered, for `CONFIRM` too, as pinentry-curses answers it ("Inappropriate ioctl for
  ///   device"), never with OK.
  func message(_ request: PinentryRequest) -> ConfirmResult
}
