import AnnouncementWords
import PasscodeEngine

/// Turns displays and announcements into the bytes one output profile writes (Docs/Accessibility.md §2).
///
/// - The visual profile redraws one status line in place (carriage return, erase line), never moves the
///   cursor up and never uses the alternate screen. A status too wide for the terminal (large fonts, narrow
///   windows) wraps at words instead of being cut: its rows are written below, and since rows above the cursor
///   are never rewritten, the next status after a wrapped one starts on a fresh row.
/// - The screen-reader profile writes one line of words per announcement in its ``LineDiscipline``: a newline
///   first (raw mode keeps output processing, so the terminal makes it CR LF), then the words, the cursor left after them or at the line's start. It ignores redraws, so a
///   rejection prints exactly one line and shake frames print nothing, and it writes no escape byte.
/// - The plain profile writes the words and then a newline, and no escape byte either.
///
/// Rendering is pure: it returns text and keeps only what it needs to avoid repeating itself.
struct PromptRenderer: Sendable {
  /// The symbol that marks an error, so it is never shown by colour alone.
  static let errorSymbol: Character = "✗"
  /// Columns kept free left of the cells so the shake can move them both ways.
  static let shakeMargin = ShakeCurve.maximumColumns

  /// The profile this renderer writes for.
  let profile: OutputProfile
  /// Whether SGR colour sequences may be written.
  let usesColor: Bool
  /// The fewest columns rendered for. A narrower window (one column wide, `COLUMNS=1`) has no room for a
  /// word; it gets the rows of a ten-column one, which the terminal wraps, and the prompt goes on as usual.
  static let minimumWidth = 10

  /// The columns rendered for: the terminal's width, but at least ``minimumWidth``, however it is set (at
  /// start or after a resize). The status rows stay at least one column shorter.
  var width: Int {
    get { columns }
    set { columns = max(newValue, Self.minimumWidth) }
  }
  private var columns = Self.minimumWidth
  /// The words of announcements.
  let catalogue: AnnouncementCatalogue
  /// Where the screen-reader profile leaves the cursor.
  let lineDiscipline: LineDiscipline
  /// The glyphs of the visual profile's cells, set for each entry (its configuration's, or the person's).
  var mask = CellMask.circle
  /// The rows of the status last drawn, or `nil` when none is drawn.
  private var lastStatusRows: [String]?
  /// The announcement whose words were looked up last, and its words: each announcement is looked up once,
  /// however often its display is drawn, and speech is given the same words (``phrase(for:)``).
  private var lastPhrase: Phrase?
  /// Whether the cursor rests on an empty line (as when a program starts after a shell command), so the
  /// screen-reader profile's next line needs no newline first.
  private var cursorOnEmptyLine = true
  /// Whether the screen-reader profile's next countless line (`--progress tick`'s "Entered", "Deleted", …)
  /// ends with ``tickMark``: every other one does, so each key's line differs from the last.
  private var marksNextTick = false
  /// Whether the caret rests after the words of the newest line under ``LineDiscipline/caretAfterWords``, to be
  /// taken back to the line's start (``returnCaret()``) once a reader has read the line there.
  private(set) var caretAwaitsReturn = false
  /// The mark every other countless line of the screen-reader profile ends with: a full stop, which no reader
  /// speaks at its default punctuation level (Orca's "most", Fenrir's "some") and a braille display shows as one
  /// cell more.
  static let tickMark = "."

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - profile: The output profile.
  ///   - usesColor: Whether colour may be used (only in the visual profile).
  ///   - width: The terminal's width in columns.
  ///   - lineDiscipline: Where the screen-reader profile leaves the cursor.
  ///   - catalogue: The words of announcements.
  init(
    profile: OutputProfile, usesColor: Bool, width: Int, lineDiscipline: LineDiscipline = .caretAfterWords,
    catalogue: AnnouncementCatalogue = .current
  ) {
    self.profile = profile
    self.usesColor = usesColor && profile == .visual
    self.lineDiscipline = lineDiscipline
    self.catalogue = catalogue
    self.width = width
  }

  /// Text for a line that is not an announcement (a heading or a hint), in this profile's form.
  ///
  /// - Parameter text: The line's words, cleaned: free text reaches the terminal only as ``SanitizedText``.
  /// - Returns: The bytes to write: in the visual profile the line and a newline, after clearing the status
  ///   line if one is drawn; in the others the line as ``announce(_:)`` writes one.
  mutating func line(_ text: SanitizedText) -> String {
    switch profile {
    case .visual:
      let output = leaveStatus()
      return output + text.text + "\n"
    case .plain:
      return text.text + "\n"
    case .screenReader:
      let start = cursorOnEmptyLine ? "" : "\n"
      cursorOnEmptyLine = false
      switch lineDiscipline {
      case .caretAfterWords:
        caretAwaitsReturn = true
        return start + text.text
      case .caretAtLineStart: return start + text.text + "\r"
      }
    }
  }

