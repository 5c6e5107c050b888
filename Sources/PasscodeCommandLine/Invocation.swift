import PasscodePreferences

/// One parsed run of `passcode`: what to do, and how.
package struct Invocation: Equatable, Sendable {
  /// The subcommand.
  package var subcommand: Subcommand
  /// `exec`'s command, or the one `polkit-agent` runs: the program, then its arguments, untouched; never empty
  /// for `exec`, and empty for every other subcommand.
  package var execCommand: [String]
  /// What `agent` was asked to do; the defaults for every other subcommand.
  package var agent: AgentOptions
  /// What `polkit-agent` was asked to do; the defaults for every other subcommand.
  package var polkit = PolkitAgentOptions()
  /// `askpass`'s one argument, as crypttab passes it (its third field, `none` for a passphrase typed at
  /// boot), untouched; `nil` when none was given, and for every other subcommand.
  package var askpassArgument: String?
  /// `askpass --unlocked`: say "Disk unlocked" and ask nothing (passcode's initramfs-tools local-premount
  /// script, once the disk's mapping exists); `false` for every other subcommand.
  package var askpassSaysUnlocked = false
  /// The options, with the environment (and, after ``applying(_:configFile:)``, the config file) applied.
  package var options: CommonOptions
  /// Where each preference in ``options`` came from.
  package var sources: PreferenceSources
  /// Options `pinentry` did not know and ignored, as spelled (other pinentry clients pass options of their
  /// own, such as `--grab`); every other subcommand refuses an unknown option.
  package var ignoredOptions: [String] = []

  /// Makes an invocation.
  ///
  /// - Parameters:
  ///   - subcommand: The subcommand.
  ///   - options: The options, with the environment already applied.
  ///   - sources: Where each preference came from.
  ///   - execCommand: `exec`'s command and its arguments.
  ///   - agent: `agent`'s options.
  package init(
    subcommand: Subcommand, options: CommonOptions = CommonOptions(), sources: PreferenceSources = .init(),
    execCommand: [String] = [], agent: AgentOptions = AgentOptions()
  ) {
    self.subcommand = subcommand
    self.execCommand = execCommand
    self.agent = agent
    self.options = options
    self.sources = sources
  }

  /// A preference in force with where it came from, such as `setting(\.speech)`.
  ///
  /// - Parameter field: The option that holds the preference.
  /// - Returns: Its value and its source.
  package func setting<Value: PreferenceValue>(_ field: KeyPath<CommonOptions, Value>) -> Setting<Value> {
    Setting(options[keyPath: field], from: sources[Value.preference])
  }

  /// Fills in the preferences that neither an option nor the environment gave from the config file
  /// (precedence: option, environment, config file, default).
  ///
  /// - Parameters:
  ///   - configured: What the config file gave.
  ///   - configFile: The config file's path, for ``sources``.
  /// - Returns: The invocation with those preferences applied.
  package func applying(_ configured: ConfiguredPreferences, configFile: String) -> Invocation {
    var result = self
    func take<Value>(_ preference: Preference, _ value: Value?, _ field: WritableKeyPath<CommonOptions, Value>) {
      guard result.sources[preference] == .defaultValue, let value, let line = configured.lines[preference] else {
        return
      }
      result.options[keyPath: field] = value
      result.sources[preference] = .configuration(path: configFile, line: line)
    }
    take(.speech, configured.speech, \.speech)
    take(.profile, configured.profile, \.profile)
    take(.reduceMotion, configured.reduceMotion, \.reduceMotion)
    take(.sound, configured.sound, \.sound)
    take(.progress, configured.progress, \.progress)
    take(.mask, configured.mask, \.mask)
    for preference in Preference.allCases where preference.isVoiceLevel {
      take(preference, configured.voice[level: preference], \.voice[level: preference])
    }
    take(.speechVoice, configured.voice.voice, \.voice.voice)
    return result
  }
}
