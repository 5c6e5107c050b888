import PasscodeEngine
import PasscodeLocalization

/// A preference that the command line, the environment and the config file may each give, in that order
/// of precedence, over a default.
package enum Preference: String, CaseIterable, Hashable, Sendable {
  /// `--speech`, `PASSCODE_SPEECH`, `speech =`.
  case speech
  /// `--screen-reader`, `profile =`.
  case profile
  /// `--reduce-motion`, `PASSCODE_REDUCE_MOTION`, `reduce-motion =`.
  case reduceMotion = "reduce-motion"
  /// `--sound`, `--no-sound`, `sound =`.
  case sound
  /// `--progress`, `PASSCODE_PROGRESS`, `progress =`: how much the feedback reveals of the code's length.
  case progress
  /// `--mask`, `PASSCODE_MASK`, `mask =`: how the visual profile draws the cells.
  case mask
  /// `--speech-rate`, `PASSCODE_SPEECH_RATE`, `speech-rate =`.
  case speechRate = "speech-rate"
  /// `--speech-pitch`, `PASSCODE_SPEECH_PITCH`, `speech-pitch =`.
  case speechPitch = "speech-pitch"
  /// `--speech-volume`, `PASSCODE_SPEECH_VOLUME`, `speech-volume =`.
  case speechVolume = "speech-volume"
  /// `--speech-voice`, `PASSCODE_SPEECH_VOICE`, `speech-voice =`.
  case speechVoice = "speech-voice"

  /// The values the config file accepts for this key, for its error messages: the words, or for the voice
  /// the voice types (any other voice name is taken too), and none for a level.
  package var acceptedValues: [String] {
    switch self {
    case .speech: SpeechMode.allCases.map(\.rawValue)
    case .profile: ProfileChoice.allCases.map(\.rawValue)
    case .reduceMotion, .sound: ["yes", "no"]
    case .progress: ProgressFeedback.allCases.map(\.rawValue)
    case .mask: CellMask.allCases.map(\.rawValue)
    case .speechVoice: VoiceType.allCases.map(\.rawValue)
    case .speechRate, .speechPitch, .speechVolume: []
    }
  }

  /// Whether this is one of the voice's levels, a whole number within ``VoiceSettings/levels``.
  package var isVoiceLevel: Bool {
    self == .speechRate || self == .speechPitch || self == .speechVolume
  }
}

/// Where the value of a preference in force came from.
package enum SettingSource: Equatable, Hashable, Sendable {
  /// Nobody gave one.
  case defaultValue
  /// A line of the config file.
  case configuration(path: String, line: Int)
  /// An environment variable.
  case environment(variable: String)
  /// A command-line option, as spelled.
  case option(spelling: String)

  /// Whether a command-line option gave the value.
  package var isOption: Bool {
    if case .option = self { return true }
    return false
  }

  /// Says where a value came from, such as `speech = on (line 2 of /home/a/.config/passcode/config)`.
  ///
  /// - Parameters:
  ///   - preference: The preference.
  ///   - value: Its value as written, such as `on`.
  /// - Returns: The phrase.
  package func phrase(for preference: Preference, value: String) -> String {
    switch self {
    case .defaultValue: Localization.text("the default, {value}", ["value": value])
    case let .configuration(path, line):
      Localization.text(
        "{setting} = {value} on line {line} of {path}",
        ["setting": preference.rawValue, "value": value, "line": "\(line)", "path": SanitizedText(quoting: path).text])
    case let .environment(variable): "\(variable)=\(value)"
    case let .option(spelling):
      ["--speech", "--color", "--progress", "--mask"].contains { spelling.hasPrefix($0) }
        ? "\(spelling) \(value)" : spelling
    }
  }
}

/// Where each preference in force came from.
package struct PreferenceSources: Equatable, Hashable, Sendable {
  private var sources: [Preference: SettingSource] = [:]

  /// No preference given anywhere.
  package init() {}

  /// Where a preference came from; `.defaultValue` when nobody gave it.
  package subscript(preference: Preference) -> SettingSource {
    get { sources[preference] ?? .defaultValue }
    set { sources[preference] = newValue == .defaultValue ? nil : newValue }
  }
}

