/// How the prompt presents itself (`profile` in the config file, `--screen-reader` on the command line), as
/// the person asked; the terminal's `OutputProfile` is what it becomes once `auto` is resolved.
package enum ProfileChoice: String, CaseIterable, PreferenceValue {
  /// The screen-reader profile when a screen reader is reading, else the visual one on a terminal that
  /// takes escape codes, else plain text.
  case auto
  /// One status line redrawn in place, even when a screen reader was found (plain text on a dumb terminal).
  case visual
  /// Every announcement a new line of words: for screen readers and braille displays.
  case screenReader = "screen-reader"
  /// Plain lines with no escape codes at all.
  case plain

  /// ``Preference/profile``.
  package static var preference: Preference { .profile }
}
