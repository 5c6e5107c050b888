/// Makes outside text (an ask file's `Message=` and `Id=`) safe to show and speak.
///
/// TO BE REPLACED by the project's one sanitiser type when the `hardening` work (issue 12) lands; this
/// is the only place the agent cleans text, so the swap is one call. Until then it removes ESC
/// sequences (CSI, OSC and the two-byte forms), every other C0 and C1 control, and the bidirectional
/// embedding, override and isolate characters; it turns tabs and line breaks into spaces, squeezes
/// runs of spaces, and shortens the result to `limit` characters, ending with "…".
public enum OutsideText {
  /// The most characters kept by default: enough for any real question, short enough to speak.
  public static let defaultLimit = 300

  /// The cleaned text.
  ///
  /// - Parameters:
  ///   - text: Text from outside the program.
  ///   - limit: The most characters kept.
  /// - Returns: Printable text on one line, possibly empty.
  public static func sanitised(_ text: String, limit: Int = defaultLimit) -> String {
    var scalars: [Unicode.Scalar] = []
    var iterator = text.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      switch scalar.value {
      case 0x1B:
        skipEscapeSequence(&iterator)
      case 0x9B:
        skipControlSequence(&iterator)
      case 0x09, 0x0A, 0x0D:
        appendSpace(&scalars)
      case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
        continue
      case 0x20:
        appendSpace(&scalars)
      default:
        scalars.append(scalar)
      }
    }
    while scalars.last == " " { scalars.removeLast() }
    var cleaned = String(String.UnicodeScalarView(scalars))
    if cleaned.count > limit { cleaned = String(cleaned.prefix(max(limit - 1, 0))) + "…" }
    return cleaned
  }

  private static func appendSpace(_ scalars: inout [Unicode.Scalar]) {
    guard let last = scalars.last, last != " " else { return }
    scalars.append(" ")
  }

  /// After ESC: a CSI (`[`) or an OSC/DCS/APC/PM/SOS string, or one more byte.
  private static func skipEscapeSequence(_ iterator: inout String.UnicodeScalarView.Iterator) {
    guard let next = iterator.next() else { return }
    switch next {
    case "[": skipControlSequence(&iterator)
    case "]", "P", "_", "^", "X": skipString(&iterator)
    default: return
    }
  }

  /// Parameters and intermediates up to the final byte in `@`...`~`.
  private static func skipControlSequence(_ iterator: inout String.UnicodeScalarView.Iterator) {
    while let scalar = iterator.next() {
      if (0x40...0x7E).contains(scalar.value) { return }
    }
  }

  /// Up to BEL or ST (ESC `\`).
  private static func skipString(_ iterator: inout String.UnicodeScalarView.Iterator) {
    while let scalar = iterator.next() {
      if scalar.value == 0x07 || scalar.value == 0x9C { return }
      if scalar.value == 0x1B {
        _ = iterator.next()
        return
      }
    }
  }
}
