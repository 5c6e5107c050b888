import PasscodeEngine
import PasscodePreferences

/// A value checked before libspeechd writes it into a line of SSIP: the one check every such value passes
/// in ``SpeechDispatcherCalls``, built on ``SanitizedText``.
///
/// libspeechd copies values into its command lines as they are: the user, client and connection names into
/// `SET SELF CLIENT_NAME "user:client:connection"`, the language into `SET SELF LANGUAGE`, a voice's name
/// into `SET SELF SYNTHESIS_VOICE`. A carriage return or line feed in one ends the line, and what follows is
/// a command of its own (`SPEAK`, `SET SELF VOLUME -100`); a quote ends the client name's string early, and
/// a colon adds a field to it. So:
/// - a name (user, client, connection, language) is one word: not empty, at most ``maximumNameLength``
///   scalars, unchanged by the sanitiser, and with no white space, quote, backslash or colon;
/// - a voice's name may hold inner spaces (`Spanish (Spain)+Annie`) but is otherwise held to the same rule
///   and at most `SpeechVoice.maximumNameLength` scalars;
/// - spoken text is cleaned, its line breaks made spaces, so nothing in it can end SSIP's data block.
///
/// A name that fails is dropped, never repaired: what is left of a hostile value once its bad characters
/// are taken out is still the attacker's choice (or somebody else's name), and the daemon's own default, or
/// the password database's user name, is always a safe answer. Spoken text is the exception: the person must
/// still hear it, and cleaning is what the screen does to the same words.
struct SSIPValue: Equatable, Sendable {
  /// The value as it goes on the line.
  let text: String

  /// The longest name accepted, in Unicode scalars; a login name is at most 32 bytes on Linux.
  static let maximumNameLength = 64

  /// A name for the client name's fields or the language: one word.
  ///
  /// - Parameter name: The name as given, such as `USER`'s value.
  init?(name: String) {
    guard Self.isClean(name, maximumLength: Self.maximumNameLength),
      !name.unicodeScalars.contains(where: { $0 == ":" || $0.properties.isWhitespace })
    else { return nil }
    text = name
  }

  /// A synthesiser's voice name: inner spaces are kept, nothing else that could end or split the line.
  ///
  /// - Parameter voiceName: The name as given, such as `Spanish (Spain)+Annie`.
  init?(voiceName: String) {
    guard Self.isClean(voiceName, maximumLength: SpeechVoice.maximumNameLength),
      voiceName.trimmingWhitespace() == voiceName,
      voiceName.unicodeScalars.allSatisfy({ $0 == " " || !$0.properties.isWhitespace })
    else { return nil }
    text = voiceName
  }

  /// A user's number, such as `1000`: digits are always a name.
  ///
  /// - Parameter userNumber: The number.
  init(userNumber: UInt32) {
    text = String(userNumber)
  }

  /// Words to speak, cleaned: no escape sequence, control or invisible character, and each line break a
  /// space.
  ///
  /// - Parameter spoken: The words as the announcer was given them.
  init(spoken: String) {
    let cleaned = SanitizedText(spoken, allowsNewlines: true).text
    text = String(String.UnicodeScalarView(cleaned.unicodeScalars.map { $0 == "\n" ? " " : $0 }))
  }

  /// Not empty, not too long, unchanged by the sanitiser, and with no quote or backslash.
  private static func isClean(_ value: String, maximumLength: Int) -> Bool {
    !value.isEmpty && value.unicodeScalars.count <= maximumLength && SanitizedText(value).text == value
      && !value.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" })
  }
}
