import PasscodeEngine

/// One pinentry command with its argument decoded, as parsed from an Assuan line.
///
/// Parsing is pure: ``parse(line:)`` applies libassuan's line rules and ``parse(name:argument:)`` the
/// rules of each command, so a session (which gets the name and argument from libassuan) and a test agree.
package enum AssuanCommand: Equatable, Sendable {
  /// `OPTION name=value`, `OPTION name value` or `OPTION --name`; flags have the empty value.
  case option(name: String, value: String)
  /// `SETDESC`: the description.
  case setDescription(String)
  /// `SETPROMPT`: the prompt.
  case setPrompt(String)
  /// `SETTITLE`: the title.
  case setTitle(String)
  /// `SETOK`: the OK label.
  case setOKLabel(String)
  /// `SETCANCEL`: the Cancel label.
  case setCancelLabel(String)
  /// `SETNOTOK`: the "not OK" label.
  case setNotOKLabel(String)
  /// `SETERROR`: an error to show with the next dialog.
  case setError(String)
  /// `SETREPEAT`: ask twice, with this second prompt.
  case setRepeat(String)
  /// `SETREPEATERROR`: the text for a mismatch.
  case setRepeatError(String)
  /// `SETREPEATOK`: the text for a match.
  case setRepeatOK(String)
  /// `SETQUALITYBAR`: show a quality bar with this label (`Quality:` when none is given).
  case setQualityBar(String)
  /// `SETQUALITYBAR_TT`: the quality bar's tooltip, `nil` to remove it.
  case setQualityBarTooltip(String?)
  /// `SETKEYINFO`: the key identifier, `nil` for an empty argument or `--clear`.
  case setKeyInfo(String?)
  /// `SETGENPIN`: the label of a "generate" action, `nil` to remove it.
  case setGeneratePINLabel(String?)
  /// `SETGENPIN_TT`: the tooltip of the "generate" action, `nil` to remove it.
  case setGeneratePINTooltip(String?)
  /// `SETTIMEOUT`: seconds, read as C's `atoi` does (a non-number is 0); `nil` when the argument is empty.
  case setTimeout(Int?)
  /// `GETPIN`: ask for the secret.
  case getPIN
  /// `CONFIRM`, or `CONFIRM --one-button` for a plain acknowledgement.
  case confirm(oneButton: Bool)
  /// `MESSAGE`: show the description with one button.
  case message
  /// `GETINFO topic`.
  case getInfo(PinentryInfoTopic)
  /// `CLEARPASSPHRASE cacheid`: forget a cached passphrase.
  case clearPassphrase(String)
  /// `RESET`: forget the dialog texts.
  case reset
  /// `NOP`: do nothing.
  case noOperation
  /// `BYE`: end the connection.
  case bye

  /// The longest line libassuan accepts, counting the LF (`ASSUAN_LINELENGTH`).
  package static let maximumLineLength = 1002

  /// The command names this pinentry answers, in upper case.
  package static let commandNames = [
    "OPTION", "SETDESC", "SETPROMPT", "SETTITLE", "SETOK", "SETCANCEL", "SETNOTOK", "SETERROR", "SETREPEAT",
    "SETREPEATERROR", "SETREPEATOK", "SETQUALITYBAR", "SETQUALITYBAR_TT", "SETKEYINFO", "SETGENPIN",
    "SETGENPIN_TT", "SETTIMEOUT", "GETPIN", "CONFIRM", "MESSAGE", "GETINFO", "CLEARPASSPHRASE", "RESET", "NOP",
    "BYE",
  ]

  /// Parses one line as libassuan splits it.
  ///
  /// - Parameter line: The line's bytes without its LF (a trailing CR is dropped).
  /// - Returns: The command, or `nil` for an empty line or a `#` comment, which get no reply.
  /// - Throws: ``PinentryError/lineTooLong`` for a line over ``maximumLineLength`` bytes with its LF,
  ///   ``PinentryError/syntax(_:)`` for leading white space, ``PinentryError/unknownCommand`` for a name
  ///   this pinentry does not answer, and what ``parse(name:argument:)`` throws.
  package static func parse(line: some Collection<UInt8>) throws(PinentryError) -> AssuanCommand? {
    guard line.count + 1 <= maximumLineLength else { throw .lineTooLong }
    var bytes = Array(line)
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    guard let first = bytes.first, first != UInt8(ascii: "#") else { return nil }
    guard !isBlank(first) else { throw .syntax("leading white-space") }
    let nameEnd = bytes.firstIndex(where: isBlank) ?? bytes.endIndex
    let argumentStart = bytes[nameEnd...].firstIndex { !isBlank($0) } ?? bytes.endIndex
    let name = String(decoding: bytes[..<nameEnd], as: UTF8.self)
    let argument = String(decoding: bytes[argumentStart...], as: UTF8.self)
    return try parse(name: name, argument: argument)
  }

  /// Parses a command whose name and argument libassuan has already split.
  ///
  /// - Parameters:
  ///   - name: The command name, in any case.
  ///   - argument: The rest of the line, leading white space removed.
  /// - Returns: The command.
  /// - Throws: ``PinentryError/unknownCommand`` for an unknown name, ``PinentryError/parameter(_:)`` for a
  ///   bad percent escape or an unknown `GETINFO` topic, and ``PinentryError/syntax(_:)`` for a malformed
  ///   `OPTION`.
  package static func parse(name: String, argument: String) throws(PinentryError) -> AssuanCommand {
    switch name.uppercased() {
    case "OPTION": return try parseOption(argument)
    case "SETDESC": return .setDescription(try PercentEscaping.unescape(argument))
    case "SETPROMPT": return .setPrompt(try PercentEscaping.unescape(argument))
    case "SETTITLE": return .setTitle(try PercentEscaping.unescape(argument))
    case "SETOK": return .setOKLabel(try PercentEscaping.unescape(argument))
    case "SETCANCEL": return .setCancelLabel(try PercentEscaping.unescape(argument))
    case "SETNOTOK": return .setNotOKLabel(try PercentEscaping.unescape(argument))
    case "SETERROR": return .setError(try PercentEscaping.unescape(argument))
    case "SETREPEAT": return .setRepeat(try PercentEscaping.unescape(argument))
    case "SETREPEATERROR": return .setRepeatError(try PercentEscaping.unescape(argument))
    case "SETREPEATOK": return .setRepeatOK(try PercentEscaping.unescape(argument))
    case "SETQUALITYBAR": return .setQualityBar(try PercentEscaping.unescape(argument.isEmpty ? "Quality:" : argument))
    case "SETQUALITYBAR_TT": return .setQualityBarTooltip(try optionalText(argument))
    case "SETGENPIN": return .setGeneratePINLabel(try optionalText(argument))
    case "SETGENPIN_TT": return .setGeneratePINTooltip(try optionalText(argument))
    case "SETKEYINFO": return .setKeyInfo(argument.isEmpty || argument == "--clear" ? nil : argument)
    case "SETTIMEOUT": return .setTimeout(argument.isEmpty ? nil : leadingInteger(argument))
    case "GETPIN": return .getPIN
    case "CONFIRM": return .confirm(oneButton: contains(argument, "--one-button"))
    case "MESSAGE": return .message
    case "GETINFO":
      guard let topic = PinentryInfoTopic(rawValue: argument) else { throw .parameter() }
      return .getInfo(topic)
    case "CLEARPASSPHRASE": return .clearPassphrase(String(argument.trimmingWhitespace()))
    case "RESET": return .reset
    case "NOP": return .noOperation
    case "BYE": return .bye
    default: throw .unknownCommand
    }
  }

  /// Parses an `OPTION` argument the way libassuan's standard handler does.
  ///
  /// - Parameter argument: The argument, such as `ttyname=/dev/pts/3`, `lc-ctype en_US.UTF-8` or `--no-grab`.
  /// - Returns: The option command; a value's trailing white space is dropped.
  /// - Throws: ``PinentryError/syntax(_:)`` with libassuan's detail (`argument required`,
  ///   `no option name given`, `option argument expected`, `option should not begin with one dash`).
  package static func parseOption(_ argument: String) throws(PinentryError) -> AssuanCommand {
    let bytes = Array(argument.utf8)
    var index = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
    guard index < bytes.endIndex else { throw .syntax("argument required") }
    guard bytes[index] != UInt8(ascii: "=") else { throw .syntax("no option name given") }
    let keyStart = index
    while index < bytes.endIndex, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
    var key = Array(bytes[keyStart..<index])
    while index < bytes.endIndex, isBlank(bytes[index]) { index += 1 }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") {
      index += 1
      while index < bytes.endIndex, isBlank(bytes[index]) { index += 1 }
      guard index < bytes.endIndex else { throw .syntax("option argument expected") }
    }
    var value = Array(bytes[index...])
    while value.count > 1, let last = value.last, isBlank(last) { value.removeLast() }
    if key.count > 2, key[0] == UInt8(ascii: "-"), key[1] == UInt8(ascii: "-") { key.removeFirst(2) }
    guard key.first != UInt8(ascii: "-") else { throw .syntax("option should not begin with one dash") }
    return .option(name: String(decoding: key, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
  }

  /// Tells whether a byte is Assuan white space (space or tab).
  ///
  /// - Parameter byte: The byte.
  /// - Returns: `true` for a space or a tab.
  static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

  /// Unescapes an argument that may be empty to mean "none".
  ///
  /// - Parameter argument: The argument.
  /// - Returns: `nil` for the empty argument, else the unescaped text.
  /// - Throws: What ``PercentEscaping/unescape(_:)`` throws.
  private static func optionalText(_ argument: String) throws(PinentryError) -> String? {
    argument.isEmpty ? nil : try PercentEscaping.unescape(argument)
  }

  /// Whether `needle` occurs in `text`, as pinentry's `strstr` finds it. A byte search: String's own
  /// `contains(_:)` for substrings lives in _StringProcessing, which would link the regex engine and its
  /// metadata (about 2,800 relocations at every start) into `passcode`.
  ///
  /// - Parameters:
  ///   - text: Where to look.
  ///   - needle: What to find.
  /// - Returns: `true` when `needle` occurs in `text` (always for an empty `needle`).
  static func contains(_ text: String, _ needle: String) -> Bool {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    guard haystack.count >= pattern.count else { return false }
    return (0...(haystack.count - pattern.count)).contains { start in
      haystack[start..<start + pattern.count].elementsEqual(pattern)
    }
  }

  /// Reads a number the way C's `atoi` does: optional blanks and sign, then digits; anything else is 0.
  ///
  /// - Parameter text: The text.
  /// - Returns: The number, clamped to `Int32`'s range.
  static func leadingInteger(_ text: String) -> Int {
    var scalars = Substring(text).drop { $0 == " " || $0 == "\t" }
    var sign = 1
    if let first = scalars.first, first == "-" || first == "+" {
      sign = first == "-" ? -1 : 1
      scalars = scalars.dropFirst()
    }
    var value = 0
    for character in scalars {
      guard let digit = character.wholeNumberValue, character.isASCII else { break }
      value = min(value * 10 + digit, Int(Int32.max) + 1)
    }
    return max(Int(Int32.min), min(Int(Int32.max), sign * value))
  }
}
