import AnnouncementWords
import PasscodeEngine
import PasscodeTerminal
import Pinentry

/// What a `CONFIRM` or `MESSAGE` dialog shows and speaks, and which key means which answer. A pure value.
///
/// Enter chooses OK; Esc, Ctrl-C and Ctrl-D cancel; `N` chooses the "not OK" answer when the client set
/// one (`SETNOTOK`). The keys line names each key with its label as a phrase of its own ("Enter: Take this
/// one anyway. Esc: Enter new passphrase."), never a label pasted into a sentence. A label is the dialog's
/// (`SETOK`), else the client's translated default (`OPTION default-ok`, `default-cancel`), else the
/// catalogue's; mnemonic underscores are dropped (`_OK` reads as `OK`).
struct ConfirmationPlan {
  /// One line to show, with the announcement that speaks it.
  struct Line {
    let text: SanitizedText
    let spoken: Announcement
  }

  let oneButton: Bool
  /// Whether `N` answers "not OK".
  let offersNotOK: Bool
  /// The title, description and error, in order.
  let announcements: [Line]
  /// The keys, with their labels.
  let keys: Announcement

  init(request: PinentryRequest, oneButton: Bool) {
    self.oneButton = oneButton
    let notOK = oneButton ? nil : Self.buttonLabel(request.notOKLabel)
    offersNotOK = notOK != nil
    keys = .confirmationKeys(
      ok: Self.buttonLabel(request.okLabel ?? request.defaultLabel("ok")), notOK: notOK,
      cancel: Self.buttonLabel(request.cancelLabel ?? request.defaultLabel("cancel")), offersCancel: !oneButton)
    var lines: [Line] = []
    for text in [request.title, request.description].compactMap(Self.oneLine) {
      lines.append(Line(text: text, spoken: .callerDescription(text)))
    }
    if let error = Self.oneLine(request.errorText) { lines.append(Line(text: error, spoken: .callerError(error))) }
    announcements = lines
  }

  /// The line that says which keys to press, in the user's language; shown and spoken last, and shown again
  /// after another key.
  var keysLine: SanitizedText { SanitizedText(AnnouncementCatalogue.current.text(for: keys)) }

  /// Every line with the keys line at the end.
  var lines: [Line] { announcements + [Line(text: keysLine, spoken: keys)] }

  /// The answer a key gives, or `nil` when the key means nothing here.
  ///
  /// - Parameter key: The key.
  /// - Returns: The answer.
  func answer(for key: Key) -> ConfirmResult? {
    switch key {
    case .enter: return .confirmed
    case .escape, .interrupt, .endOfFile, .quit: return .cancelled
    case .character("n"), .character("N"): return offersNotOK ? .notConfirmed : nil
    default: return nil
    }
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
