import PasscodeEngine

/// Where the screen-reader profile leaves the cursor after a line of words, decided once at start from the
/// reader that was detected (Docs/ScreenReaders.md, "Line discipline").
///
/// Both kinds start a line with a newline (left out when the cursor already rests on an empty line) and never
/// end one with a newline, so the words a reader is told about are the last thing written. They differ in where
/// the cursor rests:
/// - Orca speaks text written after BackSpace, Escape or no key at all only when it ends at the caret;
/// - Fenrir takes a one-line change for key echo, and drops it, when the cursor moved sideways by the change's
///   length, and brltty shows the part of a long line around the cursor. Both are satisfied when the cursor
///   always rests at column 0 of the newest line.
package enum LineDiscipline: Equatable, Sendable {
  /// The cursor rests right after the last word for the reading time, so Orca speaks the line, then goes back to
  /// the line's start, so Orca's braille shows the line from its first cell (desktop readers: Orca, AT-SPI; also
  /// when none was detected).
  case caretAfterWords
  /// The cursor rests at column 0 of the line of words (readers of the text screen: Fenrir, brltty, Speakup).
  case caretAtLineStart

  /// How long a line must stay with the caret at its end before the prompt moves the caret off it (to the line's
  /// start while it waits, to a fresh line when it ends), or `nil` when that does not matter. Orca reads a line some milliseconds after it appears, and after
  /// Escape (a key that is no "cause") speaks it only if the caret is still at its end: "Cancelled" followed at
  /// once by the final newline was never spoken.
  package var readingTime: Duration? {
    switch self {
    case .caretAfterWords: .milliseconds(200)
    case .caretAtLineStart: nil
    }
  }

  /// The discipline for the readers found: a desktop reader wins, because it also drives braille itself;
  /// otherwise a reader of the text screen; otherwise ``caretAfterWords``.
  ///
  /// - Parameter readers: The readers found.
  package init(readers: [ScreenReader]) {
    if readers.contains(where: { !$0.readsTextScreen }) {
      self = .caretAfterWords
    } else if !readers.isEmpty {
      self = .caretAtLineStart
    } else {
      self = .caretAfterWords
    }
  }
}
