import PasscodeEngine

/// The person's preferences as the environment gives them (``PreferenceVariable``): the one reading, and the one
/// parser per variable, that `passcode` and another tool's prompt (`TerminalPasscodePrompt.current()`) both use.
///
/// A variable that is not set, or set to the empty string, gives nothing. A value a variable does not take gives
/// nothing either and is kept in ``refused``: `passcode` makes it a usage error naming the variable (exit 64);
/// the library, which has nobody to tell, ignores it and keeps the default.
package struct EnvironmentPreferences: Equatable, Sendable {
  /// A variable set to a value it does not take.
  package struct Refusal: Equatable, Sendable {
    /// The variable.
    package var variable: PreferenceVariable
    /// Its value, as set.
    package var value: String
  }

  /// `PASSCODE_SPEECH`.
  package var speech: SpeechMode?
  /// `PASSCODE_REDUCE_MOTION`.
  package var reduceMotion: Bool?
  /// `PASSCODE_PROGRESS`.
  package var progress: ProgressFeedback?
  /// `PASSCODE_MASK`.
  package var mask: CellMask?
  /// `PASSCODE_SPEECH_RATE`, `_PITCH`, `_VOLUME` and `_VOICE`; a field is `nil` where its variable gave nothing.
  package var voice = VoiceSettings()
  /// The variables set to a value they do not take, in ``PreferenceVariable``'s order.
  package var refused: [Refusal] = []

  /// Reads every preference variable of `environment`.
  ///
  /// - Parameter environment: The process environment.
  package init(environment: [String: String]) {
    for variable in PreferenceVariable.allCases {
      guard let value = environment[variable.rawValue], !value.isEmpty else { continue }
      if !read(variable, value) { refused.append(Refusal(variable: variable, value: value)) }
    }
  }

  /// Parses one variable's value into its field; `false` when the value is not one it takes.
  private mutating func read(_ variable: PreferenceVariable, _ value: String) -> Bool {
    switch variable {
    case .reduceMotion:
      switch value.lowercased() {
      case "1", "true", "yes", "on": reduceMotion = true
      case "0", "false", "no", "off": reduceMotion = false
      default: return false
      }
    case .speech:
      guard let mode = SpeechMode(rawValue: value.lowercased()) else { return false }
      speech = mode
    case .progress:
      guard let choice = ProgressFeedback(rawValue: value.lowercased()) else { return false }
      progress = choice
    case .mask:
      guard let choice = CellMask(rawValue: value.lowercased()) else { return false }
      mask = choice
    case .speechRate, .speechPitch, .speechVolume:
      guard let level = VoiceSettings.level(value.trimmingWhitespace()) else { return false }
      voice[level: variable.preference] = level
    case .speechVoice:
      guard let chosen = SpeechVoice(String(value.trimmingWhitespace())) else { return false }
      voice.voice = chosen
    }
    return true
  }
}
