import PasscodeEngine

/// Turns displays and announcements into the bytes one output profile writes (ACCESSIBILITY.md §2).
///
/// - The visual profile redraws one status line in place (carriage return, erase line), never wraps it,
///   never moves the cursor up and never uses the alternate screen.
/// - The screen-reader profile writes one line of words per announcement in its ``LineDiscipline``: a newline
///   first (raw mode keeps output processing, so the terminal makes it CR LF), then the words, the cursor left after them or at the line's start. It ignores redraws, so a
///   rejection prints exactly one line and shake frames print nothing, and it writes no escape byte.
/// - The plain profile writes the words and then a newline, and no escape byte either.
///
/// Rendering is pure: it returns text and keeps only what it needs to avoid repeating itself.
public struct PromptRenderer: Sendable {
  /// The glyph for a filled cell.
  public static let filledGlyph: Character = "●"
  /// The glyph for an empty cell.
  public static let emptyGlyph: Character = "○"
  /// The symbol that marks an error, so it is never shown by colour alone.
  public static let errorSymbol: Character = "✗"
  /// Columns kept free left of the cells so the shake can move them both ways.
  static let shakeMargin = ShakeCurve.maximumColumns

  /// The profile this renderer writes for.
  public let profile: OutputProfile
  /// Whether SGR colour sequences may be written.
  public let usesColor: Bool
  /// The terminal's width in columns; the status line stays at least one column shorter.
  public var width: Int
  /// The words of announcements.
  public let catalogue: AnnouncementCatalogue
  /// Where the screen-reader profile leaves the cursor.
  public let lineDiscipline: LineDiscipline
  private var lastStatusLine: String?
  /// Whether the cursor rests on an empty line (as when a program starts after a shell command), so the
  /// screen-reader profile's next line needs no newline first.
  private var cursorOnEmptyLine = true

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - profile: The output profile.
  ///   - usesColor: Whether colour may be used (only in the visual profile).
  ///   - width: The terminal's width in columns.
  ///   - lineDiscipline: Where the screen-reader profile leaves the cursor.
  ///   - catalogue: The words of announcements.
  public init(
    profile: OutputProfile, usesColor: Bool, width: Int, lineDiscipline: LineDiscipline = .caretAfterWords,
    catalogue: AnnouncementCatalogue = .english
  ) {
    self.profile = profile
    self.usesColor = usesColor && profile == .visual
    self.width = max(width, 10)
    self.lineDiscipline = lineDiscipline
    self.catalogue = catalogue
  }

  /// Text for a line that is not an announcement (a heading or a hint), in this profile's form.
  ///
  /// - Parameter text: The line's words.
  /// - Returns: The bytes to write: in the visual profile the line and a newline, after clearing the status
  ///   line if one is drawn; in the others the line as ``announce(_:)`` writes one.
  public mutating func line(_ text: String) -> String {
    switch profile {
    case .visual:
      var output = ""
      if lastStatusLine != nil {
        output += "\r\u{1b}[2K"
        lastStatusLine = nil
      }
      return output + text + "\n"
    case .plain:
      return text + "\n"
    case .screenReader:
      let start = cursorOnEmptyLine ? "" : "\n"
      cursorOnEmptyLine = false
      switch lineDiscipline {
      case .caretAfterWords: return start + text
      case .caretAtLineStart: return start + text + "\r"
      }
    }
  }

  /// Text for a display update: the redrawn status line in the visual profile, nothing otherwise.
  ///
  /// - Parameter display: What to draw.
  /// - Returns: The bytes to write; empty when nothing changed.
  public mutating func render(_ display: EntryDisplay) -> String {
    guard profile == .visual else { return "" }
    let line = statusLine(display)
    guard line != lastStatusLine else { return "" }
    lastStatusLine = line
    return "\r\u{1b}[2K" + line
  }

  /// Text for an announcement: a new line of words in the screen-reader and plain profiles; nothing in
  /// the visual profile, whose status line already shows the newest announcement.
  ///
  /// - Parameter announcement: What to say.
  /// - Returns: The bytes to write.
  public mutating func announce(_ announcement: Announcement) -> String {
    guard profile != .visual else { return "" }
    return line(catalogue.text(for: announcement))
  }

  /// Text that ends the prompt: the visual profile's status line, or the screen-reader profile's last line
  /// of words, is finished with a newline so the shell prompt starts on a clean line.
  ///
  /// - Returns: The bytes to write.
  public mutating func finish() -> String {
    switch profile {
    case .visual:
      guard lastStatusLine != nil else { return "" }
      lastStatusLine = nil
      return "\n"
    case .screenReader:
      guard !cursorOnEmptyLine else { return "" }
      cursorOnEmptyLine = true
      return "\n"
    case .plain:
      return ""
    }
  }

  /// Text that redraws the status line from scratch (after a resize or a resume).
  ///
  /// - Parameter display: What to draw.
  /// - Returns: The bytes to write.
  public mutating func redraw(_ display: EntryDisplay) -> String {
    lastStatusLine = nil
    return render(display)
  }

  /// The visual status line, without the leading carriage return and erase.
  ///
  /// - Parameter display: What to draw.
  /// - Returns: The line, cut to fit the width.
  public func statusLine(_ display: EntryDisplay) -> String {
    let isError = display.phase == .rejected || (display.message?.isError ?? false)
    let offset = min(max(display.shakeOffset, -Self.shakeMargin), Self.shakeMargin)
    var cells = ""
    if display.fixedLength != nil {
      for cell in display.cells { cells.append(glyph(for: cell)) }
    } else {
      cells = String(repeating: Self.filledGlyph, count: min(display.enteredCount, 64))
      if display.enteredCount > 64 { cells += "…" }
      if display.enteredCount == 0 { cells = String(Self.emptyGlyph) }
    }
    var message = display.message.map(catalogue.text(for:)) ?? ""
    if isError, !message.isEmpty { message = "\(Self.errorSymbol) \(message)" }
    let margin = String(repeating: " ", count: Self.shakeMargin + offset)
    let trailing = String(repeating: " ", count: Self.shakeMargin - offset)
    // The line stays at least one column shorter than the terminal, so it never wraps: the message is
    // cut first, then the cells.
    let budget = width - 1
    let cellsBudget = budget - margin.count
    if cells.count > cellsBudget { cells = String(cells.prefix(max(0, cellsBudget))) }
    let room = budget - margin.count - cells.count - trailing.count - 2
    if message.count > room {
      message = room >= 2 ? String(message.prefix(room - 1)) + "…" : ""
    }
    let separator = message.isEmpty ? "" : String(trailing.prefix(max(0, budget - margin.count - cells.count))) + "  "
    guard usesColor else { return margin + cells + separator + message }
    let style = isError ? "\u{1b}[1;31m" : display.phase == .accepted ? "\u{1b}[1;32m" : "\u{1b}[1m"
    return margin + style + cells + "\u{1b}[0m" + separator + (isError ? style + message + "\u{1b}[0m" : message)
  }

  private func glyph(for cell: EntryDisplay.Cell) -> Character {
    switch cell.content {
    case .empty: Self.emptyGlyph
    case .masked: Self.filledGlyph
    case let .visible(scalar): Character(scalar)
    }
  }
}
