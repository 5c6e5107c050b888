/// How the visual profile draws the cells of a masked code (`--mask`, `PASSCODE_MASK`, `mask =`): a pair of
/// glyphs for a character typed and one to come, or no cells at all. The screen-reader and plain profiles draw no
/// cell whatever it says, and no mask ever shows which character was typed.
public enum CellMask: String, CaseIterable, Equatable, Hashable, Sendable {
  /// ● for a character typed, ○ for one to come. The default.
  case circle
  /// `*` for a character typed, `_` for one to come: ASCII, shown by every terminal font and braille table.
  case asterisk
  /// • for a character typed, ◦ for one to come.
  case bullet
  /// No cells: the words alone ("2 of 4 digits entered") tell the progress.
  case noCells = "none"

  /// The glyph of a character typed, or `nil` when no cell is drawn.
  package var typedGlyph: Character? {
    switch self {
    case .circle: "●"
    case .asterisk: "*"
    case .bullet: "•"
    case .noCells: nil
    }
  }

  /// The glyph of a character still to come, or `nil` when no cell is drawn.
  package var emptyGlyph: Character? {
    switch self {
    case .circle: "○"
    case .asterisk: "_"
    case .bullet: "◦"
    case .noCells: nil
    }
  }
}
