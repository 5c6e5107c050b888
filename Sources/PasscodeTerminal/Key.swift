/// A key press decoded from terminal bytes by ``KeyDecoder``.
///
/// Its descriptions never name the character typed.
package enum Key: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// A printable ASCII character or any other complete, valid Unicode scalar. Keypad application-mode
  /// keys arrive as the characters they show (`"0"`…`"9"`, `"+"`, `"-"`, `"*"`, `"/"`, `"."`).
  case character(Unicode.Scalar)
  /// Backspace or Delete (0x7f, 0x08).
  case backspace
  /// Ctrl-U (0x15): clear everything typed.
  case clear
  /// Return, line feed, or keypad Enter (`ESC O M`).
  case enter
  /// Escape pressed on its own.
  case escape
  /// Ctrl-C (0x03).
  case interrupt
  /// Ctrl-D (0x04).
  case endOfFile
  /// Ctrl-Z (0x1a).
  case suspend
  /// Ctrl-\ (0x1c).
  case quit
  /// Ctrl-R (0x12): read the status again.
  case reread
  /// Tab (0x09, or the keypad's `ESC O I`): ask for more time. A control character, so never part of a code.
  case moreTime
  /// Ctrl-G (0x07): have the caller generate the entry (a pinentry's `SETGENPIN`); not allowed elsewhere.
  case generate
  /// A bracketed paste.
  case paste(PastedText)
  /// An invalid UTF-8 sequence or a control byte with no meaning here.
  case invalid
  /// A complete escape sequence (CSI, SS3, OSC, DCS and the like) that means nothing here: function keys,
  /// Delete, a key with a modifier, Alt-combinations. Its bytes are consumed and not reported.
  case unknownSequence
  /// A navigation key as a keypad sends it with Num Lock off, in place of a digit: an arrow, Home, End,
  /// Page Up or Down, Insert, or the keypad's 5 ("begin"), in xterm's normal and application modes and the
  /// Linux console's encodings. The editing block's keys send the same sequences, save the keypad's 5.
  /// Delete (`ESC [ 3 ~`) is not one: the editing Delete key sends it too, and a person who presses it
  /// means to delete, not to type a digit, so it stays an ``unknownSequence`` as before.
  case keypadNavigation

  /// A description that names the kind of key, never the character.
  package var description: String {
    switch self {
    case .character: "character"
    case .backspace: "backspace"
    case .clear: "clear"
    case .enter: "enter"
    case .escape: "escape"
    case .interrupt: "interrupt"
    case .endOfFile: "endOfFile"
    case .suspend: "suspend"
    case .quit: "quit"
    case .reread: "reread"
    case .moreTime: "moreTime"
    case .generate: "generate"
    case .paste(let text): "paste(\(text))"
    case .invalid: "invalid"
    case .unknownSequence: "unknownSequence"
    case .keypadNavigation: "keypadNavigation"
    }
  }

  /// The same as ``description``.
  package var debugDescription: String { description }
}
