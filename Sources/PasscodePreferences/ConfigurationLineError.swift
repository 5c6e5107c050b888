import PasscodeEngine
import PasscodeLocalization

/// A line of the config file that cannot be used: not `key = value`, an unknown key, a key given twice or
/// a value not accepted.
///
/// A refused value is shown after the reason (``description``): the config file holds no secret, and the
/// person fixing it must see what the file really says. It is quoted by the sanitiser's quoting
/// (`SanitizedText(quoting:)`), so a carriage return, an escape sequence or a bidi override in it is written
/// as a visible escape and never acts on the terminal, and cut at ``shownValueLength`` so that a huge line
/// cannot flood a prompt.
package struct ConfigurationLineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line's number, from 1.
  package var line: Int
  /// What is wrong, without the value: "speech must be auto, on or off".
  package var reason: String
  /// The value refused, trimmed, as the line gave it; `nil` when the line is refused for something else.
  package var value: String?

  /// The most Unicode scalars of a refused value the message shows; an ellipsis follows when there are more.
  package static let shownValueLength = 40

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - line: The line's number, from 1.
  ///   - reason: What is wrong with it, without its value.
  ///   - value: The value refused, when the reason is about a value.
  package init(line: Int, reason: String, value: String? = nil) {
    self.line = line
    self.reason = reason
    self.value = value
  }

  /// The reason, then the refused value quoted with visible escapes:
  /// `profile must be auto, visual, screen-reader or plain, not "scren-reader"`.
  package var description: String {
    guard let value else { return reason }
    return Localization.text("{reason}, not {value}", ["reason": reason, "value": Self.quoted(value)])
  }

  /// A value between double quotes, what cleaning would take away written as `\r`, `\u{1B}` and so on, and
  /// cut after ``shownValueLength`` scalars with `…` after the closing quote.
  private static func quoted(_ value: String) -> String {
    let scalars = value.unicodeScalars
    let shown = String(String.UnicodeScalarView(scalars.prefix(shownValueLength)))
    let quoted = "\"" + SanitizedText(quoting: shown).text + "\""
    return scalars.dropFirst(shownValueLength).isEmpty ? quoted : quoted + "…"
  }
}
