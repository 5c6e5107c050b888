import PasscodeEngine

/// How speech-dispatcher's voice sounds for `passcode` (`--speech-rate`, `--speech-pitch`, `--speech-volume`,
/// `--speech-voice`, their `PASSCODE_SPEECH_*` variables and config keys): each is sent with `SET SELF` on
/// the connection, right after connecting and after each reconnect. A value not given is not sent, so the
/// daemon's own (its `speechd.conf`, or a screen reader's settings for it) stays in force.
package struct VoiceSettings: Equatable, Hashable, Sendable {
  /// `SET SELF RATE`: slower below 0, faster above.
  package var rate: Int?
  /// `SET SELF PITCH`: lower below 0, higher above.
  package var pitch: Int?
  /// `SET SELF VOLUME`: quieter below 100, speech-dispatcher's factory default.
  package var volume: Int?
  /// `SET SELF VOICE_TYPE` or `SET SELF SYNTHESIS_VOICE`.
  package var voice: SpeechVoice?

  /// The levels SSIP takes for rate, pitch and volume.
  package static let levels = -100...100

  /// Creates voice settings; by default none, so the daemon's own are kept.
  ///
  /// - Parameters:
  ///   - rate: The rate, within ``levels``.
  ///   - pitch: The pitch, within ``levels``.
  ///   - volume: The volume, within ``levels``.
  ///   - voice: The voice.
  package init(rate: Int? = nil, pitch: Int? = nil, volume: Int? = nil, voice: SpeechVoice? = nil) {
    self.rate = rate
    self.pitch = pitch
    self.volume = volume
    self.voice = voice
  }

  /// Reads a level as every layer writes it: ASCII digits with an optional sign, such as `-40` or `+25`.
  ///
  /// - Parameter text: The text, trimmed.
  /// - Returns: The level, or `nil` when it is not a whole number within ``levels``.
  package static func level<Text: StringProtocol>(_ text: Text) -> Int? {
    var digits = Substring(text)
    var sign = 1
    if let first = digits.first, first == "-" || first == "+" {
      sign = first == "-" ? -1 : 1
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 3, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let magnitude = Int(digits), levels.contains(sign * magnitude)
    else { return nil }
    return sign * magnitude
  }

  /// The level a preference holds, for ``Preference/speechRate``, ``Preference/speechPitch`` and
  /// ``Preference/speechVolume``; `nil` for the others.
  package subscript(level preference: Preference) -> Int? {
    get {
      switch preference {
      case .speechRate: rate
      case .speechPitch: pitch
      case .speechVolume: volume
      default: nil
      }
    }
    set {
      switch preference {
      case .speechRate: rate = newValue
      case .speechPitch: pitch = newValue
      case .speechVolume: volume = newValue
      default: break
      }
    }
  }
}

/// The voice asked for: one of SSIP's symbolic voice types, which every output module maps to a voice of
/// the language in use, or the name of one of the synthesiser's own voices, as `spd-say -L` lists them.
package enum SpeechVoice: Equatable, Hashable, Sendable {
  /// A symbolic voice (`SET SELF VOICE_TYPE`): it follows the language, so it suits every catalogue.
  case type(VoiceType)
  /// A voice of the synthesiser (`SET SELF SYNTHESIS_VOICE`), such as `Spanish (Spain)+Annie`; it may
  /// override the language, so it is sent after it.
  case named(String)

  /// The longest voice name accepted.
  package static let maximumNameLength = 100

  /// Reads a voice as every layer writes it: a voice type's name in any case (`female1`), else a voice name.
  /// Fails when the text is empty, longer than ``maximumNameLength`` or holds what the sanitiser takes away
  /// (a control, a line feed that would end the SSIP line, a format character).
  ///
  /// - Parameter text: The text, trimmed.
  package init?(_ text: String) {
    if let type = VoiceType(rawValue: text.lowercased()) {
      self = .type(type)
      return
    }
    guard !text.isEmpty, text.unicodeScalars.count <= Self.maximumNameLength, SanitizedText(text).text == text,
      text.trimmingWhitespace() == text
    else { return nil }
    self = .named(text)
  }

  /// The voice as written: the type's name in lower case, or the voice's name.
  package var text: String {
    switch self {
    case let .type(type): type.rawValue
    case let .named(name): name
    }
  }
}

/// SSIP's standard voices (`LIST VOICES`).
package enum VoiceType: String, CaseIterable, Hashable, Sendable {
  /// Male voices, from the first.
  case male1, male2, male3
  /// Female voices, from the first.
  case female1, female2, female3
  /// A child's male voice.
  case childMale = "child_male"
  /// A child's female voice.
  case childFemale = "child_female"
}