/// The preferences a config file gave, with the line each came from; `nil` where it gave none.
package struct ConfiguredPreferences: Equatable, Sendable {
  /// `speech = auto|on|off`.
  package var speech: SpeechMode?
  /// `profile = auto|visual|screen-reader|plain`.
  package var profile: ProfileChoice?
  /// `reduce-motion = yes|no`.
  package var reduceMotion: Bool?
  /// `sound = yes|no`.
  package var sound: Bool?
  /// `progress = count|tick|silent`.
  package var progress: ProgressFeedback?
  /// `mask = circle|asterisk|bullet|none`.
  package var mask: CellMask?
  /// `speech-rate`, `speech-pitch`, `speech-volume` and `speech-voice`.
  package var voice: VoiceSettings
  /// The line each key was on.
  package var lines: [Preference: Int]

  /// Creates preferences; by default none.
  ///
  /// - Parameters:
  ///   - speech: The speech mode.
  ///   - profile: The profile.
  ///   - reduceMotion: Whether to reduce motion.
  ///   - sound: Whether to play sound cues.
  ///   - progress: How much the feedback reveals.
  ///   - mask: How the visual profile draws the cells.
  ///   - voice: The voice's rate, pitch, volume and name.
  ///   - lines: The line each key was on.
  package init(
    speech: SpeechMode? = nil, profile: ProfileChoice? = nil, reduceMotion: Bool? = nil, sound: Bool? = nil,
    progress: ProgressFeedback? = nil, mask: CellMask? = nil, voice: VoiceSettings = VoiceSettings(),
    lines: [Preference: Int] = [:]
  ) {
    self.speech = speech
    self.profile = profile
    self.reduceMotion = reduceMotion
    self.sound = sound
    self.progress = progress
    self.mask = mask
    self.voice = voice
    self.lines = lines
  }

  /// Reads one `key = value` line of the config file when the key is a preference.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - value: The value, trimmed.
  ///   - line: The line number.
  /// - Returns: `false` when the key is no preference; `true` when it was read.
  /// - Throws: The line, with a reason naming the accepted values and the value refused, when it is not one
  ///   of them.
  package mutating func read(key: String, value: String, line: Int) throws(ConfigurationLineError) -> Bool {
    guard let preference = Preference(rawValue: key) else { return false }
    let normalized = value.lowercased()
    func refuse() -> ConfigurationLineError {
      let accepted = preference.acceptedValues
      let list = Localization.text(
        "{first} or {last}", ["first": accepted.dropLast().joined(separator: ", "), "last": accepted.last ?? ""])
      return ConfigurationLineError(
        line: line, reason: Localization.text("{key} must be {values}", ["key": key, "values": list]), value: value)
    }
    switch preference {
    case .speech:
      guard let mode = SpeechMode(rawValue: normalized) else { throw refuse() }
      speech = mode
    case .profile:
      guard let choice = ProfileChoice(rawValue: normalized) else { throw refuse() }
      profile = choice
    case .reduceMotion, .sound:
      let flag: Bool
      switch normalized {
      case "yes": flag = true
      case "no": flag = false
      default: throw refuse()
      }
      if preference == .sound { sound = flag } else { reduceMotion = flag }
    case .progress:
      guard let choice = ProgressFeedback(rawValue: normalized) else { throw refuse() }
      progress = choice
    case .mask:
      guard let choice = CellMask(rawValue: normalized) else { throw refuse() }
      mask = choice
    case .speechRate, .speechPitch, .speechVolume:
      guard let level = VoiceSettings.level(value) else {
        throw ConfigurationLineError(
          line: line,
          reason: Localization.text(
            "{key} must be a whole number from {minimum} to {maximum}",
            [
              "key": key, "minimum": "\(VoiceSettings.levels.lowerBound)",
              "maximum": "\(VoiceSettings.levels.upperBound)",
            ]),
          value: value)
      }
      voice[level: preference] = level
    case .speechVoice:
      guard let chosen = SpeechVoice(value) else {
        throw ConfigurationLineError(
          line: line,
          reason: Localization.text(
            "{key} must be a voice type such as female1 or a voice name of at most {maximum} characters, "
              + "without control characters",
            ["key": key, "maximum": "\(SpeechVoice.maximumNameLength)"]),
          value: value)
      }
      voice.voice = chosen
    }
    lines[preference] = line
    return true
  }
}
