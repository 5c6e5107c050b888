/// How the prompt presents itself; see Docs/Accessibility.md §2.
///
/// This is the profile in force, decided once by ``TerminalCapabilities``, not the person's choice
/// (`ProfileChoice`, in the preferences): it has no `auto`, which is resolved here from the screen readers
/// found, the terminal and the output, and a choice can still give way (`visual` on `TERM=dumb` is plain).
package enum OutputProfile: Equatable, Sendable {
  /// One status line redrawn in place, with glyphs and colour.
  case visual
  /// Each announcement appended as a new line of words; nothing redrawn.
  case screenReader
  /// Plain text without any escape codes, for `TERM=dumb` or output that is not a terminal.
  case plain
}
