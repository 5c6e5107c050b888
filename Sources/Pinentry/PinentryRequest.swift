/// Everything the client has told the pinentry so far: the texts of the next dialog and the connection's
/// options. The commands build it; the prompter reads it. All texts are already percent-unescaped.
package struct PinentryRequest: Equatable, Sendable {
  /// The long text above the entry (`SETDESC`).
  package var description: String?
  /// The label in front of the entry (`SETPROMPT`).
  package var prompt: String?
  /// The window title (`SETTITLE`).
  package var title: String?
  /// The label of the OK button (`SETOK`).
  package var okLabel: String?
  /// The label of the Cancel button (`SETCANCEL`).
  package var cancelLabel: String?
  /// The label of the third, "not OK" button (`SETNOTOK`).
  package var notOKLabel: String?
  /// An error to show with the next dialog, such as a previous wrong PIN (`SETERROR`); cleared after it.
  package var errorText: String?
  /// When set, the PIN must be typed twice and this is the second prompt (`SETREPEAT`); cleared after GETPIN.
  package var repeatPrompt: String?
  /// The text to show when the two entries differ (`SETREPEATERROR`).
  package var repeatErrorText: String?
  /// The text to show when the two entries match (`SETREPEATOK`).
  package var repeatOKText: String?
  /// Seconds the user has for the dialog; 0 means no limit (`SETTIMEOUT`).
  package var timeoutSeconds = 0
  /// Connection options from `OPTION`, by name, such as `ttyname`, `ttytype`, `lc-ctype`, `default-ok`,
  /// `touch-file`, `owner` or `allow-external-password-cache`. Flags have the empty value.
  package var options: [String: String] = [:]
  /// The key the secret is for, as `gpg-agent` names it (`SETKEYINFO`), such as `n/<keygrip>`.
  package var keyInfo: String?
  /// The label of the passphrase-quality bar; `nil` when no bar is wanted (`SETQUALITYBAR`).
  package var qualityBar: String?
  /// The tooltip of the quality bar (`SETQUALITYBAR_TT`).
  package var qualityBarTooltip: String?
  /// The label of a "generate a PIN" action (`SETGENPIN`).
  package var generatePINLabel: String?
  /// The tooltip of the "generate a PIN" action (`SETGENPIN_TT`).
  package var generatePINTooltip: String?

  /// Makes an empty request.
  package init() {}

  /// Whether the client asks for a PIN (as `gpg-agent` does for a smartcard) rather than a passphrase:
  /// the prompt or the description has the word `PIN`, as in `PIN:` or `Admin PIN`.
  package var isPINPrompt: Bool {
    [prompt, description].contains { text in
      guard let text else { return false }
      return text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).contains("PIN")
    }
  }

  /// The language the client's texts are in and the pinentry's own words should be in (`OPTION
  /// lc-messages`, such as `de_DE.UTF-8`), if it named one. Stored only; the words are chosen elsewhere.
  package var messagesLocale: String? { options["lc-messages"].flatMap { $0.isEmpty ? nil : $0 } }

  /// Whether the client asks the pinentry to check its passphrase constraints before returning an entry
  /// (`OPTION constraints-enforce`), with the `CHECKPIN` inquiry.
  package var enforcesConstraints: Bool { options["constraints-enforce"] != nil }

  /// The short description of the client's passphrase constraints (`OPTION constraints-hint-short`).
  package var constraintsHint: String? { options["constraints-hint-short"] }

  /// The full description of the client's passphrase constraints (`OPTION constraints-hint-long`).
  package var constraintsLongHint: String? { options["constraints-hint-long"] }

  /// The hint for a passphrase shown in groups (`OPTION formatted-passphrase-hint`), told only when the
  /// client asked for the grouping (`OPTION formatted-passphrase`).
  package var formattedPassphraseHint: String? {
    options["formatted-passphrase"] == nil ? nil : options["formatted-passphrase-hint"]
  }

  /// A label the client gave in its own language for when a dialog sets none (`OPTION default-ok`,
  /// `default-cancel`, `default-prompt`, …), without its mnemonic underscore.
  ///
  /// - Parameter name: The label's name after `default-`, such as `ok`.
  /// - Returns: The label, or `nil` when the client gave none.
  package func defaultLabel(_ name: String) -> String? {
    options["default-\(name)"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The tty the client names (`OPTION ttyname`), if any.
  package var ttyName: String? { options["ttyname"] }

  /// The terminal type the client names (`OPTION ttytype`), if any.
  package var ttyType: String? { options["ttytype"] }

  /// Forgets the dialog texts and keeps the connection options, as pinentry does on `RESET`.
  package mutating func resetDialog() {
    let kept = options
    self = PinentryRequest()
    options = kept
  }

  /// Updates the request for a command that only sets state.
  ///
  /// - Parameter command: The command; commands that ask the user or reply with data change nothing.
  package mutating func apply(_ command: AssuanCommand) {
    switch command {
    case .option(let name, let value): options[name] = value
    case .setDescription(let text): description = text
    case .setPrompt(let text): prompt = text
    case .setTitle(let text): title = text
    case .setOKLabel(let text): okLabel = text
    case .setCancelLabel(let text): cancelLabel = text
    case .setNotOKLabel(let text): notOKLabel = text
    case .setError(let text): errorText = text
    case .setRepeat(let text): repeatPrompt = text
    case .setRepeatError(let text): repeatErrorText = text
    case .setRepeatOK(let text): repeatOKText = text
    case .setQualityBar(let text): qualityBar = text
    case .setQualityBarTooltip(let text): qualityBarTooltip = text
    case .setKeyInfo(let text): keyInfo = text
    case .setGeneratePINLabel(let text): generatePINLabel = text
    case .setGeneratePINTooltip(let text): generatePINTooltip = text
    case .setTimeout(let seconds): if let seconds { timeoutSeconds = seconds }
    case .reset: resetDialog()
    case .getPIN, .confirm, .message, .getInfo, .clearPassphrase, .noOperation, .bye: break
    }
  }
}
