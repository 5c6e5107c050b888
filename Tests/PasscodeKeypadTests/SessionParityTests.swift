import AccessibilityEnvironment
import AccessiblePrompt
import Foundation
import Glibc
import PasscodeCommandLine
import PasscodeKeypad
import PasscodePreferences
import PasscodeTerminal
import Testing

@testable import passcode

/// For the same person, terminal and surroundings, another tool's prompt (`TerminalPasscodePrompt.current()`) and
/// `passcode`'s own (its `CommandContext`) open the same session: the same preferences, what the speech policy
/// looks at, its decision and the prompt's settings. Detection is pinned: an empty (or Speakup-only) fake `/sys`
/// and `/proc`, no session bus, and a speech-dispatcher that answers only when the case says so, so a screen
/// reader or a daemon running on the machine changes nothing.
@Suite("The library's session and the command's, for the same person")
struct SessionParityTests {
  /// One person's surroundings.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let environment: [String: String]
    /// The config file's text; `nil` for none.
    let configFile: String?
    /// Whether Speakup reads the console the prompt is on.
    let speakup: Bool
    /// Whether a speech-dispatcher answers.
    let daemon: Bool
    /// The preferences both paths must read, from the defaults.
    let expected: @Sendable (inout SessionPreferences) -> Void

    init(
      _ name: String, _ environment: [String: String] = [:], configFile: String? = nil, speakup: Bool = false,
      daemon: Bool = false, expected: @escaping @Sendable (inout SessionPreferences) -> Void = { _ in }
    ) {
      self.name = name
      self.environment = environment
      self.configFile = configFile
      self.speakup = speakup
      self.daemon = daemon
      self.expected = expected
    }