  /// An announcement with its words, looked up in the catalogue only when it is not the one looked up last.
  ///
  /// - Parameter announcement: What to say.
  /// - Returns: The phrase the screen shows and the announcer is given.
  mutating func phrase(for announcement: Announcement) -> Phrase {
    if let lastPhrase, lastPhrase.announcement == announcement { return lastPhrase }
    let phrase = catalogue.phrase(for: announcement)
    lastPhrase = phrase
    return phrase
  }

  /// Text for a display update: the redrawn status line in the visual profile, nothing otherwise.
  ///
  /// - Parameter display: What to draw.
  /// - Returns: The bytes to write; empty when nothing changed.
  mutating func render(_ display: EntryDisplay) -> String {
    guard profile == .visual else { return "" }
    let rows = statusRows(display, message: display.message.map { phrase(for: $0).words })
    guard rows != lastStatusRows else { return "" }
    // One row drawn is rewritten in place; rows above the cursor never are, so a wrapped one is left above.
    let start = (lastStatusRows?.count ?? 0) > 1 ? "\n" : "\r\u{1b}[2K"
    lastStatusRows = rows
    return start + rows.joined(separator: "\n")
  }

  /// Text that clears the status drawn, when it is one row, or moves below it when it is wrapped, so the next
  /// output starts at the beginning of an empty row.
  private mutating func leaveStatus() -> String {
    guard let rows = lastStatusRows else { return "" }
    lastStatusRows = nil
    return rows.count > 1 ? "\n" : "\r\u{1b}[2K"
  }

  /// Text for an announcement: a new line of words in the screen-reader and plain profiles; nothing in
  /// the visual profile, whose status line already shows the newest announcement.
  ///
  /// - Parameter announcement: What to say.
  /// - Returns: The bytes to write.
  mutating func announce(_ announcement: Announcement) -> String {
    guard profile != .visual else { return "" }
    var words = phrase(for: announcement).words
    if profile == .screenReader, Self.isTick(announcement) {
      // Two keys in a row would otherwise leave the same line, and so the same braille window, twice.
      if marksNextTick { words += Self.tickMark }
      marksNextTick.toggle()
    }
    return line(SanitizedText(words))
  }

  /// Whether an announcement is a countless line told for a key (`--progress tick`), which the same key again
  /// repeats word for word; the status (Ctrl-R) is not one.
  private static func isTick(_ announcement: Announcement) -> Bool {
    guard case let .countless(feedback) = announcement else { return false }
    if case .status = feedback { return false }
    return true
  }

  /// Text that takes the caret from the end of the newest line to its start, once a reader has read the line
  /// with the caret at its end (Orca's speech needs that): Orca's braille then shows the line from its first
  /// cell, as brltty alone does, where it showed the display-wide page holding the caret, the line's tail.
  ///
  /// - Returns: A carriage return, or nothing when the caret is not after the words of a line.
  mutating func returnCaret() -> String {
    guard caretAwaitsReturn else { return "" }
    caretAwaitsReturn = false
    return "\r"
  }

  /// Whether ``finish()`` has anything to write.
  var hasLineToFinish: Bool {
    switch profile {
    case .visual: lastStatusRows != nil
    case .screenReader: !cursorOnEmptyLine
    case .plain: false
    }
  }

  /// Text that ends the prompt: the visual profile's status line, or the screen-reader profile's last line
  /// of words, is finished with a newline so the shell prompt starts on a clean line.
  ///
  /// - Returns: The bytes to write.
  mutating func finish() -> String {
    switch profile {
    case .visual:
      guard lastStatusRows != nil else { return "" }
      lastStatusRows = nil
      return "\n"
    case .screenReader:
      guard !cursorOnEmptyLine else { return "" }
      cursorOnEmptyLine = true
      caretAwaitsReturn = false
      return "\n"
    case .plain:
      return ""
    }
  }

  /// Text that redraws the status line from scratch (after a resize or a resume).
  ///
  /// - Parameter display: What to draw.
  /// - Returns: The bytes to write.
  mutating func redraw(_ display: EntryDisplay) -> String {
    if let rows = lastStatusRows, rows.count > 1 {
      lastStatusRows = nil
      return "\n" + render(display)
    }
    lastStatusRows = nil
    return render(display)
  }

  /// The visual status line, without the leading carriage return and erase: the status's first row.
  ///
  /// - Parameter display: What to draw.
  /// - Returns: The line; a status too wide for one row continues in ``statusRows(_:)``.
  func statusLine(_ display: EntryDisplay) -> String {
    statusRows(display)[0]
  }

