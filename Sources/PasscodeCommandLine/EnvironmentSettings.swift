import PasscodeEngine
import PasscodeLocalization
import PasscodePreferences

/// Applies the environment to options the command line did not give.
enum EnvironmentSettings {
  /// Fills in `options` from the environment's reading (``EnvironmentPreferences``, the same one another tool's
  /// prompt uses), for the options `subcommand` takes and the command line left out, and records in `sources`
  /// which preferences it gave. `PASSCODE_HOME` and `NO_COLOR` are not read here but where they act: by
  /// `StoreLocation` and by `TerminalCapabilities`.
  ///
  /// - Throws: ``UsageError`` when a variable that applies holds a value it does not take: the first, in
  ///   ``PreferenceVariable``'s order.
  static func apply(
    _ environment: [String: String], to options: inout CommonOptions, sources: inout PreferenceSources,
    subcommand: Subcommand, given: Set<Option>
  ) throws(UsageError) {
    let accepted = Set(subcommand.options)
    func applies(_ variable: PreferenceVariable) -> Bool {
      // A variable stands in for the option named as its preference: PASSCODE_SPEECH_RATE for --speech-rate.
      guard let option = Option.named("--" + variable.preference.rawValue) else { return false }
      return accepted.contains(option) && !given.contains(option)
    }
    let reading = EnvironmentPreferences(environment: environment)
    if let refusal = reading.refused.first(where: { applies($0.variable) }) {
      throw UsageError(
        .invalidEnvironment(
          variable: refusal.variable.rawValue, value: refusal.value, expectation: expectation(for: refusal.variable)),
        subcommand: subcommand)
    }
    /// Sets what `variable` gave, when it applies, and says where it came from.
    func take<Value>(_ variable: PreferenceVariable, _ value: Value?, _ set: (inout CommonOptions, Value) -> Void) {
      guard applies(variable), let value else { return }
      set(&options, value)
      sources[variable.preference] = variable.source
    }
    take(.reduceMotion, reading.reduceMotion) { $0.reduceMotion = $1 }
    take(.speech, reading.speech) { $0.speech = $1 }
    take(.progress, reading.progress) { $0.progress = $1 }
    take(.mask, reading.mask) { $0.mask = $1 }
    for variable in [PreferenceVariable.speechRate, .speechPitch, .speechVolume] {
      let preference = variable.preference
      take(variable, reading.voice[level: preference]) { $0.voice[level: preference] = $1 }
    }
    take(.speechVoice, reading.voice.voice) { $0.voice.voice = $1 }
  }

  /// What a variable takes, for the usage error that refuses its value.
  private static func expectation(for variable: PreferenceVariable) -> String {
    switch variable {
    case .reduceMotion: Localization.text("Please provide 1, true, yes or on, or 0, false, no or off.")
    case .speech: Localization.text("Please provide one of 'auto', 'on' or 'off'.")
    case .progress: Localization.text("Please provide one of 'count', 'tick' or 'silent'.")
    case .mask: Localization.text("Please provide one of 'circle', 'asterisk', 'bullet' or 'none'.")
    case .speechRate, .speechPitch, .speechVolume, .speechVoice: Option.voiceExpectation(for: variable.preference)
    }
  }
}