    var testDescription: String { name }
  }

  static func from(_ variable: String) -> SettingSource { .environment(variable: variable) }

  static let cases: [Case] = [
    Case("nothing set"),
    Case("nothing set, a daemon answering", daemon: true),
    Case("PASSCODE_SPEECH=off with a daemon answering", ["PASSCODE_SPEECH": "off"], daemon: true) {
      $0.speech = Setting(.off, from: from("PASSCODE_SPEECH"))
    },
    Case("PASSCODE_SPEECH=ON, a standing wish", ["PASSCODE_SPEECH": "ON"]) {
      $0.speech = Setting(.on, from: from("PASSCODE_SPEECH"))
    },
    Case(
      "the voice",
      [
        "PASSCODE_SPEECH_RATE": "40", "PASSCODE_SPEECH_PITCH": "-10", "PASSCODE_SPEECH_VOLUME": "+80",
        "PASSCODE_SPEECH_VOICE": " Female2 ",
      ]
    ) { $0.voice = VoiceSettings(rate: 40, pitch: -10, volume: 80, voice: .type(.female2)) },
    Case("a voice by name", ["PASSCODE_SPEECH_VOICE": "Spanish (Spain)+Annie"]) {
      $0.voice.voice = .named("Spanish (Spain)+Annie")
    },
    Case("PASSCODE_REDUCE_MOTION=yes", ["PASSCODE_REDUCE_MOTION": "yes"]) {
      $0.reduceMotion = true
      $0.reduceMotionSource = from("PASSCODE_REDUCE_MOTION")
    },
    Case("a remote session", ["SSH_CONNECTION": "10.0.0.2 5000 10.0.0.1 22"]),
    Case(
      "a remote session with motion kept",
      ["SSH_CONNECTION": "10.0.0.2 5000 10.0.0.1 22", "PASSCODE_REDUCE_MOTION": "0"]
    ) { $0.reduceMotionSource = from("PASSCODE_REDUCE_MOTION") },
    Case("PASSCODE_PROGRESS=Tick", ["PASSCODE_PROGRESS": "Tick"]) { $0.progress = .tick },
    Case("PASSCODE_MASK=Asterisk", ["PASSCODE_MASK": "Asterisk"]) { $0.mask = .asterisk },
    Case("Speakup reading", speakup: true),
    Case("Speakup reading, speech asked for", ["PASSCODE_SPEECH": "on"], speakup: true) {
      $0.speech = Setting(.on, from: from("PASSCODE_SPEECH"))
    },
    Case("a dumb terminal without colour", ["TERM": "dumb", "NO_COLOR": "1"]),
    Case("empty variables", ["PASSCODE_SPEECH": "", "PASSCODE_SPEECH_RATE": "", "PASSCODE_PROGRESS": ""]),
    Case("a config file giving only the vault's settings", configFile: "# mine\nlockout = 0,60\ngrace = 30\n"),
    Case(
      "the environment over the config file",
      ["PASSCODE_SPEECH": "off", "PASSCODE_SPEECH_RATE": "-20", "PASSCODE_REDUCE_MOTION": "no"],
      configFile: "speech = on\nspeech-rate = 50\nreduce-motion = yes\n"
    ) {
      $0.speech = Setting(.off, from: from("PASSCODE_SPEECH"))
      $0.voice.rate = -20
      $0.reduceMotionSource = from("PASSCODE_REDUCE_MOTION")
    },
  ]

  @Test("the same preferences, policy inputs, decision and prompt settings", arguments: cases)
  func sameSession(_ example: Case) throws {
    let surroundings = try Surroundings(example)
    let library = surroundings.libraryPath()
    let command = try surroundings.commandPath()

    var expected = SessionPreferences()
    example.expected(&expected)
    #expect(library.plan.preferences == expected, "the library read the person as expected")
    #expect(command.plan.preferences == library.plan.preferences)
    #expect(command.plan.inputs == library.plan.inputs)
    #expect(command.plan.decision == library.plan.decision)
    #expect(command.plan == library.plan)
    #expect(PromptFields(command.settings) == PromptFields(library.settings))
  }

  @Test("the pinned surroundings decide: speech off prints, a daemon speaks, Speakup gets its own lines")
  func surroundingsArePinned() throws {
    func decision(_ example: Case) throws -> SpeechDecision { try Surroundings(example).libraryPath().plan.decision }
    #expect(try decision(Case("quiet")).channel == .printOnly)
    #expect(try decision(Case("daemon", daemon: true)).channel == .speechDispatcher(mayStartDaemon: false))
    #expect(try decision(Case("off", ["PASSCODE_SPEECH": "off"], daemon: true)).channel == .printOnly)
    let speakup = try Surroundings(Case("speakup", speakup: true)).libraryPath()
    #expect(speakup.plan.inputs.detection.isReading)
    #expect(speakup.settings.lineDiscipline == LineDiscipline(readers: [.speakup]))
    let remote = try Surroundings(Case("remote", ["SSH_CONNECTION": "10.0.0.2 5000 10.0.0.1 22"])).libraryPath()
    #expect(remote.settings.reducesMotion)
    let keptMotion = try Surroundings(
      Case("kept", ["SSH_CONNECTION": "10.0.0.2 5000 10.0.0.1 22", "PASSCODE_REDUCE_MOTION": "off"])
    ).libraryPath()
    #expect(!keptMotion.settings.reducesMotion)
    let reduced = try Surroundings(Case("reduced", ["PASSCODE_REDUCE_MOTION": "1"])).libraryPath()
    #expect(reduced.settings.reducesMotion)
  }

  @Test("a value a variable does not take: a usage error naming it for passcode, the default for the library")
  func refusedValue() throws {
    let environment = ["PASSCODE_SPEECH_RATE": "fast", "PASSCODE_SPEECH": "off"]
    #expect {
      _ = try CommandLineParser.parse(arguments: ["check"], programName: "passcode", environment: environment)
    } throws: { error in
      // main exits 64 on every UsageError.
      guard let usage = error as? UsageError, case let .invalidEnvironment(variable, value, _) = usage.kind else {
        return false
      }
      return variable == "PASSCODE_SPEECH_RATE" && value == "fast"
    }
    let preferences = SessionPreferences.library(environment: environment)
    #expect(preferences.voice.rate == nil)
    #expect(preferences.speech == Setting(.off, from: Self.from("PASSCODE_SPEECH")), "the other variables still count")
  }

  @Test("the config file's interface preferences are passcode's alone: the library does not read the file")
  func configFileIsTheCommands() throws {
    let surroundings = try Surroundings(Case("config", configFile: "speech = off\nprogress = silent\n"))
    let command = try surroundings.commandPath()
    let library = surroundings.libraryPath()
    #expect(command.plan.preferences.speech.value == .off)
    #expect(command.plan.preferences.progress == .silent)
    #expect(library.plan.preferences == SessionPreferences())
  }
}

