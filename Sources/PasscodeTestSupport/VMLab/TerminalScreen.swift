/// A few rows of a VT100-like terminal, enough to read what ncurses draws on one: printable text, carriage
/// return, line feed, backspace, cursor moves (`CSI row;col H`, `CSI n A/B/C/D`, `CSI n G`, `CSI n d`) and erases
/// (`CSI J`, `CSI K`, `CSI n X`); modes, colours and character-set selections change nothing here.
///
/// Bytes may come in any pieces: an escape sequence or a UTF-8 character cut between two reads waits for the
/// rest.
package struct TerminalScreen: Sendable {
  /// The rows, each a fixed number of characters.
  package private(set) var rows: [[Character]]
  private let columns: Int
  private var row = 0
  private var column = 0
  private var pending: [UInt8] = []

  /// A blank screen.
  package init(rows: Int = 24, columns: Int = 80) {
    self.columns = columns
    self.rows = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// Row `index` as text, without the blanks at its end.
  package func text(ofRow index: Int) -> String {
    String(String(rows[index]).reversed().drop { $0 == " " }.reversed())
  }

  /// Applies what the terminal was sent.
  package mutating func feed(_ bytes: [UInt8]) {
    let input = pending + bytes
    pending = []
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == 0x1B {
        guard let length = applyEscape(Array(input[index...])) else {
          pending = Array(input[index...])
          return
        }
        index += length
        continue
      }
      if byte < 0x20 {
        applyControl(byte)
        index += 1
        continue
      }
      let length = Self.utf8Length(byte)
      guard index + length <= input.count else {
        pending = Array(input[index...])
        return
      }
      let character = String(decoding: input[index..<index + length], as: UTF8.self).first ?? "\u{FFFD}"
      put(character)
      index += length
    }
  }

  private static func utf8Length(_ byte: UInt8) -> Int {
    switch byte {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }

  private mutating func put(_ character: Character) {
    if rows.indices.contains(row), column >= 0, column < columns { rows[row][column] = character }
    column += 1
  }

  private mutating func applyControl(_ byte: UInt8) {
    switch byte {
    case 0x0D: column = 0
    case 0x0A: row += 1
    case 0x08: column = max(0, column - 1)
    default: break
    }
  }

  /// Applies the escape sequence at the start of `bytes`, and returns its length; `nil` when it is not complete.
  private mutating func applyEscape(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 2 else { return nil }
    switch bytes[1] {
    case UInt8(ascii: "["):
      var end = 2
      while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else { return nil }
      let parameters = String(decoding: bytes[2..<end], as: UTF8.self)
      applyControlSequence(final: bytes[end], parameters.split(separator: ";").map { Int($0) ?? 0 })
      return end + 1
    case UInt8(ascii: "("), UInt8(ascii: ")"):
      return bytes.count >= 3 ? 3 : nil
    default:
      return 2
    }
  }

  private mutating func applyControlSequence(final: UInt8, _ numbers: [Int]) {
    let first = numbers.first.map { max($0, 1) } ?? 1
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      row = first - 1
      column = (numbers.count > 1 ? max(numbers[1], 1) : 1) - 1
    case UInt8(ascii: "A"): row -= first
    case UInt8(ascii: "B"): row += first
    case UInt8(ascii: "C"): column += first
    case UInt8(ascii: "D"): column = max(0, column - first)
    case UInt8(ascii: "G"): column = first - 1
    case UInt8(ascii: "d"): row = first - 1
    case UInt8(ascii: "K"): erase(row: row, from: column)
    case UInt8(ascii: "J"):
      erase(row: row, from: column)
      for below in (row + 1)..<max(row + 1, rows.count) { erase(row: below, from: 0) }
    case UInt8(ascii: "X"):
      for offset in 0..<first where rows.indices.contains(row) && column + offset < columns {
        rows[row][column + offset] = " "
      }
    default: break
    }
  }

  private mutating func erase(row index: Int, from start: Int) {
    guard rows.indices.contains(index) else { return }
    for position in max(0, start)..<columns { rows[index][position] = " " }
  }
}
