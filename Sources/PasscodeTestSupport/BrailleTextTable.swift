import Foundation

/// A braille text table read backwards: the character each pattern of dots stands for, so a test can read
/// what a braille display shows without trusting brltty's own text.
///
/// It is built from brltty's table flattened by `brltty-ttb -o ttb` (lines such as
/// `char \x41 (1     7 )`). Where several characters share a pattern, the first listed wins, which puts
/// ASCII first.
package struct BrailleTextTable: Sendable {
  /// Dots 7 and 8 (bits 6 and 7), which brltty adds to the cell under the cursor.
  package static let cursorDots: UInt8 = 0b1100_0000
  private let characters: [UInt8: Character]

  /// Reads a flattened table's text.
  ///
  /// - Parameter flattened: The output of `brltty-ttb -o ttb`.
  package init(flattened: String) {
    var characters: [UInt8: Character] = [:]
    for line in flattened.split(whereSeparator: \.isNewline) {
      let fields = line.split(separator: "\t", maxSplits: 2)
      guard fields.count == 3, fields[0] == "char", fields[1].hasPrefix("\\x"),
        let code = UInt32(fields[1].dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code),
        let open = fields[2].firstIndex(of: "("), let close = fields[2].firstIndex(of: ")")
      else { continue }
      let dots = Self.cell(fromDotNumbers: fields[2][fields[2].index(after: open)..<close])
      if characters[dots] == nil { characters[dots] = Character(scalar) }
    }
    self.characters = characters
  }

  /// brltty's computer-braille table `en-nabcc`, flattened by the installed `brltty-ttb`.
  ///
  /// - Throws: ``SpeechTestSupportError`` when `brltty-ttb` is missing or fails.
  package static func northAmericanComputerBraille() throws -> BrailleTextTable {
    let directory = NSTemporaryDirectory() + "passcode-braille-table-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/en-nabcc.ttb"
    let status = try SpawnedProcess.run(
      executable: "brltty-ttb", arguments: ["-o", "ttb", "/etc/brltty/Text/en-nabcc.ttb", output])
    guard status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
      throw SpeechTestSupportError.notReady(
        "brltty-ttb could not flatten en-nabcc (status \(String(describing: status)))")
    }
    return BrailleTextTable(flattened: text)
  }

  /// The bits of a cell from dot numbers: dot 1 is bit 0, dot 8 is bit 7.
  ///
  /// - Parameter dotNumbers: Digits 1 to 8, in any order; other characters are ignored.
  /// - Returns: The cell.
  package static func cell<Digits: StringProtocol>(fromDotNumbers dotNumbers: Digits) -> UInt8 {
    dotNumbers.reduce(0) { cell, digit in
      guard let number = digit.wholeNumberValue, (1...8).contains(number) else { return cell }
      return cell | UInt8(1 << (number - 1))
    }
  }

  /// The character a cell stands for.
  ///
  /// - Parameter cell: The dots, without the cursor's.
  /// - Returns: The character, or `nil` when the table has none for it.
  package func character(for cell: UInt8) -> Character? {
    characters[cell]
  }
}
