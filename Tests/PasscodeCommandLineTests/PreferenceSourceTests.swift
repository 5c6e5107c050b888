import PasscodeCommandLine
import PasscodePreferences
import Testing

/// Precedence of the four preferences: option, then environment, then config file, then default.
@Suite("Where each preference comes from")
struct PreferenceSourceTests {
  private static let configFile = "/home/a/.config/passcode/config"
  private static let configured = ConfiguredPreferences(
    speech: .on, profile: .screenReader, reduceMotion: true, sound: true, progress: .tick,
    lines: [.speech: 1, .profile: 2, .reduceMotion: 3, .sound: 4, .progress: 5])

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
    #expect(parsed.setting(\.progress) == Setting(.tick, from: .configuration(path: Self.configFile, line: 5)))
  }

  @Test("PASSCODE_PROGRESS wins over the config file's progress, and --progress over both")
  func progressPrecedence() throws {
    let fromEnvironment = try invocation(["check"], environment: ["PASSCODE_PROGRESS": "silent"])
      .applying(Self.configured, configFile: Self.configFile)
    #expect(fromEnvironment.setting(\.progress) == Setting(.silent, from: .environment(variable: "PASSCODE_PROGRESS")))
    let fromOption = try invocation(["check", "--progress=count"], environment: ["PASSCODE_PROGRESS": "silent"])
      .applying(Self.configured, configFile: Self.configFile)
    #expect(fromOption.setting(\.progress) == Setting(.count, from: .option(spelling: "--progress")))
  }

  @Test("--mask, then PASSCODE_MASK, then the config file's mask, then circle; a style it does not take is refused")
  func maskPrecedence() throws {
    let configured = ConfiguredPreferences(mask: .bullet, lines: [.mask: 6])
    let fromFile = try invocation(["demo"]).applying(configured, configFile: Self.configFile)
    #expect(fromFile.setting(\.mask) == Setting(.bullet, from: .configuration(path: Self.configFile, line: 6)))
    let fromEnvironment = try invocation(["demo"], environment: ["PASSCODE_MASK": "None"])
      .applying(configured, configFile: Self.configFile)
    #expect(fromEnvironment.setting(\.mask) == Setting(.noCells, from: .environment(variable: "PASSCODE_MASK")))
    let fromOption = try invocation(["demo", "--mask", "asterisk"], environment: ["PASSCODE_MASK": "none"])
      .applying(configured, configFile: Self.configFile)
    #expect(fromOption.setting(\.mask) == Setting(.asterisk, from: .option(spelling: "--mask")))
    #expect(try invocation(["check"]).options.mask == .circle)
    #expect(
      throws: UsageError(
        .invalidValue(
          value: "stars", option: "--mask <style>",
          expectation: "Please provide one of 'circle', 'asterisk', 'bullet' or 'none'."),
        subcommand: .demo)
    ) { try invocation(["demo", "--mask", "stars"]) }
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

  @Test("the voice's settings come from options, then PASSCODE_SPEECH_*, then the config file, each with its source")
  func voiceLayers() throws {
    let configured = ConfiguredPreferences(
      voice: VoiceSettings(rate: 10, pitch: -20, volume: 30, voice: .type(.female1)),
      lines: [.speechRate: 5, .speechPitch: 6, .speechVolume: 7, .speechVoice: 8])
    let parsed = try invocation(
      ["check", "--speech-rate", "-50", "--speech-voice", "Spanish (Spain)+Annie"],
      environment: ["PASSCODE_SPEECH_RATE": "90", "PASSCODE_SPEECH_PITCH": "+40", "PASSCODE_SPEECH_VOICE": "male2"]
    ).applying(configured, configFile: Self.configFile)
    #expect(
      parsed.options.voice == VoiceSettings(rate: -50, pitch: 40, volume: 30, voice: .named("Spanish (Spain)+Annie")))
    #expect(parsed.sources[.speechRate] == .option(spelling: "--speech-rate"))
    #expect(parsed.sources[.speechVoice] == .option(spelling: "--speech-voice"))
    #expect(parsed.sources[.speechPitch] == .environment(variable: "PASSCODE_SPEECH_PITCH"))
    #expect(parsed.sources[.speechVolume] == .configuration(path: Self.configFile, line: 7))
  }

  @Test("no voice setting anywhere leaves every level and the voice to speech-dispatcher")
  func voiceDefaults() throws {
    let parsed = try invocation(["demo"], environment: ["PASSCODE_SPEECH_VOLUME": ""])
      .applying(ConfiguredPreferences(), configFile: Self.configFile)
    #expect(parsed.options.voice == VoiceSettings())
    #expect(parsed.sources[.speechVolume] == .defaultValue)
  }

  @Test("--screen-reader gives the profile from the command line")
  func screenReaderOption() throws {
    let parsed = try invocation(["check", "--screen-reader"]).applying(
      ConfiguredPreferences(profile: .visual, lines: [.profile: 7]), configFile: Self.configFile)
    #expect(parsed.options.profile == .screenReader)
    #expect(parsed.sources[.profile] == .option(spelling: "--screen-reader"))
  }

  @Test("a setting carries the value in force and where it came from")
  func settings() throws {
    let parsed = try invocation(["demo", "--screen-reader"], environment: ["PASSCODE_SPEECH": "on"])
      .applying(Self.configured, configFile: Self.configFile)
    #expect(parsed.setting(\.speech) == Setting(.on, from: .environment(variable: "PASSCODE_SPEECH")))
    #expect(parsed.setting(\.profile) == Setting(.screenReader, from: .option(spelling: "--screen-reader")))
    let defaults = try invocation(["demo"])
    #expect(defaults.setting(\.speech) == Setting(.auto))
  }

  @Test(
    "each preference variable stands in for its option: a refused value is a usage error, unless the option is given")
  func everyVariableHasItsOption() throws {
    for variable in PreferenceVariable.allCases {
      let environment = [variable.rawValue: "\u{7}"]
      #expect(throws: UsageError.self, "\(variable.rawValue)") {
        _ = try CommandLineParser.parse(arguments: ["demo"], programName: "passcode", environment: environment)
      }
      let values: [PreferenceVariable: [String]] = [
        .reduceMotion: [], .speech: ["off"], .progress: ["tick"], .mask: ["bullet"], .speechVoice: ["male1"],
      ]
      let arguments = ["demo", "--\(variable.preference.rawValue)"] + (values[variable] ?? ["0"])
      _ = try CommandLineParser.parse(arguments: arguments, programName: "passcode", environment: environment)
    }
  }
}