/// A prompt's settings that can be compared: every field but the closures, with the announcer as whether
/// there is one.
struct PromptFields: Equatable {
  let terminalPath: String?
  let requiresOwnTerminal: Bool
  let color: ColorMode
  let screenReaderForced: Bool
  let screenReaderDetected: Bool
  let reducesMotion: Bool
  let lineDiscipline: LineDiscipline
  let requestedProfile: OutputProfile?
  let environment: [String: String]
  let outputIsTerminal: Bool
  let hasAnnouncer: Bool
  let soundCues: Bool
  let progress: ProgressFeedback?
  let mask: CellMask?
  let ignoresInterruptions: Bool
  let hasNotices: Bool
  let hasRemote: Bool
  let sysfsRoot: String
  let consoleTones: Bool

  init(_ settings: PromptSettings) {
    terminalPath = settings.terminalPath
    requiresOwnTerminal = settings.requiresOwnTerminal
    color = settings.color
    screenReaderForced = settings.screenReaderForced
    screenReaderDetected = settings.screenReaderDetected
    reducesMotion = settings.reducesMotion
    lineDiscipline = settings.lineDiscipline
    requestedProfile = settings.requestedProfile
    environment = settings.environment
    outputIsTerminal = settings.outputIsTerminal
    hasAnnouncer = settings.announcer != nil
    soundCues = settings.soundCues
    progress = settings.progress
    mask = settings.mask
    ignoresInterruptions = settings.ignoresInterruptions
    hasNotices = settings.notices != nil
    hasRemote = settings.remote != nil
    sysfsRoot = settings.sysfsRoot
    consoleTones = settings.consoleTones
  }
}

/// A case made real: a private store directory holding the config file (`PASSCODE_HOME`), a fake `/sys` and
/// `/proc`, and the two paths to a session.
final class Surroundings {
  let root: String
  let environment: [String: String]
  let detector: ScreenReaderDetector
  let daemon: Bool

  init(_ example: SessionParityTests.Case) throws {
    var template = Array("/tmp/passcode-parity.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    root = String(cString: made)
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/store", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: root + "/proc", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: root + "/sys", withIntermediateDirectories: true)
    if let text = example.configFile {
      try text.write(toFile: root + "/store/config", atomically: false, encoding: .utf8)
    }
    if example.speakup {
      try manager.createDirectory(atPath: root + "/sys/accessibility/speakup", withIntermediateDirectories: true)
      try "0\n".write(toFile: root + "/sys/accessibility/speakup/key_echo", atomically: false, encoding: .utf8)
    }
    environment = example.environment.merging(["PASSCODE_HOME": root + "/store"]) { given, _ in given }
    detector = ScreenReaderDetector(
      sysRoot: root + "/sys", procRoot: root + "/proc", userID: getuid(), sessionBusAddress: nil)
    daemon = example.daemon
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// What `TerminalPasscodePrompt.current()` decides and the settings it opens its prompt with.
  func libraryPath() -> (plan: SessionPlan, settings: PromptSettings) {
    let daemon = daemon
    let plan = SessionPlan.library(environment: environment, detector: detector, daemonAnswers: { daemon })
    return (plan, plan.promptSettings())
  }

  /// What `passcode check` decides and the settings it opens its prompt with: the command line parsed with the
  /// environment, the config file read by the vault, the command's own plan and settings.
  func commandPath() throws -> (plan: SessionPlan, settings: PromptSettings) {
    let outcome = try CommandLineParser.parse(arguments: ["check"], programName: "passcode", environment: environment)
    guard case let .run(invocation) = outcome else { throw CocoaError(.featureUnsupported) }
    let context = CommandContext(parsed: invocation, environment: environment)
    try #require(context.settingsRefusal == nil, "the config file is trusted")
    let daemon = daemon
    let plan = context.sessionPlan(detector: detector, daemonAnswers: { daemon })
    return (plan, context.promptSettings(plan))
  }
}
