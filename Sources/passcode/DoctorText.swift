/// Makes outside text (environment values, paths, file contents) safe to print in `doctor`'s report: one
/// line, no control or format characters, at most 200 characters.
///
/// This is a stop-gap until the project's one sanitiser exists; every use is listed on ``DoctorCommand``.
enum DoctorText {
  /// The text with each control or format character replaced by `?`, cut to 200 characters.
  ///
  /// - Parameter text: Outside text.
  /// - Returns: Text safe to print on one line.
  static func printable(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(200) {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: result.append("?")
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
