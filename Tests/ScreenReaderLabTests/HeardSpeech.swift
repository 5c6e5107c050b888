import Foundation
import PasscodeTestSupport

/// What speech-dispatcher's protocol log says each client asked to speak, and the phrases a reader spoke.
struct HeardSpeech {
  /// One SPEAK request: the client's `CLIENT_NAME` (such as `nobody:passcode:main`) and its text.
  struct Utterance: Equatable, CustomStringConvertible {
    let client: String
    let text: String
    var description: String { "\(client): \(text.debugDescription)" }
  }

  let utterances: [Utterance]

  private init(utterances: [Utterance]) {
    self.utterances = utterances
  }

  /// The utterances after the first `count`.
  func dropping(first count: Int) -> HeardSpeech {
    HeardSpeech(utterances: Array(utterances.dropFirst(count)))
  }

  /// Reads the SPEAK requests of a protocol log written with `LogLevel 4` and `CustomLogFile "protocol"`.
  ///
  /// - Parameter log: The log's text, or the part of it after a mark.
  init(protocolLog log: String) {
    var names: [String: String] = [:]
    var speaking: [String: [String]] = [:]
    var utterances: [Utterance] = []
    for (client, line) in SSIPSpeakRequest.dataRecords(inProtocolLog: log) {
      if var text = speaking[client] {
        if line == "." {
          utterances.append(Utterance(client: names[client] ?? "unknown", text: text.joined(separator: "\n")))
          speaking[client] = nil
        } else {
          text.append(line.hasPrefix("..") ? String(line.dropFirst()) : line)
          speaking[client] = text
        }
        continue
      }
      let words = line.split(separator: " ", maxSplits: 3).map(String.init)
      if words.count == 4, words[0].uppercased() == "SET", words[2].uppercased() == "CLIENT_NAME" {
        names[client] = words[3]
      } else if line.uppercased() == "SPEAK" {
        speaking[client] = []
      }
    }
    self.utterances = utterances
  }

  /// What `passcode` itself sent: double speech when a reader is running.
  var fromPasscode: [Utterance] {
    utterances.filter { $0.client.hasSuffix(":passcode:main") || $0.client.contains(":passcode:") }
  }

  /// The phrases a reader spoke, in order: its SSML tags removed, each utterance split into the lines it read
  /// (Orca joins inserted lines with a newline, Fenrir with " , "), and the reader's own words left out.
  ///
  /// - Parameters:
  ///   - clientProgram: The reader's program in its `CLIENT_NAME` (`Orca`, `fenrir`).
  ///   - ownWords: What the reader says of itself and of the keys, not of the program (its start-up words and
  ///     key echo: "Start Fenrir", "backspace"); matched whole, case-insensitively.
  ///   - punctuationWords: Words the reader says for punctuation, mapped back ("re dash enter" is "re-enter").
  /// - Returns: The phrases.
  func phrases(
    ofClient clientProgram: String, ignoring ownWords: Set<String>, punctuationWords: [String: String] = [:]
  ) -> [String] {
    let ignored = Set(ownWords.map { $0.lowercased() })
    return utterances.filter { $0.client.split(separator: ":").dropFirst().first.map(String.init) == clientProgram }
      .flatMap { Self.lines(of: Self.plainText($0.text)) }
      .map { line in
        punctuationWords.reduce(line) { line, word in line.replacing(" \(word.key) ", with: word.value) }
      }
      .filter { !ignored.contains($0.lowercased()) }
  }

  /// SSML to plain text: tags dropped, the five XML entities decoded.
  static func plainText(_ text: String) -> String {
    var result = ""
    var inTag = false
    for character in text {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        result.append(character)
      }
    }
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
      result = result.replacing(entity, with: character)
    }
    return result
  }

  /// The lines of one utterance: split at newlines and at Fenrir's line pause (a comma with white space before
  /// it, which no catalogue phrase has), trimmed, empty ones dropped.
  static func lines(of text: String) -> [String] {
    var lines: [String] = []
    var current = ""
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character.isNewline {
        lines.append(current)
        current = ""
      } else if character == ",", current.last?.isWhitespace == true {
        lines.append(current)
        current = ""
      } else {
        current.append(character)
      }
      index += 1
    }
    lines.append(current)
    return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// Numerals allowed in what a reader speaks: counts and durations of the catalogue, nothing typed.
  static var countPatterns: [Regex<AnyRegexOutput>] {
    [
      Regex(/\d+ of \d+ digits? entered/), Regex(/\d+ characters? entered/), Regex(/\d+ (?:tries|try) left/),
      Regex(/\d+ (?:hours?|minutes?|seconds?)/), Regex(/, \d+ digits?/), Regex(/\d+ ignored/),
      Regex(/Try \d+/),
    ]
  }

  /// Glyph names the synthesiser would speak for the visual profile's cells and error symbol.
  static let glyphNames = ["black circle", "white circle", "x-shaped bullet", "●", "○", "✗"]

  /// Why a phrase may not be spoken: a numeral outside a count, or a glyph; `nil` when it is fine.
  static func violation(in phrase: String) -> String? {
    var remainder = phrase
    for pattern in countPatterns { remainder = remainder.replacing(pattern, with: "") }
    if remainder.contains(where: \.isNumber) { return "a numeral outside a count in \(phrase.debugDescription)" }
    if let glyph = glyphNames.first(where: { phrase.lowercased().contains($0) }) {
      return "the glyph \(glyph.debugDescription) in \(phrase.debugDescription)"
    }
    return nil
  }
}
