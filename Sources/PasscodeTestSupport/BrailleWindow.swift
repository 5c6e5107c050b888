/// What a braille display shows at one moment: brltty's text under the window and the cells' dots, read
/// back through a text table.
package struct BrailleWindow: Equatable, Sendable, CustomStringConvertible {
  /// brltty's text for the window (`Visual "…"`), one character per cell.
  package let visual: String
  /// The cells, dot 1 in bit 0 to dot 8 in bit 7 (`Braille "…"`).
  package let cells: [UInt8]
  /// The cells read back as characters; a cell the table does not know reads as U+FFFD.
  package let reading: String
  /// The cell under the cursor (the first carrying dots 7 and 8), counted from 0, or `nil` when the cursor is
  /// outside the window.
  package let cursorColumn: Int?

  /// Reads a window through a table.
  ///
  /// - Parameters:
  ///   - visual: brltty's text.
  ///   - cells: The dots.
  ///   - table: The table the display uses.
  package init(visual: String, cells: [UInt8], table: BrailleTextTable) {
    self.visual = visual
    self.cells = cells
    let cursor = BrailleTextTable.cursorDots
    cursorColumn = cells.firstIndex { $0 & cursor == cursor }
    var reading = ""
    for (column, cell) in cells.enumerated() {
      let dots = column == cursorColumn ? cell & ~cursor : cell
      reading.append(table.character(for: dots) ?? "\u{FFFD}")
    }
    self.reading = reading
  }

  /// The reading without the blank cells at its end: what a user feels before the display goes blank.
  package var text: String {
    String(reading.reversed().drop { $0 == " " }.reversed())
  }

  /// Whether the window reads exactly `expected` followed by blank cells; the cursor cell compares without
  /// case, since a capital's dot 7 is hidden under the cursor.
  ///
  /// - Parameter expected: The text, at most one character per cell.
  /// - Returns: `true` when every cell matches.
  package func reads(_ expected: String) -> Bool {
    let wanted = Array(expected.paddedOrCut(to: cells.count))
    let read = Array(reading)
    guard expected.count <= cells.count, read.count == wanted.count else { return false }
    return read.indices.allSatisfy { column in
      column == cursorColumn ? read[column].lowercased() == wanted[column].lowercased() : read[column] == wanted[column]
    }
  }

  /// Whether the dots say what brltty's text says, cell by cell (the cursor cell ignoring case, since a
  /// capital's dot 7 is hidden under the cursor).
  package var dotsAgreeWithVisual: Bool {
    reads(String(visual.prefix(cells.count)))
  }

  /// How many cells read as a question mark: the pattern the table gives a glyph it has no braille for.
  package var questionMarkCells: Int {
    reading.filter { $0 == "?" }.count
  }

  /// The reading, the cursor's place and brltty's text, for failure messages.
  package var description: String {
    let cursor = cursorColumn.map { "cursor at cell \($0 + 1)" } ?? "cursor outside"
    return "[\(text)] (\(cursor); visual [\(visual)])"
  }
}

extension String {
  fileprivate func paddedOrCut(to length: Int) -> String {
    count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
  }
}
