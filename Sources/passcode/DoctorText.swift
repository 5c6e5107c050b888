import PasscodeEngine

/// Makes outside text (environment values, paths, file contents) safe to print in `doctor`'s report: one
/// line, cleaned by the one sanitiser (``SanitizedText``: no escape sequence, control or bidi override), at
/// most 200 characters.
enum DoctorText {
  /// The text cleaned and cut to 200 characters.
  ///
  /// - Parameter text: Outside text.
  /// - Returns: Text safe to print on one line.
  static func printable(_ text: String) -> String {
    String(SanitizedText(text).text.prefix(200))
  }
}
