/// One parsed run of `passcode`: what to do, and how.
public struct Invocation: Equatable, Sendable {
  /// The subcommand and its arguments.
  public var command: Command
  /// The options, with the environment (and, after ``applying(_:configFile:)``, the config file) applied.
  public var options: CommonOptions
  /// Where each preference in ``options`` came from.
  public var sources: PreferenceSources

  /// Makes an invocation.
  ///
  /// - Parameters:
  ///   - command: The subcommand and its arguments.
  ///   - options: The options, with the environment already applied.
  ///   - sources: Where each preference came from.
  public init(command: Command, options: CommonOptions = CommonOptions(), sources: PreferenceSources = .init()) {
    self.command = command
    self.options = options
    self.sources = sources
  }

  /// Fills in the preferences that neither an option nor the environment gave from the config file
  /// (precedence: option, environment, config file, default).
  ///
  /// - Parameters:
  ///   - configured: What the config file gave.
  ///   - configFile: The config file's path, for ``sources``.
  /// - Returns: The invocation with those preferences applied.
  public func applying(_ configured: ConfiguredPreferences, configFile: String) -> Invocation {
    var result = self
    func take(_ preference: Preference, _ apply: (inout CommonOptions) -> Bool) {
      guard result.sources[preference] == .defaultValue, let line = configured.lines[preference],
        apply(&result.options)
      else { return }
      result.sources[preference] = .configuration(path: configFile, line: line)
    }
    take(.speech) { options in
      guard let speech = configured.speech else { return false }
      options.speech = speech
      return true
    }
    take(.profile) { options in
      guard let profile = configured.profile else { return false }
      options.profile = profile
      return true
    }
    take(.reduceMotion) { options in
      guard let reduceMotion = configured.reduceMotion else { return false }
      options.reduceMotion = reduceMotion
      return true
    }
    take(.sound) { options in
      guard let sound = configured.sound else { return false }
      options.sound = sound
      return true
    }
    return result
  }
}
