import Testing

@testable import PasscodeCommandLine

@Suite("Help text")
struct HelpTextTests {
  static let topics: [Subcommand?] = [nil] + Subcommand.allCases.map(Optional.some)

  private static func snapshotName(_ topic: Subcommand?) -> String {
    topic.map { "help-\($0.rawValue)" } ?? "help-overview"
  }

  @Test("the help of each topic matches its reviewed snapshot", arguments: topics)
  func snapshot(_ topic: Subcommand?) {
    expectSnapshot(HelpText.render(topic: topic, programName: "passcode"), named: Self.snapshotName(topic))
  }

  @Test("the help under the name pinentry-passcode matches its reviewed snapshot")
  func pinentryProgramSnapshot() {
    expectSnapshot(
      HelpText.render(topic: nil, programName: "pinentry-passcode"), named: "help-pinentry-passcode")
  }

  @Test("no help line is wider than 80 columns", arguments: topics)
  func width(_ topic: Subcommand?) {
    for programName in ["passcode", "pinentry-passcode"] {
      let text = HelpText.render(topic: topic, programName: programName)
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        #expect(line.count <= 80, "\(line.count) columns: \(line)")
        #expect(!line.hasSuffix(" "), "trailing space: \(line)")
      }
    }
  }

  @Test("each subcommand's help lists each option it takes, and the help and version options")
  func listsOptions() throws {
    for subcommand in Subcommand.allCases {
      let text = HelpText.render(topic: subcommand, programName: "passcode")
      #expect(text.contains("--help"))
      #expect(text.contains("--version"))
      for option in CommandLineParser.knownLongOptions where option != "--help" && option != "--version" {
        let taken =
          (try? CommandLineParser.parse(
            arguments: [subcommand.rawValue, option + "=1"], programName: "passcode", environment: [:])) != nil
          || (try? CommandLineParser.parse(
            arguments: [subcommand.rawValue, option, "/x"], programName: "passcode", environment: [:])) != nil
        if taken { #expect(text.contains(option), "\(subcommand) help lacks \(option)") }
      }
    }
  }

  @Test("the overview lists every subcommand, every key, every exit status and environment variable")
  func overviewContents() {
    let text = HelpText.render(topic: nil, programName: "passcode")
    for subcommand in Subcommand.allCases { #expect(text.contains("  \(subcommand.rawValue) ")) }
    for key in ["Enter", "Backspace", "Ctrl-U", "Ctrl-R", "Esc, Ctrl-C, Ctrl-D"] { #expect(text.contains(key)) }
    for status in [0, 1, 2, 3, 4, 64, 66, 69, 74, 126, 127] { #expect(text.contains("\n  \(status) ")) }
    for variable in [
      "PASSCODE_REDUCE_MOTION", "PASSCODE_SPEECH", "PASSCODE_PROGRESS", "PASSCODE_HOME", "NO_COLOR", "TERM",
      "SPEECHD_ADDRESS",
      "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME",
    ] {
      #expect(text.contains(variable))
    }
  }

  @Test("the CONFIG FILE section names every key the config file takes, the stored passcode's included")
  func configurationKeys() throws {
    let texts = [
      ("passcode help", HelpText.render(topic: nil, programName: "passcode")),
      ("passcode help config", try Self.helpAsTyped(["help", "config"])),
    ]
    for (name, text) in texts {
      for key in ["speech", "profile", "reduce-motion", "sound", "lockout", "length", "grace"] {
        #expect(text.contains("\n  \(key) = "), "\(name) lacks the key \(key)")
      }
    }
  }

  /// What `passcode ARGUMENTS` prints, as a person types it.
  private static func helpAsTyped(_ arguments: [String], programName: String = "passcode") throws -> String {
    guard
      case let .showHelp(_, text) = try CommandLineParser.parse(
        arguments: arguments, programName: programName, environment: [:])
    else {
      Issue.record("\(arguments) shows no help")
      return ""
    }
    return text
  }

  @Test("help environment and help config, as typed, match their reviewed snapshots", arguments: HelpReference.allCases)
  func referenceSnapshot(_ reference: HelpReference) throws {
    expectSnapshot(try Self.helpAsTyped(["help", reference.rawValue]), named: "help-\(reference.rawValue)")
  }

  @Test("help environment lists every variable; help config every key; each points to the other")
  func referenceContents() throws {
    let environment = try Self.helpAsTyped(["help", "environment"])
    // A name too long for the label column stands on a line of its own, its help under it.
    for variable in EnvironmentVariable.allCases {
      #expect(
        environment.contains("\n  \(variable.rawValue) ") || environment.contains("\n  \(variable.rawValue)\n"),
        "\(variable.rawValue) is not listed")
    }
    #expect(environment.contains("'passcode help config'"))
    let config = try Self.helpAsTyped(["help", "config"])
    #expect(config.hasPrefix("CONFIG FILE: $XDG_CONFIG_HOME/passcode/config."))
    #expect(config.contains("'passcode help environment'"))
  }

  @Test(
    "a subcommand's help has its own options, keys and exit statuses, and points to the environment and config topics",
    arguments: Subcommand.allCases)
  func subcommandHelpPointsToTheRest(_ subcommand: Subcommand) throws {
    let text = try Self.helpAsTyped(["help", subcommand.rawValue])
    #expect(text.contains("\nOPTIONS:\n"))
    #expect(text.contains("\nEXIT STATUS:\n"))
    #expect(text.contains("\nKEYS:\n") == subcommand.isInteractive)
    #expect(!text.contains("CONFIG FILE:"), "the config file is passcode help config's")
    // Variables that more than one subcommand reads are the environment topic's.
    for variable in EnvironmentVariable.allCases where Subcommand.allCases.filter(variable.applies).count > 1 {
      #expect(!text.contains("\n  \(variable.rawValue) "), "\(variable.rawValue) is passcode help environment's")
    }
    let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      words.contains(
        "See 'passcode help environment' for the environment variables, 'passcode help config' for the config file")
    )
    // What repeated the environment and the config file made 116 to 132 lines; a subcommand's own is far less
    // (askpass, which answers four callers and has their variables and exit statuses, is the longest, at 93).
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 95, "\(lines) lines")
  }

  @Test("under pinentry-passcode and passcode-askpass the help points to passcode help, which they share")
  func impliedSubcommandPointsToPasscode() {
    for programName in ["pinentry-passcode", "passcode-askpass"] {
      #expect(HelpText.render(topic: nil, programName: programName).contains("'passcode help environment'"))
    }
  }
}
