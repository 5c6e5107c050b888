import Foundation
import Testing

/// Checks on what a program wrote to a terminal.
enum Transcript {
  /// The rows of the text, its escape sequences removed, split at every kind of line break ("\r\n" is one
  /// Character in Swift).
  static func rows(_ text: String) -> [Substring] {
    strippingEscapes(text).split(whereSeparator: \.isNewline)
  }

  /// The words of rows joined with single spaces: a status wrapped over several rows, read as one line.
  static func words(of rows: [Substring]) -> String {
    rows.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The text with escape sequences (CSI, SS3, OSC and two-byte ones) removed.
  static func strippingEscapes(_ text: String) -> String {
    var result = ""
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\u{1b}" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      guard let kind = scalars.popFirst() else { break }
      switch kind {
      case "[":
        while let next = scalars.popFirst(), !(0x40...0x7e).contains(next.value) {}
      case "]":
        while let next = scalars.popFirst(), next != "\u{7}" {}
      case "O":
        _ = scalars.popFirst()
      default:
        break
      }
    }
    return result
  }

  /// What Enter, or a filled fixed-length entry, says when a key was refused since the entry was last empty.
  static let notSubmitted = "Not submitted: a key was not taken. Press Ctrl-U to clear, then type it again"

  /// Phrases that may hold digits without revealing a typed one: counts, durations and the demo's own hint.
  static let allowedNumberPhrases = [
    #"\d+ of \d+ (digits|digit|characters|character) entered"#, #"\d+ (characters|character) entered"#,
    #", \d+ ignored"#, #"\d+ (tries|try) left"#, #"\d+ (hours|hour|minutes|minute|seconds|second)"#,
    #"Enter Passcode, \d+ (digits|digit)"#, #"At least \d+ (digits|digit)"#, "The passcode is 2580",
    // The same counts in Spanish (Sources/PasscodeLocalization/po/es.po).
    #"\d+ de \d+ (dígitos|dígito|caracteres|carácter) (introducidos|introducido)"#,
    #"\d+ (caracteres|carácter) (introducidos|introducido)"#, #", \d+ (ignorados|ignorado)"#,
    #"(quedan|queda) \d+ (intentos|intento)"#, #"\d+ (horas|hora|minutos|minuto|segundos|segundo)"#,
    #"Introduce el código, \d+ (dígitos|dígito)"#, #"Al menos \d+ (dígitos|dígito)"#, "El código es 2580",
    // And in French (fr.po).
    #"\d+ sur \d+ (chiffres|chiffre|caractères|caractère) (saisis|saisi)"#,
    #"\d+ (caractères|caractère) (saisis|saisi)"#, #", \d+ (ignorés|ignoré)"#,
    #"\d+ (essais|essai) (restants|restant)"#, #"\d+ (heures|heure|minutes|minute|secondes|seconde)"#,
    #"Saisissez le code, \d+ (chiffres|chiffre)"#, #"Au moins \d+ (chiffres|chiffre)"#, "Le code est 2580",
    // And in German (de.po).
    #"\d+ von \d+ (Ziffern|Ziffer|Zeichen) eingegeben"#, #"\d+ Zeichen eingegeben"#, #", \d+ ignoriert"#,
    #"noch \d+ (Versuche|Versuch)"#, #"\d+ (Stunden|Stunde|Minuten|Minute|Sekunden|Sekunde)"#,
    #"Code eingeben, \d+ (Ziffern|Ziffer)"#, #"Mindestens \d+ (Ziffern|Ziffer)"#, "Der Code ist 2580",
  ]

  /// Expects that no digit appears in the output apart from counts, durations and the demo's hint, so no
  /// typed digit can have leaked in any form.
  static func expectNoTypedDigits(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var remainder = strippingEscapes(text)
    for pattern in allowedNumberPhrases {
      remainder = remainder.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
    }
    let digits = remainder.unicodeScalars.filter { ("0"..."9").contains($0) }
    #expect(
      digits.isEmpty, "digits outside the catalogue counts: \(remainder.debugDescription)",
      sourceLocation: sourceLocation)
  }

  /// The text with control bytes made visible, for golden files: ESC as ␛, CR as ␍, BEL as ␇.
  static func visible(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1b}", with: "␛").replacingOccurrences(of: "\r", with: "␍")
      .replacingOccurrences(of: "\u{7}", with: "␇")
  }

  /// Compares the transcript with a golden file, or writes it when `RECORD_GOLDEN=1`.
  static func expectMatchesGolden(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/\(name).txt")
    // Under Orca's line discipline the caret goes back to the line's start 0.2 s after a line, when no key came
    // first: how often depends on the machine's pace, so that carriage return is folded into the next line's.
    let actual = visible(text.replacingOccurrences(of: "\r\r", with: "\r"))
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "transcript differs from Golden/\(name).txt", sourceLocation: sourceLocation)
  }
}
