import PasscodeEngine
import PasscodeLocalization
import PasscodePreferences

/// Applies the environment to options the command line did not give.
enum EnvironmentSettings {
  /// Fills in `options` from the environment, for the options `subcommand` takes and the command line
  /// left out, and records in `sources` which preferences it gave. `PASSCODE_HOME` and `NO_COLOR` are not
  /// read here but where they act: by `StoreLocation` and by `TerminalCapabilities`.
  ///
  /// - Throws: ``UsageError`` when a variable that applies holds a value it does not take.
  static func apply(
    _ environment: [String: String], to options: inout CommonOptions, sources: inout PreferenceSources,
    subcommand: Subcommand, given: Set<Option>
  ) throws(UsageError) {
    let accepted = Set(subcommand.options)
    func applies(_ option: Option) -> Bool { accepted.contains(option) && !given.contains(option) }

    let reduceMotionName = EnvironmentVariable.passcodeReduceMotion.rawValue
    if applies(.reduceMotion), let value = environment[reduceMotionName] {
      switch value.lowercased() {
      case "1", "true", "yes", "on":
        options.reduceMotion = true
        sources[.reduceMotion] = .environment(variable: reduceMotionName)
      case "": break
      case "0", "false", "no", "off":
        options.reduceMotion = false
        sources[.reduceMotion] = .environment(variable: reduceMotionName)
      default:
        throw UsageError(
          .invalidEnvironment(
            variable: reduceMotionName, value: value,
            expectation: Localization.text("Please provide 1, true, yes or on, or 0, false, no or off.")),
          subcommand: subcommand)
      }
    }
    /// Reads a variable whose values are a preference's named words, in any case; empty is not set.
    func applyChoice<Value: PreferenceValue>(
      _ variable: EnvironmentVariable, for option: Option, into field: WritableKeyPath<CommonOptions, Value>,
      expectation: @autoclosure () -> String
    ) throws(UsageError) {
      let name = variable.rawValue
      guard applies(option), let value = environment[name], !value.isEmpty else { return }
      guard let choice = Value(rawValue: value.lowercased()) else {
        throw UsageError(
          .invalidEnvironment(variable: name, value: value, expectation: expectation()), subcommand: subcommand)
      }
      options[keyPath: field] = choice
      sources[Value.preference] = .environment(variable: name)
    }
    try applyChoice(
      .passcodeSpeech, for: .speech, into: \.speech,
      expectation: Localization.text("Please provide one of 'auto', 'on' or 'off'."))
    try applyChoice(
      .passcodeProgress, for: .progress, into: \.progress,
      expectation: Localization.text("Please provide one of 'count', 'tick' or 'silent'."))
    try applyVoice(environment, to: &options, sources: &sources, subcommand: subcommand, given: given)
  }

  /// The voice's variables (`PASSCODE_SPEECH_RATE`, `_PITCH`, `_VOLUME`, `_VOICE`), where `--speech` applies
  /// and the command line did not give the option; an empty variable is as one not set.
  private static func applyVoice(
    _ environment: [String: String], to options: inout CommonOptions, sources: inout PreferenceSources,
    subcommand: Subcommand, given: Set<Option>
  ) throws(UsageError) {
    guard subcommand.options.contains(.speech) else { return }
    let variables: [(Option, EnvironmentVariable)] = [
      (.speechRate, .passcodeSpeechRate), (.speechPitch, .passcodeSpeechPitch),
      (.speechVolume, .passcodeSpeechVolume), (.speechVoice, .passcodeSpeechVoice),
    ]
    for (option, variable) in variables where !given.contains(option) {
      guard let preference = option.voicePreference, let value = environment[variable.rawValue], !value.isEmpty
      else { continue }
      let trimmed = String(value.trimmingWhitespace())
      if preference == .speechVoice, let voice = SpeechVoice(trimmed) {
        options.voice.voice = voice
      } else if preference.isVoiceLevel, let level = VoiceSettings.level(trimmed) {
        options.voice[level: preference] = level
      } else {
        throw UsageError(
          .invalidEnvironment(
            variable: variable.rawValue, value: value, expectation: Option.voiceExpectation(for: preference)),
          subcommand: subcommand)
      }
      sources[preference] = .environment(variable: variable.rawValue)
    }
  }
}
