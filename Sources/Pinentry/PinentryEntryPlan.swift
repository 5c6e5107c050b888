import PasscodeEngine

/// How one `GETPIN` dialog is asked on a terminal, worked out from the request alone: a pure value with no
/// I/O, so the decisions can be tested without a tty.
///
/// A request whose prompt or description names a `PIN` (a smartcard PIN) is told as a PIN, anything else as
/// a passphrase; both take every printable character, since an OpenPGP card's or a YubiKey's PIN may hold
/// letters, and a PIN sent without them is a wrong try that counts towards blocking the card. Both are
/// variable length and submitted with Enter. The words are the caller's noun: "Passphrase entered" or "PIN entered", never "accepted", which a pinentry
/// cannot know; with `SETREPEAT`, "Enter the same passphrase again" and the caller's `SETREPEATERROR` and
/// `SETREPEATOK` texts. The short constraints hint and the formatted-passphrase hint follow the description.
package struct PinentryEntryPlan: Equatable, Sendable {
  /// What kind of secret is asked for.
  package enum Mode: Equatable, Sendable {
    /// A smartcard PIN: told as a PIN, with the card's length limit; any printable character, variable length,
    /// Enter to submit.
    case pin
    /// Any printable character, variable length, Enter to submit.
    case passphrase
  }

  /// The longest PIN accepted: the OpenPGP card's limit for a PIN.
  package static let pinLengthLimit = 127

  /// The title used when the client set neither a title nor a prompt.
  package static let defaultTitle = "Passphrase"

  /// Whether a PIN or a passphrase is asked for.
  package let mode: Mode
  /// The engine configuration for the entry.
  package let configuration: EntryConfiguration
  /// The caller's words announced right after the prompt: the title when it differs from the prompt,
  /// the description (`SETDESC`, MESSAGE) and the error (`SETERROR`, IMPORTANT).
  package let preamble: [Announcement]
  /// The client's full constraints hint, read on Ctrl-R (`OPTION constraints-hint-long`).
  package let longHint: SanitizedText?
  /// Whether the entry must be typed twice (`SETREPEAT`).
  package let repeats: Bool
  /// The terminal to ask on: `OPTION ttyname`, else the fallback, else `nil` for the controlling one.
  package let terminalPath: String?
  /// The terminal type to use as `TERM`: `OPTION ttytype`, else the fallback, else `nil` to keep `TERM`.
  package let terminalType: String?

  /// Works out the plan for a request.
  ///
  /// - Parameters:
  ///   - request: The request as the session built it.
  ///   - fallbackTerminalPath: The terminal from the command line (`--ttyname`), if any.
  ///   - fallbackTerminalType: The terminal type from the command line (`--ttytype`), if any.
  ///   - fallbackTimeoutSeconds: The timeout from the command line (`--timeout`), used when the client set
  ///     none with `SETTIMEOUT`; 0 or `nil` for none.
  ///   - reduceMotion: Whether to leave out the shake.
  /// - Throws: ``EntryConfigurationError`` when the configuration cannot be made (it always can for the
  ///   values used here; the error is passed on rather than hidden).
  package init(
    request: PinentryRequest, fallbackTerminalPath: String? = nil, fallbackTerminalType: String? = nil,
    fallbackTimeoutSeconds: Int? = nil, reduceMotion: Bool = false
  ) throws(EntryConfigurationError) {
    let timeoutSeconds = request.timeoutSeconds > 0 ? request.timeoutSeconds : max(fallbackTimeoutSeconds ?? 0, 0)
    mode = request.isPINPrompt ? .pin : .passphrase
    repeats = request.repeatPrompt != nil
    let prompt = request.prompt.map(Self.label)
    let title = request.title.map(Self.spokenText).flatMap { $0.isEmpty ? nil : $0 }
    let heading = prompt.flatMap { $0.isEmpty ? nil : $0 } ?? title ?? SanitizedText(Self.defaultTitle)
    var preamble: [Announcement] = []
    if let title, title != heading { preamble.append(.callerDescription(title)) }
    if let description = request.description.map(Self.spokenText), !description.isEmpty {
      preamble.append(.callerDescription(description))
    }
    if let error = request.errorText.map(Self.spokenText), !error.isEmpty {
      preamble.append(.callerError(error))
    }
    for hint in [request.constraintsHint, request.formattedPassphraseHint] {
      if let hint = hint.map(Self.spokenText), !hint.isEmpty { preamble.append(.callerDescription(hint)) }
    }
    longHint = request.constraintsLongHint.map(Self.spokenText).flatMap { $0.isEmpty ? nil : $0 }
    if longHint != nil { preamble.append(.longHintKey) }
    if request.generatePINLabel != nil { preamble.append(.generateKey) }
    self.preamble = preamble
    var configuration = try EntryConfiguration(
      title: heading,
      length: .variable(1...(mode == .pin ? Self.pinLengthLimit : EntryConfiguration.variableLengthLimit)),
      // Whether it is a PIN changes the words, never which characters may be typed.
      allowed: .printable,
      reduceMotion: reduceMotion,
      lockoutSchedule: .never,
      timeout: timeoutSeconds > 0 ? .seconds(timeoutSeconds) : nil)
    // A pinentry cannot know whether a passphrase is right: it says only that one was entered, in the
    // caller's noun, and the repeat flow's words are the caller's when it gave them.
    let noun: Announcement.SecretNoun = mode == .pin ? .pin : .passphrase
    let repeatOK = request.repeatOKText.map(Self.spokenText).flatMap { $0.isEmpty ? nil : $0 }
    let repeatError = request.repeatErrorText.map(Self.spokenText).flatMap { $0.isEmpty ? nil : $0 }
    configuration.acceptedAnnouncement =
      repeats ? repeatOK.map(Announcement.callerDescription) ?? .secretEntered(noun) : .secretEntered(noun)
    configuration.retryAnnouncements = [
      .confirmNew: .repeatSecret(noun),
      .mismatch: repeatError.map(Announcement.callerError) ?? .secretsDiffer(noun),
    ]
    self.configuration = configuration
    terminalPath = Self.nonEmpty(request.ttyName) ?? Self.nonEmpty(fallbackTerminalPath)
    terminalType = Self.nonEmpty(request.ttyType) ?? Self.nonEmpty(fallbackTerminalType)
  }

  /// A prompt label without the trailing colon that dialogs put after it: `Passphrase:` becomes
  /// `Passphrase`.
  ///
  /// - Parameter text: The label.
  /// - Returns: The words to speak and show.
  static func label(_ text: String) -> SanitizedText {
    var words = spokenText(text).text
    while let last = words.last, last == ":" || last == " " { words.removeLast() }
    return SanitizedText(words)
  }

  /// Caller text as one line of clean words: escape sequences and control characters are removed, and line
  /// breaks (gpg-agent's `%0A`) and runs of white space become single spaces, so the text reads as one
  /// announcement and never acts on or breaks the terminal.
  ///
  /// - Parameter text: The text as the client sent it.
  /// - Returns: The text on one line.
  package static func spokenText(_ text: String) -> SanitizedText {
    let cleaned = SanitizedText(text, allowsNewlines: true).text
    return SanitizedText(cleaned.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " "))
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }
}
