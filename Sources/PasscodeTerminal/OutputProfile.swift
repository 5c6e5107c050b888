/// How the prompt presents itself; see Docs/Accessibility.md §2.
package enum OutputProfile: Equatable, Sendable {
  /// One status line redrawn in place, with glyphs and colour.
  case visual
  /// Each announcement appended as a new line of words; nothing redrawn.
  case screenReader
  /// Plain text without any escape codes, for `TERM=dumb` or output that is not a terminal.
  case plain
}