  /// The visual status as rows, each at least one column shorter than the terminal: one row when it fits,
  /// otherwise the cells and as many words as fit, then the rest of the words wrapped below (without the shake,
  /// which would redraw every row).
  ///
  /// - Parameter display: What to draw.
  /// - Returns: The rows, without line breaks.
  func statusRows(_ display: EntryDisplay) -> [String] {
    statusRows(display, message: display.message.map(catalogue.text(for:)))
  }

  /// The visual status as rows, with the words of its message already made.
  private func statusRows(_ display: EntryDisplay, message words: String?) -> [String] {
    let isError = display.phase == .rejected || (display.message?.isError ?? false)
    var cells = ""
    if display.fixedLength != nil {
      cells = String(display.cells.compactMap(glyph(for:)))
    } else {
      // Masked cells show the mask's typed glyph; a question that may be shown (an agent's Echo=yes) shows its
      // characters. Without counts (`--progress tick`, `silent`) an empty entry shows no empty glyph either:
      // the cells are only what the engine gives, one per character typed under tick, none under silent.
      cells = String(display.cells.prefix(64).compactMap(glyph(for:)))
      if display.cells.count > 64, !cells.isEmpty { cells += "…" }
      if display.cells.isEmpty, display.progress.revealsCount, let empty = mask.emptyGlyph { cells = String(empty) }
    }
    var message = words ?? ""
    if isError, !message.isEmpty { message = "\(Self.errorSymbol) \(message)" }
    let budget = width - 1
    let offset = min(max(display.shakeOffset, -Self.shakeMargin), Self.shakeMargin)
    let margin = String(repeating: " ", count: Self.shakeMargin + offset)
    let trailing = String(repeating: " ", count: Self.shakeMargin - offset)
    let style = isError ? "\u{1b}[1;31m" : display.phase == .accepted ? "\u{1b}[1;32m" : "\u{1b}[1m"
    func styled(_ cells: String, _ separator: String, _ words: String) -> String {
      guard usesColor else { return cells + separator + words }
      let shownCells = cells.isEmpty ? "" : style + cells + "\u{1b}[0m"
      let shownWords = words.isEmpty ? "" : (isError ? style + words + "\u{1b}[0m" : words)
      return shownCells + separator + shownWords
    }
    // Words after cells keep clear of the shake; with no cells (`--progress silent`) they stand at the margin.
    let separator = message.isEmpty ? "" : cells.isEmpty ? "" : trailing + "  "
    let oneRow = margin.count + cells.count + separator.count + message.count
    if oneRow <= budget {
      return [margin + styled(cells, separator, message)]
    }
    // Too wide: no shake, the cells as they fit, then the words wrapped, never cut inside a word unless the
    // word alone is wider than the terminal.
    let fixedMargin = String(repeating: " ", count: min(Self.shakeMargin, max(0, budget - cells.count)))
    let shownCells = String(cells.prefix(max(1, budget - fixedMargin.count)))
    var rows: [(cells: String, words: String)] = [(fixedMargin + shownCells, "")]
    // The columns the last row takes before its next word: its cells and their two spaces, each word and a space.
    var used = rows[0].cells.isEmpty ? 0 : rows[0].cells.count + 2
    for word in Self.words(of: message, fittingIn: budget) {
      let length = word.count
      if used + length <= budget {
        rows[rows.count - 1].words += rows[rows.count - 1].words.isEmpty ? word : " " + word
        used += length + 1
      } else {
        rows.append(("", word))
        used = length + 1
      }
    }
    return rows.map { row in
      let separator = row.cells.isEmpty || row.words.isEmpty ? "" : "  "
      let cells = row.cells.drop { $0 == " " }
      let indent = String(row.cells.prefix { $0 == " " })
      return indent + styled(String(cells), separator, row.words)
    }
  }

  /// The words of a message, each split into pieces no wider than `budget`, and at least one character long
  /// whatever the budget, so the split always ends.
  static func words(of message: String, fittingIn budget: Int) -> [String] {
    let pieceLength = max(budget, 1)
    return message.split(separator: " ").flatMap { word -> [String] in
      var pieces: [String] = []
      var start = word.startIndex
      while let end = word.index(start, offsetBy: pieceLength, limitedBy: word.endIndex), end != word.endIndex {
        pieces.append(String(word[start..<end]))
        start = end
      }
      return pieces + [String(word[start...])]
    }
  }

  /// A cell's glyph under the mask; `nil` for a masked or empty cell when the mask draws no cells.
  private func glyph(for cell: EntryDisplay.Cell) -> Character? {
    switch cell.content {
    case .empty: mask.emptyGlyph
    case .masked: mask.typedGlyph
    case let .visible(scalar): Character(scalar)
    }
  }
}
