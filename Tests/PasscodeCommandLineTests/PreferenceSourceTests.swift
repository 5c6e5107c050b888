import PasscodeCommandLine
import Testing

/// Precedence of the four preferences: option, then environment, then config file, then default.
@Suite("Where each preference comes from")
struct PreferenceSourceTests {
  private static let configFile = "/home/a/.config/passcode/config"
  private static let configured = ConfiguredPreferences(
    speech: .on, profile: .screenReader, reduceMotion: true, sound: true,
    lines: [.speech: 1, .profile: 2, .reduceMotion: 3, .sound: 4])

  private func invocation(_ arguments: [String], environment: [String: String] = [:]) throws -> Invocation {
    guard
      case let .run(invocation) = try CommandLineParser.parse(
        arguments: arguments, programName: "passcode", environment: environment)
    else { throw UsageError(.missingSubcommand) }
    return invocation
  }

  @Test("with nothing given anywhere, every preference is the default")
  func defaults() throws {
    let parsed = try invocation(["demo"]).applying(ConfiguredPreferences(), configFile: Self.configFile)
    for preference in Preference.allCases { #expect(parsed.sources[preference] == .defaultValue) }
    #expect(parsed.options == CommonOptions())
  }

  @Test("the config file fills in what neither options nor environment gave, and says which line")
  func configFills() throws {
    let parsed = try invocation(["demo"]).applying(Self.configured, configFile: Self.configFile)
    #expect(parsed.options.speech == .on)
    #expect(parsed.options.profile == .screenReader)
    #expect(parsed.options.reduceMotion)
    #expect(parsed.options.sound)
    #expect(parsed.sources[.speech] == .configuration(path: Self.configFile, line: 1))
    #expect(parsed.sources[.sound] == .configuration(path: Self.configFile, line: 4))
  }

  @Test("the environment wins over the config file")
  func environmentWins() throws {
    let parsed = try invocation(["demo"], environment: ["PASSCODE_SPEECH": "off", "PASSCODE_REDUCE_MOTION": "no"])
      .applying(Self.configured, configFile: Self.configFile)
    #expect(parsed.options.speech == .off)
    #expect(parsed.sources[.speech] == .environment(variable: "PASSCODE_SPEECH"))
    #expect(!parsed.options.reduceMotion)
    #expect(parsed.sources[.reduceMotion] == .environment(variable: "PASSCODE_REDUCE_MOTION"))
    #expect(parsed.options.profile == .screenReader, "the environment gave no profile")
  }

  @Test("an option wins over the environment and the config file")
  func optionWins() throws {
    let parsed = try invocation(["demo", "--speech", "auto", "--no-sound"], environment: ["PASSCODE_SPEECH": "off"])
      .applying(Self.configured, configFile: Self.configFile)
    #expect(parsed.options.speech == .auto)
    #expect(parsed.sources[.speech] == .option(spelling: "--speech"))
    #expect(!parsed.options.sound)
    #expect(parsed.sources[.sound] == .option(spelling: "--no-sound"))
  }

  @Test("--screen-reader gives the profile from the command line")
  func screenReaderOption() throws {
    let parsed = try invocation(["check", "--screen-reader"]).applying(
      ConfiguredPreferences(profile: .visual, lines: [.profile: 7]), configFile: Self.configFile)
    #expect(parsed.options.profile == .screenReader)
    #expect(parsed.sources[.profile] == .option(spelling: "--screen-reader"))
  }

  @Test("each source is phrased for doctor and the speech decision")
  func phrases() {
    #expect(SettingSource.option(spelling: "--speech").phrase(for: .speech, value: "on") == "--speech on")
    #expect(
      SettingSource.option(spelling: "--screen-reader").phrase(for: .profile, value: "screen-reader")
        == "--screen-reader")
    #expect(
      SettingSource.environment(variable: "PASSCODE_SPEECH").phrase(for: .speech, value: "on") == "PASSCODE_SPEECH=on")
    #expect(
      SettingSource.configuration(path: "/c", line: 3).phrase(for: .reduceMotion, value: "yes")
        == "reduce-motion = yes on line 3 of /c")
  }

  @Test(
    "config values: each key takes exactly its accepted values, in any case",
    arguments: [
      ("speech", "auto", true), ("speech", "ON", true), ("speech", "yes", false),
      ("profile", "screen-reader", true), ("profile", "Visual", true), ("profile", "plain", true),
      ("profile", "braille", false), ("reduce-motion", "yes", true), ("reduce-motion", "1", false),
      ("sound", "no", true), ("sound", "off", false),
    ])
  func configValues(key: String, value: String, accepted: Bool) throws {
    var preferences = ConfiguredPreferences()
    do {
      #expect(try preferences.read(key: key, value: value, line: 5))
      #expect(accepted)
      #expect(preferences.lines[Preference(rawValue: key) ?? .speech] == 5)
    } catch {
      #expect(!accepted)
      #expect(error.reason.hasPrefix("\(key) must be "))
      #expect(!error.reason.contains(value), "the message never repeats the value")
    }
  }

  @Test("the refusal names every accepted value")
  func refusalNamesValues() {
    var preferences = ConfiguredPreferences()
    #expect(throws: ConfigurationValueError(reason: "profile must be auto, visual, screen-reader or plain")) {
      try preferences.read(key: "profile", value: "x", line: 1)
    }
    #expect(throws: ConfigurationValueError(reason: "sound must be yes or no")) {
      try preferences.read(key: "sound", value: "x", line: 1)
    }
  }

  @Test("a key that is no preference is left to the caller")
  func otherKeys() throws {
    var preferences = ConfiguredPreferences()
    #expect(try !preferences.read(key: "lockout", value: "1,2", line: 1))
    #expect(preferences == ConfiguredPreferences())
  }
}
