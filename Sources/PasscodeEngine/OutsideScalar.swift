/// What may be shown of one Unicode scalar of outside text, decided by its Unicode properties rather than
/// by a list: the one rule behind ``SanitizedText`` (the sanitiser) and the check in PasscodeLocalization that
/// refuses a catalogue's translation, which sits above the engine.
///
/// Removed: every control (C0, DEL, C1: general category Cc), every format character (Cf: the bidi marks,
/// embeddings, overrides and isolates, LRM, RLM and ALM, the zero-width space, joiners and word joiner, the
/// BOM, the invisible operators, the soft hyphen, the interlinear annotation marks, the Arabic number signs
/// that draw over the digits after them, the tag characters) and every other default-ignorable code point
/// (the Hangul fillers, which are letters that draw nothing; the combining grapheme joiner; the variation
/// selectors). Each of them is invisible, or moves or hides the text around it, and a screen reader reads
/// none of them. The zero-width joiner goes too, inside an emoji sequence as well: the pieces stay visible
/// (👨👩👧 for the family), and terminals disagree on how wide a joined sequence is, which would put the
/// cursor in the wrong place. Emoji tag sequences (the flags of England, Scotland and Wales) lose their tags
/// and become a black flag.
///
/// A line or paragraph separator (Zl, Zp) is a line break to some readers and not to the terminal, and a tab
/// moves the cursor to a column: each becomes a space. A private-use character (Co) has no agreed meaning,
/// nobody can read it aloud, and at least one terminal (kitty) draws images for one: it becomes U+FFFD.
///
/// Kept: everything else, including combining marks and unassigned code points (a newer Unicode's emoji
/// must not be mangled, and a terminal cannot act on a code point it does not know either). A surrogate
/// cannot occur: Swift strings hold only scalars, and decoding turns an encoded surrogate into U+FFFD.
package enum OutsideScalar: Equatable, Sendable {
  /// Shown as it is.
  case kept
  /// Shown as a space.
  case space
  /// Not shown at all.
  case removed
  /// Shown as U+FFFD, the replacement character.
  case replaced

  /// The treatment of a scalar met in ordinary text (escape sequences are the sanitiser's business).
  ///
  /// - Parameter scalar: The scalar.
  package init(_ scalar: Unicode.Scalar) {
    if scalar.isASCII {
      // The fast path for nearly all text: printable ASCII is kept, a tab is a space, the rest are controls.
      self = scalar.value >= 0x20 && scalar.value != 0x7F ? .kept : scalar == "\t" ? .space : .removed
      return
    }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .format, .surrogate: self = .removed
    case .lineSeparator, .paragraphSeparator: self = .space
    case .privateUse: self = .replaced
    default: self = properties.isDefaultIgnorableCodePoint ? .removed : .kept
    }
  }
}
