import PasscodeEngine
import Pinentry

/// What a `CONFIRM` or `MESSAGE` dialog tells, and the machine that asks it (``ConfirmationDialog``). A pure value.
///
/// The keys line names each key with its label as a phrase of its own ("Enter: Take this one anyway. Esc: Enter
/// new passphrase."), never a label pasted into a sentence. A label is the dialog's (`SETOK`), else the client's
/// translated default (`OPTION default-ok`, `default-cancel`), else the catalogue's; mnemonic underscores are
/// dropped (`_OK` reads as `OK`). `N` answers "not OK" only when the client set one (`SETNOTOK`).
struct ConfirmationPlan {
  /// The title, description and error, in order.
  let lines: [Announcement]
  /// The keys, with their labels.
  let keys: Announcement
  /// Whether `N` answers "not OK".
  let offersNotOK: Bool
  /// How long the dialog waits (`SETTIMEOUT`), or `nil`.
  let timeLimit: Duration?

  init(request: PinentryRequest, oneButton: Bool) {
    let notOK = oneButton ? nil : Self.buttonLabel(request.notOKLabel)
    offersNotOK = notOK != nil
    keys = .confirmationKeys(
      ok: Self.buttonLabel(request.okLabel ?? request.defaultLabel("ok")), notOK: notOK,
      cancel: Self.buttonLabel(request.cancelLabel ?? request.defaultLabel("cancel")), offersCancel: !oneButton)
    var lines: [Announcement] = [request.title, request.description].compactMap(Self.oneLine).map {
      .callerDescription($0)
    }
    if let error = Self.oneLine(request.errorText) { lines.append(.callerError(error)) }
    self.lines = lines
    timeLimit = request.timeoutSeconds > 0 ? .seconds(request.timeoutSeconds) : nil
  }

  /// The dialog, not started.
  var dialog: ConfirmationDialog {
    ConfirmationDialog(lines: lines, keys: keys, offersNotOK: offersNotOK, timeLimit: timeLimit)
  }

  private static func buttonLabel(_ text: String?) -> SanitizedText? {
    guard let text = oneLine(text) else { return nil }
    let label = String(text.text.filter { $0 != "_" })
    return label.isEmpty ? nil : SanitizedText(label)
  }

  private static func oneLine(_ text: String?) -> SanitizedText? {
    guard let text else { return nil }
    let line = PinentryEntryPlan.spokenText(text)
    return line.isEmpty ? nil : line
  }
}
