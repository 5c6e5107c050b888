import PasscodeCommandLine
import Testing

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
  func configurationKeys() {
    for topic in [nil, Subcommand.check, .set, .pinentry, .doctor] {
      let text = HelpText.render(topic: topic, programName: "passcode")
      for key in ["speech", "profile", "reduce-motion", "sound", "lockout", "length", "grace"] {
        #expect(text.contains("\n  \(key) = "), "the help of \(topic?.rawValue ?? "passcode") lacks the key \(key)")
      }
    }
  }
}
