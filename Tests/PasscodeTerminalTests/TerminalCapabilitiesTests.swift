import PasscodeEngine
import PasscodePreferences
import PasscodeTerminal
import Testing

struct CapabilitiesCase: Sendable, CustomTestStringConvertible {
  let name: String
  var environment: [String: String] = ["TERM": "xterm-256color"]
  var outputIsTerminal = true
  var color = ColorMode.auto
  var screenReaderForced = false
  var screenReaderDetected = false
  let kind: TerminalKind
  let usesColor: Bool
  let allowsEscapes: Bool
  let profile: OutputProfile
  var testDescription: String { name }
}

@Suite("Terminal capabilities")
struct TerminalCapabilitiesTests {
  static let cases: [CapabilitiesCase] = [
    .init(name: "colour terminal", kind: .tty, usesColor: true, allowsEscapes: true, profile: .visual),
    .init(
      name: "TERM=dumb", environment: ["TERM": "dumb"], kind: .dumb, usesColor: false, allowsEscapes: false,
      profile: .plain),
    .init(name: "TERM unset", environment: [:], kind: .dumb, usesColor: false, allowsEscapes: false, profile: .plain),
    .init(
      name: "TERM empty", environment: ["TERM": ""], kind: .dumb, usesColor: false, allowsEscapes: false,
      profile: .plain),
    .init(
      name: "not a terminal", outputIsTerminal: false, kind: .file, usesColor: false, allowsEscapes: false,
      profile: .plain),
    .init(
      name: "not a terminal, colour always", outputIsTerminal: false, color: .always, kind: .file, usesColor: false,
      allowsEscapes: false, profile: .plain),
    .init(
      name: "NO_COLOR set", environment: ["TERM": "xterm", "NO_COLOR": "1"], kind: .tty, usesColor: false,
      allowsEscapes: true, profile: .visual),
    .init(
      name: "NO_COLOR empty is ignored", environment: ["TERM": "xterm", "NO_COLOR": ""], kind: .tty, usesColor: true,
      allowsEscapes: true, profile: .visual),
    .init(
      name: "colour always beats NO_COLOR", environment: ["TERM": "xterm", "NO_COLOR": "1"], color: .always, kind: .tty,
      usesColor: true, allowsEscapes: true, profile: .visual),
    .init(name: "colour never", color: .never, kind: .tty, usesColor: false, allowsEscapes: true, profile: .visual),
    .init(
      name: "screen reader forced", screenReaderForced: true, kind: .tty, usesColor: true, allowsEscapes: true,
      profile: .screenReader),
    .init(
      name: "screen reader detected", screenReaderDetected: true, kind: .tty, usesColor: true, allowsEscapes: true,
      profile: .screenReader),
    .init(
      name: "screen reader on a dumb terminal", environment: ["TERM": "dumb"], screenReaderDetected: true, kind: .dumb,
      usesColor: false, allowsEscapes: false, profile: .screenReader),
  ]

  @Test("kind, colour, escapes and profile follow the table", arguments: cases)
  func decides(_ testCase: CapabilitiesCase) {
    let capabilities = TerminalCapabilities(
      environment: testCase.environment, outputIsTerminal: testCase.outputIsTerminal, color: testCase.color,
      screenReaderForced: testCase.screenReaderForced, screenReaderDetected: testCase.screenReaderDetected)
    #expect(capabilities.terminalKind == testCase.kind)
    #expect(capabilities.usesColor == testCase.usesColor)
    #expect(capabilities.allowsEscapes == testCase.allowsEscapes)
    #expect(capabilities.profile == testCase.profile)
  }

  @Test(
    "width comes from COLUMNS, then the window, then 80",
    arguments: [
      (["COLUMNS": "120"], 100, 120), (["COLUMNS": "abc"], 100, 100), (["COLUMNS": "0"], nil, 80),
      (["COLUMNS": "-5"], 90, 90), ([:], nil, 80), ([:], 0, 80), ([:], 132, 132),
    ] as [([String: String], Int?, Int)])
  func width(environment: [String: String], windowColumns: Int?, expected: Int) {
    #expect(TerminalCapabilities.width(environment: environment, windowColumns: windowColumns) == expected)
    let capabilities = TerminalCapabilities(
      environment: environment, outputIsTerminal: true, color: .auto, screenReaderForced: false,
      screenReaderDetected: false, windowColumns: windowColumns)
    #expect(capabilities.width == expected)
  }

  @Test(
    "a chosen profile wins over detection; visual falls back to plain where escapes are not allowed",
    arguments: [
      (OutputProfile.visual, "xterm-256color", true, false, OutputProfile.visual),
      (.visual, "dumb", true, false, .plain), (.plain, "xterm-256color", false, false, .plain),
      (.screenReader, "dumb", false, false, .screenReader), (.visual, "xterm-256color", false, true, .screenReader),
    ] as [(OutputProfile, String, Bool, Bool, OutputProfile)])
  func requestedProfile(
    requested: OutputProfile, term: String, detected: Bool, forced: Bool, expected: OutputProfile
  ) {
    let capabilities = TerminalCapabilities(
      environment: ["TERM": term], outputIsTerminal: true, color: .auto, screenReaderForced: forced,
      screenReaderDetected: detected, requestedProfile: requested)
    #expect(capabilities.profile == expected)
  }
}
