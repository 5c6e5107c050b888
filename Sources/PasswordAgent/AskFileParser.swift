import PasscodeEngine

/// Reads an `ask.*` file into a ``PasswordQuestion``. Pure: bytes in, a question or an error out.
///
/// The format is systemd's ini style, as systemd 252 writes it: a `[Ask]` section of `Key=Value` lines.
/// - Lines end in LF; a CR before it is dropped (CRLF). Whitespace around keys and values is trimmed.
/// - Blank lines, `#` and `;` comments, lines without `=`, other sections and unknown keys are ignored.
///   (systemd writes `Message=` unescaped, so a message with a line break leaves a line without `=`.)
/// - When a key is repeated, the last one wins, as in systemd's own parser.
/// - `Socket=` is required; every other key may be left out. Numbers are plain decimal; booleans are
///   `1/0`, `yes/no`, `true/false`, `on/off`. A bad value rejects the file rather than guessing.
/// - Bytes that are not UTF-8 become U+FFFD; nothing here is shown before it is sanitised.
package enum AskFileParser {
  /// The largest file read (systemd's are about 200 bytes).
  package static let maximumByteCount = 64 * 1024
  /// The longest socket path: `sun_path` holds 108 bytes with the terminating NUL.
  package static let maximumSocketPathByteCount = 107

  /// Parses one file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - fileName: The file's name in the directory, such as `ask.BL8SiQ`.
  /// - Returns: The question.
  /// - Throws: ``AskFileError`` when the file is not a question that can be answered.
  package static func parse(_ bytes: some Collection<UInt8>, fileName: String) throws(AskFileError)
    -> PasswordQuestion
  {
    guard bytes.count <= maximumByteCount else { throw .tooLarge(byteCount: bytes.count) }
    let values = try askSection(of: Array(bytes))
    guard let socket = values["Socket"], !socket.isEmpty else { throw .missingSocket }
    guard socket.hasPrefix("/"), socket.utf8.count <= maximumSocketPathByteCount, !socket.contains("\u{0}")
    else { throw .invalidSocket }
    var question = PasswordQuestion(fileName: fileName, socketPath: socket)
    if let text = values["PID"] {
      guard let number = wholeNumber(text), number <= UInt64(Int32.max) else { throw .invalidValue(key: "PID") }
      question.processIdentifier = number == 0 ? nil : Int32(number)
    }
    if let text = values["NotAfter"] {
      guard let number = wholeNumber(text) else { throw .invalidValue(key: "NotAfter") }
      question.notAfter = number == 0 ? nil : MonotonicInstant(microseconds: number)
    }
    question.acceptsCached = try boolean(values["AcceptCached"], key: "AcceptCached") ?? false
    let echo = try boolean(values["Echo"], key: "Echo") ?? false
    let silent = try boolean(values["Silent"], key: "Silent") ?? false
    question.echo = echo ? .shown : silent ? .silent : .masked
    question.message = values["Message"] ?? ""
    question.icon = values["Icon"].flatMap { $0.isEmpty ? nil : $0 }
    question.identifier = values["Id"].flatMap { $0.isEmpty ? nil : $0 }
    return question
  }

  /// The `Key=Value` pairs of the `[Ask]` section, the last of a repeated key winning.
  private static func askSection(of bytes: [UInt8]) throws(AskFileError) -> [String: String] {
    var values: [String: String] = [:]
    var section: String?
    var sawAsk = false
    for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      var line = rawLine[...]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      let text = String(decoding: line, as: UTF8.self).trimmingWhitespace()
      guard let first = text.first, first != "#", first != ";" else { continue }
      if first == "[", text.last == "]" {
        section = String(text.dropFirst().dropLast())
        if section == "Ask" { sawAsk = true }
        continue
      }
      guard section == "Ask", let equals = text.firstIndex(of: "=") else { continue }
      let key = text[..<equals].trimmingWhitespace()
      values[String(key)] = String(text[text.index(after: equals)...].trimmingWhitespace())
    }
    guard sawAsk else { throw .missingAskSection }
    return values
  }

  /// A number of ASCII digits only, when it fits in 64 bits.
  private static func wholeNumber(_ text: String) -> UInt64? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      return nil
    }
    return UInt64(text)
  }

  private static func boolean(_ text: String?, key: String) throws(AskFileError) -> Bool? {
    guard let text else { return nil }
    switch text.lowercased() {
    case "1", "yes", "y", "true", "t", "on": return true
    case "0", "no", "n", "false", "f", "off": return false
    default: throw .invalidValue(key: key)
    }
  }
}
