/// Text from outside the program (a caller's title, gpg-agent's texts, argv, the environment), cleaned so
/// that it can be shown on a terminal and spoken without the terminal or the speech acting on it.
///
/// This is the one sanitiser. The renderer, the announcements and the command's error output accept free
/// text only as this type, so text that was not cleaned cannot reach them. Cleaning:
/// - removes whole escape sequences: ESC followed by one character, CSI (`ESC [` or 0x9B) up to its final
///   byte, and OSC, DCS, SOS, PM and APC (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`, or their 8-bit
///   introducers 0x9D, 0x90, 0x98, 0x9E, 0x9F) with their payload up to BEL or ST;
/// - removes every other C0 and C1 control character and DEL, keeping a line feed only when newlines are
///   allowed (a tab becomes a space);
/// - removes every Unicode format character and default-ignorable code point: the bidirectional marks,
///   embeddings, overrides and isolates (LRM, RLM, ALM, U+202A–U+202E, U+2066–U+2069), which could make text
///   read in an order other than the one it has, the zero-width characters (U+200B–U+200D, U+2060, U+FEFF),
///   the tag characters (U+E0000–U+E007F) and the rest, decided by Unicode property (`OutsideScalar`
///   says which and why, the zero-width joiner in emoji included);
/// - turns a line or paragraph separator (U+2028, U+2029) into a space, and a private-use character into
///   U+FFFD;
/// - turns bytes that are not valid UTF-8 into U+FFFD, one per maximal invalid subsequence.
///
/// Outside text quoted inside a message, such as a path, is cleaned the other way (``init(quoting:)``):
/// what cleaning would take away is shown as a visible escape, so the reader sees the real name.
public struct SanitizedText: Equatable, Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The cleaned text.
  public let text: String

  /// Cleans text.
  ///
  /// - Parameters:
  ///   - raw: The text as it came.
  ///   - allowsNewlines: Whether line feeds are kept (a multi-line error message); otherwise they are removed.
  public init(_ raw: String, allowsNewlines: Bool = false) {
    text = Self.clean(raw.unicodeScalars, allowsNewlines: allowsNewlines)
  }

  /// Cleans bytes that should be UTF-8 but may not be.
  ///
  /// - Parameters:
  ///   - bytes: The bytes as they came.
  ///   - allowsNewlines: Whether line feeds are kept.
  package init(bytes: some Collection<UInt8>, allowsNewlines: Bool = false) {
    // Decoding repairs invalid sequences to U+FFFD and never traps.
    self.init(String(decoding: bytes, as: UTF8.self), allowsNewlines: allowsNewlines)
  }

  /// Outside text quoted in a message, such as a path or an argument: nothing is taken away, so the reader
  /// sees the name as it really is, but every character cleaning would remove or change is written as a
  /// visible escape (`\n`, `\t`, `\r`, otherwise `\u{1B}` with the scalar's hexadecimal value), and a
  /// backslash as `\\`. A line feed in a directory's name then cannot start a line of its own (a forged
  /// `Fix it with: …`), and an escape sequence is shown, never sent.
  ///
  /// - Parameter raw: The text as it came, such as a path.
  public init(quoting raw: String) {
    var result = ""
    for scalar in raw.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if OutsideScalar(scalar) == .kept {
          result.unicodeScalars.append(scalar)
        } else {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      }
    }
    text = result
  }

  /// A literal written in the program's own source; it is cleaned too, which costs nothing and keeps the
  /// rule without exceptions.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The cleaned text.
  public var description: String { text }

  /// Whether nothing is left after cleaning.
  package var isEmpty: Bool { text.isEmpty }

  /// Cleaned text followed by more cleaned text.
  package static func + (lhs: SanitizedText, rhs: SanitizedText) -> SanitizedText {
    SanitizedText(verbatim: lhs.text + rhs.text)
  }

  private init(verbatim: String) {
    text = verbatim
  }

  /// Where the cleaner is inside an escape sequence.
  private enum SequenceState {
    /// Ordinary text.
    case text
    /// After ESC, waiting for the character that says what follows.
    case escape
    /// Inside a CSI sequence, waiting for its final byte (0x40–0x7E).
    case controlSequence
    /// Inside a string sequence (OSC, DCS, SOS, PM, APC), waiting for BEL or ST.
    case string
    /// Inside a string sequence, just after an ESC that may start ST (`ESC \`).
    case stringEscape
  }

  private static func clean(_ scalars: String.UnicodeScalarView, allowsNewlines: Bool) -> String {
    var result = String.UnicodeScalarView()
    var state = SequenceState.text
    for scalar in scalars {
      let value = scalar.value
      switch state {
      case .text:
        switch value {
        case 0x1B: state = .escape
        case 0x9B: state = .controlSequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .string
        case 0x0A where allowsNewlines: result.append(scalar)
        default:
          switch OutsideScalar(scalar) {
          case .kept: result.append(scalar)
          case .space: result.append(" ")
          case .removed: break
          case .replaced: result.append("\u{FFFD}")
          }
        }
      case .escape:
        switch value {
        case 0x5B: state = .controlSequence  // [
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string  // ] P X ^ _
        case 0x1B: state = .escape
        case 0x20...0x2F: state = .escape  // intermediate bytes of an ESC sequence such as ESC ( B
        default: state = .text  // the one final character of a two-character sequence
        }
      case .controlSequence:
        // Parameter and intermediate bytes (0x20–0x3F) continue it; anything else ends it. A control
        // character or a non-ASCII scalar in the middle ends it too and is dropped with it.
        if !(0x20...0x3F).contains(value) { state = value == 0x1B ? .escape : .text }
      case .string:
        switch value {
        case 0x07, 0x9C: state = .text
        case 0x1B: state = .stringEscape
        default: break
        }
      case .stringEscape:
        state = value == 0x5C ? .text : value == 0x1B ? .stringEscape : .string
      }
    }
    return String(result)
  }
}
