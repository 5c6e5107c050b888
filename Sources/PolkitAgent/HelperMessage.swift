/// One line that polkit's helper (`polkit-agent-helper-1`) writes to its agent: PAM's side of the conversation,
/// or how it ended. The helper escapes each message as GLib's `g_strescape` does; a line is read whole, then
/// unescaped (`g_strcompress`), then told apart by its first word, as libpolkit-agent-1 does.
package enum HelperMessage: Equatable, Sendable {
  /// PAM asks for a secret, not echoed (`PAM_PROMPT_ECHO_OFF`), with its words ("Password: ").
  case secretRequest(String)
  /// PAM asks for an answer shown as typed (`PAM_PROMPT_ECHO_ON`), with its words.
  case shownRequest(String)
  /// PAM's error message (`PAM_ERROR_MSG`).
  case error(String)
  /// PAM's information (`PAM_TEXT_INFO`).
  case information(String)
  /// The person was authenticated, and the helper told polkitd (`SUCCESS`).
  case succeeded
  /// The authentication failed (`FAILURE`).
  case failed
  /// A line the protocol does not have; the conversation is over.
  case unrecognised

  /// Reads one line, without its line feed.
  ///
  /// - Parameter line: The line's bytes.
  package init(line: [UInt8]) {
    let text = String(decoding: Self.unescaped(line), as: UTF8.self)
    let requests: [(String, (String) -> HelperMessage)] = [
      ("PAM_PROMPT_ECHO_OFF ", HelperMessage.secretRequest), ("PAM_PROMPT_ECHO_ON ", HelperMessage.shownRequest),
      ("PAM_ERROR_MSG ", HelperMessage.error), ("PAM_TEXT_INFO ", HelperMessage.information),
    ]
    for (prefix, make) in requests where text.hasPrefix(prefix) {
      self = make(String(text.dropFirst(prefix.count)))
      return
    }
    if text.hasPrefix("SUCCESS") {
      self = .succeeded
    } else if text.hasPrefix("FAILURE") {
      self = .failed
    } else {
      self = .unrecognised
    }
  }

  /// The bytes with GLib's escapes undone: `\b \f \n \r \t \v \" \\`, an octal `\NNN` (one to three digits),
  /// and any other escaped byte as itself.
  static func unescaped(_ line: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(line.count)
    var index = 0
    while index < line.count {
      let byte = line[index]
      index += 1
      guard byte == UInt8(ascii: "\\"), index < line.count else {
        result.append(byte)
        continue
      }
      let escaped = line[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < line.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(line[index]) {
          value = value * 8 + UInt32(line[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        result.append(UInt8(truncatingIfNeeded: value))
      case UInt8(ascii: "b"): result.append(0x08)
      case UInt8(ascii: "f"): result.append(0x0c)
      case UInt8(ascii: "n"): result.append(0x0a)
      case UInt8(ascii: "r"): result.append(0x0d)
      case UInt8(ascii: "t"): result.append(0x09)
      case UInt8(ascii: "v"): result.append(0x0b)
      default: result.append(escaped)
      }
    }
    return result
  }
}
