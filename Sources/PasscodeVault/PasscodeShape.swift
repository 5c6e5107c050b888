import PasscodeEngine

/// How the stored passcode is typed: how many characters it has and which ones, chosen at `passcode set`
/// and kept with its hash so that every later prompt asks for the same shape.
///
/// In the hash file it follows the hash, one `key value` line each (`length 4`, `allowed digits`). A hash
/// file without them is from an earlier version: its passcode is digits, of the settings file's length.
/// It tells nothing about the code beyond what the prompt shows anyway.
package struct PasscodeShape: Equatable, Hashable, Sendable {
  /// The length of a new passcode when neither `--length` nor the settings file gives one.
  package static let defaultLength = 6

  /// The number of characters, within ``EntryConfiguration/fixedLengthLimits``.
  package let length: Int
  /// Which characters it is made of: one of ``EntryConfiguration/AllowedCharacters/named``.
  package let characters: EntryConfiguration.AllowedCharacters
  /// The name of ``characters``, as the hash file spells it.
  private let charactersName: String

  /// Makes a shape.
  ///
  /// - Parameters:
  ///   - length: The number of characters; fails (gives `nil`) outside ``EntryConfiguration/fixedLengthLimits``.
  ///   - characters: Which characters it is made of; fails for a set with no name (printable, custom).
  package init?(length: Int, characters: EntryConfiguration.AllowedCharacters) {
    guard EntryConfiguration.fixedLengthLimits.contains(length), let name = characters.name else { return nil }
    self.length = length
    self.characters = characters
    charactersName = name
  }

  /// The shape of a passcode stored without one (by an earlier version), or of a new one when nothing
  /// else is asked for: digits, of the settings file's length, else ``defaultLength``.
  ///
  /// - Parameter settingsLength: The settings file's `length`, already checked to be within the limits.
  /// - Returns: The shape.
  package static func digits(settingsLength: Int?) -> PasscodeShape {
    PasscodeShape(length: settingsLength ?? defaultLength, characters: .digits)
      ?? PasscodeShape(checkedLength: defaultLength)
  }

  private init(checkedLength: Int) {
    length = checkedLength
    characters = .digits
    charactersName = "digits"
  }

  /// The lines that follow the hash in the hash file.
  var encodedLines: [String] {
    ["length \(length)", "allowed \(charactersName)"]
  }

  /// Reads the lines that follow the hash; fails (gives `nil`) unless they are exactly a length and an
  /// allowed set.
  ///
  /// - Parameter lines: The lines after the first, without newlines.
  init?(encodedLines lines: [Substring]) {
    guard lines.count == 2, lines[0].hasPrefix("length "), lines[1].hasPrefix("allowed ") else { return nil }
    let digits = lines[0].dropFirst("length ".count)
    guard (1...2).contains(digits.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let length = Int(digits),
      let characters = EntryConfiguration.AllowedCharacters(name: String(lines[1].dropFirst("allowed ".count)))
    else { return nil }
    self.init(length: length, characters: characters)
  }
}
