import PasscodeEngine
import PasscodeTerminal
import Pinentry

/// What a `CONFIRM` or `MESSAGE` dialog shows and speaks, and which key means which answer. A pure value.
///
/// Enter chooses OK; Esc, Ctrl-C and Ctrl-D cancel; `N` chooses the "not OK" answer when the client set
/// one (`SETNOTOK`). Button labels lose the underscores that mark mnemonics (`_OK` reads as `OK`).
struct ConfirmationPlan {
  /// One line to show, with the announcement that speaks it.
  struct Line {
    let text: SanitizedText
    let spoken: Announcement
  }

  let oneButton: Bool
  let okLabel: String
  let cancelLabel: String
  let notOKLabel: String?
  /// The title, description, error and the keys, in order.
  let announcements: [Line]

  init(request: PinentryRequest, oneButton: Bool) {
    self.oneButton = oneButton
    okLabel = Self.buttonLabel(request.okLabel) ?? "OK"
    cancelLabel = Self.buttonLabel(request.cancelLabel) ?? "Cancel"
    notOKLabel = oneButton ? nil : Self.buttonLabel(request.notOKLabel)
    var lines: [Line] = []
    for text in [request.title, request.description].compactMap(Self.oneLine) {
      lines.append(Line(text: text, spoken: .callerDescription(text)))
    }
    if let error = Self.oneLine(request.errorText) { lines.append(Line(text: error, spoken: .callerError(error))) }
    announcements = lines
  }

  /// The line that says which keys to press; shown and spoken last, and shown again after another key.
  var keysLine: SanitizedText {
    if oneButton { return SanitizedText("Press Enter for \(okLabel).") }
    if let notOKLabel {
      return SanitizedText("Press Enter for \(okLabel), N for \(notOKLabel), Esc for \(cancelLabel).")
    }
    return SanitizedText("Press Enter for \(okLabel), Esc for \(cancelLabel).")
  }

  /// Every line with the keys line at the end.
  var lines: [Line] { announcements + [Line(text: keysLine, spoken: .callerDescription(keysLine))] }

  /// The answer a key gives, or `nil` when the key means nothing here.
  ///
  /// - Parameter key: The key.
  /// - Returns: The answer.
  func answer(for key: Key) -> ConfirmResult? {
    switch key {
    case .enter: return .confirmed
    case .escape, .interrupt, .endOfFile, .quit: return .cancelled
    case .character("n"), .character("N"): return notOKLabel == nil ? nil : .notConfirmed
    default: return nil
    }
  }

  private static func buttonLabel(_ text: String?) -> String? {
    guard let text = oneLine(text) else { return nil }
    let label = String(text.text.filter { $0 != "_" })
    return label.isEmpty ? nil : label
  }

  private static func oneLine(_ text: String?) -> SanitizedText? {
    guard let text else { return nil }
    let line = PinentryEntryPlan.spokenText(text)
    return line.isEmpty ? nil : line
  }
}
