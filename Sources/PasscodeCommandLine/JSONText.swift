/// JSON text written by hand, without Foundation: the one string encoder `--json` output uses.
package enum JSONText {
  /// A JSON string literal for `text` (RFC 8259): quoted, with `"` and `\` escaped, the control characters
  /// U+0000 to U+001F written as `\n`, `\t`, … or `\u00XX`, and U+2028 and U+2029 as `\u2028`, `\u2029` so
  /// the line can also be pasted into JavaScript. Everything else stays as it is, in UTF-8.
  ///
  /// - Parameter text: Any text, such as a path.
  /// - Returns: The literal, quotes included.
  package static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}", "\u{2028}", "\u{2029}": result += "\\u" + hexadecimal(scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Four lower-case hexadecimal digits.
  private static func hexadecimal(_ value: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).reversed().map { digits[Int((value >> (UInt32($0) * 4)) & 0xF)] })
  }
}
